package mldsa

import (
	"fmt"
	"math/rand/v2"
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

// BenchmarkPackBits packs a polynomial for each width of ML-DSA: η (3, 4),
// w₁ (4, 6), t₁ (10), t₀ (13) and z (18, 20).
func BenchmarkPackBits(b *testing.B) {
	for _, bits := range []uint{3, 4, 6, 10, 13, 18, 20} {
		b.Run(fmt.Sprint(bits), func(b *testing.B) {
			cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
				var v [n]uint32
				for i := range v {
					v[i] = uint32(i) * 2654435761 & (1<<bits - 1)
				}
				var out [32 * 20]byte
				for b.Loop() {
					packBits(out[:0], &v, bits)
				}
			})
		})
	}
}

// BenchmarkUnpackBits unpacks a polynomial for each width of ML-DSA.
func BenchmarkUnpackBits(b *testing.B) {
	for _, bits := range []uint{3, 4, 10, 13, 18, 20} {
		b.Run(fmt.Sprint(bits), func(b *testing.B) {
			cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
				in := make([]byte, packedSize(bits))
				for i := range in {
					in[i] = byte(i * 37)
				}
				var v [n]uint32
				for b.Loop() {
					unpackBits(&v, in, bits)
				}
			})
		})
	}
}

// BenchmarkPackCentered packs a polynomial of z for γ₁ = 2¹⁹.
func BenchmarkPackCentered(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		var f ringElement
		var out [32 * 20]byte
		for b.Loop() {
			packCentered(out[:0], &f, 1<<19, 20)
		}
	})
}

// BenchmarkUnpackCentered unpacks a polynomial of z for γ₁ = 2¹⁹, with its
// bound check.
func BenchmarkUnpackCentered(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		in := make([]byte, packedSize(20))
		for i := range in {
			in[i] = byte(i * 37)
		}
		var f ringElement
		for b.Loop() {
			unpackCentered(&f, in, 1<<19, 20, 1<<20-1)
		}
	})
}

// The per-polynomial steps of Decompose, for γ₂ = (q−1)/32.

func BenchmarkHighBitsPoly(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		c := newDecomposer((q - 1) / 32)
		w := ringElement(randomPoly(rand.New(rand.NewPCG(1, 2))))
		var w1 [n]uint32
		for b.Loop() {
			highBitsPoly(&w1, &w, &c)
		}
	})
}

func BenchmarkSubLowBits(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		c := newDecomposer((q - 1) / 32)
		w := ringElement(randomPoly(rand.New(rand.NewPCG(1, 2))))
		var t ringElement
		for b.Loop() {
			subLowBits(&w, &t, &c, (q-1)/32-196)
		}
	})
}

func BenchmarkMakeHints(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		c := newDecomposer((q - 1) / 32)
		r := rand.New(rand.NewPCG(1, 2))
		w, t := ringElement(randomPoly(r)), ringElement(randomPoly(r))
		var h [n]byte
		for b.Loop() {
			makeHints(&h, &w, &t, &c)
		}
	})
}

func BenchmarkUseHintPoly(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		c := newDecomposer((q - 1) / 32)
		w := ringElement(randomPoly(rand.New(rand.NewPCG(1, 2))))
		var h [n]byte
		for i := range h {
			h[i] = byte(i % 2)
		}
		var w1 [n]uint32
		for b.Loop() {
			useHintPoly(&w1, &h, &w, &c)
		}
	})
}

func BenchmarkExceeds(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		f := ringElement(randomPoly(rand.New(rand.NewPCG(1, 2))))
		for b.Loop() {
			exceeds(&f, 1<<19-196)
		}
	})
}

func BenchmarkPower2RoundPoly(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		r := rand.New(rand.NewPCG(1, 2))
		t, s := ringElement(randomPoly(r)), ringElement(randomPoly(r))
		var t1 [n]uint32
		var t0 ringElement
		for b.Loop() {
			power2RoundPoly(&t1, &t0, &t, &s)
		}
	})
}
