package mlkem_test

import (
	"bytes"
	stdmlkem "crypto/mlkem"
	"testing"

	"github.com/crypton-go/crypton/pq/mlkem"
)

// FuzzNewEncapsulationKey parses arbitrary bytes as encapsulation keys of
// every parameter set: never a panic; ML-KEM-768 and ML-KEM-1024 accept
// exactly what Go's crypto/mlkem accepts, and an accepted key encodes back
// to its input.
func FuzzNewEncapsulationKey(f *testing.F) {
	dk, _ := mlkem.GenerateKey768()
	f.Add(dk.EncapsulationKey().Bytes())
	f.Add(bytes.Repeat([]byte{0xff}, mlkem.EncapsulationKeySize1024))
	f.Add(make([]byte, mlkem.EncapsulationKeySize512))
	f.Fuzz(func(t *testing.T, b []byte) {
		if k, err := mlkem.NewEncapsulationKey512(b); err == nil && !bytes.Equal(k.Bytes(), b) {
			t.Fatal("ML-KEM-512 key does not encode back to its input")
		}
		k768, err := mlkem.NewEncapsulationKey768(b)
		_, serr := stdmlkem.NewEncapsulationKey768(b)
		if (err == nil) != (serr == nil) {
			t.Fatalf("ML-KEM-768: crypton %v, Go %v", err, serr)
		}
		if err == nil && !bytes.Equal(k768.Bytes(), b) {
			t.Fatal("ML-KEM-768 key does not encode back to its input")
		}
		k1024, err := mlkem.NewEncapsulationKey1024(b)
		_, serr = stdmlkem.NewEncapsulationKey1024(b)
		if (err == nil) != (serr == nil) {
			t.Fatalf("ML-KEM-1024: crypton %v, Go %v", err, serr)
		}
		if err == nil && !bytes.Equal(k1024.Bytes(), b) {
			t.Fatal("ML-KEM-1024 key does not encode back to its input")
		}
	})
}

// FuzzDecapsulate decapsulates arbitrary ciphertexts with a key from an
// arbitrary seed: the shared key equals Go's crypto/mlkem's (the real one
// or the implicit-rejection one), and a wrong length is an error.
func FuzzDecapsulate(f *testing.F) {
	seed := make([]byte, mlkem.SeedSize)
	dk, _ := mlkem.NewDecapsulationKey768(seed)
	_, c := dk.EncapsulationKey().Encapsulate()
	f.Add(seed, c)
	f.Add(seed, make([]byte, mlkem.CiphertextSize768))
	f.Add(seed, []byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, seed, c []byte) {
		if len(seed) < mlkem.SeedSize {
			seed = append(seed, make([]byte, mlkem.SeedSize-len(seed))...)
		}
		seed = seed[:mlkem.SeedSize]
		dk, err := mlkem.NewDecapsulationKey768(seed)
		if err != nil {
			t.Fatal(err)
		}
		sdk, err := stdmlkem.NewDecapsulationKey768(seed)
		if err != nil {
			t.Fatal(err)
		}
		K, err := dk.Decapsulate(c)
		sK, serr := sdk.Decapsulate(c)
		if (err == nil) != (serr == nil) || !bytes.Equal(K, sK) {
			t.Fatalf("crypton %x, %v; Go %x, %v", K, err, sK, serr)
		}
		dk1024, _ := mlkem.NewDecapsulationKey1024(seed)
		sdk1024, _ := stdmlkem.NewDecapsulationKey1024(seed)
		K, err = dk1024.Decapsulate(c)
		sK, serr = sdk1024.Decapsulate(c)
		if (err == nil) != (serr == nil) || !bytes.Equal(K, sK) {
			t.Fatalf("ML-KEM-1024: crypton %x, %v; Go %x, %v", K, err, sK, serr)
		}
		dk512, _ := mlkem.NewDecapsulationKey512(seed)
		if _, err := dk512.Decapsulate(c); (err == nil) != (len(c) == mlkem.CiphertextSize512) {
			t.Fatalf("ML-KEM-512: %d-byte ciphertext: error %v", len(c), err)
		}
	})
}
