package edwards448

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

func benchScalar(b *testing.B, r *rand.Rand) *Scalar {
	return scalarFromBig(b, new(big.Int).Mod(fromLE(randBytes(r, 57)), bigL))
}

func BenchmarkScalarBaseMult(b *testing.B) {
	s := benchScalar(b, rand.New(rand.NewPCG(1, 2)))
	var p Point
	basepointTables()
	cryptotest.CPUTime(b)
	for b.Loop() {
		p.ScalarBaseMult(s)
	}
}

func BenchmarkScalarMult(b *testing.B) {
	s := benchScalar(b, rand.New(rand.NewPCG(1, 2)))
	p := NewGeneratorPoint()
	cryptotest.CPUTime(b)
	for b.Loop() {
		p.ScalarMult(s, p)
	}
}

func BenchmarkVarTimeDoubleScalarBaseMult(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	s, t := benchScalar(b, r), benchScalar(b, r)
	p := NewGeneratorPoint()
	basepointTables()
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
	var out [PointSize]byte
	cryptotest.CPUTime(b)
	for b.Loop() {
		p.bytes(&out)
	}
}

func BenchmarkScalarMultiplyAdd(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	s, t := benchScalar(b, r), benchScalar(b, r)
	cryptotest.CPUTime(b)
	for b.Loop() {
		s.MultiplyAdd(s, t, t)
	}
}

func BenchmarkBaseTables(b *testing.B) {
	cryptotest.CPUTime(b)
	for b.Loop() {
		initBaseTables()
	}
}
