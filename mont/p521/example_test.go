package p521_test

import (
	"fmt"

	"github.com/crypton-go/crypton/mont/p521"
)

// Check that the base point G satisfies the curve equation y² = x³ − 3x + b.
func Example() {
	x, y := p521.GeneratorX(), p521.GeneratorY()
	var lhs, rhs, three p521.Element
	lhs.Square(y)
	rhs.Square(x)
	rhs.Mul(&rhs, x) // x³
	three.One()
	three.Add(&three, new(p521.Element).One())
	three.Add(&three, new(p521.Element).One())
	rhs.Sub(&rhs, three.Mul(&three, x))
	rhs.Add(&rhs, p521.CurveB())
	fmt.Println(lhs.Equal(&rhs))
	// Output: 1
}

// Decompress G: recover y from x and the parity of y, as SEC 1 does.
func ExampleElement_Sqrt() {
	x := p521.GeneratorX()
	var y2, t, three p521.Element
	y2.Square(x)
	y2.Mul(&y2, x)
	three.One()
	three.Add(&three, new(p521.Element).One())
	three.Add(&three, new(p521.Element).One())
	y2.Sub(&y2, t.Mul(&three, x))
	y2.Add(&y2, p521.CurveB())
	y, ok := new(p521.Element).Sqrt(&y2)
	if y.IsOdd() != p521.GeneratorY().IsOdd() {
		y.Negate(y)
	}
	fmt.Println(ok, y.Equal(p521.GeneratorY()))
	// Output: 1 1
}

// Reduce a digest modulo the group order and invert it, as ECDSA does.
func ExampleScalar_SetBytesReduced() {
	digest := make([]byte, p521.ScalarSize)
	for i := range digest {
		digest[i] = 0xff
	}
	var e, inv, one p521.Scalar
	e.SetBytesReduced(digest)
	inv.Invert(&e)
	fmt.Println(inv.Mul(&inv, &e).Equal(one.One()))
	// Output: 1
}
