//go:build gc && !purego

package chacha20poly1305

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/aead/chacha20"
	"github.com/crypton-go/crypton/aead/poly1305"
)

// TestKernel compares chachaPolyAVX2 and polyBlocksMULX with the packages
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
				chachaPolyAVX2(&state, &p, dst, src, &hashed[0])
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

				// polyBlocksMULX on the same data, and on pieces of it.
				var q polyState
				q.r, q.s = p.r, p.s
				polyBlocksMULX(&q, hashedCopy[:16*7])
				polyBlocksMULX(&q, hashedCopy[16*7:len(hashedCopy)-5])
				polyBlocksMULX(&q, hashedCopy[len(hashedCopy)-16:])
				q.finish(&tag)
				if tag != wantTag {
					t.Errorf("%d chunks: polyBlocksMULX tag %x, want %x", chunks, tag, wantTag)
				}
			}
		}
	}
}

// TestKernelKey compares chachaKeyAVX2 with the package chacha20: the
// eight blocks from counter 1 on XORed into the chunk, and the first 32
// bytes of block 0.
func TestKernelKey(t *testing.T) {
	if !useAVX2 {
		t.Skip("the CPU lacks AVX2 or BMI2")
	}
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 kernel2"))))
	for i := 0; i < 20; i++ {
		key, nonce := [KeySize]byte(randBytes(r, KeySize)), [NonceSize]byte(randBytes(r, NonceSize))
		src := randBytes(r, chunkSize+i)
		want := make([]byte, 64+chunkSize)
		s, _ := chacha20.NewUnauthenticatedCipher(key[:], nonce[:])
		s.XORKeyStream(want, append(make([]byte, 64), src[:chunkSize]...))

		dst := bytes.Repeat([]byte{0xa5}, len(src))
		if i%2 == 1 {
			dst = src // in place
		}
		state := initState(&key, &nonce, 1)
		stateCopy := state
		var polyKey [32]byte
		chachaKeyAVX2(&state, &polyKey, dst, src)
		if !bytes.Equal(dst[:chunkSize], want[64:]) {
			t.Errorf("test %d: wrong keystream", i)
		}
		if i%2 == 0 && !bytes.Equal(dst[chunkSize:], bytes.Repeat([]byte{0xa5}, i)) {
			t.Errorf("test %d: wrote past the chunk", i)
		}
		if !bytes.Equal(polyKey[:], want[:32]) {
			t.Errorf("test %d: Poly1305 key %x, want %x", i, polyKey, want[:32])
		}
		if state != stateCopy {
			t.Errorf("test %d: the state changed", i)
		}
	}
}
