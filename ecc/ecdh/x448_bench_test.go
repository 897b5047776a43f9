package ecdh_test

import (
	"bytes"
	"testing"

	circlx448 "github.com/cloudflare/circl/dh/x448"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

var (
	benchPriv448 = bytes.Repeat([]byte{0x5a}, 56)
	benchPub448  = decodeHexNoT("3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609")
)

func decodeHexNoT(s string) []byte {
	var b []byte
	for i := 0; i+1 < len(s); i += 2 {
		var v byte
		for _, c := range s[i : i+2] {
			v <<= 4
			switch {
			case c >= '0' && c <= '9':
				v |= byte(c - '0')
			default:
				v |= byte(c-'a') + 10
			}
		}
		b = append(b, v)
	}
	return b
}

// BenchmarkX448 measures ECDH with prepared keys: crypton and circl.
func BenchmarkX448(b *testing.B) {
	b.Run("crypton", func(b *testing.B) {
		priv, _ := ecdh.X448().NewPrivateKey(benchPriv448)
		pub, _ := ecdh.X448().NewPublicKey(benchPub448)
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if _, err := priv.ECDH(pub); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("circl", func(b *testing.B) {
		var shared, s, p circlx448.Key
		copy(s[:], benchPriv448)
		copy(p[:], benchPub448)
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			if !circlx448.Shared(&shared, &s, &p) {
				b.Fatal("rejected")
			}
		}
	})
}

// BenchmarkX448NewPrivateKey measures making a private key from fixed
// bytes, which computes its public key: crypton with the fixed-base
// multiplication on edwards448, circl with its ladder (KeyGen).
func BenchmarkX448NewPrivateKey(b *testing.B) {
	b.Run("crypton", func(b *testing.B) {
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			k, err := ecdh.X448().NewPrivateKey(benchPriv448)
			if err != nil {
				b.Fatal(err)
			}
			_ = k.PublicKey()
		}
	})
	b.Run("circl", func(b *testing.B) {
		var pub, s circlx448.Key
		copy(s[:], benchPriv448)
		b.ReportAllocs()
		cryptotest.CPUTime(b)
		for b.Loop() {
			circlx448.KeyGen(&pub, &s)
		}
	})
}

// BenchmarkX448Implementations measures ECDH and key generation with each
// implementation of the field arithmetic.
func BenchmarkX448Implementations(b *testing.B) {
	priv, _ := ecdh.X448().NewPrivateKey(benchPriv448)
	pub, _ := ecdh.X448().NewPublicKey(benchPub448)
	cputest.BenchmarkAllImplementations(b, "gf448", func(b *testing.B) {
		b.Run("ECDH", func(b *testing.B) {
			cryptotest.CPUTime(b)
			for b.Loop() {
				priv.ECDH(pub)
			}
		})
		b.Run("NewPrivateKey", func(b *testing.B) {
			cryptotest.CPUTime(b)
			for b.Loop() {
				ecdh.X448().NewPrivateKey(benchPriv448)
			}
		})
	})
}
