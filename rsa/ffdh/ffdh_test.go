package ffdh_test

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"math/big"
	mrand "math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/rsa/ffdh"
)

// testGroup describes one of the package's groups as the tests expect it.
type testGroup struct {
	name    string
	bits    int // size of p
	expBits int // size of generated exponents (RFC 7919, Section 5.2)
	group   func() *ffdh.Group
}

var testGroups = []testGroup{
	{"ffdhe2048", 2048, 225, ffdh.FFDHE2048},
	{"ffdhe3072", 3072, 275, ffdh.FFDHE3072},
	{"ffdhe4096", 4096, 325, ffdh.FFDHE4096},
	{"ffdhe6144", 6144, 375, ffdh.FFDHE6144},
	{"ffdhe8192", 8192, 400, ffdh.FFDHE8192},
}

// newPRNG returns a deterministic reader, so that a failure reproduces.
func newPRNG(label string) io.Reader {
	var seed [32]byte
	copy(seed[:], "crypton ffdh test: "+label)
	return mrand.NewChaCha8(seed)
}

// params returns p and q = (p-1)/2 of g as big.Ints.
func params(g *ffdh.Group) (p, q *big.Int) {
	p = new(big.Int).SetBytes(g.P())
	q = new(big.Int).Rsh(p, 1)
	return p, q
}

// pad returns v as a big-endian byte string of exactly n bytes.
func pad(v *big.Int, n int) []byte { return v.FillBytes(make([]byte, n)) }

func TestGroups(t *testing.T) {
	for _, tg := range testGroups {
		g := tg.group()
		if g != tg.group() {
			t.Errorf("%s: two calls returned different groups", tg.name)
		}
		if got := g.Name(); got != tg.name {
			t.Errorf("%s: Name() = %q", tg.name, got)
		}
		pb := g.P()
		if len(pb) != tg.bits/8 {
			t.Fatalf("%s: P() is %d bytes, want %d", tg.name, len(pb), tg.bits/8)
		}
		// RFC 7919 primes have their top and bottom 64 bits set.
		ones := bytes.Repeat([]byte{0xff}, 8)
		if !bytes.Equal(pb[:8], ones) || !bytes.Equal(pb[len(pb)-8:], ones) {
			t.Errorf("%s: P() does not start and end with 64 one bits", tg.name)
		}
		pb[0] = 0
		if g.P()[0] != 0xff {
			t.Errorf("%s: modifying the result of P() changed the group", tg.name)
		}
	}
}

