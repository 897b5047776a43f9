package nistec

import (
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
	"github.com/crypton-go/crypton/mont/p256"
)

// doubleP256Concrete is double written for P-256 alone, without generics:
// BenchmarkGenericCost compares the two to measure what the dictionary
// calls of the generic code cost.
func doubleP256Concrete(p, a *P256Point, t *addTemps[p256.Element]) *P256Point {
	cb := p256.CurveB()
	t0, t1, t2, t3 := &t.t0, &t.t1, &t.t2, &t.t3
	x3, y3, z3 := &t.x3, &t.y3, &t.z3
	x, y, z := &a.x, &a.y, &a.z

	t0.Square(x)   // 1
	t1.Square(y)   // 2
	t2.Square(z)   // 3
	t3.Mul(x, y)   // 4
	t3.Add(t3, t3) // 5
	z3.Mul(x, z)   // 6
	z3.Add(z3, z3) // 7
	y3.Mul(cb, t2) // 8
	y3.Sub(y3, z3) // 9
	x3.Add(y3, y3) // 10
	y3.Add(x3, y3) // 11
	x3.Sub(t1, y3) // 12
	y3.Add(t1, y3) // 13
	y3.Mul(x3, y3) // 14
	x3.Mul(x3, t3) // 15
	t3.Add(t2, t2) // 16
	t2.Add(t2, t3) // 17
	z3.Mul(cb, z3) // 18
	z3.Sub(z3, t2) // 19
	z3.Sub(z3, t0) // 20
	t3.Add(z3, z3) // 21
	z3.Add(z3, t3) // 22
	t3.Add(t0, t0) // 23
	t0.Add(t3, t0) // 24
	t0.Sub(t0, t2) // 25
	t0.Mul(t0, z3) // 26
	y3.Add(y3, t0) // 27
	t0.Mul(y, z)   // 28
	t0.Add(t0, t0) // 29
	z3.Mul(t0, z3) // 30
	x3.Sub(x3, z3) // 31
	z3.Mul(t0, t1) // 32
	z3.Add(z3, z3) // 33
	z3.Add(z3, z3) // 34

	(&p.x).Set(x3)
	(&p.y).Set(y3)
	(&p.z).Set(z3)
	return p
}

func TestDoubleConcrete(t *testing.T) {
	g := NewP256Generator()
	want := NewP256Point().Double(g)
	got := doubleP256Concrete(NewP256Point(), g, new(addTemps[p256.Element]))
	if string(got.Bytes()) != string(want.Bytes()) {
		t.Fatal("doubleP256Concrete")
	}
}

func BenchmarkGenericCost(b *testing.B) {
	p := NewP256Generator()
	t := new(addTemps[p256.Element])
	b.Run("generic", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			p.double(p, t)
		}
	})
	b.Run("concrete", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			doubleP256Concrete(p, p, t)
		}
	})
}

// BenchmarkDoubleN compares five doublings with Algorithm 6 and doubleN(5).
func BenchmarkDoubleN(b *testing.B) {
	p := NewP256Generator()
	t := new(addTemps[p256.Element])
	b.Run("double5", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			for range 5 {
				p.double(p, t)
			}
		}
	})
	b.Run("doubleN5", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for b.Loop() {
			p.doubleN(p, 5, t)
		}
	})
}

func BenchmarkLookup(b *testing.B) {
	tab := baseTable[p256.Element, *p256.Element, p256Curve]()[:baseEntries]
	var out affinePoint[p256.Element]
	b.Run("P256/32", func(b *testing.B) {
		cryptotest.CPUTime(b)
		for i := 0; b.Loop(); i++ {
			p256Data.lookup(&out, tab, int32(i&31))
		}
	})
}
