package aesgcmsiv_test

import (
	"encoding/hex"
	"fmt"

	"github.com/crypton-go/crypton/aead/aesgcmsiv"
)

// Sealing and opening a message. The key, nonce and additional data are
// those of RFC 8452, Appendix C.1 (its eighth vector); the output is the
// ciphertext and tag that the RFC lists.
func ExampleNew() {
	key, _ := hex.DecodeString("01000000000000000000000000000000")
	nonce, _ := hex.DecodeString("030000000000000000000000")
	aead, err := aesgcmsiv.New(key)
	if err != nil {
		panic(err)
	}
	plaintext, _ := hex.DecodeString("0200000000000000")
	ad := []byte{0x01}
	sealed := aead.Seal(nil, nonce, plaintext, ad)
	fmt.Printf("%x\n", sealed)

	opened, err := aead.Open(nil, nonce, sealed, ad)
	fmt.Printf("%x %v\n", opened, err)

	sealed[0] ^= 1
	_, err = aead.Open(nil, nonce, sealed, ad)
	fmt.Println(err)
	// Output:
	// 1e6daba35669f4273b0a1a2560969cdf790d99759abd1508
	// 0200000000000000 <nil>
	// aesgcmsiv: message authentication failed
}

// AES-GCM-SIV resists nonce misuse: sealing two messages under the same
// nonce reveals only whether they are equal. Nonces should still be
// unique; this shows what a repetition does and does not give away.
func ExampleNew_nonceReuse() {
	aead, err := aesgcmsiv.New(make([]byte, 32)) // in practice, a random key
	if err != nil {
		panic(err)
	}
	nonce := make([]byte, aead.NonceSize())
	a := aead.Seal(nil, nonce, []byte("attack at dawn"), nil)
	b := aead.Seal(nil, nonce, []byte("attack at dusk"), nil)
	c := aead.Seal(nil, nonce, []byte("attack at dawn"), nil)
	fmt.Println(string(a) == string(c), string(a[:9]) == string(b[:9]))
	// Output:
	// true false
}
