package rsa

import (
	"bytes"
	"crypto"
	"encoding/binary"
	"io"
	"math/big"
	mrand "math/rand/v2"
	"strings"
	"testing"
	"time"
)

// repeatReader returns its pattern over and over: a broken random source.
type repeatReader struct {
	pattern []byte
	off     int
}

func (r *repeatReader) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = r.pattern[r.off%len(r.pattern)]
		r.off++
	}
	return len(b), nil
}

// primeReader returns the bytes of prime for every read of its length (a
// prime candidate), and pseudorandom bytes for other reads (Miller–Rabin
// bases, blinding): a source that gives the same prime every time.
type primeReader struct {
	prime []byte
	rng   *mrand.ChaCha8
}

func (r *primeReader) Read(b []byte) (int, error) {
	if len(b) == len(r.prime) {
		return copy(b, r.prime), nil
	}
	return r.rng.Read(b)
}

// withTimeout runs f in a goroutine and fails the test if it does not
// return within d, instead of hanging.
func withTimeout(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("no result after %v: the loop spins", d)
	}
}

// TestGenerateKeyBrokenRandom gives GenerateKey random sources that return
// constant bytes, which it must report as broken instead of searching
// forever: zeros, 0xff, a short repeating pattern, and the bytes of a
// prime (so that p = q).
func TestGenerateKeyBrokenRandom(t *testing.T) {
	priv, _ := testKey(t, 2048)
	prime := priv.P() // 1024 bits, top two bits set, e ∤ p-1
	readers := map[string]func() io.Reader{
		"zeros":         func() io.Reader { return &repeatReader{pattern: []byte{0}} },
		"0xff":          func() io.Reader { return &repeatReader{pattern: []byte{0xff}} },
		"pattern 3":     func() io.Reader { return &repeatReader{pattern: []byte{0x12, 0x34, 0x56}} },
		"pattern 7":     func() io.Reader { return &repeatReader{pattern: []byte("crypton")} },
		"repeat prime":  func() io.Reader { return &repeatReader{pattern: prime} },
		"prime, zeroes": func() io.Reader { return io.MultiReader(bytes.NewReader(prime), &repeatReader{pattern: []byte{0}}) },
		"same prime":    func() io.Reader { return &primeReader{prime: prime, rng: mrand.NewChaCha8([32]byte{})} },
	}
	if new(big.Int).SetBytes(prime).BitLen() != 1024 {
		t.Fatal("the test key's p is not of 1024 bits")
	}
	for name, reader := range readers {
		withTimeout(t, 60*time.Second, func() {
			_, err := GenerateKey(reader(), 2048)
			if err == nil || !strings.HasPrefix(err.Error(), "rsa: ") || !strings.Contains(err.Error(), "looks broken") {
				t.Errorf("%s: %v, want an error that says the random source looks broken", name, err)
			}
		})
	}
}

// TestBlindingBrokenRandom checks that a source of zeros, which gives no
// usable blinding value, is an error and not a loop.
func TestBlindingBrokenRandom(t *testing.T) {
	shared, _ := testKey(t, 2048)
	k := *shared
	k.blinding = new(blinding)
	withTimeout(t, 10*time.Second, func() {
		_, err := k.Sign(&repeatReader{pattern: []byte{0}}, sha256Digest("broken"), crypto.SHA256)
		if err == nil || !strings.Contains(err.Error(), "looks broken") {
			t.Errorf("all-zero source: %v", err)
		}
	})
}

// multiplesOf3 returns distinct odd multiples of 3 of 64 bits with the top
// two bits set, one per read of 8 bytes: a source that never gives a prime
// but never repeats itself either.
type multiplesOf3 struct{ next uint64 }

func (r *multiplesOf3) Read(b []byte) (int, error) {
	if len(b) != 8 {
		panic("multiplesOf3: a read of another length")
	}
	binary.BigEndian.PutUint64(b, r.next)
	r.next += 6
	return 8, nil
}

// TestRandomPrimeBound checks that randomPrime gives up after
// primeCandidates candidates from a source that never gives a prime.
func TestRandomPrimeBound(t *testing.T) {
	start := uint64(0xc000_0000_0000_0003) // ≡ 3 mod 6
	r := &multiplesOf3{next: start}
	withTimeout(t, 10*time.Second, func() {
		_, err := randomPrime(r, 64, publicExponentModulus())
		if err == nil || !strings.Contains(err.Error(), "looks broken") {
			t.Errorf("randomPrime: %v", err)
		}
	})
	if got := (r.next - start) / 6; got != uint64(primeCandidates(64)) {
		t.Errorf("randomPrime read %d candidates, want %d", got, primeCandidates(64))
	}
}
