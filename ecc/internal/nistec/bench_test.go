package nistec

import (
	"bytes"
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
	"github.com/crypton-go/crypton/mont/p256"
	"github.com/crypton-go/crypton/mont/p384"
	"github.com/crypton-go/crypton/mont/p521"
)

// benchScalar is a fixed scalar of size bytes below every group order.
func benchScalar(size int) []byte {
	k := bytes.Repeat([]byte{0x5a}, size)
	k[0] = 0x01
	return k
}

func benchCurve[E any, PE fieldElement[E], C curveParams[E]](b *testing.B) {
	c := params[E, C]()
	k := benchScalar(c.scalarSize)
	g := newGenerator[E, PE, C]()
	q := newPoint[E, PE, C]().Double(g)
	p := newPoint[E, PE, C]()
	p.ScalarBaseMult(k)                 // build the table
	p.ScalarBaseMultAddVarTime(k, q, k) // and the other one
	b.Run("ScalarMult", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			p.ScalarMult(q, k)
		}
	})
	b.Run("ScalarBaseMult", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			p.ScalarBaseMult(k)
		}
	})
	b.Run("ScalarBaseMultAddVarTime", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			p.ScalarBaseMultAddVarTime(k, q, k)
		}
	})
	t := new(addTemps[E])
	b.Run("Add", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			p.add(p, q, t)
		}
	})
	b.Run("Double", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			p.double(p, t)
		}
	})
	var x, y E
	PE(&x).Set(c.gx)
	PE(&y).Set(c.gy)
	b.Run("FieldMul", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			PE(&x).Mul(&x, &y)
		}
	})
	b.Run("FieldAdd", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			PE(&x).Add(&x, &y)
		}
	})
	b.Run("FieldSelect", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			PE(&x).Select(&x, &y, 1)
		}
	})
}

func BenchmarkP256(b *testing.B) { benchCurve[p256.Element, *p256.Element, p256Curve](b) }
func BenchmarkP384(b *testing.B) { benchCurve[p384.Element, *p384.Element, p384Curve](b) }
func BenchmarkP521(b *testing.B) { benchCurve[p521.Element, *p521.Element, p521Curve](b) }
