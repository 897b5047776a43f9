package mldsa_test

import (
	"crypto"
	"fmt"
	"log"

	"github.com/crypton-go/crypton/pq/mldsa"
)

func Example() {
	// The signer generates a key pair and publishes the public key.
	sk, err := mldsa.GenerateKey(mldsa.MLDSA65())
	if err != nil {
		log.Fatal(err)
	}
	publicKey := sk.PublicKey().Bytes()

	// The signer signs a message, in the context of its application.
	message := []byte("the message")
	opts := &mldsa.Options{Context: "example application"}
	sig, err := sk.Sign(nil, message, opts)
	if err != nil {
		log.Fatal(err)
	}

	// The verifier parses the public key and checks the signature, in the
	// same context.
	pk, err := mldsa.NewPublicKey(mldsa.MLDSA65(), publicKey)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(mldsa.Verify(pk, message, sig, opts))
	fmt.Println(mldsa.Verify(pk, message, sig, nil) != nil) // another context
	fmt.Println(len(publicKey), len(sig))
	// Output:
	// <nil>
	// true
	// 1952 3309
}

// A private key is stored as its 32-byte seed and restored from it.
func ExampleNewPrivateKey() {
	sk, err := mldsa.GenerateKey(mldsa.MLDSA44())
	if err != nil {
		log.Fatal(err)
	}
	seed := sk.Bytes() // keep secret

	restored, err := mldsa.NewPrivateKey(mldsa.MLDSA44(), seed)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(restored.Equal(sk), restored.PublicKey().Equal(sk.PublicKey()))
	// Output: true true
}

// A private key is a crypto.Signer, for code that signs with any kind of
// key.
func ExamplePrivateKey_Sign() {
	sk, err := mldsa.GenerateKey(mldsa.MLDSA87())
	if err != nil {
		log.Fatal(err)
	}
	var signer crypto.Signer = sk
	sig, err := signer.Sign(nil, []byte("message"), nil) // nil options: the empty context
	if err != nil {
		log.Fatal(err)
	}
	pk := signer.Public().(*mldsa.PublicKey)
	fmt.Println(pk.Parameters(), mldsa.Verify(pk, []byte("message"), sig, nil))
	// Output: ML-DSA-87 <nil>
}

// With an external μ, the message is hashed where it is, with only the
// public key, and the 64-byte μ is sent to be signed where the private key
// is.
func ExampleComputeMu() {
	sk, err := mldsa.GenerateKey(mldsa.MLDSA65())
	if err != nil {
		log.Fatal(err)
	}
	pk := sk.PublicKey()

	message := []byte("a long document")
	opts := &mldsa.Options{Context: "documents"}
	mu, err := mldsa.ComputeMu(pk, message, opts)
	if err != nil {
		log.Fatal(err)
	}

	sig, err := sk.SignMu(nil, mu)
	if err != nil {
		log.Fatal(err)
	}

	// The signature is an ordinary signature of the message.
	fmt.Println(mldsa.Verify(pk, message, sig, opts), mldsa.VerifyMu(pk, mu, sig))
	// Output: <nil> <nil>
}

// Deterministic signatures depend on the key and the message only.
func ExamplePrivateKey_SignDeterministic() {
	seed := make([]byte, mldsa.PrivateKeySize) // an example only: a real seed is random and secret
	sk, err := mldsa.NewPrivateKey(mldsa.MLDSA44(), seed)
	if err != nil {
		log.Fatal(err)
	}
	sig1, _ := sk.SignDeterministic([]byte("message"), nil)
	sig2, _ := sk.SignDeterministic([]byte("message"), nil)
	fmt.Printf("%t %x\n", string(sig1) == string(sig2), sig1[:8])
	// Output: true b915104c0a734447
}
