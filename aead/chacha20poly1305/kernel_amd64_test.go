//go:build gc && !purego

package chacha20poly1305

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/aead/chacha20"
	"github.com/crypton-go/crypton/aead/poly1305"
	"github.com/crypton-go/crypton/cpufeat"
)

// TestKernel compares chachaPolyAVX2 with the packages
// chacha20 and poly1305: the keystream XORed into each chunk, for counters
// at the start and at the very end of the 32-bit counter, the state left
// alone, and the Poly1305 accumulator, finished, against poly1305.Sum of
// the data hashed. It also checks that a chunk is hashed before it is
// written, by working in place.
func TestKernel(t *testing.T) {
	if !useAVX2 {
		t.Skip("the CPU lacks AVX2 or BMI2")
	}
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 kernel1"))))
	for _, counter := range []uint32{0, 1, 1<<31 - 3, 1<<32 - 64, 1<<32 - 8*3} {
		for _, chunks := range []int{1, 2, 3} {
			if uint64(counter)+uint64(8*chunks) > 1<<32 {
				continue
			}
			for _, inPlace := range []bool{false, true} {
				key, nonce := [KeySize]byte(randBytes(r, KeySize)), [NonceSize]byte(randBytes(r, NonceSize))
				polyKey := [32]byte(randBytes(r, 32))
				src := randBytes(r, chunks*chunkSize)
				hashed := randBytes(r, chunks*chunkSize)
				dst := make([]byte, len(src))
				if inPlace {
					// Open: the chunk hashed is the chunk decrypted.
					copy(hashed, src)
					dst = src
				}
				srcCopy := bytes.Clone(src)
				hashedCopy := bytes.Clone(hashed)

				want := make([]byte, len(src))
				s, _ := chacha20.NewUnauthenticatedCipher(key[:], nonce[:])
				if counter > 0 {
					s.SetCounter(counter)
				}
				s.XORKeyStream(want, srcCopy)
				var wantTag [16]byte
				poly1305.Sum(&wantTag, hashedCopy, &polyKey)

				var p polyState
				p.r[0] = binary.LittleEndian.Uint64(polyKey[0:8]) & 0x0ffffffc0fffffff
				p.r[1] = binary.LittleEndian.Uint64(polyKey[8:16]) & 0x0ffffffc0ffffffc
				p.s[0] = binary.LittleEndian.Uint64(polyKey[16:24])
				p.s[1] = binary.LittleEndian.Uint64(polyKey[24:32])
				state := initState(&key, &nonce, counter)
				stateCopy := state
				chachaPolyAVX2(&state, &p, dst, src, &hashed[0], chunkSize/16, nil)
				if !bytes.Equal(dst, want) {
					t.Errorf("counter %#x, %d chunks, in place %v: wrong keystream", counter, chunks, inPlace)
				}
				if state != stateCopy {
					t.Errorf("counter %#x, %d chunks: the state changed", counter, chunks)
				}
				var tag [16]byte
				p.finish(&tag)
				if tag != wantTag {
					t.Errorf("counter %#x, %d chunks, in place %v: Poly1305 tag %x, want %x", counter, chunks, inPlace, tag, wantTag)
				}
			}
		}
	}
}

