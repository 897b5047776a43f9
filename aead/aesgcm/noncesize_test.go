package aesgcm

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// stdlibGCMNonce is the standard library's AES-GCM with nonces of size
// bytes.
func stdlibGCMNonce(key []byte, size int) cipher.AEAD {
	b, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	a, err := cipher.NewGCMWithNonceSize(b, size)
	if err != nil {
		panic(err)
	}
	return a
}

// nonceSizeLengths are the plaintext lengths of TestNonceSizes: around the
// short-message path's limit (240 bytes) and the stitched kernels' chunks
// of 128 and 256 bytes, and past the arm64 code's 4 KiB chunks.
var nonceSizeLengths = []int{0, 1, 15, 16, 17, 127, 128, 129, 240, 241, 255, 256, 257, 600, 4096 + 33}

// TestNonceSizes compares NewWithNonceSize with the standard library's
// cipher.NewGCMWithNonceSize for every nonce size from 1 to 64 bytes, on
// every implementation, with the three key sizes in turn, at lengths
// around the implementations' strides, with short and long additional
// data (the short path takes up to 64 bytes): Seal must give the same
// bytes, Open must open them and reject them with a bit flipped.
func TestNonceSizes(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(41, 42))
		for size := 1; size <= 64; size++ {
			key := randBytes(r, []int{16, 24, 32}[size%3])
			a, err := NewWithNonceSize(key, size)
			if err != nil {
				t.Fatal(err)
			}
			if a.NonceSize() != size || a.Overhead() != TagSize {
				t.Fatalf("NewWithNonceSize(%d): NonceSize %d, Overhead %d", size, a.NonceSize(), a.Overhead())
			}
			std := stdlibGCMNonce(key, size)
			for i, n := range nonceSizeLengths {
				nonce, pt, ad := randBytes(r, size), randBytes(r, n), randBytes(r, []int{0, 13, 70}[i%3])
				ctx := fmt.Sprintf("AES-%d, %d-byte nonce, %d-byte plaintext, %d-byte additional data", 8*len(key), size, n, len(ad))
				ct := a.Seal(nil, nonce, pt, ad)
				if want := std.Seal(nil, nonce, pt, ad); !bytes.Equal(ct, want) {
					t.Fatalf("%s: Seal gives\n%x\nthe standard library\n%x", ctx, ct, want)
				}
				if got, err := a.Open(nil, nonce, ct, ad); err != nil || !bytes.Equal(got, pt) {
					t.Fatalf("%s: Open of the sealed message fails: %v", ctx, err)
				}
				bad := bytes.Clone(nonce)
				bad[r.IntN(len(bad))] ^= byte(1 << r.IntN(8))
				if got, err := a.Open(nil, bad, ct, ad); err == nil || got != nil {
					t.Fatalf("%s: Open accepts the message under a changed nonce", ctx)
				}
			}
		}
	})
}

// gfMul multiplies x and y in GCM's field GF(2¹²⁸), bit by bit, as NIST SP
// 800-38D, Section 6.3, Algorithm 1: bit 0 of a block is the most
// significant bit of its first byte, and R = 11100001 || 0¹²⁰.
func gfMul(x, y [16]byte) [16]byte {
	var z [16]byte
	v := y
	for i := 0; i < 128; i++ {
		if x[i/8]>>(7-i%8)&1 == 1 {
			for j := range z {
				z[j] ^= v[j]
			}
		}
		lsb := v[15] & 1
		for j := 15; j > 0; j-- {
			v[j] = v[j]>>1 | v[j-1]<<7
		}
		v[0] >>= 1
		if lsb == 1 {
			v[0] ^= 0xe1
		}
	}
	return z
}

// gfInv returns x⁻¹ = x^(2¹²⁸-2) for x ≠ 0.
func gfInv(x [16]byte) [16]byte {
	one := [16]byte{0x80}
	r := one
	// The exponent's bits from the most significant: 127 ones, a zero.
	for i := 0; i < 128; i++ {
		r = gfMul(r, r)
		if i < 127 {
			r = gfMul(r, x)
		}
	}
	return r
}

