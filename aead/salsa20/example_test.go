package salsa20_test

import (
	"fmt"

	"github.com/crypton-go/crypton/aead/salsa20"
)

func ExampleXORKeyStream() {
	// The key must be secret, and a key and nonce must never encrypt two
	// messages. XSalsa20's 24-byte nonces may be chosen at random.
	key := [32]byte([]byte("this is 32-byte key for xsalsa20"))
	nonce := []byte("24-byte nonce for xsalsa")

	msg := []byte("Hello world!")
	ct := make([]byte, len(msg))
	salsa20.XORKeyStream(ct, msg, nonce, &key)
	fmt.Printf("%x\n", ct)

	// Decryption is the same operation, here in place.
	salsa20.XORKeyStream(ct, ct, nonce, &key)
	fmt.Printf("%s\n", ct)
	// Output:
	// 002d4513843fc240c401e541
	// Hello world!
}

func ExampleCore8() {
	// One application of the Salsa20/8 core, as in scrypt's BlockMix.
	var b [64]byte
	b[0] = 1
	salsa20.Core8(&b, &b)
	fmt.Printf("%x\n", b[:8])
}
