package rsa

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"encoding/hex"
	"io"
	"math/big"
	mrand "math/rand/v2"
	"strings"
	"testing"
)

// Tests of key import and generation on mont's arithmetic, with math/big as
// the oracle.

func TestByteHelpers(t *testing.T) {
	r := mrand.New(mrand.NewPCG(1, 2))
	values := [][]byte{nil, {0}, {1}, {0, 0, 1}, {0xff}, {1, 0}, {0xff, 0xff, 0xff}, {0, 0xff, 0xff, 0xff}, {1, 0, 0, 0}}
	for range 40 {
		b := make([]byte, r.IntN(20))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		values = append(values, b)
		// Values that differ from b in one byte, and b with leading zeros.
		if len(b) > 0 {
			c := bytes.Clone(b)
			c[r.IntN(len(c))] ^= byte(1 << r.IntN(8))
			values = append(values, c, append([]byte{0, 0}, b...))
		}
	}
	num := func(b []byte) *big.Int { return new(big.Int).SetBytes(b) }
	for _, a := range values {
		for _, b := range values {
			if got, want := compareBE(a, b), num(a).Cmp(num(b)); got != want {
				t.Fatalf("compareBE(%x, %x) = %d, want %d", a, b, got, want)
			}
			got := absDiffBE(a, b)
			want := new(big.Int).Sub(num(a), num(b))
			if len(got) != max(len(a), len(b)) || num(got).Cmp(want.Abs(want)) != 0 {
				t.Fatalf("absDiffBE(%x, %x) = %x, want %x", a, b, got, want)
			}
		}
	}
	for k := range 70 {
		if got, want := num(pow2BE(k)), new(big.Int).Lsh(big.NewInt(1), uint(k)); got.Cmp(want) != 0 {
			t.Fatalf("pow2BE(%d) = %x", k, got)
		}
	}
	if got := minusOneOdd([]byte{1, 0xff}); !bytes.Equal(got, []byte{1, 0xfe}) {
		t.Errorf("minusOneOdd(0x1ff) = %x", got)
	}
	if got := trimLeadingZeros([]byte{0, 0, 5, 0}); !bytes.Equal(got, []byte{5, 0}) {
		t.Errorf("trimLeadingZeros = %x", got)
	}
	if got := trimLeadingZeros([]byte{0, 0}); len(got) != 0 {
		t.Errorf("trimLeadingZeros of zeros = %x", got)
	}
}

// TestPrivateExponent checks d = e⁻¹ mod φ(n) against math/big for odd
// p and q of many sizes with e ∤ p-1, q-1 (privateExponent does not need
// them to be prime).
func TestPrivateExponent(t *testing.T) {
	r := mrand.New(mrand.NewPCG(3, 4))
	E := publicExponentModulus()
	e := big.NewInt(publicExponent)
	one := big.NewInt(1)
	randOdd := func(bits int) *big.Int {
		for {
			b := make([]byte, (bits+7)/8)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			x := new(big.Int).SetBytes(b)
			x.SetBit(x, bits-1, 1).SetBit(x, 0, 1)
			x.Rsh(x, uint(8*len(b)-bits)).SetBit(x, 0, 1)
			if new(big.Int).Mod(new(big.Int).Sub(x, one), e).Sign() != 0 {
				return x
			}
		}
	}
	for _, sizes := range [][2]int{{512, 512}, {513, 512}, {520, 504}, {1024, 1024}, {1025, 1024}, {1536, 1536}, {2048, 2048}, {4096, 4096}, {300, 700}, {64, 64}, {65, 63}} {
		for range 4 {
			p, q := randOdd(sizes[0]), randOdd(sizes[1])
			d, err := privateExponent(p.Bytes(), q.Bytes(), E)
			if err != nil {
				t.Fatal(err)
			}
			dBytes, err := d.FillBytes(make([]byte, (sizes[0]+sizes[1]+7)/8))
			if err != nil {
				t.Fatal(err)
			}
			phi := new(big.Int).Mul(new(big.Int).Sub(p, one), new(big.Int).Sub(q, one))
			if want := new(big.Int).ModInverse(e, phi); want == nil || new(big.Int).SetBytes(dBytes).Cmp(want) != 0 {
				t.Fatalf("p = %x, q = %x: d = %x, want %x", p, q, dBytes, want)
			}
		}
	}
}

