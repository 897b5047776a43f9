package mlkem

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// Benchmarks of the kernels, for every implementation.

func BenchmarkNTT(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		var a nttElement
		for b.Loop() {
			nttInPlace(&a)
		}
	})
}

func BenchmarkInverseNTT(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		var f ringElement
		for b.Loop() {
			inverseNTTInPlace(&f)
		}
	})
}

func BenchmarkDotNTT3(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		var out nttElement
		a := make([]nttElement, 3)
		for b.Loop() {
			dotNTT(&out, a, 1, a)
		}
	})
}

func BenchmarkSampleNTT(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		var rho [32]byte
		for b.Loop() {
			sampleNTT(&rho, 1, 2)
		}
	})
}

func BenchmarkRejSample(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		var buf [504]byte
		for i := range buf {
			buf[i] = byte(i * 7)
		}
		var a nttElement
		for b.Loop() {
			rejSample(&a, 0, buf[:])
		}
	})
}

func BenchmarkEncode12(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		f := nttElement(randomPoly(rand.New(rand.NewPCG(1, 2))))
		buf := make([]byte, 0, 384)
		for b.Loop() {
			encode12(buf, &f)
		}
	})
}

func BenchmarkDecode12Checked(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		f := nttElement(randomPoly(rand.New(rand.NewPCG(1, 2))))
		enc := encode12Generic(nil, &f)
		for b.Loop() {
			if decode12Checked(&f, enc) != nil {
				b.Fatal("valid encoding rejected")
			}
		}
	})
}

func BenchmarkDecode12Reduce(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		f := nttElement(randomPoly(rand.New(rand.NewPCG(1, 2))))
		enc := encode12Generic(nil, &f)
		for b.Loop() {
			decode12Reduce(&f, enc)
		}
	})
}

func BenchmarkEncodeCompressed(b *testing.B) {
	for _, d := range []uint{1, 4, 5, 10, 11} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
				f := randomPoly(rand.New(rand.NewPCG(1, 2)))
				buf := make([]byte, 0, encodedSize(d))
				for b.Loop() {
					encodeCompressed(buf, &f, d)
				}
			})
		})
	}
}

func BenchmarkDecodeDecompressed(b *testing.B) {
	for _, d := range []uint{1, 4, 5, 10, 11} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
				f := randomPoly(rand.New(rand.NewPCG(1, 2)))
				enc := encodeCompressedGeneric(nil, &f, d)
				for b.Loop() {
					decodeDecompressed(&f, enc, d)
				}
			})
		})
	}
}

func BenchmarkSamplePolyCBD(b *testing.B) {
	for _, eta := range []int{2, 3} {
		b.Run(fmt.Sprintf("eta=%d", eta), func(b *testing.B) {
			cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
				buf := make([]byte, 64*eta)
				for i := range buf {
					buf[i] = byte(i * 11)
				}
				for b.Loop() {
					samplePolyCBD(buf, eta)
				}
			})
		})
	}
}