// TestKernelFirst checks the first and ad arguments of chachaPolyAVX2:
// with every number of Poly1305 blocks from 0 to 32 for the first chunk
// (and 32 for each of the others), after additional data of various
// lengths, and with no chunk at all, the keystream and the tag against the
// packages chacha20 and poly1305.
func TestKernelFirst(t *testing.T) {
	if !useAVX2 {
		t.Skip("the CPU lacks AVX2 or BMI2")
	}
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 kernel3"))))
	for first := 0; first <= chunkSize/16; first++ {
		for _, chunks := range []int{0, 1, 2} {
			key, nonce := [KeySize]byte(randBytes(r, KeySize)), [NonceSize]byte(randBytes(r, NonceSize))
			polyKey := [32]byte(randBytes(r, 32))
			src := randBytes(r, chunks*chunkSize+r.IntN(2)*r.IntN(chunkSize))
			ad := randBytes(r, (first*7+chunks)%41)
			hashed := randBytes(r, 16*first+max(chunks-1, 0)*chunkSize)
			if chunks == 0 {
				hashed = nil
			}
			whole := len(src) / chunkSize * chunkSize
			want := make([]byte, whole)
			s, _ := chacha20.NewUnauthenticatedCipher(key[:], nonce[:])
			s.SetCounter(9)
			s.XORKeyStream(want, src[:whole])
			var wantTag [16]byte
			padded := append(bytes.Clone(ad), make([]byte, (16-len(ad)%16)%16)...)
			poly1305.Sum(&wantTag, append(padded, hashed...), &polyKey)

			var p polyState
			p.setKey(&polyKey)
			state := initState(&key, &nonce, 9)
			dst := bytes.Repeat([]byte{0xa5}, len(src))
			// The hash pointer must not be dereferenced when nothing is
			// hashed: pass one past the end of the hashed data.
			h := append(hashed, 0)
			chachaPolyAVX2(&state, &p, dst, src, &h[0], first, ad)
			if !bytes.Equal(dst[:whole], want) {
				t.Errorf("first %d, %d chunks: wrong keystream", first, chunks)
			}
			if !bytes.Equal(dst[whole:], bytes.Repeat([]byte{0xa5}, len(src)-whole)) {
				t.Errorf("first %d, %d chunks: wrote past the chunks", first, chunks)
			}
			var tag [16]byte
			p.finish(&tag)
			if tag != wantTag {
				t.Errorf("first %d, %d chunks, %d bytes of additional data: Poly1305 tag %x, want %x", first, chunks, len(ad), tag, wantTag)
			}
		}
	}
}

// TestKernelKey compares chachaKeyAVX2 with the packages chacha20 and
// poly1305: the seven blocks from counter 1 on XORed into the first 448
// bytes, nothing written after them, and the Poly1305 state it leaves,
// finished, against poly1305.Sum of the padded additional data under the
// first 32 bytes of block 0.
func TestKernelKey(t *testing.T) {
	if !useAVX2 {
		t.Skip("the CPU lacks AVX2 or BMI2")
	}
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 kernel2"))))
	for i := 0; i < 70; i++ {
		key, nonce := [KeySize]byte(randBytes(r, KeySize)), [NonceSize]byte(randBytes(r, NonceSize))
		src := randBytes(r, keyChunkLen+i%20)
		ad := randBytes(r, i)
		want := make([]byte, 64+keyChunkLen)
		s, _ := chacha20.NewUnauthenticatedCipher(key[:], nonce[:])
		s.XORKeyStream(want, append(make([]byte, 64), src[:keyChunkLen]...))
		padded := append(bytes.Clone(ad), make([]byte, (16-i%16)%16)...)
		var wantTag [16]byte
		poly1305.Sum(&wantTag, padded, (*[32]byte)(want[:32]))

		dst := bytes.Repeat([]byte{0xa5}, len(src))
		if i%2 == 1 {
			dst = src // in place
		}
		var state [16]uint32
		setState(&state, &key, &nonce)
		stateCopy := state
		p := polyState{h: [3]uint64{1, 2, 3}, r: [2]uint64{4, 5}, s: [2]uint64{6, 7}}
		chachaKeyAVX2(&state, &p, dst, src, ad)
		if !bytes.Equal(dst[:keyChunkLen], want[64:]) {
			t.Errorf("test %d: wrong keystream", i)
		}
		if i%2 == 0 && !bytes.Equal(dst[keyChunkLen:], bytes.Repeat([]byte{0xa5}, i%20)) {
			t.Errorf("test %d: wrote past the 448 bytes", i)
		}
		var q polyState
		q.setKey((*[32]byte)(want[:32]))
		if p.r != q.r || p.s != q.s {
			t.Errorf("test %d: Poly1305 key r %x s %x, want %x %x", i, p.r, p.s, q.r, q.s)
		}
		var tag [16]byte
		p.finish(&tag)
		if tag != wantTag {
			t.Errorf("test %d: Poly1305 of the additional data %x, want %x", i, tag, wantTag)
		}
		if state != stateCopy {
			t.Errorf("test %d: the state changed", i)
		}
	}
}

