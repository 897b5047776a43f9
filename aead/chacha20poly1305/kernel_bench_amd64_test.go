//go:build gc && !purego

package chacha20poly1305

import (
	"strconv"
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
)

// BenchmarkKernelPolyIFMA times polyIFMA alone, message by message length:
// one accumulator up to 1024 bytes, two beyond.
func BenchmarkKernelPolyIFMA(b *testing.B) {
	if !cpufeat.HasAVX512IFMA {
		b.Skip("no AVX-512 IFMA on this CPU")
	}
	for _, n := range []int{256, 512, 1024, 2048} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			var p polyState
			p.r = [2]uint64{0x0ffffffc0fffffff, 0x0ffffffc0ffffffc}
			var pw ifmaPowers
			polyRowsIFMA(&p, &pw)
			msg := make([]byte, n)
			b.SetBytes(int64(n))
			for b.Loop() {
				polyIFMA(&p, &pw, msg)
			}
		})
	}
}

// BenchmarkKernelKeyAVX512 times chachaKeyAVX512 alone: the key block,
// sixteen blocks of keystream XORed into 1024 bytes, the powers of r.
func BenchmarkKernelKeyAVX512(b *testing.B) {
	if !useAVX512 && !useAVX512IFMA {
		b.Skip("no AVX-512 on this CPU")
	}
	var key [KeySize]byte
	var nonce [NonceSize]byte
	state := initState(&key, &nonce, 0)
	buf := make([]byte, 1024)
	var p polyState
	var pw ifmaPowers
	var ks [64]byte
	b.SetBytes(1024)
	for b.Loop() {
		chachaKeyAVX512(&state, &p, &pw, buf, buf, &ks)
	}
}
