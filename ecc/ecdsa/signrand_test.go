package ecdsa_test

import (
	"bytes"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdsa"
)

// keepingReader breaks io.Reader's rules: it keeps the slices it is given,
// and reports whether a later Read is handed one it already holds.
type keepingReader struct {
	kept   [][]byte
	reused bool
}

func (r *keepingReader) Read(p []byte) (int, error) {
	for _, k := range r.kept {
		if len(k) > 0 && len(p) > 0 && &k[0] == &p[0] {
			r.reused = true
		}
	}
	r.kept = append(r.kept, p)
	for i := range p {
		p[i] = byte(i + 1)
	}
	return len(p), nil
}

// TestSignRandBuffer checks that hedged signing never hands rand memory
// of its pooled workspace: a Reader that keeps the slice could otherwise
// watch the workspace of later signatures (the private key's DRBG state).
func TestSignRandBuffer(t *testing.T) {
	forEachCurve(t, func(t *testing.T, tc testCurve) {
		priv, err := ecdsa.GenerateKey(tc.c, nil)
		if err != nil {
			t.Fatal(err)
		}
		digest := make([]byte, 32)
		r := new(keepingReader)
		for range 8 {
			if _, err := priv.SignRaw(r, digest, nil); err != nil {
				t.Fatal(err)
			}
		}
		if r.reused {
			t.Error("rand was handed the same buffer twice")
		}
		for i, k := range r.kept {
			if !bytes.Equal(k, make([]byte, len(k))) {
				t.Errorf("buffer %d still holds the random bytes after signing: %x", i, k)
			}
		}
	})
}
