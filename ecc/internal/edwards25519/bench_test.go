package edwards25519

import (
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

func BenchmarkScalarBaseMult(b *testing.B) {
	s := randScalar(rand.New(rand.NewPCG(1, 2)))
	var p Point
	cryptotest.CPUTime(b)
	for b.Loop() {
		p.ScalarBaseMult(s)
	}
}

func BenchmarkScalarMult(b *testing.B) {
	s := randScalar(rand.New(rand.NewPCG(1, 2)))
	p := NewGeneratorPoint()
	cryptotest.CPUTime(b)
	for b.Loop() {
		p.ScalarMult(s, p)
	}
}

func BenchmarkVarTimeDoubleScalarBaseMult(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	s, t := randScalar(r), randScalar(r)
	p := NewGeneratorPoint()
	cryptotest.CPUTime(b)
	for b.Loop() {
		p.VarTimeDoubleScalarBaseMult(s, p, t)
	}
}

func BenchmarkSetBytes(b *testing.B) {
	enc := NewGeneratorPoint().Bytes()
	var p Point
	cryptotest.CPUTime(b)
	for b.Loop() {
		p.SetBytes(enc)
	}
}

func BenchmarkBytes(b *testing.B) {
	p := NewGeneratorPoint()
	var out [32]byte
	cryptotest.CPUTime(b)
	for b.Loop() {
		p.bytes(&out)
	}
}
