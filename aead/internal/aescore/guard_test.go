package aescore

import (
	"crypto/aes"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// macState is the state of a CBC-MAC-like fold over EncryptBlocks's output,
// which lets cryptotest's block-function tests (made for functions that
// read whole blocks and update a state) drive EncryptBlocks: the state
// after a call depends on every output block and on their order.
type macState struct {
	key [32]byte
	sum [16]byte
}

func randomMacState(r *rand.Rand) macState {
	var s macState
	for i := range s.key {
		s.key[i] = byte(r.Uint32())
	}
	for i := range s.sum {
		s.sum[i] = byte(r.Uint32())
	}
	return s
}

// macKeySize is the key size of the fold being tested (16, 24 or 32).
var macKeySize = 16

// foldCrypton encrypts the whole blocks of p with EncryptBlocks and folds
// them into s.sum: sum = E(sum ^ c_i) for each ciphertext block c_i.
func foldCrypton(s *macState, p []byte) {
	var k Key
	k.Init(s.key[:macKeySize])
	n := len(p) / BlockSize * BlockSize
	out := make([]byte, n)
	EncryptBlocks(&k, out, p[:n])
	for i := 0; i < n; i += BlockSize {
		for j := range s.sum {
			s.sum[j] ^= out[i+j]
		}
		EncryptBlock(&k, &s.sum, &s.sum)
	}
}

// foldStdlib is foldCrypton with crypto/aes.
func foldStdlib(s *macState, p []byte) {
	c, _ := aes.NewCipher(s.key[:macKeySize])
	var out [BlockSize]byte
	for i := 0; i+BlockSize <= len(p); i += BlockSize {
		c.Encrypt(out[:], p[i:])
		for j := range s.sum {
			s.sum[j] ^= out[j]
		}
		c.Encrypt(s.sum[:], s.sum[:])
	}
}

// TestBlockFunc runs EncryptBlocks, on every implementation and key size,
// through cryptotest's comparisons with crypto/aes at many block counts and
// alignments, and with inputs next to unreadable pages.
func TestBlockFunc(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, size := range []int{16, 24, 32} {
			macKeySize = size
			t.Run(map[int]string{16: "AES-128", 24: "AES-192", 32: "AES-256"}[size], func(t *testing.T) {
				cryptotest.TestBlockFunc(t, BlockSize, foldCrypton, foldStdlib, randomMacState)
				cryptotest.TestBlockFuncGuarded(t, BlockSize, foldCrypton, foldStdlib, randomMacState)
			})
		}
		macKeySize = 16
	})
}
