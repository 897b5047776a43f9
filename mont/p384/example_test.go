package p384_test

import (
	"fmt"

	"github.com/crypton-go/crypton/mont/p384"
)

// Check that the base point G satisfies the curve equation y² = x³ − 3x + b.
func Example() {
	x, y := p384.GeneratorX(), p384.GeneratorY()
	var lhs, rhs, three p384.Element
	lhs.Square(y)
	rhs.Square(x)
	rhs.Mul(&rhs, x) // x³
	three.One()
	three.Add(&three, new(p384.Element).One())
	three.Add(&three, new(p384.Element).One())
	rhs.Sub(&rhs, three.Mul(&three, x))
	rhs.Add(&rhs, p384.CurveB())
	fmt.Println(lhs.Equal(&rhs))
	// Output: 1
}

// Decompress G: recover y from x and the parity of y, as SEC 1 does.
func ExampleElement_Sqrt() {
	x := p384.GeneratorX()
	var y2, t, three p384.Element
	y2.Square(x)
	y2.Mul(&y2, x)
	three.One()
	three.Add(&three, new(p384.Element).One())
	three.Add(&three, new(p384.Element).One())
	y2.Sub(&y2, t.Mul(&three, x))
	y2.Add(&y2, p384.CurveB())
	y, ok := new(p384.Element).Sqrt(&y2)
	if y.IsOdd() != p384.GeneratorY().IsOdd() {
		y.Negate(y)
	}
	fmt.Println(ok, y.Equal(p384.GeneratorY()))
	// Output: 1 1
}

// Reduce a digest modulo the group order and invert it, as ECDSA does.
func ExampleScalar_SetBytesReduced() {
	digest := make([]byte, p384.ScalarSize)
	for i := range digest {
		digest[i] = 0xff
	}
	var e, inv, one p384.Scalar
	e.SetBytesReduced(digest)
	inv.Invert(&e)
	fmt.Println(inv.Mul(&inv, &e).Equal(one.One()))
	// Output: 1
}
