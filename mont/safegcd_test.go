package mont

import (
	"math/big"
	mrand "math/rand/v2"
	"testing"
)

// checkInverse checks Inverse(a) mod m against math/big, in a new Nat and
// in place.
func checkInverse(t *testing.T, a, mb *big.Int) {
	t.Helper()
	m := modFromBig(t, mb)
	x := natFromBig(t, a, m)
	want := new(big.Int).ModInverse(a, mb)
	got, ok := NewNat().Inverse(x, m)
	if ok != (want != nil) {
		t.Fatalf("Inverse(%x) mod %x: ok = %v, want %v", a, mb, ok, want != nil)
	}
	if want == nil {
		want = new(big.Int)
	}
	checkNat(t, "Inverse", got, m, want)
	if _, ok2 := x.Inverse(x, m); ok2 != ok || x.Equal(got) != 1 {
		t.Fatalf("Inverse(%x) mod %x in place: %x, %v", a, mb, x.Bytes(m), ok2)
	}
}

// TestInverseSmall checks Inverse for every value below every odd modulus
// from 3 to 301, where Bernstein and Yang's step count is at its smallest
// (one batch of 62 divsteps) and values without an inverse are common.
func TestInverseSmall(t *testing.T) {
	for m := int64(3); m <= 301; m += 2 {
		mb := big.NewInt(m)
		for a := int64(0); a < m; a++ {
			checkInverse(t, big.NewInt(a), mb)
		}
	}
}

// TestInverseLarge checks Inverse modulo moduli of up to 8192 bits (the
// largest RSA modulus), past the 3805 bits to which the fields' half-delta
// step count is verified, on random values, values sharing a factor with
// the modulus, and edge values.
func TestInverseLarge(t *testing.T) {
	r := mrand.New(mrand.NewPCG(21, 22))
	one := big.NewInt(1)
	sizes := []int{46, 47, 62, 63, 64, 124, 125, 126, 1024, 2048, 3805, 3806, 4096, 8192}
	for _, bits := range sizes {
		// m = p·q with random odd p, q: composite, so that some values share
		// a factor with it.
		p := randBig(r, bits/2)
		p.SetBit(p, bits/2-1, 1).SetBit(p, 0, 1)
		q := randBig(r, bits-bits/2)
		q.SetBit(q, bits-bits/2-1, 1).SetBit(q, 0, 1)
		m := new(big.Int).Mul(p, q)
		vals := []*big.Int{big.NewInt(0), one, big.NewInt(2), new(big.Int).Sub(m, one), new(big.Int).Sub(m, big.NewInt(2)), p, q, new(big.Int).Mul(p, big.NewInt(3))}
		for range 8 {
			vals = append(vals, new(big.Int).Mod(randBig(r, m.BitLen()), m))
		}
		for k := 1; k < m.BitLen(); k += m.BitLen()/7 + 1 {
			v := new(big.Int).Lsh(one, uint(k))
			vals = append(vals, v, new(big.Int).Sub(m, v))
		}
		for _, a := range vals {
			if a.Cmp(m) < 0 {
				checkInverse(t, a, m)
			}
		}
		// All-ones moduli and their neighbours.
		ones := new(big.Int).Sub(new(big.Int).Lsh(one, uint(bits)), one)
		checkInverse(t, new(big.Int).Sub(ones, one), ones)
		checkInverse(t, new(big.Int).Rsh(ones, 1), ones)
	}
}

func FuzzInverse(f *testing.F) {
	f.Add([]byte{7}, []byte{3})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe})
	f.Fuzz(func(t *testing.T, mBytes, aBytes []byte) {
		mb := new(big.Int).SetBytes(mBytes)
		if mb.Bit(0) == 0 || mb.Cmp(big.NewInt(3)) < 0 || mb.BitLen() > 8192 {
			return
		}
		a := new(big.Int).Mod(new(big.Int).SetBytes(aBytes), mb)
		checkInverse(t, a, mb)
	})
}
