package salsa20

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	xsalsa "golang.org/x/crypto/salsa20/salsa"
)

// TestXORCore8 checks XORCore8 against x/crypto's Core208 applied to the
// little-endian bytes of x XOR b, on random inputs, with b zero, and with
// x and b the same array.
func TestXORCore8(t *testing.T) {
	toBytes := func(w *[16]uint32) (out [64]byte) {
		for i, v := range w {
			binary.LittleEndian.PutUint32(out[4*i:], v)
		}
		return out
	}
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton salsa20/8 xorcore test 1"))))
	for i := range 10000 {
		var x, b [16]uint32
		for k := range x {
			x[k] = r.Uint32()
			if i%4 != 0 { // every fourth case has b = 0
				b[k] = r.Uint32()
			}
		}
		in, bb := toBytes(&x), toBytes(&b)
		for k := range in {
			in[k] ^= bb[k]
		}
		var want [64]byte
		xsalsa.Core208(&want, &in)
		bCopy := b
		XORCore8(&x, &b)
		if got := toBytes(&x); got != want {
			t.Fatalf("XORCore8 = %x, want %x", got, want)
		}
		if b != bCopy {
			t.Fatalf("XORCore8 modified b")
		}
	}

	// Aliased: x XOR x is zero, whose core is zero.
	x := [16]uint32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	XORCore8(&x, &x)
	if x != ([16]uint32{}) {
		t.Errorf("XORCore8(x, x) = %x, want zeros", x)
	}

	// The RFC 7914, Section 8 example through words, split into x and b.
	in := [64]byte(unhex(t, `
		7e879a214f3ec9867ca940e641718f26baee555b8c61c1b50df846116dcd3b1d
		ee24f319df9b3d8514121e4b5ac5aa3276021d2909c74829edebc68db8b8c25e`))
	want := [64]byte(unhex(t, `
		a41f859c6608cc993b81cacb020cef05044b2181a2fd337dfd7b1c6396682f29
		b4393168e3c9e6bcfe6bc5b7a06d96bae424cc102c91745c24ad673dc7618f81`))
	var w, mask [16]uint32
	for i := range w {
		mask[i] = 0x9e3779b9 * uint32(i+1)
		w[i] = binary.LittleEndian.Uint32(in[4*i:]) ^ mask[i]
	}
	XORCore8(&w, &mask)
	if got := toBytes(&w); got != want {
		t.Errorf("XORCore8 of the RFC 7914 example = %x, want %x", got, want)
	}
}

func TestXORCore8Allocations(t *testing.T) {
	var x, b [16]uint32
	if n := testing.AllocsPerRun(10, func() { XORCore8(&x, &b) }); n > 0 {
		t.Errorf("XORCore8 allocates %v times", n)
	}
}

// BenchmarkXORCore8 measures one XORCore8, the step of scrypt's BlockMix,
// next to x/crypto's Core208 on bytes.
func BenchmarkXORCore8(b *testing.B) {
	b.Run("crypton", func(b *testing.B) {
		var x, y [16]uint32
		y[0] = 1
		b.SetBytes(64)
		b.ReportAllocs()
		for b.Loop() {
			XORCore8(&x, &y)
		}
	})
	b.Run("xcrypto", func(b *testing.B) {
		var x [64]byte
		b.SetBytes(64)
		b.ReportAllocs()
		for b.Loop() {
			xsalsa.Core208(&x, &x)
		}
	})
}
