package aes_test

import (
	"encoding/hex"
	"fmt"

	"github.com/crypton-go/crypton/aead/aes"
)

// Encrypting and decrypting one block with the example key and plaintext of
// FIPS 197, Appendix C.1.
func ExampleNewCipher() {
	key, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f")
	plaintext, _ := hex.DecodeString("00112233445566778899aabbccddeeff")

	block, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	ciphertext := make([]byte, aes.BlockSize)
	block.Encrypt(ciphertext, plaintext)
	fmt.Printf("%x\n", ciphertext)

	decrypted := make([]byte, aes.BlockSize)
	block.Decrypt(decrypted, ciphertext)
	fmt.Printf("%x\n", decrypted)
	// Output:
	// 69c4e0d86a7b0430d8cdb78070b4c55a
	// 00112233445566778899aabbccddeeff
}

func ExampleKeySizeError() {
	_, err := aes.NewCipher(make([]byte, 20))
	fmt.Println(err)
	// Output: aes: invalid key size 20
}
