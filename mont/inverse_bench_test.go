package mont

import (
	"crypto/rand"
	"fmt"
	"testing"
)

// benchmarkModular runs op as a sub-benchmark for each size in bits, on a
// random odd modulus of that size with its top bit set and a random a
// below it.
func benchmarkModular(b *testing.B, sizes []int, op func(b *testing.B, a *Nat, m *Modulus)) {
	for _, bits := range sizes {
		b.Run(fmt.Sprint(bits), func(b *testing.B) {
			mb := make([]byte, bits/8)
			rand.Read(mb)
			mb[0] |= 0x80
			mb[len(mb)-1] |= 1
			m, _ := NewModulus(mb)
			ab := make([]byte, bits/8)
			rand.Read(ab)
			ab[0] &= 0x3f
			a, _ := NewNat().SetBytes(ab, m)
			op(b, a, m)
		})
	}
}

func BenchmarkInverseVarTime(b *testing.B) {
	benchmarkModular(b, []int{1024, 2048, 4096}, func(b *testing.B, a *Nat, m *Modulus) {
		x := NewNat()
		for b.Loop() {
			x.InverseVarTime(a, m)
		}
	})
}

func BenchmarkInverse(b *testing.B) {
	benchmarkModular(b, []int{1024, 2048, 4096}, func(b *testing.B, a *Nat, m *Modulus) {
		x := NewNat()
		for b.Loop() {
			x.Inverse(a, m)
		}
	})
}

func BenchmarkExp(b *testing.B) {
	benchmarkModular(b, []int{1024, 2048}, func(b *testing.B, a *Nat, m *Modulus) {
		e := make([]byte, m.BitLen()/8)
		rand.Read(e)
		x := NewNat()
		for b.Loop() {
			x.Exp(a, e, m)
		}
	})
}
