package poly1305

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	//lint:ignore SA1019 the deprecated package is the reference to compare with.
	xpoly1305 "golang.org/x/crypto/poly1305"
)

// The tests in this file compare the package with golang.org/x/crypto/poly1305,
// which is deprecated as a building block but still present, and which uses
// assembly on amd64.

// differentialLengths are every length from 0 to 1024 bytes and the lengths
// around a few larger strides and the piece size of Write.
func differentialLengths() []int {
	var ls []int
	for n := 0; n <= 1024; n++ {
		ls = append(ls, n)
	}
	for _, n := range []int{1024, 4096, maxUpdateLen, 2*maxUpdateLen + 3*TagSize} {
		ls = append(ls, n-1, n, n+1)
	}
	return ls
}

// randomChunks writes msg to w in pieces of random sizes: some empty, many
// small, some around a block, a few large.
func randomChunks(r *rand.Rand, msg []byte, write func([]byte)) {
	for len(msg) > 0 {
		var k int
		switch r.IntN(5) {
		case 0:
			k = r.IntN(4)
		case 1, 2:
			k = r.IntN(3*TagSize + 2)
		case 3:
			k = TagSize - 1 + r.IntN(3)
		default:
			k = r.IntN(len(msg) + 1)
		}
		k = min(k, len(msg))
		write(msg[:k])
		msg = msg[k:]
	}
}

// TestDifferential compares tags of every length, with keys and messages
// both random and chosen to reach the edges of the limbs, at once and in
// random chunks, with x/crypto, and checks Verify on right and wrong tags.
func TestDifferential(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton poly1305 differential 01"))))
		lengths := differentialLengths()
		buf := make([]byte, lengths[len(lengths)-1]+TagSize)
		for _, n := range lengths {
			var key [32]byte
			extremeBytes(r, key[:])
			off := r.IntN(TagSize) // unaligned input too
			msg := buf[off : off+n]
			extremeBytes(r, msg)

			var want, got [TagSize]byte
			xpoly1305.Sum(&want, msg, &key)
			Sum(&got, msg, &key)
			if got != want {
				t.Fatalf("%d bytes, key %x: Sum gives %x, x/crypto %x", n, key, got, want)
			}
			m := New(&key)
			randomChunks(r, msg, func(p []byte) { m.Write(p) })
			if s := m.Sum(nil); !bytes.Equal(s, want[:]) {
				t.Fatalf("%d bytes, key %x: streaming in random chunks gives %x, x/crypto %x", n, key, s, want)
			}
			if !Verify(&want, msg, &key) {
				t.Fatalf("%d bytes: Verify rejects the right tag", n)
			}
			bad := want
			bad[r.IntN(TagSize)] ^= byte(1 << r.IntN(8))
			if Verify(&bad, msg, &key) || xpoly1305.Verify(&bad, msg, &key) {
				t.Fatalf("%d bytes: Verify accepts a wrong tag", n)
			}
		}
	})
}

// FuzzPoly1305 compares, for every implementation, the tag of msg under key
// (cut or zero-padded to 32 bytes) with x/crypto's, at once and in two
// writes split at split, and checks Verify both ways.
func FuzzPoly1305(f *testing.F) {
	for i, tc := range knownAnswers {
		msg := []byte(tc.msg)
		if tc.hex {
			msg = unhex(tc.msg)
		}
		f.Add(unhex(tc.key), msg, uint16(i*7))
	}
	f.Add(bytes.Repeat([]byte{0xff}, 32), bytes.Repeat([]byte{0xff}, 100), uint16(33))
	f.Fuzz(func(t *testing.T, keyBytes, msg []byte, split uint16) {
		var key [32]byte
		copy(key[:], keyBytes)
		k := int(split) % (len(msg) + 1)
		var want [TagSize]byte
		xpoly1305.Sum(&want, msg, &key)
		cputest.ForEachImplementation(pkg, func(impl string) {
			var got [TagSize]byte
			Sum(&got, msg, &key)
			if got != want {
				t.Fatalf("%s: Sum gives %x, x/crypto %x", impl, got, want)
			}
			m := New(&key)
			m.Write(msg[:k])
			m.Write(msg[k:])
			if !m.Verify(want[:]) {
				t.Fatalf("%s: in writes of %d and %d bytes, the tag differs from x/crypto's", impl, k, len(msg)-k)
			}
			got[k%TagSize] ^= 1
			if Verify(&got, msg, &key) {
				t.Fatalf("%s: Verify accepts a wrong tag", impl)
			}
		})
	})
}