// TestGenerateKeyValues checks a generated key's values against math/big:
// d = e⁻¹ mod φ(n) and the CRT values.
func TestGenerateKeyValues(t *testing.T) {
	for _, bits := range []int{2048, 2055} {
		priv, err := GenerateKey(rand.Reader, bits)
		if err != nil {
			t.Fatal(err)
		}
		num := func(b []byte) *big.Int { return new(big.Int).SetBytes(b) }
		one := big.NewInt(1)
		p, q, d := num(priv.P()), num(priv.Q()), num(priv.D())
		pm1, qm1 := new(big.Int).Sub(p, one), new(big.Int).Sub(q, one)
		phi := new(big.Int).Mul(pm1, qm1)
		if want := new(big.Int).ModInverse(big.NewInt(publicExponent), phi); d.Cmp(want) != 0 {
			t.Errorf("%d bits: d = %x, want e⁻¹ mod φ(n) = %x", bits, d, want)
		}
		if len(priv.dP) != len(priv.P()) || len(priv.dQ) != len(priv.Q()) {
			t.Errorf("%d bits: dP and dQ of %d and %d bytes", bits, len(priv.dP), len(priv.dQ))
		}
		if num(priv.dP).Cmp(new(big.Int).Mod(d, pm1)) != 0 || num(priv.dQ).Cmp(new(big.Int).Mod(d, qm1)) != 0 {
			t.Errorf("%d bits: wrong dP or dQ", bits)
		}
		if num(priv.qInv.Bytes(priv.p)).Cmp(new(big.Int).ModInverse(q, p)) != 0 {
			t.Errorf("%d bits: wrong qInv", bits)
		}
		if d.Cmp(new(big.Int).Lsh(one, uint(bits/2))) <= 0 {
			t.Errorf("%d bits: d ≤ 2^(bits/2)", bits)
		}
	}
}

// TestNewPrivateKeyValues checks the precomputed values of the test keys,
// imported with d mod λ(n) and d mod φ(n), against math/big.
func TestNewPrivateKeyValues(t *testing.T) {
	num := func(b []byte) *big.Int { return new(big.Int).SetBytes(b) }
	one := big.NewInt(1)
	for _, bits := range testKeySizes {
		priv, _ := testKey(t, bits)
		n, e, p, q := priv.PublicKey().N(), priv.PublicKey().E(), num(priv.P()), num(priv.Q())
		pm1, qm1 := new(big.Int).Sub(p, one), new(big.Int).Sub(q, one)
		phi := new(big.Int).Mul(pm1, qm1)
		lambda := new(big.Int).Div(phi, new(big.Int).GCD(nil, nil, pm1, qm1))
		eBig := big.NewInt(int64(e))
		for _, d := range []*big.Int{num(priv.D()), new(big.Int).ModInverse(eBig, phi), new(big.Int).ModInverse(eBig, lambda)} {
			for _, pq := range [][2]*big.Int{{p, q}, {q, p}} {
				P, Q := pq[0], pq[1]
				k, err := NewPrivateKey(n, e, d.Bytes(), P.Bytes(), Q.Bytes())
				if err != nil {
					t.Fatalf("%d bits: %v", bits, err)
				}
				if !bytes.Equal(k.D(), d.FillBytes(make([]byte, len(n)))) {
					t.Errorf("%d bits: D() = %x", bits, k.D())
				}
				if num(k.dP).Cmp(new(big.Int).Mod(d, new(big.Int).Sub(P, one))) != 0 || len(k.dP) != len(P.Bytes()) {
					t.Errorf("%d bits: wrong dP %x", bits, k.dP)
				}
				if num(k.dQ).Cmp(new(big.Int).Mod(d, new(big.Int).Sub(Q, one))) != 0 || len(k.dQ) != len(Q.Bytes()) {
					t.Errorf("%d bits: wrong dQ %x", bits, k.dQ)
				}
				if num(k.qInv.Bytes(k.p)).Cmp(new(big.Int).ModInverse(Q, P)) != 0 {
					t.Errorf("%d bits: wrong qInv", bits)
				}
				if _, err := SignPKCS1v15(k, crypto.SHA256, sha256Digest("import")); err != nil {
					t.Errorf("%d bits: %v", bits, err)
				}
			}
		}
		// d ≡ e⁻¹ modulo p-1 only, or q-1 only, is not a private exponent.
		d := num(priv.D())
		for _, bad := range []*big.Int{new(big.Int).Add(d, pm1), new(big.Int).Add(d, qm1)} {
			if bad.Cmp(num(n)) >= 0 {
				bad.Sub(bad, lambda)
			}
			_, err := NewPrivateKey(n, e, bad.Bytes(), p.Bytes(), q.Bytes())
			if err == nil || !strings.Contains(err.Error(), "e·d ≢ 1") {
				t.Errorf("%d bits: d + p-1 or d + q-1: %v", bits, err)
			}
		}
	}
}

