package mlkem_test

import (
	"bytes"
	"crypto"
	"crypto/sha3"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/pq/mlkem"
	"github.com/crypton-go/crypton/pq/mlkem/mlkemtest"
)

// decapsulator is what the three DecapsulationKeyN types have in common.
type decapsulator interface {
	crypto.Decapsulator
	Bytes() []byte
}

// params adapts the API of one parameter set to the tests, which run on
// all three.
type params struct {
	name           string
	ekSize, ctSize int
	expandedSize   int
	generate       func() (decapsulator, error)
	fromSeed       func([]byte) (decapsulator, error)
	parseEK        func([]byte) (crypto.Encapsulator, error)
	encapsulateDet func(crypto.Encapsulator, []byte) ([]byte, []byte, error)
	expanded       func(decapsulator) []byte
	fromExpanded   func([]byte) (decapsulator, error)
}

// wrap turns a constructor's typed result into the interface, keeping a
// nil pointer nil.
func wrap[K interface {
	comparable
	decapsulator
}](k K, err error) (decapsulator, error) {
	var zero K
	if k == zero {
		return nil, err
	}
	return k, err
}

func wrapEK[K interface {
	comparable
	crypto.Encapsulator
}](k K, err error) (crypto.Encapsulator, error) {
	var zero K
	if k == zero {
		return nil, err
	}
	return k, err
}

var allParams = []params{
	{
		name: "ML-KEM-512", ekSize: mlkem.EncapsulationKeySize512, ctSize: mlkem.CiphertextSize512, expandedSize: 1632,
		generate: func() (decapsulator, error) { return wrap(mlkem.GenerateKey512()) },
		fromSeed: func(s []byte) (decapsulator, error) { return wrap(mlkem.NewDecapsulationKey512(s)) },
		parseEK:  func(b []byte) (crypto.Encapsulator, error) { return wrapEK(mlkem.NewEncapsulationKey512(b)) },
		encapsulateDet: func(ek crypto.Encapsulator, m []byte) ([]byte, []byte, error) {
			return mlkemtest.Encapsulate512(ek.(*mlkem.EncapsulationKey512), m)
		},
		expanded:     func(dk decapsulator) []byte { return mlkemtest.ExpandedBytes512(dk.(*mlkem.DecapsulationKey512)) },
		fromExpanded: func(b []byte) (decapsulator, error) { return wrap(mlkemtest.NewDecapsulationKeyFromExpanded512(b)) },
	},
	{
		name: "ML-KEM-768", ekSize: mlkem.EncapsulationKeySize768, ctSize: mlkem.CiphertextSize768, expandedSize: 2400,
		generate: func() (decapsulator, error) { return wrap(mlkem.GenerateKey768()) },
		fromSeed: func(s []byte) (decapsulator, error) { return wrap(mlkem.NewDecapsulationKey768(s)) },
		parseEK:  func(b []byte) (crypto.Encapsulator, error) { return wrapEK(mlkem.NewEncapsulationKey768(b)) },
		encapsulateDet: func(ek crypto.Encapsulator, m []byte) ([]byte, []byte, error) {
			return mlkemtest.Encapsulate768(ek.(*mlkem.EncapsulationKey768), m)
		},
		expanded:     func(dk decapsulator) []byte { return mlkemtest.ExpandedBytes768(dk.(*mlkem.DecapsulationKey768)) },
		fromExpanded: func(b []byte) (decapsulator, error) { return wrap(mlkemtest.NewDecapsulationKeyFromExpanded768(b)) },
	},
	{
		name: "ML-KEM-1024", ekSize: mlkem.EncapsulationKeySize1024, ctSize: mlkem.CiphertextSize1024, expandedSize: 3168,
		generate: func() (decapsulator, error) { return wrap(mlkem.GenerateKey1024()) },
		fromSeed: func(s []byte) (decapsulator, error) { return wrap(mlkem.NewDecapsulationKey1024(s)) },
		parseEK:  func(b []byte) (crypto.Encapsulator, error) { return wrapEK(mlkem.NewEncapsulationKey1024(b)) },
		encapsulateDet: func(ek crypto.Encapsulator, m []byte) ([]byte, []byte, error) {
			return mlkemtest.Encapsulate1024(ek.(*mlkem.EncapsulationKey1024), m)
		},
		expanded:     func(dk decapsulator) []byte { return mlkemtest.ExpandedBytes1024(dk.(*mlkem.DecapsulationKey1024)) },
		fromExpanded: func(b []byte) (decapsulator, error) { return wrap(mlkemtest.NewDecapsulationKeyFromExpanded1024(b)) },
	},
}

