package mlkem_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/crypton-go/crypton/pq/mlkem"
)

func Example() {
	// Alice generates a new key pair and sends the encapsulation key to Bob.
	dk, err := mlkem.GenerateKey768()
	if err != nil {
		log.Fatal(err)
	}
	encapsulationKey := dk.EncapsulationKey().Bytes()

	// Bob uses the encapsulation key to encapsulate a shared secret, and
	// sends the ciphertext back to Alice.
	ek, err := mlkem.NewEncapsulationKey768(encapsulationKey)
	if err != nil {
		log.Fatal(err)
	}
	bobSharedKey, ciphertext := ek.Encapsulate()

	// Alice decapsulates the shared secret from the ciphertext.
	aliceSharedKey, err := dk.Decapsulate(ciphertext)
	if err != nil {
		log.Fatal(err)
	}

	fmt.Println(bytes.Equal(aliceSharedKey, bobSharedKey), len(ciphertext))
	// Output: true 1088
}

// A decapsulation key is stored as its 64-byte seed and restored from it.
func ExampleNewDecapsulationKey768() {
	dk, err := mlkem.GenerateKey768()
	if err != nil {
		log.Fatal(err)
	}
	seed := dk.Bytes() // keep secret

	restored, err := mlkem.NewDecapsulationKey768(seed)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(bytes.Equal(restored.EncapsulationKey().Bytes(), dk.EncapsulationKey().Bytes()))
	// Output: true
}
