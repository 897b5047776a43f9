package mlkem_test

import (
	stdmlkem "crypto/mlkem"
	"testing"

	"github.com/crypton-go/crypton/pq/mlkem"
)

// The benchmarks of Go's crypto/mlkem beside crypton's, for side-by-side
// runs: go test -bench . -count 5 | benchstat.

func BenchmarkKeyGen(b *testing.B) {
	seed := make([]byte, 64)
	b.Run("ML-KEM-512", func(b *testing.B) {
		for b.Loop() {
			mlkem.NewDecapsulationKey512(seed)
		}
	})
	b.Run("ML-KEM-768", func(b *testing.B) {
		for b.Loop() {
			mlkem.NewDecapsulationKey768(seed)
		}
	})
	b.Run("ML-KEM-768/stdlib", func(b *testing.B) {
		for b.Loop() {
			stdmlkem.NewDecapsulationKey768(seed)
		}
	})
	b.Run("ML-KEM-1024", func(b *testing.B) {
		for b.Loop() {
			mlkem.NewDecapsulationKey1024(seed)
		}
	})
	b.Run("ML-KEM-1024/stdlib", func(b *testing.B) {
		for b.Loop() {
			stdmlkem.NewDecapsulationKey1024(seed)
		}
	})
}

func BenchmarkEncapsulate(b *testing.B) {
	seed := make([]byte, 64)
	dk512, _ := mlkem.NewDecapsulationKey512(seed)
	dk768, _ := mlkem.NewDecapsulationKey768(seed)
	sdk768, _ := stdmlkem.NewDecapsulationKey768(seed)
	dk1024, _ := mlkem.NewDecapsulationKey1024(seed)
	sdk1024, _ := stdmlkem.NewDecapsulationKey1024(seed)
	// Parsing the key is part of an encapsulation to a peer's key.
	b.Run("ML-KEM-512", func(b *testing.B) {
		ek := dk512.EncapsulationKey().Bytes()
		for b.Loop() {
			k, _ := mlkem.NewEncapsulationKey512(ek)
			k.Encapsulate()
		}
	})
	b.Run("ML-KEM-768", func(b *testing.B) {
		ek := dk768.EncapsulationKey().Bytes()
		for b.Loop() {
			k, _ := mlkem.NewEncapsulationKey768(ek)
			k.Encapsulate()
		}
	})
	b.Run("ML-KEM-768/stdlib", func(b *testing.B) {
		ek := sdk768.EncapsulationKey().Bytes()
		for b.Loop() {
			k, _ := stdmlkem.NewEncapsulationKey768(ek)
			k.Encapsulate()
		}
	})
	b.Run("ML-KEM-1024", func(b *testing.B) {
		ek := dk1024.EncapsulationKey().Bytes()
		for b.Loop() {
			k, _ := mlkem.NewEncapsulationKey1024(ek)
			k.Encapsulate()
		}
	})
	b.Run("ML-KEM-1024/stdlib", func(b *testing.B) {
		ek := sdk1024.EncapsulationKey().Bytes()
		for b.Loop() {
			k, _ := stdmlkem.NewEncapsulationKey1024(ek)
			k.Encapsulate()
		}
	})
}

func BenchmarkDecapsulate(b *testing.B) {
	seed := make([]byte, 64)
	dk512, _ := mlkem.NewDecapsulationKey512(seed)
	dk768, _ := mlkem.NewDecapsulationKey768(seed)
	sdk768, _ := stdmlkem.NewDecapsulationKey768(seed)
	dk1024, _ := mlkem.NewDecapsulationKey1024(seed)
	sdk1024, _ := stdmlkem.NewDecapsulationKey1024(seed)
	b.Run("ML-KEM-512", func(b *testing.B) {
		_, c := dk512.EncapsulationKey().Encapsulate()
		for b.Loop() {
			dk512.Decapsulate(c)
		}
	})
	b.Run("ML-KEM-768", func(b *testing.B) {
		_, c := dk768.EncapsulationKey().Encapsulate()
		for b.Loop() {
			dk768.Decapsulate(c)
		}
	})
	b.Run("ML-KEM-768/stdlib", func(b *testing.B) {
		_, c := sdk768.EncapsulationKey().Encapsulate()
		for b.Loop() {
			sdk768.Decapsulate(c)
		}
	})
	b.Run("ML-KEM-1024", func(b *testing.B) {
		_, c := dk1024.EncapsulationKey().Encapsulate()
		for b.Loop() {
			dk1024.Decapsulate(c)
		}
	})
	b.Run("ML-KEM-1024/stdlib", func(b *testing.B) {
		_, c := sdk1024.EncapsulationKey().Encapsulate()
		for b.Loop() {
			sdk1024.Decapsulate(c)
		}
	})
}
