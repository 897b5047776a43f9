package ghash

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// refPolyvalDot is POLYVAL's dot(a, b) = a·b·x⁻¹²⁸ modulo
// x¹²⁸+x¹²⁷+x¹²⁶+x¹²¹+1 (RFC 8452, Section 3), bit by bit from the
// definition, on little-endian polynomials {lo, hi}.
func refPolyvalDot(a, b [2]uint64) [2]uint64 {
	const poly = 1<<63 | 1<<62 | 1<<57 // the polynomial's bits in hi, besides x⁰ and x¹²⁸
	var r [2]uint64
	for i := 127; i >= 0; i-- {
		top := r[1] >> 63
		r[1] = r[1]<<1 | r[0]>>63
		r[0] <<= 1
		if top == 1 {
			r[1] ^= poly
			r[0] ^= 1
		}
		if b[i/64]>>(i%64)&1 == 1 {
			r[0] ^= a[0]
			r[1] ^= a[1]
		}
	}
	for i := 0; i < 128; i++ {
		var top uint64
		if r[0]&1 == 1 {
			r[0] ^= 1
			r[1] ^= poly
			top = 1
		}
		r[0] = r[0]>>1 | r[1]<<63
		r[1] = r[1]>>1 | top<<63
	}
	return r
}

// refPolyval absorbs the blocks of p into acc with refPolyvalDot.
func refPolyval(h, acc [BlockSize]byte, p []byte) [BlockSize]byte {
	le := func(b []byte) [2]uint64 {
		return [2]uint64{binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:])}
	}
	s, hk := le(acc[:]), le(h[:])
	for ; len(p) > 0; p = p[BlockSize:] {
		x := le(p)
		s = refPolyvalDot([2]uint64{s[0] ^ x[0], s[1] ^ x[1]}, hk)
	}
	var out [BlockSize]byte
	binary.LittleEndian.PutUint64(out[:8], s[0])
	binary.LittleEndian.PutUint64(out[8:], s[1])
	return out
}

// TestPolyvalRFC checks the reference and UpdatePolyvalGeneric on the
// worked example of RFC 8452, Appendix A.
func TestPolyvalRFC(t *testing.T) {
	dec := func(s string) []byte {
		b, err := hex.DecodeString(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	h := [BlockSize]byte(dec("25629347589242761d31f826ba4b757b"))
	x := dec("4f4f95668c83dfb6401762bb2d01a262" + "d1a24ddd2721d006bbe45f20d3c9f362")
	want := dec("f7a3b47b846119fae5b7866cf5e5b77e")
	if got := refPolyval(h, [BlockSize]byte{}, x); !bytes.Equal(got[:], want) {
		t.Fatalf("reference POLYVAL %x, want %x", got, want)
	}
	var k Key
	k.InitPolyval(&h)
	var acc [BlockSize]byte
	UpdatePolyvalGeneric(&k, &acc, x)
	if !bytes.Equal(acc[:], want) {
		t.Fatalf("UpdatePolyvalGeneric %x, want %x", acc, want)
	}
}

// TestPolyvalGeneric checks UpdatePolyvalGeneric against the definition
// on edge and random keys, accumulators and messages of 0 to 9 blocks.
func TestPolyvalGeneric(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	vals := specialBlocks()
	for i := 0; i < 20; i++ {
		vals = append(vals, randBlock(r))
	}
	for _, h := range vals {
		var k Key
		k.InitPolyval(&h)
		for n := 0; n < 10; n++ {
			acc := vals[r.IntN(len(vals))]
			p := make([]byte, 0, n*BlockSize)
			for i := 0; i < n; i++ {
				b := vals[r.IntN(len(vals))]
				p = append(p, b[:]...)
			}
			want := refPolyval(h, acc, p)
			UpdatePolyvalGeneric(&k, &acc, p)
			if acc != want {
				t.Fatalf("H %x, %d blocks: %x, want %x", h, n, acc, want)
			}
		}
	}
}
