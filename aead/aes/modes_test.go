package aes

import (
	"bytes"
	stdaes "crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// gcmPkg is the cpufeat name of the AES-GCM implementations that the
// Block's NewGCM uses (aead/internal/gcm).
const gcmPkg = "aesgcm"

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// modeLengths are the message lengths of the mode tests: every length up
// to 600 bytes (the kernels' strides are 1 to 16 blocks, the short GCM
// path ends at 240 bytes), and lengths around 4 KiB (arm64's GCM chunks)
// and 16 KiB.
func modeLengths() []int {
	var ns []int
	for n := 0; n <= 600; n++ {
		ns = append(ns, n)
	}
	return append(ns, 4095, 4096, 4097, 16383, 16384, 16385)
}

// forEachGCMCombination runs f as a subtest for every implementation of
// AES-GCM ("aesgcm"), and within it once for every implementation of
// package aes that makes the Block (whose key form the AEAD then takes
// over, or expands again for the generic code).
func forEachGCMCombination(t *testing.T, f func(t *testing.T, newBlock func(key []byte) cipher.Block)) {
	cputest.TestAllImplementations(t, gcmPkg, func(t *testing.T) {
		cputest.ForEachImplementation(pkg, func(impl string) {
			t.Run("block-"+impl, func(t *testing.T) {
				f(t, func(key []byte) cipher.Block {
					b, err := NewCipher(key)
					if err != nil {
						t.Fatal(err)
					}
					return b
				})
			})
		})
	})
}

func stdBlock(key []byte) cipher.Block {
	b, err := stdaes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	return b
}

// TestGCMVsStdlib seals with cipher.NewGCM over the Block and over
// crypto/aes, at every length of modeLengths, with the three key sizes in
// turn and additional data of 0 to 40 bytes, on every combination of
// implementations; the results must be equal, open, and fail to open with
// a bit flipped. It checks that crypto/cipher used the Block's NewGCM
// (crypton's AEAD, not its generic fallback).
func TestGCMVsStdlib(t *testing.T) {
	forEachGCMCombination(t, func(t *testing.T, newBlock func([]byte) cipher.Block) {
		r := rand.New(rand.NewPCG(51, 52))
		for _, n := range modeLengths() {
			key := randBytes(r, []int{16, 24, 32}[n%3])
			a, err := cipher.NewGCM(newBlock(key))
			if err != nil {
				t.Fatal(err)
			}
			if typ := fmt.Sprintf("%T", a); typ != "*gcm.GCM" {
				t.Fatalf("cipher.NewGCM over the Block gives a %s, not crypton's AES-GCM", typ)
			}
			std, _ := cipher.NewGCM(stdBlock(key))
			nonce, pt, ad := randBytes(r, 12), randBytes(r, n), randBytes(r, n%41)
			ctx := fmt.Sprintf("AES-%d, %d-byte plaintext, %d-byte additional data", 8*len(key), n, len(ad))
			ct := a.Seal(nil, nonce, pt, ad)
			if want := std.Seal(nil, nonce, pt, ad); !bytes.Equal(ct, want) {
				t.Fatalf("%s: Seal gives\n%x\ncrypto/aes's GCM\n%x", ctx, ct, want)
			}
			if got, err := a.Open(nil, nonce, ct, ad); err != nil || !bytes.Equal(got, pt) {
				t.Fatalf("%s: Open of the sealed message fails: %v", ctx, err)
			}
			bad := bytes.Clone(ct)
			bad[r.IntN(len(bad))] ^= byte(1 << r.IntN(8))
			if got, err := a.Open(nil, nonce, bad, ad); err == nil || got != nil {
				t.Fatalf("%s: Open accepts a tampered message", ctx)
			}
		}
	})
}

// TestGCMSizes compares cipher.NewGCMWithNonceSize over the Block with the
// same over crypto/aes for every nonce size from 1 to 64 bytes, and
// cipher.NewGCMWithTagSize for every tag size from 12 to 16, at lengths
// around the strides, on every implementation of AES-GCM; and the Block's
// NewGCM called directly with both sizes non-standard (which crypto/cipher
// never does) against the full tag's prefix.
func TestGCMSizes(t *testing.T) {
	lengths := []int{0, 1, 16, 17, 240, 241, 255, 256, 257, 1000, 4096 + 5}
	cputest.TestAllImplementations(t, gcmPkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(53, 54))
		check := func(ctx string, a, want cipher.AEAD, n int) {
			t.Helper()
			nonce := randBytes(r, want.NonceSize())
			pt, ad := randBytes(r, n), randBytes(r, n%70)
			ct := a.Seal(nil, nonce, pt, ad)
			if w := want.Seal(nil, nonce, pt, ad); !bytes.Equal(ct, w) {
				t.Fatalf("%s, %d bytes: Seal gives\n%x\nwant\n%x", ctx, n, ct, w)
			}
			if got, err := a.Open(nil, nonce, ct, ad); err != nil || !bytes.Equal(got, pt) {
				t.Fatalf("%s, %d bytes: Open fails: %v", ctx, n, err)
			}
			ct[len(ct)-1] ^= 1
			if _, err := a.Open(nil, nonce, ct, ad); err == nil {
				t.Fatalf("%s, %d bytes: Open accepts a changed tag", ctx, n)
			}
		}
		for size := 1; size <= 64; size++ {
			key := randBytes(r, []int{16, 24, 32}[size%3])
			a, err := cipher.NewGCMWithNonceSize(newTestBlock(t, key), size)
			if err != nil {
				t.Fatal(err)
			}
			std, _ := cipher.NewGCMWithNonceSize(stdBlock(key), size)
			for _, n := range lengths {
				check(fmt.Sprintf("AES-%d, %d-byte nonce", 8*len(key), size), a, std, n)
			}
		}
		for ts := 12; ts <= 16; ts++ {
			key := randBytes(r, []int{16, 24, 32}[ts%3])
			a, err := cipher.NewGCMWithTagSize(newTestBlock(t, key), ts)
			if err != nil {
				t.Fatal(err)
			}
			if a.Overhead() != ts || a.NonceSize() != 12 {
				t.Fatalf("tag size %d: Overhead %d, NonceSize %d", ts, a.Overhead(), a.NonceSize())
			}
			std, _ := cipher.NewGCMWithTagSize(stdBlock(key), ts)
			for _, n := range lengths {
				check(fmt.Sprintf("AES-%d, %d-byte tag", 8*len(key), ts), a, std, n)
			}
		}
		key := randBytes(r, 32)
		g := newTestBlock(t, key).(interface {
			NewGCM(nonceSize, tagSize int) (cipher.AEAD, error)
		})
		for _, size := range []int{1, 8, 12, 16, 60} {
			full, _ := cipher.NewGCMWithNonceSize(stdBlock(key), size)
			for ts := 12; ts <= 16; ts++ {
				a, err := g.NewGCM(size, ts)
				if err != nil {
					t.Fatal(err)
				}
				truncated := truncatedTag{full, ts}
				for _, n := range lengths {
					check(fmt.Sprintf("NewGCM(%d, %d)", size, ts), a, truncated, n)
				}
			}
		}
	})
}

