package gf25519_test

import (
	"fmt"

	"github.com/crypton-go/crypton/mont/gf25519"
)

// Compute the public key of RFC 7748, Section 6.1's Alice: her clamped
// private scalar times the base point u = 9.
func ExampleX25519Ladder() {
	scalar := [32]byte{
		0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
		0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a,
	}
	scalar[0] &= 248
	scalar[31] &= 127
	scalar[31] |= 64
	var u, pub gf25519.Element
	u.SetBytes([]byte{9, 31: 0})
	gf25519.X25519Ladder(&pub, &scalar, &u)
	fmt.Printf("%x\n", pub.Bytes())
	// Output: 8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a
}

// Square roots with SqrtRatio: 4/1 is a square, 2 is not (p ≡ 5 mod 8).
func ExampleElement_SqrtRatio() {
	var four, two, one, r gf25519.Element
	one.One()
	two.Add(&one, &one)
	four.Add(&two, &two)
	_, ok := r.SqrtRatio(&four, &one)
	fmt.Println(r.Bytes()[0], ok)
	_, ok = r.SqrtRatio(&two, &one)
	fmt.Println(ok)
	// Output:
	// 2 1
	// 0
}
