//go:build ctgrind

package aes

import (
	"crypto/cipher"
	"testing"

	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTAES is the constant-time case of AES, run by tools/cmd/ctcheck
// under valgrind for every implementation the emulated CPU has (VAES
// excepted: valgrind cannot execute it). The key and the plaintext are
// secret: key expansion, Encrypt, Decrypt, EncryptBlocks (on 1, 5 and
// 13 blocks, which take the different tails of the implementations) and
// counter mode through cipher.NewCTR (the Block's NewCTR, in pieces that
// leave partial blocks) and AES-GCM's Seal through cipher.NewGCM (the
// Block's NewGCM, which copies the key or expands it again) must neither
// branch on them nor use them in an address. The results are
// declassified only for the test's own checks.
func TestCTAES(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, size := range []int{16, 24, 32} {
			key := make([]byte, size)
			for i := range key {
				key[i] = byte(7*i + 3)
			}
			msg := make([]byte, 13*BlockSize)
			for i := range msg {
				msg[i] = byte(i)
			}
			ctgrind.Secret(key)
			ctgrind.Secret(msg)

			c, err := NewCipher(key)
			if err != nil {
				t.Fatal(err)
			}
			ct := make([]byte, BlockSize)
			c.Encrypt(ct, msg)
			pt := make([]byte, BlockSize)
			c.Decrypt(pt, ct)

			var k aescore.Key
			if err := k.Init(key); err != nil {
				t.Fatal(err)
			}
			out := make([]byte, len(msg))
			for _, n := range []int{1, 5, 13} {
				aescore.EncryptBlocks(&k, out, msg[:n*BlockSize])
			}

			iv := make([]byte, BlockSize)
			for i := range iv {
				iv[i] = 0xff // the counter carries through all 16 bytes
			}
			ctr := make([]byte, len(msg))
			s := cipher.NewCTR(c, iv)
			s.XORKeyStream(ctr[:5], msg[:5])
			s.XORKeyStream(ctr[5:], msg[5:])
			aead, err := cipher.NewGCM(c)
			if err != nil {
				t.Fatal(err)
			}
			sealed := aead.Seal(nil, make([]byte, 12), msg, nil)

			ctgrind.Public(ct)
			ctgrind.Public(pt)
			ctgrind.Public(out)
			ctgrind.Public(ctr)
			ctgrind.Public(sealed)
			ctgrind.Public(msg)
			if string(pt) != string(msg[:BlockSize]) {
				t.Fatal("Decrypt(Encrypt(x)) != x")
			}
			if string(out[:BlockSize]) != string(ct) {
				t.Fatal("EncryptBlocks and Encrypt differ")
			}
			if len(sealed) != len(msg)+16 {
				t.Fatal("Seal's output has the wrong length")
			}
			var ks [BlockSize]byte
			c.Encrypt(ks[:], iv)
			ctgrind.Public(ks[:])
			for i := range ks {
				if ctr[i] != msg[i]^ks[i] {
					t.Fatal("counter mode and Encrypt differ")
				}
			}
		}
	})
}