// TestAgreement runs a key exchange in every group, through the byte
// encodings the two parties would send each other, and checks the keys and
// the secret against math/big.
func TestAgreement(t *testing.T) {
	for _, tg := range testGroups {
		t.Run(tg.name, func(t *testing.T) {
			t.Parallel()
			g := tg.group()
			p, _ := params(g)
			alice, err := g.GenerateKey(rand.Reader)
			if err != nil {
				t.Fatal(err)
			}
			bob, err := g.GenerateKey(nil) // crypto/rand
			if err != nil {
				t.Fatal(err)
			}
			alicePub, bobPub := alice.PublicKey().Bytes(), bob.PublicKey().Bytes()
			if len(alicePub) != tg.bits/8 || len(bobPub) != tg.bits/8 {
				t.Fatalf("public keys are %d and %d bytes, want %d", len(alicePub), len(bobPub), tg.bits/8)
			}
			fromBob, err := g.NewPublicKey(bobPub)
			if err != nil {
				t.Fatalf("Alice rejects Bob's public key: %v", err)
			}
			fromAlice, err := g.NewPublicKey(alicePub)
			if err != nil {
				t.Fatalf("Bob rejects Alice's public key: %v", err)
			}
			s1, err := alice.SharedSecret(fromBob)
			if err != nil {
				t.Fatal(err)
			}
			s2, err := bob.SharedSecret(fromAlice)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(s1, s2) {
				t.Fatalf("the parties disagree:\nAlice %x\nBob   %x", s1, s2)
			}
			if len(s1) != tg.bits/8 {
				t.Errorf("shared secret is %d bytes, want %d", len(s1), tg.bits/8)
			}
			// Each party can also use the other's key object directly.
			if s3, err := alice.SharedSecret(bob.PublicKey()); err != nil || !bytes.Equal(s3, s1) {
				t.Errorf("SharedSecret(bob.PublicKey()) = %x, %v; want %x", s3, err, s1)
			}

			// math/big oracle: y = 2^x, secret = y_peer^x.
			two := big.NewInt(2)
			xa := new(big.Int).SetBytes(alice.Bytes())
			xb := new(big.Int).SetBytes(bob.Bytes())
			if want := pad(new(big.Int).Exp(two, xa, p), tg.bits/8); !bytes.Equal(alicePub, want) {
				t.Errorf("Alice's public key is not 2^x mod p")
			}
			if want := pad(new(big.Int).Exp(two, xb, p), tg.bits/8); !bytes.Equal(bobPub, want) {
				t.Errorf("Bob's public key is not 2^x mod p")
			}
			yb := new(big.Int).SetBytes(bobPub)
			if want := pad(new(big.Int).Exp(yb, xa, p), tg.bits/8); !bytes.Equal(s1, want) {
				t.Errorf("shared secret is not y^x mod p:\ngot  %x\nwant %x", s1, want)
			}
		})
	}
}

// TestSharedSecretMatchesBig checks SharedSecret against math/big for
// random keys of the smaller groups, with exponents both generated and
// imported at several lengths.
func TestSharedSecretMatchesBig(t *testing.T) {
	for _, tg := range testGroups[:3] {
		t.Run(tg.name, func(t *testing.T) {
			t.Parallel()
			g := tg.group()
			p, q := params(g)
			r := newPRNG("oracle " + tg.name)
			size := tg.bits / 8
			for i := range 12 {
				var k *ffdh.PrivateKey
				var err error
				switch i % 3 {
				case 0:
					k, err = g.GenerateKey(r)
				case 1:
					// A short imported exponent, leading zero bytes kept.
					x := make([]byte, 1+i)
					r.Read(x[1:])
					x[i] |= 1 // not zero
					k, err = g.NewPrivateKey(x)
				case 2:
					// A full-size exponent below q.
					x, _ := rand.Int(r, q)
					k, err = g.NewPrivateKey(pad(x, size))
				}
				if err != nil {
					t.Fatal(err)
				}
				peer, err := g.GenerateKey(r)
				if err != nil {
					t.Fatal(err)
				}
				got, err := k.SharedSecret(peer.PublicKey())
				if err != nil {
					t.Fatal(err)
				}
				x := new(big.Int).SetBytes(k.Bytes())
				y := new(big.Int).SetBytes(peer.PublicKey().Bytes())
				if want := pad(new(big.Int).Exp(y, x, p), size); !bytes.Equal(got, want) {
					t.Fatalf("key %d (%d-byte exponent): SharedSecret differs from math/big\ngot  %x\nwant %x", i, len(k.Bytes()), got, want)
				}
			}
		})
	}
}

func TestGenerateKeyRange(t *testing.T) {
	for _, tg := range testGroups[:2] {
		g := tg.group()
		r := newPRNG("range " + tg.name)
		n := (tg.expBits + 7) / 8
		limit := new(big.Int).Lsh(big.NewInt(1), uint(tg.expBits))
		topSet := 0
		for range 64 {
			k, err := g.GenerateKey(r)
			if err != nil {
				t.Fatal(err)
			}
			xb := k.Bytes()
			if len(xb) != n {
				t.Fatalf("%s: private key is %d bytes, want %d", tg.name, len(xb), n)
			}
			x := new(big.Int).SetBytes(xb)
			if x.Cmp(big.NewInt(2)) < 0 || x.Cmp(limit) >= 0 {
				t.Fatalf("%s: exponent %x not in [2, 2^%d)", tg.name, xb, tg.expBits)
			}
			if x.Bit(tg.expBits-1) == 1 {
				topSet++
			}
		}
		// The top bit is set half of the time; 64 draws without it (or
		// always with it) would mean the mask is wrong.
		if topSet == 0 || topSet == 64 {
			t.Errorf("%s: bit %d of the exponent set in %d of 64 keys", tg.name, tg.expBits-1, topSet)
		}
	}
}

