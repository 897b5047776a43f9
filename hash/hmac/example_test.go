package hmac_test

import (
	"encoding/hex"
	"fmt"

	"github.com/crypton-go/crypton/hash/hmac"
	"github.com/crypton-go/crypton/hash/sha256"
)

func ExampleNew() {
	key := []byte("Jefe")
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("what do ya want for nothing?"))
	fmt.Printf("%x\n", mac.Sum(nil))
	// Output: 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843
}

func ExampleEqual() {
	// validMAC reports whether messageMAC is the HMAC-SHA-256 of message
	// under key. It compares with Equal, whose time does not depend on how
	// many leading bytes of a forged MAC are right.
	validMAC := func(message, messageMAC, key []byte) bool {
		mac := hmac.New(sha256.New, key)
		mac.Write(message)
		return hmac.Equal(messageMAC, mac.Sum(nil))
	}

	key := []byte("Jefe")
	msg := []byte("what do ya want for nothing?")
	tag, _ := hex.DecodeString("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
	fmt.Println(validMAC(msg, tag, key))
	tag[0] ^= 1
	fmt.Println(validMAC(msg, tag, key))
	// Output:
	// true
	// false
}