func mustHexInt(t *testing.T, s string) *big.Int {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return new(big.Int).SetBytes(b)
}

// TestNewPrivateKeySmallD imports a 1024-bit key whose d, valid for e = 7,
// is at most 2^512: p = 2g+1 and q = 4g+1 for a prime-producing g, so that
// λ(n) = 4g is barely above √n.
func TestNewPrivateKeySmallD(t *testing.T) {
	p := mustHexInt(t, "9be6e1aff29aa054235f6a4be0a125f4f59e6b4414e6a072915a5496e41fd79d1b9bfe4d449b04c0aabf9fdc533ad06633b01f27d6f95d61ea5c95d8517ca02b")
	q := mustHexInt(t, "0137cdc35fe53540a846bed497c1424be9eb3cd68829cd40e522b4a92dc83faf3a3737fc9a89360981557f3fb8a675a0cc67603e4fadf2bac3d4b92bb0a2f94055")
	d := mustHexInt(t, "591637d2417cede6efa43cbda4ee5ed51ea3ab025516128a9c339e0d14a47b3534592399de0f706e186d7feb9d462df1421b7f847ad7a31361597a3277b4edcf")
	const e = 7
	n := new(big.Int).Mul(p, q)
	one := big.NewInt(1)
	// The oracle: the key is consistent and d is small.
	for _, m := range []*big.Int{new(big.Int).Sub(p, one), new(big.Int).Sub(q, one)} {
		if new(big.Int).Mod(new(big.Int).Mul(d, big.NewInt(e)), m).Cmp(one) != 0 {
			t.Fatal("e·d ≢ 1")
		}
	}
	if n.BitLen() != 1024 || d.Cmp(new(big.Int).Lsh(one, 1024/2)) > 0 {
		t.Fatal("test key is not what it says")
	}
	_, err := NewPrivateKey(n.Bytes(), e, d.Bytes(), p.Bytes(), q.Bytes())
	if err == nil || !strings.Contains(err.Error(), "too small") {
		t.Errorf("small d: %v", err)
	}
	// d + λ(n) is a valid, larger private exponent.
	lambda := new(big.Int).Sub(q, one)
	big2 := new(big.Int).Add(d, lambda)
	if _, err := NewPrivateKey(n.Bytes(), e, big2.Bytes(), p.Bytes(), q.Bytes()); err != nil {
		t.Errorf("d + λ(n): %v", err)
	}
}