// TestKernelRowsPoly compares chachaRowsPolyAVX2 and chachaRowsPolyAVX512
// with the packages chacha20 and poly1305: the whole blocks XORed, the
// keystream of a partial block, nothing else written, and the Poly1305
// state or tag (of the hashed blocks, the whole blocks written and, with
// no partial block, the lengths block), for every length of src up to 128
// bytes, numbers of hashed blocks around 0, 28 and 32, counters near the
// end of the 32-bit range, in place and not.
func TestKernelRowsPoly(t *testing.T) {
	for _, k := range []struct {
		name string
		f    func(state *[16]uint32, s *polyState, dst, src []byte, ks *[64]byte, hash []byte, adLen, ctLen int, tag *[16]byte)
		ok   bool
		lack string
	}{
		{"AVX2", chachaRowsPolyAVX2, useAVX2, "AVX2 or BMI2"},
		{"AVX512", chachaRowsPolyAVX512, useAVX2 && cpufeat.HasAVX512VL, "AVX2, BMI2 or AVX-512VL"},
	} {
		t.Run(k.name, func(t *testing.T) {
			if !k.ok {
				t.Skip("the CPU lacks " + k.lack)
			}
			testKernelRowsPoly(t, k.f)
		})
	}
}

func testKernelRowsPoly(t *testing.T, rowsPoly func(state *[16]uint32, s *polyState, dst, src []byte, ks *[64]byte, hash []byte, adLen, ctLen int, tag *[16]byte)) {
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 rowpoly"))))
	for n := 0; n <= rowsPolyMaxLen; n++ {
		for _, blocks := range []int{0, 1, 2, 3, 27, 28, 29, 31, 32, 33, 40} {
			for _, ctr := range []uint32{9, 1<<32 - 2} {
				inPlace := (n+blocks)%2 == 1
				key, nonce := [KeySize]byte(randBytes(r, KeySize)), [NonceSize]byte(randBytes(r, NonceSize))
				polyKey := [32]byte(randBytes(r, 32))
				src := randBytes(r, n)
				hashed := randBytes(r, 16*blocks+r.IntN(16))
				adLen, ctLen := r.IntN(1<<20), r.IntN(1<<30)
				keystream := make([]byte, 128)
				s, _ := chacha20.NewUnauthenticatedCipher(key[:], nonce[:])
				s.SetCounter(ctr)
				s.XORKeyStream(keystream, keystream)
				full := n &^ 63
				want := bytes.Clone(src)
				for i := 0; i < full; i++ {
					want[i] ^= keystream[i]
				}
				authenticated := append(bytes.Clone(hashed[:16*blocks]), want[:full]...)
				if full == n {
					var lens [16]byte
					binary.LittleEndian.PutUint64(lens[0:], uint64(adLen))
					binary.LittleEndian.PutUint64(lens[8:], uint64(ctLen))
					authenticated = append(authenticated, lens[:]...)
				}
				var wantTag [16]byte
				poly1305.Sum(&wantTag, authenticated, &polyKey)

				var p polyState
				p.setKey(&polyKey)
				state := initState(&key, &nonce, ctr)
				stateCopy := state
				buf := bytes.Repeat([]byte{0xa5}, n+64)
				dst := buf[:n]
				if inPlace {
					copy(buf, src)
					src = dst
				}
				var ks [64]byte
				var tag [16]byte
				rowsPoly(&state, &p, dst, src, &ks, hashed, adLen, ctLen, &tag)
				ctx := fmt.Sprintf("%d bytes, %d blocks hashed, counter %#x, in place %v", n, blocks, ctr, inPlace)
				if !bytes.Equal(dst[:full], want[:full]) {
					t.Errorf("%s: wrong whole blocks", ctx)
				}
				if !inPlace && !bytes.Equal(buf[full:], bytes.Repeat([]byte{0xa5}, len(buf)-full)) {
					t.Errorf("%s: wrote past the whole blocks", ctx)
				}
				if full < n && !bytes.Equal(ks[:], keystream[full:full+64]) {
					t.Errorf("%s: wrong keystream for the partial block", ctx)
				}
				if full == n && ks != [64]byte{} {
					t.Errorf("%s: wrote ks with no partial block", ctx)
				}
				if full < n {
					if tag != [16]byte{} {
						t.Errorf("%s: wrote the tag with a partial block left", ctx)
					}
					p.finish(&tag)
				}
				if tag != wantTag {
					t.Errorf("%s: Poly1305 tag %x, want %x", ctx, tag, wantTag)
				}
				if state != stateCopy {
					t.Errorf("%s: the state changed", ctx)
				}
			}
		}
	}
}