func paramsByName(t *testing.T, name string) *params {
	for i := range allParams {
		if allParams[i].name == name {
			return &allParams[i]
		}
	}
	t.Fatalf("unknown parameter set %q", name)
	return nil
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func TestRoundTrip(t *testing.T) {
	for _, p := range allParams {
		t.Run(p.name, func(t *testing.T) {
			dk, err := p.generate()
			if err != nil {
				t.Fatal(err)
			}
			ek := dk.Encapsulator()
			if n := len(ek.Bytes()); n != p.ekSize {
				t.Errorf("encapsulation key is %d bytes, want %d", n, p.ekSize)
			}
			if n := len(dk.Bytes()); n != mlkem.SeedSize {
				t.Errorf("decapsulation key is %d bytes, want %d", n, mlkem.SeedSize)
			}
			K, c := ek.Encapsulate()
			if len(K) != mlkem.SharedKeySize || len(c) != p.ctSize {
				t.Fatalf("Encapsulate returned %d and %d bytes, want %d and %d", len(K), len(c), mlkem.SharedKeySize, p.ctSize)
			}
			K2, err := dk.Decapsulate(c)
			if err != nil || !bytes.Equal(K, K2) {
				t.Fatalf("Decapsulate = %x, %v; want %x", K2, err, K)
			}
			K3, c3 := ek.Encapsulate()
			if bytes.Equal(K, K3) || bytes.Equal(c, c3) {
				t.Error("two encapsulations gave the same key or ciphertext")
			}

			// The seed and the encapsulation key's encoding round-trip.
			dk2, err := p.fromSeed(dk.Bytes())
			if err != nil || !bytes.Equal(dk2.Encapsulator().Bytes(), ek.Bytes()) {
				t.Fatalf("key from Bytes differs: %v", err)
			}
			ek2, err := p.parseEK(ek.Bytes())
			if err != nil || !bytes.Equal(ek2.Bytes(), ek.Bytes()) {
				t.Fatalf("NewEncapsulationKey(Bytes()) differs: %v", err)
			}
			K4, c4 := ek2.Encapsulate()
			if K5, err := dk2.Decapsulate(c4); err != nil || !bytes.Equal(K4, K5) {
				t.Fatal("parsed keys do not agree")
			}

			// Another key decapsulates to another shared key.
			other, _ := p.generate()
			if K6, err := other.Decapsulate(c); err != nil || bytes.Equal(K6, K) {
				t.Fatalf("another key decapsulated the shared key (err %v)", err)
			}
			// Different seeds give different keys.
			if bytes.Equal(other.Encapsulator().Bytes(), ek.Bytes()) {
				t.Fatal("two generated keys are equal")
			}
		})
	}
}

// TestExpanded checks FIPS 203's decapsulation key encoding: it round-trips,
// a key parsed from it has no seed and decapsulates the same, and the checks
// of FIPS 203, section 7.3, reject a wrong length, a wrong H(ek) and an
// embedded ek with a coefficient of q.
func TestExpanded(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 11))
	for _, p := range allParams {
		t.Run(p.name, func(t *testing.T) {
			dk, err := p.fromSeed(randBytes(r, 64))
			if err != nil {
				t.Fatal(err)
			}
			exp := p.expanded(dk)
			if len(exp) != p.expandedSize {
				t.Fatalf("expanded key is %d bytes, want %d", len(exp), p.expandedSize)
			}
			k := (p.expandedSize - 96) / 768
			ek := dk.Encapsulator().Bytes()
			if !bytes.Equal(exp[384*k:768*k+32], ek) {
				t.Fatal("the expanded key does not hold ek")
			}
			h := sha3.Sum256(ek)
			if !bytes.Equal(exp[768*k+32:768*k+64], h[:]) {
				t.Fatal("the expanded key does not hold H(ek)")
			}
			dk2, err := p.fromExpanded(exp)
			if err != nil {
				t.Fatal(err)
			}
			if dk2.Bytes() != nil {
				t.Error("a key from the expanded form has a seed")
			}
			if !bytes.Equal(p.expanded(dk2), exp) {
				t.Error("the expanded form does not round-trip")
			}
			K, c := dk.Encapsulator().Encapsulate()
			if K2, err := dk2.Decapsulate(c); err != nil || !bytes.Equal(K, K2) {
				t.Fatal("the key from the expanded form decapsulates differently")
			}
			c[0] ^= 1
			Kr, _ := dk.Decapsulate(c)
			Kr2, _ := dk2.Decapsulate(c)
			if !bytes.Equal(Kr, Kr2) || bytes.Equal(Kr, K) {
				t.Fatal("implicit rejection differs between the seed and expanded forms")
			}

			for _, n := range []int{0, len(exp) - 1, len(exp) + 1} {
				b := append(append([]byte{}, exp...), 0)[:n]
				if _, err := p.fromExpanded(b); err == nil || !strings.HasPrefix(err.Error(), "mlkem: ") {
					t.Errorf("%d bytes: error %v", n, err)
				}
			}
			bad := bytes.Clone(exp)
			bad[768*k+40] ^= 1
			if _, err := p.fromExpanded(bad); err == nil {
				t.Error("a wrong H(ek) was accepted")
			}
			bad = bytes.Clone(exp)
			// The first coefficient of t̂ becomes q (0xd01), with H(ek)
			// updated so that only the modulus check can fail.
			bad[384*k], bad[384*k+1] = 0x01, bad[384*k+1]&0xf0|0x0d
			h = sha3.Sum256(bad[384*k : 768*k+32])
			copy(bad[768*k+32:], h[:])
			if _, err := p.fromExpanded(bad); err == nil {
				t.Error("an embedded ek with a coefficient of q was accepted")
			}
			// Coefficients of ŝ of q or more are reduced, as ByteDecode₁₂
			// does: an encoding with s + q in place of s is the same key.
			bad = bytes.Clone(exp)
			for i := 0; i < 384*k; i += 3 {
				w := uint32(bad[i]) | uint32(bad[i+1])<<8 | uint32(bad[i+2])<<16
				if lo := w & 0xfff; lo+3329 < 4096 {
					w += 3329
				}
				bad[i], bad[i+1], bad[i+2] = byte(w), byte(w>>8), byte(w>>16)
			}
			dk3, err := p.fromExpanded(bad)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(p.expanded(dk3), exp) {
				t.Error("coefficients of ŝ above q were not reduced")
			}
			if K3, err := dk3.Decapsulate(c); err != nil || !bytes.Equal(K3, Kr) {
				t.Error("a key with coefficients of ŝ above q decapsulates differently")
			}
		})
	}
}