func newTestBlock(t *testing.T, key []byte) cipher.Block {
	b, err := NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// truncatedTag is an AEAD whose tag is the first size bytes of a's (SP
// 800-38D, Section 7.1: a shorter tag is the prefix of the full one). Only
// its Seal, NonceSize and Overhead are used.
type truncatedTag struct {
	cipher.AEAD
	size int
}

func (t truncatedTag) Overhead() int { return t.size }

func (t truncatedTag) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	out := t.AEAD.Seal(dst, nonce, plaintext, additionalData)
	return out[:len(out)-t.AEAD.Overhead()+t.size]
}

// TestGCMErrors checks the Block's NewGCM on sizes it refuses, called
// directly, and that crypto/cipher's own checks come first.
func TestGCMErrors(t *testing.T) {
	g := newTestBlock(t, make([]byte, 16)).(interface {
		NewGCM(nonceSize, tagSize int) (cipher.AEAD, error)
	})
	for _, c := range []struct{ nonce, tag int }{{0, 16}, {-1, 16}, {12, 11}, {12, 17}, {12, 0}, {0, 0}} {
		a, err := g.NewGCM(c.nonce, c.tag)
		if err == nil || a != nil || !strings.HasPrefix(err.Error(), "aes: invalid GCM ") {
			t.Errorf("NewGCM(%d, %d) = %v, %v", c.nonce, c.tag, a, err)
		}
	}
	if a, err := cipher.NewGCMWithTagSize(newTestBlock(t, make([]byte, 16)), 11); err == nil || a != nil {
		t.Errorf("cipher.NewGCMWithTagSize(11) = %v, %v", a, err)
	}
	if a, err := cipher.NewGCMWithNonceSize(newTestBlock(t, make([]byte, 16)), 0); err == nil || a != nil {
		t.Errorf("cipher.NewGCMWithNonceSize(0) = %v, %v", a, err)
	}
}

