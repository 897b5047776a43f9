package mldsa

import (
	"math/rand/v2"
	"testing"
)

// TestPackBits checks SimpleBitPack and BitPack (FIPS 204, Algorithms 16
// and 17, through IntegerToBits and BitsToBytes) written bit by bit, and
// their inverses, for every width ML-DSA uses.
func TestPackBits(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, bits := range []uint{3, 4, 6, 10, 13, 18, 20} {
		for range 20 {
			var v [n]uint32
			for i := range v {
				v[i] = r.Uint32N(1 << bits)
			}
			got := packBits(nil, &v, bits)
			want := make([]byte, packedSize(bits))
			for i := range n {
				for j := range bits {
					if v[i]>>j&1 == 1 {
						k := i*int(bits) + int(j)
						want[k/8] |= 1 << (k % 8)
					}
				}
			}
			if string(got) != string(want) {
				t.Fatalf("packing %d bits differs from the bitwise definition", bits)
			}
			var back [n]uint32
			unpackBits(&back, got, bits)
			if back != v {
				t.Fatalf("unpacking %d bits does not invert packing", bits)
			}
		}
	}
}

// TestPackCentered checks BitPack(f, a, b) and BitUnpack and the range
// check of the latter, for the ranges of s (η = 2, 4), t₀ and z.
func TestPackCentered(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, c := range []struct {
		a, b uint32
		bits uint
	}{{2, 2, 3}, {4, 4, 4}, {1<<12 - 1, 1 << 12, 13}, {1<<17 - 1, 1 << 17, 18}, {1<<19 - 1, 1 << 19, 20}} {
		var f ringElement
		for i := range f {
			f[i] = fieldFromInt(int32(r.Uint32N(c.a+c.b+1)) - int32(c.a))
		}
		f[0], f[1] = fieldFromInt(-int32(c.a)), fieldElement(c.b)
		enc := packCentered(nil, &f, c.b, c.bits)
		if len(enc) != packedSize(c.bits) {
			t.Fatalf("BitPack(·, %d, %d) is %d bytes", c.a, c.b, len(enc))
		}
		var g ringElement
		if bad := unpackCentered(&g, enc, c.b, c.bits, c.a+c.b); bad != 0 || g != f {
			t.Fatalf("BitUnpack(·, %d, %d) does not invert BitPack (bad = %d)", c.a, c.b, bad)
		}
		// Every value of the field above a + b is out of range.
		if c.a+c.b+1 < 1<<c.bits {
			for x := c.a + c.b + 1; x < 1<<c.bits; x++ {
				var v [n]uint32
				v[200] = x
				if bad := unpackCentered(&g, packBits(nil, &v, c.bits), c.b, c.bits, c.a+c.b); bad != 1 {
					t.Fatalf("BitUnpack(·, %d, %d) accepted the value %d", c.a, c.b, x)
				}
			}
		}
	}
}

// TestHints checks HintBitPack and HintBitUnpack (FIPS 204, Algorithms 20
// and 21): round trips, and the rejection of every non-canonical encoding.
func TestHints(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for _, p := range []*Params{Params44, Params65, Params87} {
		k, omega := p.k, p.omega
		for range 200 {
			var h [maxK][n]byte
			ones := r.IntN(omega + 1)
			for range ones {
				h[r.IntN(k)][r.IntN(n)] = 1
			}
			enc := make([]byte, omega+k)
			hintEncode(enc, h[:k], omega)
			var g [maxK][n]byte
			if !hintDecode(g[:k], enc, omega) || g != h {
				t.Fatalf("%v: HintBitUnpack does not invert HintBitPack", p)
			}
		}
		valid := func() []byte {
			var h [maxK][n]byte
			h[0][3], h[0][9], h[1][0], h[k-1][255] = 1, 1, 1, 1
			enc := make([]byte, omega+k)
			hintEncode(enc, h[:k], omega)
			return enc
		}
		var g [maxK][n]byte
		if !hintDecode(g[:k], valid(), omega) {
			t.Fatalf("%v: a valid encoding was rejected", p)
		}
		for name, corrupt := range map[string]func([]byte){
			"repeated index":         func(e []byte) { e[1] = e[0] },
			"decreasing index":       func(e []byte) { e[0], e[1] = e[1], e[0] },
			"count above ω":          func(e []byte) { e[omega+k-1] = byte(omega + 1) },
			"decreasing count":       func(e []byte) { e[omega+1] = 1 },
			"nonzero padding":        func(e []byte) { e[omega-1] = 7 },
			"nonzero padding at end": func(e []byte) { e[4] = 1 },
		} {
			enc := valid()
			corrupt(enc)
			if hintDecode(g[:k], enc, omega) {
				t.Errorf("%v: %s accepted", p, name)
			}
		}
		// Indices may repeat across polynomials, only not within one.
		enc := valid()
		enc[2] = 9 // h[1][9] instead of h[1][0]
		if !hintDecode(g[:k], enc, omega) || g[1][9] != 1 {
			t.Errorf("%v: an index repeated in another polynomial was rejected", p)
		}
	}
}