// TestNewPrivateKeyComposite imports keys whose "primes" pass every check
// but primality: q⁻¹ mod p comes from q^(p-2), so a composite p (or one
// dividing q) is rejected, while a composite q is left to the check of
// every private-key operation with e.
func TestNewPrivateKeyComposite(t *testing.T) {
	r := mrand.New(mrand.NewPCG(5, 6))
	one := big.NewInt(1)
	e := big.NewInt(65537)
	randPrime := func(bits int) *big.Int {
		for {
			b := make([]byte, bits/8)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			b[0] |= 0xc0
			x := nextPrime(new(big.Int).SetBytes(b))
			if x.BitLen() == bits && new(big.Int).Mod(new(big.Int).Sub(x, one), e).Sign() != 0 {
				return x
			}
		}
	}
	// key returns n and d = e⁻¹ mod lcm(p-1, q-1) for the given p and q.
	key := func(p, q *big.Int) (n, d []byte) {
		pm1, qm1 := new(big.Int).Sub(p, one), new(big.Int).Sub(q, one)
		lcm := new(big.Int).Mul(pm1, qm1)
		lcm.Div(lcm, new(big.Int).GCD(nil, nil, pm1, qm1))
		dd := new(big.Int).ModInverse(e, lcm)
		if dd == nil {
			t.Fatal("no d")
		}
		return new(big.Int).Mul(p, q).Bytes(), dd.Bytes()
	}
	for range 3 {
		// n = a·b·c and n = a²·b have at least 1024 bits, the least
		// NewPrivateKey accepts.
		a, b, c := randPrime(384), randPrime(384), randPrime(768)
		composite := new(big.Int).Mul(a, b)
		if new(big.Int).Mod(new(big.Int).Sub(composite, one), e).Sign() == 0 {
			continue
		}
		n, d := key(composite, c)
		_, err := NewPrivateKey(n, 65537, d, composite.Bytes(), c.Bytes())
		if err == nil || !strings.Contains(err.Error(), "not prime") {
			t.Errorf("composite p: %v", err)
		}
		k, err := NewPrivateKey(n, 65537, d, c.Bytes(), composite.Bytes())
		if err != nil {
			t.Errorf("composite q: %v", err)
			continue
		}
		if _, err := SignPKCS1v15(k, crypto.SHA256, sha256Digest("composite")); err != errFault {
			t.Errorf("composite q: signing gave %v, want the fault error", err)
		}

		// p divides q: n = a²·b.
		ab := new(big.Int).Mul(a, b)
		if new(big.Int).Mod(new(big.Int).Sub(ab, one), e).Sign() == 0 {
			continue
		}
		n, d = key(a, ab)
		_, err = NewPrivateKey(n, 65537, d, a.Bytes(), ab.Bytes())
		if err == nil || !strings.Contains(err.Error(), "not coprime") {
			t.Errorf("p divides q: %v", err)
		}
	}
}

// TestRandomPrimeExponent gives randomPrime, as its first candidate, a prime
// p with e | p-1, which it must skip.
func TestRandomPrimeExponent(t *testing.T) {
	const bits = 512
	e := big.NewInt(publicExponent)
	step := new(big.Int).Lsh(e, 1) // p = 1 + 2e·k is odd and ≡ 1 mod e
	p := new(big.Int).Lsh(big.NewInt(3), bits-2)
	p.Div(p, step).Mul(p, step).Add(p, step).Add(p, big.NewInt(1))
	for !p.ProbablyPrime(20) {
		p.Add(p, step)
	}
	if p.BitLen() != bits || p.Bit(bits-2) != 1 {
		t.Fatal("no suitable prime")
	}
	random := io.MultiReader(bytes.NewReader(p.FillBytes(make([]byte, bits/8))), rand.Reader)
	got, err := randomPrime(random, bits, publicExponentModulus())
	if err != nil {
		t.Fatal(err)
	}
	g := new(big.Int).SetBytes(got)
	if g.Cmp(p) == 0 {
		t.Fatal("randomPrime returned a prime p with e | p-1")
	}
	if new(big.Int).Mod(new(big.Int).Sub(g, big.NewInt(1)), e).Sign() == 0 || !g.ProbablyPrime(20) || g.BitLen() != bits {
		t.Fatalf("randomPrime returned %x", g)
	}
}

// TestNewPrivateKeyOversized gives NewPrivateKey primes far longer than n,
// which it must reject quickly, as the product check would.
func TestNewPrivateKeyOversized(t *testing.T) {
	priv, _ := testKey(t, 1024)
	n, e, d := priv.PublicKey().N(), priv.PublicKey().E(), priv.D()
	huge := bytes.Repeat([]byte{0xff}, 1<<20)
	for _, pq := range [][2][]byte{{huge, priv.Q()}, {priv.P(), huge}, {append(bytes.Clone(priv.P()), 1), priv.Q()}} {
		_, err := NewPrivateKey(n, e, d, pq[0], pq[1])
		if err == nil || !strings.Contains(err.Error(), "product") {
			t.Errorf("oversized prime: %v", err)
		}
	}
	for _, p := range [][]byte{{3}, {0, 0, 3}, {1, 0}, {0xff, 1}} {
		if got, want := oddAtLeast3(trimLeadingZeros(p)), new(big.Int).SetBytes(p).Cmp(big.NewInt(3)) >= 0 && p[len(p)-1]&1 == 1; got != want {
			t.Errorf("oddAtLeast3(%x) = %v", p, got)
		}
	}
}
