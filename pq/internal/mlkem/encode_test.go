package mlkem

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// The byte encodings, compression and noise sampling of every
// implementation against the generic code.

// compressedDs are the d of Compress_d that ML-KEM uses: 1 for the message,
// 4 and 5 for v, 10 and 11 for u.
var compressedDs = []uint{1, 4, 5, 10, 11}

// sentinel is the byte past the end of an encoding that must stay
// untouched.
const sentinel = 0xa5

// appendChecked calls enc to append to a buffer with a two-byte prefix,
// once with no spare capacity and once with 64 bytes of spare capacity
// holding the sentinel, and checks that the prefix is kept, that the
// results agree, and that nothing past the appended bytes was written.
func appendChecked(t *testing.T, name string, enc func(b []byte) []byte) []byte {
	t.Helper()
	prefix := []byte{1, 2}
	got := enc(bytes.Clone(prefix))
	if !bytes.Equal(got[:2], prefix) {
		t.Fatalf("%s changed the bytes it appends to", name)
	}
	buf := make([]byte, 2, 2+len(got)+64)
	copy(buf, prefix)
	full := buf[:cap(buf)]
	for i := 2; i < len(full); i++ {
		full[i] = sentinel
	}
	got2 := enc(buf)
	if &got2[0] != &buf[0] {
		t.Fatalf("%s reallocated a buffer with enough capacity", name)
	}
	if !bytes.Equal(got, got2) {
		t.Fatalf("%s depends on the capacity of its buffer", name)
	}
	for i := len(got2); i < len(full); i++ {
		if full[i] != sentinel {
			t.Fatalf("%s wrote byte %d past its output", name, i-len(got2))
		}
	}
	return got[2:]
}

// valueSweep returns polynomial v of a sweep over m values: coefficient i
// is (v + 7·i) mod m, so that over v < m every coefficient takes every
// value.
func valueSweep(v, m int) [256]uint16 {
	var f [256]uint16
	for i := range f {
		f[i] = uint16((v + 7*i) % m)
	}
	return f
}

// TestEncode12Kernels checks encode12, decode12Checked and decode12Reduce:
// every value of [0, q) in every position, random and extreme polynomials,
// and every 12-bit value in every position for the decoders.
func TestEncode12Kernels(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(40, 41))
		var in []nttElement
		for v := range q {
			s := valueSweep(v, q)
			var f nttElement
			for i := range f {
				f[i] = fieldElement(s[i])
			}
			in = append(in, f)
		}
		in = append(in, kernelInputs(r, 100)...)
		for k, f := range in {
			got := appendChecked(t, "encode12", func(b []byte) []byte { return encode12(b, &f) })
			want := encode12Generic(nil, &f)
			if !bytes.Equal(got, want) {
				t.Fatalf("input %d: encode12 differs from encode12Generic", k)
			}
			var g, h nttElement
			g[0], h[0] = 1, 2
			if err := decode12Checked(&g, want); err != nil || g != f {
				t.Fatalf("input %d: decode12Checked does not invert encode12 (error %v)", k, err)
			}
			decode12Reduce(&h, want)
			if h != f {
				t.Fatalf("input %d: decode12Reduce does not invert encode12", k)
			}
		}
		// Every 12-bit value, q and more included, in every position.
		for v := range 1 << 12 {
			vals := valueSweep(v, 1<<12)
			b := byteEncode(nil, 12, func(i int) uint16 { return vals[i] })
			var got, want nttElement
			decode12Reduce(&got, b)
			decode12ReduceGeneric(&want, b)
			if got != want {
				t.Fatalf("sweep %d: decode12Reduce differs from decode12ReduceGeneric", v)
			}
			errGot := decode12Checked(&got, b)
			errWant := decode12CheckedGeneric(&want, b)
			if (errGot == nil) != (errWant == nil) || got != want {
				t.Fatalf("sweep %d: decode12Checked error %v, want %v", v, errGot, errWant)
			}
		}
	})
}