// ctrIVs are counter blocks from which to start: a random one, zero, and
// ones whose last 4, 8 or all 16 bytes are a few blocks from wrapping
// around (crypto/cipher's counter carries through all 16 bytes; the last
// wraps the whole block to zero).
func ctrIVs(r *rand.Rand) [][]byte {
	ivs := [][]byte{randBytes(r, 16), make([]byte, 16)}
	for _, below := range []uint64{1, 2, 17, 33} {
		iv := randBytes(r, 16)
		binary.BigEndian.PutUint32(iv[12:], uint32(-below))
		ivs = append(ivs, iv)
		iv = randBytes(r, 16)
		binary.BigEndian.PutUint64(iv[8:], -below)
		ivs = append(ivs, iv)
		iv = bytes.Repeat([]byte{0xff}, 16)
		binary.BigEndian.PutUint64(iv[8:], -below)
		ivs = append(ivs, iv)
	}
	return ivs
}

// TestCounterModeVsStdlib compares cipher.NewCTR over the Block with the same over
// crypto/aes, on every implementation of package aes and key size, from
// the counters of ctrIVs, at every length of modeLengths, into a separate
// buffer and in place. It checks that crypto/cipher used the Block's
// NewCTR.
func TestCounterModeVsStdlib(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(55, 56))
		ivs := ctrIVs(r)
		for _, ks := range []int{16, 24, 32} {
			key := randBytes(r, ks)
			b, std := newTestBlock(t, key), stdBlock(key)
			for _, iv := range ivs {
				for _, n := range modeLengths() {
					s := cipher.NewCTR(b, iv)
					if typ := fmt.Sprintf("%T", s); typ != "*aes.ctr" {
						t.Fatalf("cipher.NewCTR over the Block gives a %s, not crypton's counter mode", typ)
					}
					src := randBytes(r, n)
					want := make([]byte, n)
					cipher.NewCTR(std, iv).XORKeyStream(want, src)
					got := make([]byte, n+16)
					s.XORKeyStream(got, src)
					if !bytes.Equal(got[:n], want) || !bytes.Equal(got[n:], make([]byte, 16)) {
						t.Fatalf("AES-%d, IV %x, %d bytes: XORKeyStream differs from crypto/aes's CTR", 8*ks, iv, n)
					}
					cipher.NewCTR(b, iv).XORKeyStream(src, src)
					if !bytes.Equal(src, want) {
						t.Fatalf("AES-%d, IV %x, %d bytes: XORKeyStream in place differs", 8*ks, iv, n)
					}
				}
			}
		}
	})
}

// TestCounterModePieces calls XORKeyStream on one Stream with pieces of random
// lengths (odd sizes, partial blocks, empty calls, pieces of several
// kernel strides) and compares the concatenation with crypto/aes's CTR
// over the whole, from the counters of ctrIVs, on every implementation:
// the Stream must keep its place in the key stream across calls.
func TestCounterModePieces(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(57, 58))
		key := randBytes(r, 32)
		b, std := newTestBlock(t, key), stdBlock(key)
		src := randBytes(r, 20000)
		want := make([]byte, len(src))
		got := make([]byte, len(src))
		for _, iv := range ctrIVs(r) {
			cipher.NewCTR(std, iv).XORKeyStream(want, src)
			for _, maxPiece := range []int{3, 17, 40, 300, 5000} {
				clear(got)
				s := cipher.NewCTR(b, iv)
				for off := 0; off < len(src); {
					n := min(len(src)-off, r.IntN(maxPiece+1))
					s.XORKeyStream(got[off:off+n], src[off:off+n])
					off += n
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("IV %x, pieces up to %d bytes: differs from crypto/aes's CTR at byte %d", iv, maxPiece, firstDiff(got, want))
				}
			}
			// In place, in pieces.
			buf := bytes.Clone(src)
			s := cipher.NewCTR(b, iv)
			for off := 0; off < len(buf); {
				n := min(len(buf)-off, 1+r.IntN(100))
				s.XORKeyStream(buf[off:off+n], buf[off:off+n])
				off += n
			}
			if !bytes.Equal(buf, want) {
				t.Fatalf("IV %x: in place in pieces differs", iv)
			}
		}
	})
}

