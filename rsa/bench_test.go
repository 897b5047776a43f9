package rsa

// Benchmarks, crypton and crypto/rsa side by side in one run on the fixed
// test keys:
//
//	go test -run '^$' -bench . -count 5 github.com/crypton-go/crypton/rsa

import (
	"crypto"
	"crypto/rand"
	stdrsa "crypto/rsa"
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

func BenchmarkSign(b *testing.B) {
	digest := sha256.Sum256([]byte("benchmark"))
	for _, scheme := range []string{"PKCS1v15", "PSS"} {
		for _, bits := range []int{2048, 3072, 4096} {
			priv, std := testKey(b, bits)
			b.Run(fmt.Sprintf("%s/%d/crypton", scheme, bits), func(b *testing.B) {
				cryptotest.CPUTime(b)
				for b.Loop() {
					var err error
					if scheme == "PSS" {
						_, err = SignPSS(rand.Reader, priv, crypto.SHA256, digest[:], &PSSOptions{SaltLength: PSSSaltLengthEqualsHash})
					} else {
						_, err = SignPKCS1v15(priv, crypto.SHA256, digest[:])
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(fmt.Sprintf("%s/%d/stdlib", scheme, bits), func(b *testing.B) {
				cryptotest.CPUTime(b)
				for b.Loop() {
					var err error
					if scheme == "PSS" {
						_, err = stdrsa.SignPSS(rand.Reader, std, crypto.SHA256, digest[:], &stdrsa.PSSOptions{SaltLength: stdrsa.PSSSaltLengthEqualsHash})
					} else {
						_, err = stdrsa.SignPKCS1v15(nil, std, crypto.SHA256, digest[:])
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkVerify(b *testing.B) {
	digest := sha256.Sum256([]byte("benchmark"))
	for _, bits := range []int{2048} {
		priv, std := testKey(b, bits)
		sig, err := SignPKCS1v15(priv, crypto.SHA256, digest[:])
		if err != nil {
			b.Fatal(err)
		}
		pub := priv.PublicKey()
		b.Run(fmt.Sprintf("%d/crypton", bits), func(b *testing.B) {
			for b.Loop() {
				if err := VerifyPKCS1v15(pub, crypto.SHA256, digest[:], sig); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("%d/stdlib", bits), func(b *testing.B) {
			for b.Loop() {
				if err := stdrsa.VerifyPKCS1v15(&std.PublicKey, crypto.SHA256, digest[:], sig); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDecryptOAEP(b *testing.B) {
	for _, bits := range []int{2048} {
		priv, std := testKey(b, bits)
		ct, err := EncryptOAEP(rand.Reader, priv.PublicKey(), []byte("a 32-byte session key, for one.."), &OAEPOptions{Hash: crypto.SHA256})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%d/crypton", bits), func(b *testing.B) {
			opts := &OAEPOptions{Hash: crypto.SHA256}
			for b.Loop() {
				if _, err := DecryptOAEP(priv, ct, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("%d/stdlib", bits), func(b *testing.B) {
			opts := &stdrsa.OAEPOptions{Hash: crypto.SHA256}
			for b.Loop() {
				if _, err := std.Decrypt(nil, ct, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkGenerateKey(b *testing.B) {
	b.Run("2048/crypton", func(b *testing.B) {
		for b.Loop() {
			if _, err := GenerateKey(rand.Reader, 2048); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("2048/stdlib", func(b *testing.B) {
		for b.Loop() {
			if _, err := stdrsa.GenerateKey(rand.Reader, 2048); err != nil {
				b.Fatal(err)
			}
		}
	})
}
