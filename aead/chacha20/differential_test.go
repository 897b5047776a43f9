package chacha20

import (
	"bytes"
	"crypto/subtle"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	xchacha20 "golang.org/x/crypto/chacha20"
)

// The tests in this file compare the package with golang.org/x/crypto/chacha20,
// which has the same API and, on amd64, is portable Go as well.

// stream is what both packages' ciphers offer.
type stream interface {
	XORKeyStream(dst, src []byte)
	SetCounter(counter uint32)
}

// newPair returns a Cipher of this package and one of x/crypto with the same
// key and nonce.
func newPair(t testing.TB, key, nonce []byte) (ours, theirs stream) {
	t.Helper()
	c, err := NewUnauthenticatedCipher(key, nonce)
	if err != nil {
		t.Fatal(err)
	}
	x, err := xchacha20.NewUnauthenticatedCipher(key, nonce)
	if err != nil {
		t.Fatal(err)
	}
	return c, x
}

// try calls f and returns the value it panicked with, or nil.
func try(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

// step does the same XORKeyStream on ours and each of theirs, from src to
// fresh buffers filled with a sentinel, and fails the test if the outputs
// or the panics differ. It reports whether they panicked.
func step(t *testing.T, ours stream, src []byte, ctx string, theirs ...stream) bool {
	t.Helper()
	a := bytes.Repeat([]byte{0xa5}, len(src))
	pa := try(func() { ours.XORKeyStream(a, src) })
	for _, th := range theirs {
		b := bytes.Repeat([]byte{0xa5}, len(src))
		pb := try(func() { th.XORKeyStream(b, src) })
		if fmt.Sprint(pa) != fmt.Sprint(pb) {
			t.Fatalf("%s: XORKeyStream of %d bytes panics with %v, %s's with %v", ctx, len(src), pa, name(th), pb)
		}
		if !bytes.Equal(a, b) {
			t.Fatalf("%s: XORKeyStream of %d bytes (panic: %v):\n got %x\nwant %x (%s)", ctx, len(src), pa, a, b, name(th))
		}
	}
	return pa != nil
}

// setCounter calls SetCounter on ours and each of theirs and fails the test
// if the panics differ. It reports whether they panicked.
func setCounter(t *testing.T, ours stream, counter uint32, ctx string, theirs ...stream) bool {
	t.Helper()
	pa := try(func() { ours.SetCounter(counter) })
	for _, th := range theirs {
		pb := try(func() { th.SetCounter(counter) })
		if fmt.Sprint(pa) != fmt.Sprint(pb) {
			t.Fatalf("%s: SetCounter(%d) panics with %v, %s's with %v", ctx, counter, pa, name(th), pb)
		}
	}
	return pa != nil
}

func name(s stream) string {
	if _, ok := s.(*model); ok {
		return "the model"
	}
	return "x/crypto"
}

// randomChunks splits n into pieces of random sizes: some empty, many
// small, some around a block, a few large.
func randomChunks(r *rand.Rand, n int) []int {
	var out []int
	for n > 0 {
		var k int
		switch r.IntN(5) {
		case 0:
			k = r.IntN(8)
		case 1, 2:
			k = r.IntN(2*blockSize + 2)
		case 3:
			k = blockSize - 1 + r.IntN(3)
		default:
			k = r.IntN(n + 1)
		}
		k = min(k, n)
		out = append(out, k)
		n -= k
	}
	return out
}

// differentialLengths are every length from 0 to 1024 bytes and the lengths
// around a few larger strides and the piece size of XORKeyStream.
func differentialLengths() []int {
	var ls []int
	for n := 0; n <= 1024; n++ {
		ls = append(ls, n)
	}
	for _, n := range []int{1024, 4096, maxBlocksLen, 2*maxBlocksLen + 3*blockSize} {
		ls = append(ls, n-1, n, n+1)
	}
	return ls
}

// TestDifferential encrypts random data of every length with random keys,
// nonces (both sizes) and initial counters, at once and then in random
// chunks with the counter moved forward now and then, and compares with
// x/crypto.
func TestDifferential(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20 differential 01"))))
		lengths := differentialLengths()
		buf := make([]byte, lengths[len(lengths)-1]+blockSize)
		for i := range buf {
			buf[i] = byte(r.Uint32())
		}
		for i, n := range lengths {
			key := randBytes(r, KeySize)
			nonce := randBytes(r, []int{NonceSize, NonceSizeX}[i%2])
			var counter uint32
			if r.IntN(2) == 0 {
				counter = r.Uint32N(1 << 31)
			}
			off := r.IntN(blockSize) // unaligned input too
			src := buf[off : off+n]
			ctx := fmt.Sprintf("%d bytes, %d-byte nonce, counter %d", n, len(nonce), counter)

			ours, theirs := newPair(t, key, nonce)
			setCounter(t, ours, counter, ctx, theirs)
			step(t, ours, src, ctx+", at once", theirs)

			ours, theirs = newPair(t, key, nonce)
			setCounter(t, ours, counter, ctx, theirs)
			pos := 0
			for _, k := range randomChunks(r, n) {
				if r.IntN(16) == 0 {
					// Jump ahead: to the next block, or a few further.
					next := counter + uint32((pos+blockSize-1)/blockSize) + uint32(r.IntN(3))
					setCounter(t, ours, next, ctx, theirs)
					counter, pos = next, 0
				}
				step(t, ours, src[:k], ctx+", in random chunks", theirs)
				src = src[k:]
				pos += k
			}
		}
	})
}