func firstDiff(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// TestCounterModePanics checks the panics of NewCTR and XORKeyStream: a wrong IV
// length, a short dst and buffers that overlap other than exactly, as
// crypto/cipher's CTR panics; exact overlap and a longer dst are allowed.
// It also checks that the Stream keeps its own copy of the IV.
func TestCounterModePanics(t *testing.T) {
	b := newTestBlock(t, make([]byte, 16))
	for _, n := range []int{0, 8, 15, 17, 32} {
		mustPanic(t, fmt.Sprintf("NewCTR with a %d-byte IV", n), "aes: NewCTR: IV length must equal block size", func() { cipher.NewCTR(b, make([]byte, n)) })
	}
	s := cipher.NewCTR(b, make([]byte, 16))
	buf := make([]byte, 64)
	mustPanic(t, "XORKeyStream short dst", "aes: output smaller than input", func() { s.XORKeyStream(buf[:10], buf[:11]) })
	mustPanic(t, "XORKeyStream overlap", "aes: invalid buffer overlap", func() { s.XORKeyStream(buf[1:], buf[:40]) })
	mustPanic(t, "XORKeyStream overlap", "aes: invalid buffer overlap", func() { s.XORKeyStream(buf[:40], buf[5:45]) })
	s.XORKeyStream(buf, buf)
	s.XORKeyStream(buf[32:], buf[:32])
	s.XORKeyStream(buf[:40], buf[40:50]) // dst longer than src: only len(src) bytes are written

	iv := make([]byte, 16)
	s1 := cipher.NewCTR(b, iv)
	iv[0] = 1
	got, want := make([]byte, 32), make([]byte, 32)
	s1.XORKeyStream(got, got)
	cipher.NewCTR(stdBlock(make([]byte, 16)), make([]byte, 16)).XORKeyStream(want, want)
	if !bytes.Equal(got, want) {
		t.Error("the Stream follows changes to the IV slice after NewCTR")
	}
}

// TestModesAllocations checks that XORKeyStream and the AEAD's Seal and
// Open with room in dst do not allocate.
func TestModesAllocations(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		b := newTestBlock(t, make([]byte, 16))
		s := cipher.NewCTR(b, make([]byte, 16))
		buf := make([]byte, 1000)
		if n := testing.AllocsPerRun(10, func() { s.XORKeyStream(buf[:333], buf[:333]) }); n != 0 {
			t.Errorf("XORKeyStream allocates %v times", n)
		}
		a, _ := cipher.NewGCM(b)
		nonce := make([]byte, 12)
		out := make([]byte, 0, len(buf)+16)
		ct := a.Seal(nil, nonce, buf, nil)
		if n := testing.AllocsPerRun(10, func() { out = a.Seal(out[:0], nonce, buf, nil) }); n != 0 {
			t.Errorf("Seal allocates %v times", n)
		}
		if n := testing.AllocsPerRun(10, func() { a.Open(out[:0], nonce, ct, nil) }); n != 0 {
			t.Errorf("Open allocates %v times", n)
		}
	})
}

// FuzzCTR compares cipher.NewCTR over the Block with crypto/aes's, on
// every implementation, from an arbitrary IV, with data XORed in pieces
// whose lengths come from the input.
func FuzzCTR(f *testing.F) {
	f.Add(byte(0), make([]byte, 16), []byte("0123456789abcdef0123456789"), []byte{1, 15, 16, 17, 255})
	f.Add(byte(2), bytes.Repeat([]byte{0xff}, 16), make([]byte, 1000), []byte{3, 200})
	f.Fuzz(func(t *testing.T, sel byte, iv, data, pieces []byte) {
		if len(iv) != 16 {
			return
		}
		key := make([]byte, 16+8*int(sel%3))
		for i := range key {
			key[i] = byte(i) ^ sel
		}
		want := make([]byte, len(data))
		cipher.NewCTR(stdBlock(key), iv).XORKeyStream(want, data)
		cputest.ForEachImplementation(pkg, func(impl string) {
			s := cipher.NewCTR(newTestBlock(t, key), iv)
			got := make([]byte, len(data))
			off := 0
			for i := 0; off < len(data); i++ {
				n := len(data) - off
				if i < len(pieces) {
					n = min(n, int(pieces[i]))
				}
				s.XORKeyStream(got[off:off+n], data[off:off+n])
				off += n
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s: differs from crypto/aes's CTR at byte %d", impl, firstDiff(got, want))
			}
		})
	})
}

