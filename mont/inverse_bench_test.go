package mont

import (
	"crypto/rand"
	"fmt"
	"testing"
)

func BenchmarkInverseVarTime(b *testing.B) {
	for _, bits := range []int{1024, 2048, 4096} {
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
			x := NewNat()
			for b.Loop() {
				x.InverseVarTime(a, m)
			}
		})
	}
}

func BenchmarkInverse(b *testing.B) {
	for _, bits := range []int{1024, 2048, 4096} {
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
			x := NewNat()
			for b.Loop() {
				x.Inverse(a, m)
			}
		})
	}
}

func BenchmarkExp(b *testing.B) {
	for _, bits := range []int{1024, 2048} {
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
			e := make([]byte, bits/8)
			rand.Read(e)
			x := NewNat()
			for b.Loop() {
				x.Exp(a, e, m)
			}
		})
	}
}
