package mont_test

import (
	"encoding/hex"
	"fmt"

	"github.com/crypton-go/crypton/mont"
)

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// Modular exponentiation with a secret exponent: 3^e mod p for the prime
// p = 2^127 - 1.
func ExampleNat_Exp() {
	p, err := mont.NewModulus(mustHex("7fffffffffffffffffffffffffffffff"))
	if err != nil {
		panic(err)
	}
	x := mont.NewNat().SetUint(3, p)
	e := mustHex("0100") // 256
	y := mont.NewNat().Exp(x, e, p)
	fmt.Printf("%x\n", y.Bytes(p))

	// Fermat: x^(p-1) = 1.
	pMinus1 := mustHex("7ffffffffffffffffffffffffffffffe")
	fmt.Println(mont.NewNat().Exp(x, pMinus1, p).IsOne())
	// Output:
	// 335cf66f681c4eaefb8b11632b494d08
	// 1
}

// Modular inverse modulo a prime, in constant time.
func ExampleNat_InversePrime() {
	p, _ := mont.NewModulus([]byte{251})
	a := mont.NewNat().SetUint(7, p)
	inv := mont.NewNat().InversePrime(a, p)
	fmt.Println(inv.Bytes(p)[0], mont.NewNat().Set(a).Mul(inv, p).IsOne())
	// Output: 36 1
}
