package mldsa

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/sha3"
)

// Benchmarks of the kernels, for every implementation.

func BenchmarkNTT(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		var f [n]fieldElement
		for b.Loop() {
			ntt(&f)
		}
	})
}

func BenchmarkInverseNTT(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		var f [n]fieldElement
		for b.Loop() {
			inverseNTTMont(&f)
		}
	})
}

// BenchmarkMulAcc5 is a row of Â times NTT(y) in ML-DSA-65.
func BenchmarkMulAcc5(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		var out nttElement
		a := make([]nttElement, 5)
		for b.Loop() {
			mulAcc(&out, a, a, nil, nil)
		}
	})
}

func BenchmarkMulNTT(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		var out, a nttElement
		for b.Loop() {
			mulNTT(&out, &a, &a)
		}
	})
}

// BenchmarkRejSample runs the rejection sampling on the 840 bytes (five
// SHAKE128 blocks) an entry of Â typically needs.
func BenchmarkRejSample(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		var buf [5 * 168]byte
		for i := range buf {
			buf[i] = byte(i * 7)
		}
		var a nttElement
		for b.Loop() {
			rejSample(&a, 0, buf[:])
		}
	})
}

// BenchmarkRejNTTPoly samples one entry of Â, SHAKE128 included.
func BenchmarkRejNTTPoly(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		h := sha3.NewSHAKE128()
		var rho [32]byte
		for b.Loop() {
			rejNTTPoly(h, &rho, 1, 2)
		}
	})
}

// BenchmarkRejBounded runs both halves of RejBoundedPoly on one SHAKE256
// block for η = 4 (accept, then the compaction of its 153 or so accepted
// half bytes).
func BenchmarkRejBounded(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		var buf [136]byte
		for i := range buf {
			buf[i] = byte(i * 37)
		}
		var accept [272]byte
		var f ringElement
		for b.Loop() {
			boundedAccept(&accept, &buf, 9)
			rejBounded(&f, 0, buf[:], accept[:], 4)
		}
	})
}

// BenchmarkRejBoundedPoly samples one polynomial of s₁ for η = 2 and η = 4,
// SHAKE256 included.
func BenchmarkRejBoundedPoly(b *testing.B) {
	for _, eta := range []int{2, 4} {
		b.Run(map[int]string{2: "eta2", 4: "eta4"}[eta], func(b *testing.B) {
			cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
				h := sha3.NewSHAKE256()
				var rhoPrime [64]byte
				for b.Loop() {
					rejBoundedPoly(h, &rhoPrime, 1, eta)
				}
			})
		})
	}
}
