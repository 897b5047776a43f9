package ecdsa

import (
	"bytes"
	"crypto/sha256"
	"hash"
	"strings"
	"testing"
	"time"
)

// stuckHash is a broken hash.Hash whose every digest is 0xff…ff: the
// HMAC_DRBG built on it outputs only ones, a nonce candidate not below n
// on every curve.
type stuckHash struct{}

func (stuckHash) Write(p []byte) (int, error) { return len(p), nil }
func (stuckHash) Sum(b []byte) []byte         { return append(b, bytes.Repeat([]byte{0xff}, 32)...) }
func (stuckHash) Reset()                      {}
func (stuckHash) Size() int                   { return 32 }
func (stuckHash) BlockSize() int              { return 64 }

// TestSignNonceLoopBounded checks that the nonce loop of signing ends, with
// an error, when HMAC_DRBG never gives a candidate in range: deterministic
// signing with a broken hash (and hedged signing, whose DRBG is the same)
// must not loop forever.
func TestSignNonceLoopBounded(t *testing.T) {
	for _, c := range []Curve{P256(), P384(), P521()} {
		t.Run(c.String(), func(t *testing.T) {
			d := bytes.Repeat([]byte{0x42}, c.scalarSize())
			d[0] = 0x01
			priv, err := NewPrivateKey(c, d)
			if err != nil {
				t.Fatal(err)
			}
			digest := sha256.Sum256([]byte("stuck"))
			type result struct {
				sig []byte
				err error
			}
			done := make(chan result, 1)
			go func() {
				h := func() hash.Hash { return stuckHash{} }
				sig, err := c.sign(priv, h, nil, digest[:], false)
				done <- result{sig, err}
			}()
			select {
			case res := <-done:
				if res.err == nil || !strings.HasPrefix(res.err.Error(), "ecdsa: ") {
					t.Errorf("sign with a stuck DRBG = %x, %v; want an error", res.sig, res.err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("sign with a stuck DRBG did not return within 10 s: the nonce loop is not bounded")
			}
		})
	}
}
