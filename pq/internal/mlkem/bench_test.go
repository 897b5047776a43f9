package mlkem

import (
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