// TestDecode12CheckedPositions puts one value of q or more at each index of
// an otherwise valid encoding: decode12Checked must fail for each.
func TestDecode12CheckedPositions(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(42, 43))
		var base [256]uint16
		for i, x := range randomPoly(r) {
			base[i] = uint16(x)
		}
		for i := range 256 {
			for _, bad := range []uint16{q, q + 1, 1<<12 - 1, uint16(q + r.IntN(1<<12-q))} {
				vals := base
				vals[i] = bad
				b := byteEncode(nil, 12, func(j int) uint16 { return vals[j] })
				var f nttElement
				if err := decode12Checked(&f, b); !errors.Is(err, errModulus) {
					t.Fatalf("value %d at index %d: decode12Checked returned %v", bad, i, err)
				}
				var got, want nttElement
				decode12Reduce(&got, b)
				decode12ReduceGeneric(&want, b)
				if got != want || got[i] != fieldElement(bad-q) {
					t.Fatalf("value %d at index %d: decode12Reduce gives %d", bad, i, got[i])
				}
			}
			// q − 1 there is accepted.
			vals := base
			vals[i] = q - 1
			b := byteEncode(nil, 12, func(j int) uint16 { return vals[j] })
			var f nttElement
			if err := decode12Checked(&f, b); err != nil || f[i] != q-1 {
				t.Fatalf("q − 1 at index %d: decode12Checked returned %v", i, err)
			}
		}
	})
}

// TestCompressKernels checks encodeCompressed for each d against the
// generic code on every value of [0, q) in every position, and on random
// and extreme polynomials; and decodeDecompressed on the encodings.
func TestCompressKernels(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(44, 45))
		var in []ringElement
		for v := range q {
			s := valueSweep(v, q)
			var f ringElement
			for i := range f {
				f[i] = fieldElement(s[i])
			}
			in = append(in, f)
		}
		for _, x := range kernelInputs(r, 100) {
			in = append(in, ringElement(x))
		}
		for _, d := range compressedDs {
			for k, f := range in {
				name := fmt.Sprintf("encodeCompressed, d=%d", d)
				got := appendChecked(t, name, func(b []byte) []byte { return encodeCompressed(b, &f, d) })
				want := encodeCompressedGeneric(nil, &f, d)
				if !bytes.Equal(got, want) {
					t.Fatalf("d=%d, input %d: encodeCompressed differs from encodeCompressedGeneric", d, k)
				}
				var g, h ringElement
				g[0], h[0] = 1, 2
				decodeDecompressed(&g, want, d)
				decodeDecompressedGeneric(&h, want, d)
				if g != h {
					t.Fatalf("d=%d, input %d: decodeDecompressed differs from decodeDecompressedGeneric", d, k)
				}
			}
		}
	})
}

// TestDecompressKernels checks decodeDecompressed for each d against the
// generic code on every d-bit value in every position, every byte value at
// every byte position, and random bytes.
func TestDecompressKernels(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(46, 47))
		for _, d := range compressedDs {
			var inputs [][]byte
			for v := range 1 << d {
				vals := valueSweep(v, 1<<d)
				inputs = append(inputs, byteEncode(nil, d, func(i int) uint16 { return vals[i] }))
			}
			for v := range 256 {
				b := make([]byte, encodedSize(d))
				for i := range b {
					b[i] = byte(v + 13*i)
				}
				inputs = append(inputs, b)
			}
			for _, c := range []byte{0x00, 0xff} {
				inputs = append(inputs, bytes.Repeat([]byte{c}, encodedSize(d)))
			}
			for range 100 {
				b := make([]byte, encodedSize(d))
				for i := range b {
					b[i] = byte(r.Uint32())
				}
				inputs = append(inputs, b)
			}
			for k, b := range inputs {
				var got, want ringElement
				got[0], want[0] = 1, 2
				decodeDecompressed(&got, b, d)
				decodeDecompressedGeneric(&want, b, d)
				if got != want {
					t.Fatalf("d=%d, input %d: decodeDecompressed differs from decodeDecompressedGeneric", d, k)
				}
			}
		}
	})
}

// TestCBDKernels checks samplePolyCBD for η = 2 and 3 against the generic
// code on every byte value at every position, all zeros, all ones, and
// random bytes.
func TestCBDKernels(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(48, 49))
		for _, eta := range []int{2, 3} {
			var inputs [][]byte
			for _, c := range []byte{0x00, 0xff} {
				inputs = append(inputs, bytes.Repeat([]byte{c}, 64*eta))
			}
			for v := range 256 {
				b := make([]byte, 64*eta)
				for i := range b {
					b[i] = byte(v + 29*i)
				}
				inputs = append(inputs, b)
			}
			for range 500 {
				b := make([]byte, 64*eta)
				for i := range b {
					b[i] = byte(r.Uint32())
				}
				inputs = append(inputs, b)
			}
			for k, b := range inputs {
				got := samplePolyCBD(b, eta)
				want := samplePolyCBDGeneric(b, eta)
				if got != want {
					t.Fatalf("η=%d, input %d: samplePolyCBD differs from samplePolyCBDGeneric", eta, k)
				}
			}
		}
	})
}