// TestPolyExtremes drives the Poly1305 arithmetic of the assembly to the
// edges of its bounds: the largest clamped r with messages of all-ones
// blocks (and a few others near the top), through chachaPolyAVX2 (its
// additional data and its chunks), chachaRowsPolyAVX2 and polyFinishMULX,
// against the package poly1305.
func TestPolyExtremes(t *testing.T) {
	if !useAVX2 {
		t.Skip("the CPU lacks AVX2 or BMI2")
	}
	ff := bytes.Repeat([]byte{0xff}, 2*chunkSize+64)
	keys := [][]byte{ff[:32], append(bytes.Repeat([]byte{0xff}, 16), make([]byte, 16)...)}
	msgs := [][]byte{ff, append(bytes.Repeat([]byte{0xff}, 2*chunkSize), bytes.Repeat([]byte{0xfe}, 64)...)}
	for ki, k := range keys {
		polyKey := [32]byte(k)
		for mi, m := range msgs {
			for _, n := range []int{16, 17, 31, 64, 512, 1024, len(m)} {
				msg := m[:n]
				ctx := fmt.Sprintf("key %d, message %d, %d bytes", ki, mi, n)

				// The additional data of chachaPolyAVX2 (with no chunk),
				// then polyFinishMULX with its partial blocks and lengths,
				// against Sum of the same padded.
				padded := func(b []byte) []byte { return append(bytes.Clone(b), make([]byte, (16-len(b)%16)%16)...) }
				var p polyState
				p.setKey(&polyKey)
				var zero [16]uint32
				var one [1]byte
				chachaPolyAVX2(&zero, &p, nil, nil, &one[0], 0, msg)
				var tag [16]byte
				p.finish(&tag)
				var want2 [16]byte
				poly1305.Sum(&want2, padded(msg), &polyKey)
				if tag != want2 {
					t.Errorf("%s: chachaPolyAVX2's additional data %x, want %x", ctx, tag, want2)
				}
				p.setKey(&polyKey)
				polyFinishMULX(&p, msg, msg, n, n, &tag)
				full := append(padded(msg), padded(msg)...)
				var lens [16]byte
				binary.LittleEndian.PutUint64(lens[0:], uint64(n))
				binary.LittleEndian.PutUint64(lens[8:], uint64(n))
				poly1305.Sum(&want2, append(full, lens[:]...), &polyKey)
				if tag != want2 {
					t.Errorf("%s: polyFinishMULX %x, want %x", ctx, tag, want2)
				}

				// The stitched kernels on the whole blocks.
				if n%16 == 0 && n <= 32*16+64 {
					var key [KeySize]byte
					var nonce [NonceSize]byte
					state := initState(&key, &nonce, 1)
					p.setKey(&polyKey)
					var ks [64]byte
					src := bytes.Repeat([]byte{0xff}, 65)
					dst := make([]byte, 65)
					chachaRowsPolyAVX2(&state, &p, dst, src, &ks, msg, 0, 0, &tag)
					p.finish(&tag)
					poly1305.Sum(&want2, append(bytes.Clone(msg), dst[:64]...), &polyKey)
					if tag != want2 {
						t.Errorf("%s: chachaRowsPolyAVX2 %x, want %x", ctx, tag, want2)
					}
				}
				if n%16 == 0 && n <= 32*16 {
					var key [KeySize]byte
					var nonce [NonceSize]byte
					state := initState(&key, &nonce, 1)
					p.setKey(&polyKey)
					h := append(bytes.Clone(msg), 0)
					chachaPolyAVX2(&state, &p, make([]byte, chunkSize), make([]byte, chunkSize), &h[0], n/16, nil)
					p.finish(&tag)
					poly1305.Sum(&want2, msg, &polyKey)
					if tag != want2 {
						t.Errorf("%s: chachaPolyAVX2 %x, want %x", ctx, tag, want2)
					}
				}
			}
		}
	}
}