// TestDifferentialInPlace compares in-place encryption with x/crypto's.
func TestDifferentialInPlace(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20 in place test 1"))))
		for _, n := range []int{0, 1, 63, 64, 65, 255, 256, 257, 511, 512, 513, 1000, 4097} {
			key, nonce := randBytes(r, KeySize), randBytes(r, NonceSizeX)
			a := randBytes(r, n)
			b := bytes.Clone(a)
			ours, theirs := newPair(t, key, nonce)
			for _, k := range randomChunks(r, n) {
				ours.XORKeyStream(a[:k], a[:k])
				theirs.XORKeyStream(b[:k], b[:k])
				a, b = a[k:], b[k:]
			}
			if !bytes.Equal(a, b) {
				t.Fatalf("%d bytes in place: outputs differ", n)
			}
		}
	})
}

// TestDifferentialSetCounter applies random sequences of XORKeyStream and
// SetCounter, backwards too, to both packages.
func TestDifferentialSetCounter(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20 set counter 001"))))
		for i := range 200 {
			ours, theirs := newPair(t, randBytes(r, KeySize), randBytes(r, NonceSize))
			var next uint32 // the block the next byte comes from, rounded up
			for j := range 20 {
				ctx := fmt.Sprintf("sequence %d, step %d", i, j)
				if r.IntN(3) == 0 {
					c := next + uint32(r.IntN(5)) - 2 // sometimes backwards
					if !setCounter(t, ours, c, ctx, theirs) {
						next = c
					}
					continue
				}
				n := r.IntN(300)
				step(t, ours, randBytes(r, n), ctx, theirs)
				next += uint32(n+blockSize-1) / blockSize // an overestimate after partial blocks is fine
			}
		}
	})
}

// TestDifferentialCounterWrap runs the package up to and past the last
// block, numbered 2³²-1, in random chunks, and checks that it gives the
// same keystream as the oracles (see endOracles), panics at the same call
// with the same message, and writes the same bytes before panicking.
func TestDifferentialCounterWrap(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		if xcryptoReusesKeystream() {
			t.Logf("x/crypto/chacha20 reuses keystream past the last block on %s: comparing with the model only", runtime.GOARCH)
		}
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20 counter wrap 01"))))
		for i := range 300 {
			start := uint32(1<<32-1) - uint32(r.IntN(4)) // 2³²-4 to 2³²-1
			key, nonce := randBytes(r, KeySize), randBytes(r, []int{NonceSize, NonceSizeX}[i%2])
			ours, theirs := newPair(t, key, nonce)
			oracles := endOracles(t, key, nonce, theirs)
			ctx := fmt.Sprintf("sequence %d from counter %d", i, start)
			setCounter(t, ours, start, ctx, oracles...)
			panicked := false
			for j := 0; j < 50 && !panicked; j++ {
				var n int
				switch r.IntN(4) {
				case 0:
					n = r.IntN(4)
				case 1:
					n = blockSize * r.IntN(3)
				default:
					n = r.IntN(3*blockSize + 2)
				}
				panicked = step(t, ours, randBytes(r, n), fmt.Sprintf("%s, step %d", ctx, j), oracles...)
			}
			if !panicked {
				t.Fatalf("%s: 50 steps after the last block without a panic", ctx)
			}
			// Once spent, the cipher refuses SetCounter and further
			// keystream, but accepts an empty XORKeyStream.
			setCounter(t, ours, start, ctx+", after the panic", oracles...)
			step(t, ours, nil, ctx+", empty after the panic", oracles...)
			step(t, ours, make([]byte, 1), ctx+", one byte after the panic", oracles...)
		}
	})
}

// x/crypto's chacha20 is a sound oracle at the end of the keystream only
// where it computes one block at a time. Its assembly for arm64, ppc64x and
// s390x (v0.55.0) computes four blocks at once whenever they fit below
// 2³², even for a shorter request, and then lets the counter wrap to zero
// without marking the cipher spent: from counter 2³²-4, XORKeyStream of
// 3 bytes, then 253, then 64 more gives block 0's keystream again instead
// of panicking. xcryptoReusesKeystream detects that, so that the tests
// use the model below instead of x/crypto there.
var xcryptoReusesKeystream = sync.OnceValue(func() bool {
	key, nonce := make([]byte, KeySize), make([]byte, NonceSize)
	c, err := xchacha20.NewUnauthenticatedCipher(key, nonce)
	if err != nil {
		panic(err)
	}
	c.SetCounter(1<<32 - 4)
	buf := make([]byte, 4*blockSize)
	c.XORKeyStream(buf[:3], buf[:3])
	c.XORKeyStream(buf[3:], buf[3:])
	return try(func() { c.XORKeyStream(buf[:1], buf[:1]) }) == nil
})

