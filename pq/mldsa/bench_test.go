package mldsa_test

import (
	"testing"

	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"
	"github.com/crypton-go/crypton/pq/mldsa"
)

// The benchmarks of CIRCL's ML-DSA beside crypton's, for side-by-side
// runs: go test -run '^$' -bench . -count 5 | benchstat. Signing is hedged
// on both sides, so its time averages over the number of attempts of the
// rejection loop.

var benchMsg = []byte("a message of some length, signed and verified in the benchmarks")

func BenchmarkKeyGen(b *testing.B) {
	seed := make([]byte, 32)
	var cseed [32]byte
	for _, p := range allParams {
		b.Run(p.name, func(b *testing.B) {
			for b.Loop() {
				mldsa.NewPrivateKey(p.p, seed)
			}
		})
		b.Run(p.name+"/circl", func(b *testing.B) {
			for b.Loop() {
				switch p.name {
				case "ML-DSA-44":
					mldsa44.NewKeyFromSeed(&cseed)
				case "ML-DSA-65":
					mldsa65.NewKeyFromSeed(&cseed)
				case "ML-DSA-87":
					mldsa87.NewKeyFromSeed(&cseed)
				}
			}
		})
	}
}

func BenchmarkSign(b *testing.B) {
	var seed [32]byte
	for _, p := range allParams {
		sk, _ := mldsa.NewPrivateKey(p.p, seed[:])
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sk.Sign(nil, benchMsg, nil)
			}
		})
		b.Run(p.name+"/circl", func(b *testing.B) {
			sig := make([]byte, p.sigSize)
			switch p.name {
			case "ML-DSA-44":
				_, csk := mldsa44.NewKeyFromSeed(&seed)
				for b.Loop() {
					mldsa44.SignTo(csk, benchMsg, nil, true, sig)
				}
			case "ML-DSA-65":
				_, csk := mldsa65.NewKeyFromSeed(&seed)
				for b.Loop() {
					mldsa65.SignTo(csk, benchMsg, nil, true, sig)
				}
			case "ML-DSA-87":
				_, csk := mldsa87.NewKeyFromSeed(&seed)
				for b.Loop() {
					mldsa87.SignTo(csk, benchMsg, nil, true, sig)
				}
			}
		})
	}
}

// BenchmarkVerify verifies with a parsed public key, whose matrix Â both
// sides keep expanded.
func BenchmarkVerify(b *testing.B) {
	var seed [32]byte
	for _, p := range allParams {
		sk, _ := mldsa.NewPrivateKey(p.p, seed[:])
		sig, _ := sk.Sign(nil, benchMsg, nil)
		pk := sk.PublicKey()
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if mldsa.Verify(pk, benchMsg, sig, nil) != nil {
					b.Fatal("invalid signature")
				}
			}
		})
		b.Run(p.name+"/circl", func(b *testing.B) {
			ok := true
			switch p.name {
			case "ML-DSA-44":
				cpk, _ := mldsa44.NewKeyFromSeed(&seed)
				for b.Loop() {
					ok = ok && mldsa44.Verify(cpk, benchMsg, nil, sig)
				}
			case "ML-DSA-65":
				cpk, _ := mldsa65.NewKeyFromSeed(&seed)
				for b.Loop() {
					ok = ok && mldsa65.Verify(cpk, benchMsg, nil, sig)
				}
			case "ML-DSA-87":
				cpk, _ := mldsa87.NewKeyFromSeed(&seed)
				for b.Loop() {
					ok = ok && mldsa87.Verify(cpk, benchMsg, nil, sig)
				}
			}
			if !ok {
				b.Fatal("invalid signature")
			}
		})
	}
}

// BenchmarkParsePublicKey parses a public key, expanding Â: the cost of a
// verification with a key not seen before is this plus BenchmarkVerify.
func BenchmarkParsePublicKey(b *testing.B) {
	var seed [32]byte
	for _, p := range allParams {
		sk, _ := mldsa.NewPrivateKey(p.p, seed[:])
		pkb := sk.PublicKey().Bytes()
		b.Run(p.name, func(b *testing.B) {
			for b.Loop() {
				mldsa.NewPublicKey(p.p, pkb)
			}
		})
		b.Run(p.name+"/circl", func(b *testing.B) {
			parse := circlSchemes[p.name].parse
			for b.Loop() {
				parse(pkb)
			}
		})
	}
}