// FuzzGCM compares AES-GCM through crypto/cipher over the Block with the
// same over crypto/aes, with any nonce length (cipher.NewGCMWithNonceSize)
// or, with a 12-byte nonce, any tag size from 12 to 16
// (NewGCMWithTagSize), on every implementation: Seal must give the same
// bytes and Open the same result on the input taken as a ciphertext.
func FuzzGCM(f *testing.F) {
	f.Add(byte(0), byte(16), make([]byte, 12), []byte("plaintext"), []byte("ad"))
	f.Add(byte(1), byte(12), make([]byte, 12), make([]byte, 300), []byte(nil))
	f.Add(byte(2), byte(16), make([]byte, 1), make([]byte, 257), make([]byte, 70))
	f.Fuzz(func(t *testing.T, sel, tagSize byte, nonce, data, ad []byte) {
		if len(nonce) == 0 {
			return
		}
		ts := 12 + int(tagSize)%5
		if len(nonce) != 12 {
			ts = 16
		}
		key := make([]byte, 16+8*int(sel%3))
		for i := range key {
			key[i] = byte(3*i) ^ sel
		}
		mk := func(b cipher.Block) cipher.AEAD {
			var a cipher.AEAD
			var err error
			if len(nonce) == 12 {
				a, err = cipher.NewGCMWithTagSize(b, ts)
			} else {
				a, err = cipher.NewGCMWithNonceSize(b, len(nonce))
			}
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		std := mk(stdBlock(key))
		wantSealed := std.Seal(nil, nonce, data, ad)
		wantOpened, wantErr := std.Open(nil, nonce, data, ad)
		cputest.ForEachImplementation(gcmPkg, func(impl string) {
			a := mk(newTestBlock(t, key))
			if got := a.Seal(nil, nonce, data, ad); !bytes.Equal(got, wantSealed) {
				t.Fatalf("%s: Seal gives %x, crypto/aes's GCM %x", impl, got, wantSealed)
			}
			got, err := a.Open(nil, nonce, data, ad)
			if (err == nil) != (wantErr == nil) || !bytes.Equal(got, wantOpened) {
				t.Fatalf("%s: Open gives %x, %v; crypto/aes's GCM %x, %v", impl, got, err, wantOpened, wantErr)
			}
		})
	})
}

// TestCounterModeKnownAnswers runs the CTR examples of NIST SP 800-38A, Appendix
// F.5 (F.5.1, F.5.3 and F.5.5: AES-128, AES-192 and AES-256 encryption,
// four blocks from the counter block f0f1...ff), through cipher.NewCTR
// over the Block on every implementation, in one call and block by block.
func TestCounterModeKnownAnswers(t *testing.T) {
	iv := unhex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")
	pt := unhex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51" +
		"30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710")
	vectors := []struct{ name, key, ct string }{
		{"F.5.1", "2b7e151628aed2a6abf7158809cf4f3c",
			"874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff" +
				"5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee"},
		{"F.5.3", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
			"1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e94" +
				"1e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050"},
		{"F.5.5", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
			"601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5" +
				"2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"},
	}
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, v := range vectors {
			b := newTestBlock(t, unhex(v.key))
			want := unhex(v.ct)
			got := make([]byte, len(pt))
			cipher.NewCTR(b, iv).XORKeyStream(got, pt)
			if !bytes.Equal(got, want) {
				t.Errorf("%s: XORKeyStream gives %x, want %x", v.name, got, want)
			}
			s := cipher.NewCTR(b, iv)
			for i := 0; i < len(pt); i += BlockSize {
				s.XORKeyStream(got[i:i+BlockSize], pt[i:i+BlockSize])
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s: XORKeyStream block by block gives %x, want %x", v.name, got, want)
			}
		}
	})
}
