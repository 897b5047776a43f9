package mont

import (
	"math/big"
	mrand "math/rand/v2"
	"testing"
)

func TestJacobiVarTime(t *testing.T) {
	r := mrand.New(mrand.NewPCG(15, 16))
	for _, mb := range testModuli(t, r) {
		m := modFromBig(t, mb)
		ops := testOperands(r, mb)
		// Small values and values sharing a factor with m.
		ops = append(ops, big.NewInt(2), big.NewInt(3), big.NewInt(4))
		if f := new(big.Int).Rsh(mb, 1); f.Sign() > 0 {
			ops = append(ops, new(big.Int).Mod(f, mb))
		}
		for _, a := range ops {
			if a.Cmp(mb) >= 0 {
				continue
			}
			want := big.Jacobi(a, mb)
			if got := natFromBig(t, a, m).JacobiVarTime(m); got != want {
				t.Errorf("JacobiVarTime(%x, %x) = %d, want %d", a, mb, got, want)
			}
		}
	}
	// A composite modulus with a shared factor: (15/45) = 0.
	m := modFromBig(t, big.NewInt(45))
	if got := natFromBig(t, big.NewInt(15), m).JacobiVarTime(m); got != 0 {
		t.Errorf("JacobiVarTime(15, 45) = %d, want 0", got)
	}
}

func BenchmarkJacobiVarTime(b *testing.B) {
	r := mrand.New(mrand.NewPCG(17, 18))
	mb := randBig(r, 2048)
	mb.SetBit(mb, 2047, 1).SetBit(mb, 0, 1)
	m, _ := NewModulus(mb.Bytes())
	x, _ := NewNat().SetBytes(new(big.Int).Rsh(mb, 3).Bytes(), m)
	for b.Loop() {
		x.JacobiVarTime(m)
	}
}