// endOracles returns what to compare with near the end of the keystream:
// the model, and x/crypto where it is sound there.
func endOracles(t testing.TB, key, nonce []byte, xcrypto stream) []stream {
	m := newModel(t, key, nonce)
	if xcryptoReusesKeystream() {
		return []stream{m}
	}
	return []stream{m, xcrypto}
}

// model is the behavior that x/crypto/chacha20 documents and has where it
// computes one block at a time, written as plainly as possible: keystream
// blocks come one at a time from x/crypto, each from a fresh cipher.
type model struct {
	t          testing.TB
	key, nonce []byte
	next       uint64 // the number of the next block to compute
	left       []byte // unused keystream of the last block computed
	spent      bool   // block 2³²-1 has been computed
}

func newModel(t testing.TB, key, nonce []byte) *model {
	return &model{t: t, key: key, nonce: nonce}
}

func (m *model) block(n uint32) []byte {
	c, err := xchacha20.NewUnauthenticatedCipher(m.key, m.nonce)
	if err != nil {
		m.t.Fatal(err)
	}
	c.SetCounter(n)
	b := make([]byte, blockSize)
	c.XORKeyStream(b, b)
	return b
}

func (m *model) XORKeyStream(dst, src []byte) {
	if len(src) == 0 {
		return
	}
	if len(dst) < len(src) {
		panic("chacha20: output smaller than input")
	}
	k := subtle.XORBytes(dst, src, m.left)
	m.left = m.left[k:]
	dst, src = dst[k:], src[k:]
	if len(src) == 0 {
		return
	}
	need := (uint64(len(src)) + blockSize - 1) / blockSize
	if m.spent || m.next+need > 1<<32 {
		panic("chacha20: counter overflow")
	}
	for len(src) > 0 {
		ks := m.block(uint32(m.next))
		m.next++
		k := subtle.XORBytes(dst, src, ks)
		m.left = ks[k:]
		dst, src = dst[k:], src[k:]
	}
	m.spent = m.next == 1<<32
}

func (m *model) SetCounter(counter uint32) {
	if m.spent || uint64(counter) < m.next {
		panic("chacha20: SetCounter attempted to rollback counter")
	}
	m.next = uint64(counter)
	m.left = nil
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// FuzzXORKeyStream compares, for every implementation, the encryption of
// data with x/crypto's, at once and in two calls split at split, after
// setting the counter. The key and nonce are cut or zero-padded to size
// (a nonce of at least 24 bytes selects XChaCha20); counters near the end
// of the keystream check the overflow panic.
func FuzzXORKeyStream(f *testing.F) {
	for i, n := range []int{0, 1, 63, 64, 65, 127, 128, 129, 256, 1000} {
		data := make([]byte, n)
		for j := range data {
			data[j] = byte(j*131 + n)
		}
		nonce := make([]byte, []int{NonceSize, NonceSizeX}[i%2])
		nonce[0] = byte(i)
		f.Add([]byte("a thirty-two byte key, not more."), nonce, uint32(i), data, uint16(n/3))
	}
	f.Add(make([]byte, 32), make([]byte, 12), uint32(1<<32-1), make([]byte, 65), uint16(10))
	f.Add(make([]byte, 32), make([]byte, 24), uint32(1<<32-2), make([]byte, 129), uint16(64))
	f.Add(make([]byte, 32), make([]byte, 12), uint32(1<<32-2), make([]byte, 128), uint16(0))
	f.Fuzz(func(t *testing.T, key, nonce []byte, counter uint32, data []byte, split uint16) {
		key = fit(key, KeySize)
		if len(nonce) >= NonceSizeX {
			nonce = nonce[:NonceSizeX]
		} else {
			nonce = fit(nonce, NonceSize)
		}
		k := int(split) % (len(data) + 1)
		cputest.ForEachImplementation(pkg, func(impl string) {
			ctx := fmt.Sprintf("%s, counter %d", impl, counter)
			ours, theirs := newPair(t, key, nonce)
			oracles := endOracles(t, key, nonce, theirs)
			setCounter(t, ours, counter, ctx, oracles...)
			step(t, ours, data, ctx+", at once", oracles...)

			ours, theirs = newPair(t, key, nonce)
			oracles = endOracles(t, key, nonce, theirs)
			setCounter(t, ours, counter, ctx, oracles...)
			if !step(t, ours, data[:k], ctx+", first part", oracles...) {
				step(t, ours, data[k:], ctx+", second part", oracles...)
			}
		})
	})
}

// fit cuts b to n bytes or pads it with zeros.
func fit(b []byte, n int) []byte {
	out := make([]byte, n)
	copy(out, b)
	return out
}