// zeroThen is a reader that returns n zero bytes before reading from r.
type zeroThen struct {
	n int
	r io.Reader
}

func (z *zeroThen) Read(b []byte) (int, error) {
	if z.n == 0 {
		return z.r.Read(b)
	}
	m := min(len(b), z.n)
	clear(b[:m])
	z.n -= m
	return m, nil
}

type errReader struct{}

var errBroken = errors.New("broken reader")

func (errReader) Read([]byte) (int, error) { return 0, errBroken }

func TestGenerateKeyReader(t *testing.T) {
	g := ffdh.FFDHE2048()
	n := (225 + 7) / 8

	// The same reader gives the same key.
	k1, err := g.GenerateKey(newPRNG("reader"))
	if err != nil {
		t.Fatal(err)
	}
	k2, err := g.GenerateKey(newPRNG("reader"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(k1.Bytes(), k2.Bytes()) {
		t.Errorf("GenerateKey is not deterministic in its reader")
	}

	// A draw of zero is discarded and the next one used: this draws
	// twice as many bytes.
	k3, err := g.GenerateKey(&zeroThen{n: n, r: newPRNG("reader")})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(k3.Bytes(), k1.Bytes()) {
		t.Errorf("after a zero draw, got %x, want %x", k3.Bytes(), k1.Bytes())
	}
	// A draw of one too (0x01 in the last byte).
	one := append(make([]byte, n-1), 1)
	k4, err := g.GenerateKey(io.MultiReader(bytes.NewReader(one), newPRNG("reader")))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(k4.Bytes(), k1.Bytes()) {
		t.Errorf("after a draw of 1, got %x, want %x", k4.Bytes(), k1.Bytes())
	}
	// The value 2 is the smallest accepted.
	two := append(make([]byte, n-1), 2)
	k5, err := g.GenerateKey(bytes.NewReader(two))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(k5.Bytes(), two) || !bytes.Equal(k5.PublicKey().Bytes(), pad(big.NewInt(4), 256)) {
		t.Errorf("from a draw of 2, got x = %x", k5.Bytes())
	}
	// Bits above 225 are dropped: 29 bytes hold 232 bits.
	high := append([]byte{0xfe}, two[1:]...)
	k6, err := g.GenerateKey(bytes.NewReader(high))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(k6.Bytes(), two) {
		t.Errorf("the bits above 2^225 were not dropped: got x = %x", k6.Bytes())
	}

	if _, err := g.GenerateKey(&zeroThen{n: 1 << 20}); err == nil {
		t.Errorf("a reader of zeros gave a key")
	}
	if _, err := g.GenerateKey(errReader{}); !errors.Is(err, errBroken) || !strings.HasPrefix(err.Error(), "ffdh: ") {
		t.Errorf("a failing reader gave error %v", err)
	}
	if _, err := g.GenerateKey(bytes.NewReader(make([]byte, 3))); err == nil {
		t.Errorf("a short reader gave a key")
	}
}

// nonResidue returns the smallest y >= 3 with y^q = p-1 (mod p), a value in
// range that is not in the subgroup of order q. The candidates are screened
// with the Jacobi symbol, and the answer checked with the exponentiation
// (not with -short: for the prime p, the Jacobi symbol -1 is y^q = -1 by
// Euler's criterion, and the emulated AVX-512 CPU, which runs the tests
// with -short, spends most of their time in math/big's exponentiations).
func nonResidue(t *testing.T, p, q *big.Int) *big.Int {
	y := big.NewInt(3)
	for big.Jacobi(y, p) != -1 {
		y.Add(y, big.NewInt(1))
	}
	if !testing.Short() && new(big.Int).Exp(y, q, p).Cmp(new(big.Int).Sub(p, big.NewInt(1))) != 0 {
		t.Fatalf("%v^q is not -1", y)
	}
	return y
}

func TestNewPublicKeyRejects(t *testing.T) {
	for _, tg := range testGroups {
		t.Run(tg.name, func(t *testing.T) {
			t.Parallel()
			g := tg.group()
			p, q := params(g)
			size := tg.bits / 8
			add := func(d int64) *big.Int { return new(big.Int).Add(p, big.NewInt(d)) }

			// p-2 = -2 is a non-residue: -1 is one (p ≡ 3 mod 4) and 2 is
			// not (p ≡ 7 mod 8). Check it, rather than trust it (with
			// -short, with the Jacobi symbol: see nonResidue).
			pm1 := add(-1)
			if testing.Short() && big.Jacobi(add(-2), p) != -1 {
				t.Fatalf("(p-2 | p) is not -1")
			}
			if !testing.Short() && new(big.Int).Exp(add(-2), q, p).Cmp(pm1) != 0 {
				t.Fatalf("(p-2)^q is not -1")
			}
			nr := nonResidue(t, p, q)

			cases := []struct {
				name string
				y    []byte
			}{
				{"empty", nil},
				{"0", pad(big.NewInt(0), size)},
				{"0 short", []byte{0}},
				{"1", pad(big.NewInt(1), size)},
				{"1 short", []byte{1}},
				{"p-1", pad(pm1, size)},
				{"p", pad(p, size)},
				{"p+1", pad(add(1), size+1)},
				{"2^bits-1", bytes.Repeat([]byte{0xff}, size)},
				{"longer than p", append([]byte{0}, pad(big.NewInt(4), size)...)},
				{"p-2 (non-residue)", pad(add(-2), size)},
				{fmt.Sprintf("%v (smallest non-residue)", nr), nr.Bytes()},
				{"non-residue padded", pad(nr, size)},
			}
			for _, c := range cases {
				k, err := g.NewPublicKey(c.y)
				if err == nil {
					t.Errorf("%s: accepted as %x", c.name, k.Bytes())
					continue
				}
				if !strings.HasPrefix(err.Error(), "ffdh: ") {
					t.Errorf("%s: error %q does not name the package", c.name, err)
				}
			}
		})
	}
}

func TestNewPublicKeyAccepts(t *testing.T) {
	for _, tg := range testGroups {
		g := tg.group()
		p, _ := params(g)
		size := tg.bits / 8
		half := new(big.Int).Rsh(new(big.Int).Add(p, big.NewInt(1)), 1) // 2^-1
		for _, y := range []*big.Int{big.NewInt(2), big.NewInt(4), big.NewInt(1 << 40), half} {
			want := pad(y, size)
			encodings := [][]byte{y.Bytes(), want}
			if len(y.Bytes())+2 <= size {
				encodings = append(encodings, append([]byte{0, 0}, y.Bytes()...))
			}
			for _, enc := range encodings {
				k, err := g.NewPublicKey(enc)
				if err != nil {
					t.Errorf("%s: %x rejected: %v", tg.name, enc, err)
					continue
				}
				if !bytes.Equal(k.Bytes(), want) {
					t.Errorf("%s: NewPublicKey(%x).Bytes() = %x", tg.name, enc, k.Bytes())
				}
				if k.Group() != g {
					t.Errorf("%s: Group() is not the group", tg.name)
				}
			}
		}
		k, _ := g.NewPublicKey([]byte{2})
		b := k.Bytes()
		b[size-1] = 3
		if k.Bytes()[size-1] != 2 {
			t.Errorf("%s: modifying the result of PublicKey.Bytes changed the key", tg.name)
		}
	}
}

func TestNewPrivateKey(t *testing.T) {
	for _, tg := range testGroups {
		t.Run(tg.name, func(t *testing.T) {
			t.Parallel()
			g := tg.group()
			p, q := params(g)
			size := tg.bits / 8
			one := big.NewInt(1)

			for _, c := range []struct {
				name string
				x    []byte
			}{
				{"empty", nil},
				{"0", []byte{0}},
				{"0 full", make([]byte, size)},
				{"q", pad(q, size)},
				{"q+1", pad(new(big.Int).Add(q, one), size)},
				{"p-1", pad(new(big.Int).Sub(p, one), size)},
				{"p", pad(p, size)},
				{"2^bits-1", bytes.Repeat([]byte{0xff}, size)},
				{"longer than p", append(make([]byte, size), 1)},
			} {
				if _, err := g.NewPrivateKey(c.x); err == nil {
					t.Errorf("%s accepted", c.name)
				} else if !strings.HasPrefix(err.Error(), "ffdh: ") {
					t.Errorf("%s: error %q does not name the package", c.name, err)
				}
			}

			half := new(big.Int).Rsh(new(big.Int).Add(p, one), 1)
			for _, c := range []struct {
				name string
				x    []byte
				pub  *big.Int
			}{
				{"1", []byte{1}, big.NewInt(2)},
				{"1 padded", []byte{0, 0, 1}, big.NewInt(2)},
				{"10", []byte{10}, big.NewInt(1024)},
				{"q-1", pad(new(big.Int).Sub(q, one), size), half}, // 2^(q-1) = 2^-1
			} {
				if len(c.x) == size && tg.bits > 4096 {
					continue // a full-size exponent takes long in the large groups
				}
				k, err := g.NewPrivateKey(c.x)
				if err != nil {
					t.Errorf("%s rejected: %v", c.name, err)
					continue
				}
				if !bytes.Equal(k.Bytes(), c.x) {
					t.Errorf("%s: Bytes() = %x, want the input %x", c.name, k.Bytes(), c.x)
				}
				if got := k.PublicKey().Bytes(); !bytes.Equal(got, pad(c.pub, size)) {
					t.Errorf("%s: public key %x, want %x", c.name, got, c.pub)
				}
				if k.Group() != g || k.PublicKey().Group() != g {
					t.Errorf("%s: Group() is not the group", c.name)
				}
				if k.PublicKey() != k.PublicKey() {
					t.Errorf("%s: PublicKey() returns a new key each time", c.name)
				}
			}

			// The key keeps its own copy of x.
			x := []byte{0, 7}
			k, err := g.NewPrivateKey(x)
			if err != nil {
				t.Fatal(err)
			}
			x[1] = 8
			b := k.Bytes()
			b[1] = 9
			if !bytes.Equal(k.Bytes(), []byte{0, 7}) {
				t.Errorf("the key shares memory with its input or its Bytes: %x", k.Bytes())
			}
		})
	}
}

func TestSharedSecretErrors(t *testing.T) {
	g1, g2 := ffdh.FFDHE2048(), ffdh.FFDHE3072()
	k1, err := g1.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	k2, err := g2.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := k1.SharedSecret(k2.PublicKey()); err == nil {
		t.Errorf("a key of ffdhe3072 was accepted by a key of ffdhe2048")
	}
	if _, err := k1.SharedSecret(nil); err == nil {
		t.Errorf("a nil public key was accepted")
	}
	if _, err := k1.SharedSecret(new(ffdh.PublicKey)); err == nil {
		t.Errorf("a zero public key was accepted")
	}
	if _, err := new(ffdh.PrivateKey).SharedSecret(new(ffdh.PublicKey)); err == nil {
		t.Errorf("a zero private key gave a secret")
	}

	var zero ffdh.Group
	if _, err := zero.GenerateKey(rand.Reader); err == nil {
		t.Errorf("a zero Group generated a key")
	}
	if _, err := zero.NewPrivateKey([]byte{1}); err == nil {
		t.Errorf("a zero Group made a private key")
	}
	if _, err := zero.NewPublicKey([]byte{2}); err == nil {
		t.Errorf("a zero Group made a public key")
	}
}

// FuzzNewPublicKey checks NewPublicKey against math/big on arbitrary
// input: it never panics, and it accepts exactly the encodings of at most
// p's size whose value y is in [2, p-2] with y^q = 1 mod p, returning that
// value padded to p's size.
func FuzzNewPublicKey(f *testing.F) {
	g := ffdh.FFDHE2048()
	p, q := params(g)
	size := len(g.P())
	one := big.NewInt(1)
	pm1 := new(big.Int).Sub(p, one)

	k, err := g.GenerateKey(newPRNG("fuzz"))
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range [][]byte{
		nil, {0}, {1}, {2}, {3}, {4},
		k.PublicKey().Bytes(),
		append([]byte{0}, k.PublicKey().Bytes()...),
		append([]byte{1}, k.PublicKey().Bytes()...),
		pad(pm1, size),
		pad(p, size),
		pad(new(big.Int).Sub(p, big.NewInt(2)), size),
		pad(new(big.Int).Rsh(new(big.Int).Add(p, one), 1), size),
		bytes.Repeat([]byte{0xff}, size),
		bytes.Repeat([]byte{0xff}, size+1),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, y []byte) {
		v := new(big.Int).SetBytes(y)
		valid := len(y) <= size &&
			v.Cmp(one) > 0 && v.Cmp(pm1) < 0 &&
			new(big.Int).Exp(v, q, p).Cmp(one) == 0
		k, err := g.NewPublicKey(y)
		if err != nil {
			if valid {
				t.Fatalf("valid key %x rejected: %v", y, err)
			}
			if k != nil {
				t.Fatalf("a key returned with an error")
			}
			return
		}
		if !valid {
			t.Fatalf("invalid key %x accepted", y)
		}
		if got := k.Bytes(); !bytes.Equal(got, pad(v, size)) {
			t.Fatalf("NewPublicKey(%x).Bytes() = %x", y, got)
		}
	})
}

// TestConcurrentUse uses one group (built lazily by the first caller) and
// one pair of keys from several goroutines; run it with -race.
func TestConcurrentUse(t *testing.T) {
	const workers = 4
	results := make(chan []byte, workers)
	errs := make(chan error, workers)
	keys := make(chan [2]*ffdh.PrivateKey, 1)
	go func() {
		g := ffdh.FFDHE2048()
		a, err := g.GenerateKey(rand.Reader)
		if err != nil {
			errs <- err
			return
		}
		b, err := g.GenerateKey(rand.Reader)
		if err != nil {
			errs <- err
			return
		}
		keys <- [2]*ffdh.PrivateKey{a, b}
	}()
	var k [2]*ffdh.PrivateKey
	select {
	case k = <-keys:
	case err := <-errs:
		t.Fatal(err)
	}
	for i := range workers {
		go func() {
			// Every worker also asks for a group, some for the first time.
			_ = testGroups[i%3].group().Name()
			s, err := k[i%2].SharedSecret(k[1-i%2].PublicKey())
			if err != nil {
				errs <- err
				return
			}
			results <- s
		}()
	}
	var first []byte
	for range workers {
		select {
		case s := <-results:
			if first == nil {
				first = s
			} else if !bytes.Equal(s, first) {
				t.Errorf("concurrent SharedSecret calls disagree")
			}
		case err := <-errs:
			t.Fatal(err)
		}
	}
}