// TestInputErrors checks that every malformed input gives an error that
// names the package, and never a panic.
func TestInputErrors(t *testing.T) {
	for _, p := range allParams {
		t.Run(p.name, func(t *testing.T) {
			check := func(what string, err error) {
				t.Helper()
				if err == nil || !strings.HasPrefix(err.Error(), "mlkem: ") && !strings.HasPrefix(err.Error(), "mlkemtest: ") {
					t.Errorf("%s: error %v", what, err)
				}
			}
			for _, n := range []int{0, 32, 63, 65, 128} {
				_, err := p.fromSeed(make([]byte, n))
				check("seed of "+strconv.Itoa(n)+" bytes", err)
			}
			for _, n := range []int{0, p.ekSize - 1, p.ekSize + 1} {
				_, err := p.parseEK(make([]byte, n))
				check("encapsulation key of "+strconv.Itoa(n)+" bytes", err)
			}
			dk, _ := p.generate()
			for _, n := range []int{0, 1, p.ctSize - 1, p.ctSize + 1} {
				K, err := dk.Decapsulate(make([]byte, n))
				check("ciphertext of "+strconv.Itoa(n)+" bytes", err)
				if K != nil {
					t.Error("Decapsulate returned a key with an error")
				}
			}
			if K, err := dk.Decapsulate(nil); err == nil || K != nil {
				t.Error("Decapsulate(nil) did not fail")
			}
			for _, n := range []int{0, 31, 33, 64} {
				_, _, err := p.encapsulateDet(dk.Encapsulator(), make([]byte, n))
				check("m of "+strconv.Itoa(n)+" bytes", err)
			}
			// A ciphertext of all zeros or all ones decapsulates (to the
			// implicit-rejection key).
			for _, v := range []byte{0, 0xff} {
				if K, err := dk.Decapsulate(bytes.Repeat([]byte{v}, p.ctSize)); err != nil || len(K) != 32 {
					t.Errorf("ciphertext of %#x bytes: %x, %v", v, K, err)
				}
			}
		})
	}
}

