package ecdh_test

import (
	"bytes"
	"io"
	"math/big"
	"testing"
	"time"

	"github.com/crypton-go/crypton/ecc/ecdh"
)

// constReader is a broken random source: it returns its byte forever.
type constReader byte

func (r constReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// generateWithin calls c.GenerateKey(r) on another goroutine and fails the
// test if it has not returned within a generous timeout, so that a key
// generation that loops forever fails the test instead of hanging it (the
// looping goroutine is left behind until the test binary exits).
func generateWithin(t *testing.T, c ecdh.Curve, r io.Reader) (*ecdh.PrivateKey, error) {
	t.Helper()
	type result struct {
		k   *ecdh.PrivateKey
		err error
	}
	done := make(chan result, 1)
	go func() {
		k, err := c.GenerateKey(r)
		done <- result{k, err}
	}()
	select {
	case res := <-done:
		return res.k, res.err
	case <-time.After(10 * time.Second):
		t.Fatalf("%v: GenerateKey did not return within 10 s: it loops on a broken reader", c)
		return nil, nil
	}
}

const brokenRandomError = "ecdh: random source returned out-of-range values 100 times; it is broken"

// TestGenerateKeyBrokenRandom checks that GenerateKey on a NIST curve gives
// up, with an error that says the source is broken, after 100 draws out of
// range from a reader stuck on zeros (the scalar zero) or on ones (a scalar
// not below n, also on P-521, whose bits above those of n are masked), and
// that X25519 and X448, for which every string is a key, return at once.
func TestGenerateKeyBrokenRandom(t *testing.T) {
	forNIST(t, func(t *testing.T, c *nistTest) {
		for _, b := range []byte{0x00, 0xff} {
			r := &countingReader{r: constReader(b)}
			k, err := generateWithin(t, c.curve, r)
			if err == nil || err.Error() != brokenRandomError {
				t.Errorf("reader of %#02x: GenerateKey = %v, %v; want the error %q", b, k, err, brokenRandomError)
			}
			if want := 100 * c.size(); r.n != want {
				t.Errorf("reader of %#02x: %d bytes read, want %d (100 draws)", b, r.n, want)
			}
		}
		// 99 draws out of range (n, zero, all ones in turn), then a valid
		// one: the bound is 100 draws, not fewer.
		size := c.size()
		n := c.ell.Params().N
		bad := [][]byte{n.FillBytes(make([]byte, size)), make([]byte, size), bytes.Repeat([]byte{0xff}, size)}
		var stream []byte
		for i := range 99 {
			stream = append(stream, bad[i%3]...)
		}
		valid := big.NewInt(2).FillBytes(make([]byte, size))
		stream = append(stream, valid...)
		k, err := generateWithin(t, c.curve, bytes.NewReader(stream))
		if err != nil || !bytes.Equal(k.Bytes(), valid) {
			t.Errorf("99 draws out of range, then a valid one: GenerateKey = %v, %v", k, err)
		}
		// A constant reader whose value is in range is a (bad) key, not an
		// error: GenerateKey cannot tell.
		if k, err := generateWithin(t, c.curve, constReader(0x01)); err != nil || !bytes.Equal(k.Bytes(), bytes.Repeat([]byte{0x01}, size)) {
			t.Errorf("reader of 0x01: GenerateKey = %v, %v", k, err)
		}
	})
	for _, c := range []ecdh.Curve{ecdh.X25519(), ecdh.X448()} {
		t.Run(c.(interface{ String() string }).String(), func(t *testing.T) {
			for _, b := range []byte{0x00, 0xff} {
				k, err := generateWithin(t, c, constReader(b))
				if err != nil || !bytes.Equal(k.Bytes(), bytes.Repeat([]byte{b}, len(k.Bytes()))) {
					t.Errorf("reader of %#02x: GenerateKey = %v, %v", b, k, err)
				}
			}
		})
	}
}
