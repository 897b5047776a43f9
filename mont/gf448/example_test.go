package gf448_test

import (
	"fmt"

	"github.com/crypton-go/crypton/mont/gf448"
)

// Compute the public key of RFC 7748, Section 6.2's Alice: her clamped
// private scalar times the base point u = 5.
func ExampleX448Ladder() {
	scalar := [56]byte{
		0x9a, 0x8f, 0x49, 0x25, 0xd1, 0x51, 0x9f, 0x57, 0x75, 0xcf, 0x46, 0xb0, 0x4b, 0x58, 0x00, 0xd4,
		0xee, 0x9e, 0xe8, 0xba, 0xe8, 0xbc, 0x55, 0x65, 0xd4, 0x98, 0xc2, 0x8d, 0xd9, 0xc9, 0xba, 0xf5,
		0x74, 0xa9, 0x41, 0x97, 0x44, 0x89, 0x73, 0x91, 0x00, 0x63, 0x82, 0xa6, 0xf1, 0x27, 0xab, 0x1d,
		0x9a, 0xc2, 0xd8, 0xc0, 0xa5, 0x98, 0x72, 0x6b,
	}
	scalar[0] &= 252
	scalar[55] |= 128
	var u, pub gf448.Element
	u.SetBytes([]byte{5, 55: 0})
	gf448.X448Ladder(&pub, &scalar, &u)
	fmt.Printf("%x\n", pub.Bytes())
	// Output: 9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0
}

// Square roots with SqrtRatio: 4/1 is a square, −1 is not (p ≡ 3 mod 4).
func ExampleElement_SqrtRatio() {
	var four, minusOne, one, r gf448.Element
	one.One()
	four.Add(&one, &one)
	four.Add(&four, &four)
	minusOne.Negate(&one)
	_, ok := r.SqrtRatio(&four, &one)
	fmt.Println(r.Bytes()[0], ok)
	_, ok = r.SqrtRatio(&minusOne, &one)
	fmt.Println(ok)
	// Output:
	// 2 1
	// 0
}