// TestModulusCheck sets each coefficient position of an encapsulation key
// to every value from q−2 to 4095 in turn: FIPS 203, section 7.2, accepts
// the key exactly when the value is below q.
func TestModulusCheck(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 13))
	for _, p := range allParams {
		t.Run(p.name, func(t *testing.T) {
			dk, _ := p.fromSeed(randBytes(r, 64))
			ek := dk.Encapsulator().Bytes()
			k := (p.ekSize - 32) / 384
			for _, i := range []int{0, 1, 2, 255, 256, 511, 256*k - 1} {
				for v := uint16(3327); v < 4096; v += 1 + uint16(v/3400)*37 {
					b := bytes.Clone(ek)
					off := i / 2 * 3
					w := uint32(b[off]) | uint32(b[off+1])<<8 | uint32(b[off+2])<<16
					sh := 12 * uint(i%2)
					w = w&^(0xfff<<sh) | uint32(v)<<sh
					b[off], b[off+1], b[off+2] = byte(w), byte(w>>8), byte(w>>16)
					_, err := p.parseEK(b)
					if (err == nil) != (v < 3329) {
						t.Fatalf("coefficient %d = %d: error %v", i, v, err)
					}
				}
			}
		})
	}
}

func TestAllocations(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	for _, p := range allParams {
		t.Run(p.name, func(t *testing.T) {
			dk, _ := p.generate()
			ek := dk.Encapsulator()
			_, c := ek.Encapsulate()
			if n := testing.AllocsPerRun(10, func() { ek.Encapsulate() }); n > 2 {
				t.Errorf("Encapsulate allocates %v times, want at most 2 (the key and the ciphertext)", n)
			}
			if n := testing.AllocsPerRun(10, func() { dk.Decapsulate(c) }); n > 1 {
				t.Errorf("Decapsulate allocates %v times, want at most 1 (the key)", n)
			}
		})
	}
}

// TestSourcesInSync checks that the files of ML-KEM-512 and ML-KEM-1024 are
// those of ML-KEM-768 with the numbers changed.
func TestSourcesInSync(t *testing.T) {
	for _, f := range []struct{ file, subst string }{
		{"mlkem%s.go", ""},
		{"mlkemtest/mlkemtest%s.go", "2400 bytes"},
	} {
		base, err := os.ReadFile(strings.Replace(f.file, "%s", "768", 1))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []struct{ name, size string }{{"512", "1632 bytes"}, {"1024", "3168 bytes"}} {
			want := strings.ReplaceAll(string(base), "768", n.name)
			if f.subst != "" {
				want = strings.ReplaceAll(want, strings.ReplaceAll(f.subst, "768", n.name), n.size)
			}
			got, err := os.ReadFile(strings.Replace(f.file, "%s", n.name, 1))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != want {
				t.Errorf("%s is not %s with 768 replaced by %s", strings.Replace(f.file, "%s", n.name, 1), strings.Replace(f.file, "%s", "768", 1), n.name)
			}
		}
	}
}
