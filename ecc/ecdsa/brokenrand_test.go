package ecdsa_test

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"math/big"
	"testing"
	"time"

	"github.com/crypton-go/crypton/ecc/ecdsa"
)

// constReader is a broken random source: it returns its byte forever.
type constReader byte

func (r constReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

// within runs f on another goroutine and fails the test if it has not
// returned within a generous timeout, so that a loop without end fails the
// test instead of hanging it (the looping goroutine is left behind until
// the test binary exits).
func within[T any](t *testing.T, what string, f func() T) T {
	t.Helper()
	done := make(chan T, 1)
	go func() { done <- f() }()
	select {
	case v := <-done:
		return v
	case <-time.After(10 * time.Second):
		t.Fatalf("%s did not return within 10 s: it loops", what)
		var zero T
		return zero
	}
}

type keyResult struct {
	k   *ecdsa.PrivateKey
	err error
}

const brokenRandomError = "ecdsa: random source returned out-of-range values 100 times; it is broken"

// TestGenerateKeyBrokenRandom checks that GenerateKey gives up, with an
// error that says the source is broken, after 100 draws out of range from
// a reader stuck on zeros (the scalar zero) or on ones (a scalar not below
// n: on P-521, 2^521 − 1 after the shift to the order's 521 bits), and
// that 99 bad draws followed by a good one still make a key.
func TestGenerateKeyBrokenRandom(t *testing.T) {
	forEachCurve(t, func(t *testing.T, tc testCurve) {
		for _, b := range []byte{0x00, 0xff} {
			r := &countingReader{r: constReader(b)}
			res := within(t, "GenerateKey", func() keyResult {
				k, err := ecdsa.GenerateKey(tc.c, r)
				return keyResult{k, err}
			})
			if res.err == nil || res.err.Error() != brokenRandomError {
				t.Errorf("reader of %#02x: GenerateKey = %v, %v; want the error %q", b, res.k, res.err, brokenRandomError)
			}
			if want := 100 * tc.size; r.n != want {
				t.Errorf("reader of %#02x: %d bytes read, want %d (100 draws)", b, r.n, want)
			}
		}
		n := tc.std.Params().N
		bad := [][]byte{make([]byte, tc.size), bytes.Repeat([]byte{0xff}, tc.size)}
		if tc.size*8 == n.BitLen() {
			// n itself is a draw out of range (on P-521 the draw is
			// shifted right, and n's bytes would not stay n).
			bad = append(bad, n.FillBytes(make([]byte, tc.size)))
		}
		var stream []byte
		for i := range 99 {
			stream = append(stream, bad[i%len(bad)]...)
		}
		valid := big.NewInt(1).FillBytes(make([]byte, tc.size))
		if tc.size*8 != n.BitLen() {
			// P-521 draws 528 bits and keeps the top 521: 1 << 7 gives 1.
			valid[tc.size-1] = 0x80
		}
		stream = append(stream, valid...)
		res := within(t, "GenerateKey", func() keyResult {
			k, err := ecdsa.GenerateKey(tc.c, bytes.NewReader(stream))
			return keyResult{k, err}
		})
		if res.err != nil || !bytes.Equal(res.k.Bytes(), big.NewInt(1).FillBytes(make([]byte, tc.size))) {
			t.Errorf("99 draws out of range, then a valid one: GenerateKey = %v, %v", res.k, res.err)
		}
	})
}

// TestSignConstantReader checks that hedged signing with a reader stuck on
// one value still signs, promptly: the reader's bytes are only mixed into
// HMAC_DRBG with the key and the digest, and the nonce candidates come
// from the DRBG, so a broken reader cannot make the nonce loop spin.
func TestSignConstantReader(t *testing.T) {
	forEachCurve(t, func(t *testing.T, tc testCurve) {
		priv, err := ecdsa.GenerateKey(tc.c, seededReader(11))
		if err != nil {
			t.Fatal(err)
		}
		digest := sha256.Sum256([]byte("constant reader"))
		for _, b := range []byte{0x00, 0xff} {
			sig := within(t, "Sign", func() []byte {
				sig, err := priv.Sign(constReader(b), digest[:], crypto.SHA256)
				if err != nil {
					t.Errorf("reader of %#02x: %v", b, err)
				}
				return sig
			})
			if !ecdsa.VerifyASN1(priv.PublicKey(), digest[:], sig) {
				t.Errorf("reader of %#02x: signature rejected", b)
			}
		}
	})
}
