package p256_test

import (
	"fmt"

	"github.com/crypton-go/crypton/mont/p256"
)

// Check that the base point G satisfies the curve equation y² = x³ − 3x + b.
func Example() {
	x, y := p256.GeneratorX(), p256.GeneratorY()
	var lhs, rhs, three p256.Element
	lhs.Square(y)
	rhs.Square(x)
	rhs.Mul(&rhs, x) // x³
	three.One()
	three.Add(&three, new(p256.Element).One())
	three.Add(&three, new(p256.Element).One())
	rhs.Sub(&rhs, three.Mul(&three, x))
	rhs.Add(&rhs, p256.CurveB())
	fmt.Println(lhs.Equal(&rhs))
	// Output: 1
}

// Decompress G: recover y from x and the parity of y, as SEC 1 does.
func ExampleElement_Sqrt() {
	x := p256.GeneratorX()
	var y2, t, three p256.Element
	y2.Square(x)
	y2.Mul(&y2, x)
	three.One()
	three.Add(&three, new(p256.Element).One())
	three.Add(&three, new(p256.Element).One())
	y2.Sub(&y2, t.Mul(&three, x))
	y2.Add(&y2, p256.CurveB())
	y, ok := new(p256.Element).Sqrt(&y2)
	if y.IsOdd() != p256.GeneratorY().IsOdd() {
		y.Negate(y)
	}
	fmt.Println(ok, y.Equal(p256.GeneratorY()))
	// Output: 1 1
}

// Reduce a digest modulo the group order and invert it, as ECDSA does.
func ExampleScalar_SetBytesReduced() {
	digest := make([]byte, p256.ScalarSize)
	for i := range digest {
		digest[i] = 0xff
	}
	var e, inv, one p256.Scalar
	e.SetBytesReduced(digest)
	inv.Invert(&e)
	fmt.Println(inv.Mul(&inv, &e).Equal(one.One()))
	// Output: 1
}

// Invert the s of an ECDSA signature, a public value, as verification
// does: InvertVarTime is faster than Invert, but its time depends on s, so
// it must never see a secret (such as the nonce k in signing).
func ExampleScalar_InvertVarTime() {
	sBytes := make([]byte, p256.ScalarSize)
	sBytes[p256.ScalarSize-1] = 3
	s, err := new(p256.Scalar).SetBytes(sBytes)
	if err != nil {
		panic(err)
	}
	w := new(p256.Scalar).InvertVarTime(s)
	fmt.Println(new(p256.Scalar).Mul(w, s).Equal(new(p256.Scalar).One()))
	fmt.Println(w.Equal(new(p256.Scalar).Invert(s)))
	// Output:
	// 1
	// 1
}