// nonceForJ0 returns a nonce of size bytes (a multiple of 16) whose
// pre-counter block J0 = GHASH_H(nonce || 0⁶⁴ || [8·size]₆₄) is j0 (SP
// 800-38D, Section 7.1): the first blocks at random, the last solved for.
// With k nonce blocks N₁..Nₖ and the length block L, GHASH is
// N₁Hᵏ⁺¹ ⊕ … ⊕ NₖH² ⊕ LH, so Nₖ = (j0 ⊕ N₁Hᵏ⁺¹ ⊕ … ⊕ Nₖ₋₁H³ ⊕ LH)·H⁻².
func nonceForJ0(r *rand.Rand, h, j0 [16]byte, size int) []byte {
	k := size / 16
	nonce := randBytes(r, size)
	var l [16]byte
	binary.BigEndian.PutUint64(l[8:], uint64(8*size))
	acc := gfMul(l, h)
	hp := gfMul(h, h) // H^(k+2-i) for block i, from i = k down
	for i := k - 1; i >= 1; i-- {
		hp = gfMul(hp, h)
		p := gfMul([16]byte(nonce[16*(i-1):16*i]), hp)
		for j := range acc {
			acc[j] ^= p[j]
		}
	}
	for j := range acc {
		acc[j] ^= j0[j]
	}
	last := gfMul(acc, gfInv(gfMul(h, h)))
	copy(nonce[16*(k-1):], last[:])
	return nonce
}

// TestCounterWrapSeal seals and opens, through NewWithNonceSize, with
// nonces of 16, 32 and 64 bytes made so that the last 32 bits of the
// pre-counter block are a few blocks below 2³²: the counter then wraps to
// 0 during the message (inc32 never carries into the first 96 bits), at
// places before, inside and after the stitched kernels' chunks. The
// standard library's GCM is the reference, and the first ciphertext block
// of a zero plaintext, decrypted by crypto/aes, shows that the counter
// starts where it should.
func TestCounterWrapSeal(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(43, 44))
		for _, ks := range []int{16, 32} {
			key := randBytes(r, ks)
			blk, _ := aes.NewCipher(key)
			var h [16]byte
			blk.Encrypt(h[:], h[:])
			for _, below := range []uint32{0, 1, 2, 7, 8, 15, 16, 17, 100, 255, 256, 1000} {
				for _, size := range []int{16, 32, 64} {
					var j0 [16]byte
					copy(j0[:12], randBytes(r, 12))
					j0[11] = 0xff // a carry out of the last four bytes would show
					binary.BigEndian.PutUint32(j0[12:], 0xffffffff-below)
					nonce := nonceForJ0(r, h, j0, size)

					a, err := NewWithNonceSize(key, size)
					if err != nil {
						t.Fatal(err)
					}
					std := stdlibGCMNonce(key, size)
					for _, n := range []int{16, 17*16 + 5, 300*16 + 9, 1100 * 16} {
						pt := make([]byte, n)
						if n != 16 {
							pt = randBytes(r, n)
						}
						ad := randBytes(r, 20)
						ctx := fmt.Sprintf("AES-%d, %d-byte nonce, J0 %#x below the wrap, %d bytes", 8*ks, size, below, n)
						ct := a.Seal(nil, nonce, pt, ad)
						if want := std.Seal(nil, nonce, pt, ad); !bytes.Equal(ct, want) {
							t.Fatalf("%s: Seal differs from the standard library", ctx)
						}
						if n == 16 {
							var first [16]byte
							blk.Decrypt(first[:], ct[:16])
							want := j0
							binary.BigEndian.PutUint32(want[12:], -below)
							if first != want {
								t.Fatalf("%s: the first counter block is %x, want %x", ctx, first, want)
							}
						}
						if got, err := a.Open(nil, nonce, ct, ad); err != nil || !bytes.Equal(got, pt) {
							t.Fatalf("%s: Open fails: %v", ctx, err)
						}
					}
				}
			}
		}
	})
}
