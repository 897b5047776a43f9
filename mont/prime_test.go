package mont

import (
	"bytes"
	"errors"
	"io"
	"math/big"
	mrand "math/rand/v2"
	"testing"
	"time"
)

// TestPrimeHelpers checks the constant-time pieces of ProbablyPrime
// against math/big: the remainders of trial division, the divisibility
// test, the trailing zeros and the shift by a secret amount.
func TestPrimeHelpers(t *testing.T) {
	r := mrand.New(mrand.NewPCG(31, 32))
	var vals []*big.Int
	for _, bits := range []int{1, 17, 63, 64, 65, 128, 500, 1024, 2048} {
		for range 20 {
			vals = append(vals, randBig(r, bits))
		}
		ones := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits)), big.NewInt(1))
		vals = append(vals, ones)
	}
	for _, v := range vals {
		limbs := (v.BitLen() + 63) / 64
		x := NewNat().SetBigEndian(v.FillBytes(make([]byte, 8*max(limbs, 1))))
		for _, g := range trialDivisors {
			want := new(big.Int).Mod(v, new(big.Int).SetUint64(g.d)).Uint64()
			if got := x.rem32(g.d, g.mu); got != want {
				t.Fatalf("%x mod %d = %d, want %d", v, g.d, got, want)
			}
		}
		if v.BitLen() > 11 {
			want := false
			for _, p := range smallPrimesBelow(1700) {
				if new(big.Int).Mod(v, big.NewInt(int64(p))).Sign() == 0 {
					want = true
				}
			}
			if got := x.hasSmallFactor(); got != want {
				t.Fatalf("hasSmallFactor(%x) = %v, want %v", v, got, want)
			}
		}
		if v.Sign() == 0 {
			continue
		}
		tz := v.TrailingZeroBits()
		if got := x.trailingZerosSecret(); got != uint64(tz) {
			t.Fatalf("trailing zeros of %x: %d, want %d", v, got, tz)
		}
		y := NewNat().Set(x)
		y.shiftRightSecret(uint64(tz), 64*len(x.limbs))
		want := new(big.Int).Rsh(v, tz)
		yb := make([]byte, 8*len(y.limbs))
		y.fillBytes(yb)
		if got := new(big.Int).SetBytes(yb); got.Cmp(want) != 0 {
			t.Fatalf("%x >> %d = %x, want %x", v, tz, got, want)
		}
	}
	// The divisibility test of every 32-bit multiple and neighbour.
	for _, g := range trialDivisors {
		for i, p := range g.primes {
			prime := smallPrimeOf(g, i)
			for _, v := range []uint32{0, uint32(prime), uint32(prime) * 1000003, 1<<32 - 1, uint32(prime) + 1, uint32(prime)*2 - 1} {
				divisible := uint32(v)*p.inv <= p.lim
				if want := v%uint32(prime) == 0; divisible != want {
					t.Fatalf("%d divisible by %d: %v, want %v", v, prime, divisible, want)
				}
			}
		}
	}
}

func smallPrimesBelow(limit int) []int {
	var ps []int
	for p := 3; p < limit; p += 2 {
		if isSmallPrime(uint64(p)) {
			ps = append(ps, p)
		}
	}
	return ps
}

// smallPrimeOf returns the i-th prime of g, from its inverse modulo 2^32.
func smallPrimeOf(g trialGroup, i int) uint64 {
	inv := g.primes[i].inv
	p := inv
	for range 4 {
		p *= 2 - inv*p
	}
	return uint64(p)
}

// constReader returns the same bytes forever: a broken random source.
type constReader struct {
	pattern []byte
	off     int
}

func (c *constReader) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = c.pattern[c.off%len(c.pattern)]
		c.off++
	}
	return len(b), nil
}

// brokenReaders are random sources that return constant bytes.
func brokenReaders() map[string]func() io.Reader {
	return map[string]func() io.Reader{
		"zeros":   func() io.Reader { return &constReader{pattern: []byte{0}} },
		"0xff":    func() io.Reader { return &constReader{pattern: []byte{0xff}} },
		"pattern": func() io.Reader { return &constReader{pattern: []byte{1, 2, 3}} },
	}
}

// withTimeout runs f in a goroutine and fails the test if it does not
// return within d, instead of hanging.
func withTimeout(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("no result after %v: the loop spins", d)
	}
}

// TestProbablyPrimeBrokenRandom gives the primality tests random sources
// that return constant bytes: a source of zeros gives only the base 0, which
// is redrawn, and must end in an error rather than a loop; the others give
// a valid (fixed) base and a verdict.
func TestProbablyPrimeBrokenRandom(t *testing.T) {
	p, _ := new(big.Int).SetString("170141183460469231731687303715884105727", 10) // 2^127 − 1
	for _, pt := range primeTests {
		for name, reader := range brokenReaders() {
			for _, w := range [][]byte{p.Bytes(), new(big.Int).Mul(p, p).Bytes()} {
				withTimeout(t, 10*time.Second, func() {
					_, err := pt.f(w, 5, reader())
					if name == "zeros" && !errors.Is(err, errBrokenRandom) {
						t.Errorf("%s, %s: %v, want the broken-source error", pt.name, name, err)
					}
				})
			}
		}
		// A source that fails is an error too.
		if _, err := pt.f(p.Bytes(), 5, bytes.NewReader(nil)); err == nil {
			t.Errorf("%s: empty source: no error", pt.name)
		}
	}
}
