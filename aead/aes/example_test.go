package aes_test

import (
	"crypto/cipher"
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

// crypto/cipher's AES-GCM over this package's Block runs crypton's AES-GCM
// (the Block's NewGCM method). The key, nonce, plaintext and additional
// data are test case 4 of the GCM specification, whose tag this prints.
func ExampleNewCipher_gcm() {
	key, _ := hex.DecodeString("feffe9928665731c6d6a8f9467308308")
	nonce, _ := hex.DecodeString("cafebabefacedbaddecaf888")
	plaintext, _ := hex.DecodeString("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72" +
		"1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
	ad, _ := hex.DecodeString("feedfacedeadbeeffeedfacedeadbeefabaddad2")

	block, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	sealed := aead.Seal(nil, nonce, plaintext, ad)
	fmt.Printf("%x\n", sealed[len(plaintext):])
	// Output: 5bc94fbc3221a5db94fae95ae7121a47
}

// crypto/cipher's counter mode over this package's Block runs crypton's
// (the Block's NewCTR method). The key, counter block and plaintext are
// the first block of NIST SP 800-38A, Appendix F.5.1 (CTR-AES128.Encrypt).
func ExampleNewCipher_ctr() {
	key, _ := hex.DecodeString("2b7e151628aed2a6abf7158809cf4f3c")
	iv, _ := hex.DecodeString("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")
	plaintext, _ := hex.DecodeString("6bc1bee22e409f96e93d7e117393172a")

	block, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	ciphertext := make([]byte, len(plaintext))
	cipher.NewCTR(block, iv).XORKeyStream(ciphertext, plaintext)
	fmt.Printf("%x\n", ciphertext)
	// Output: 874d6191b620e3261bef6864990db6ce
}
