package mlkem

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

func TestReduce(t *testing.T) {
	// Every product of two field elements, and every value up to 2²⁴.
	for x := uint32(0); x < 1<<24; x++ {
		if got, want := reduce(x), fieldElement(x%q); got != want {
			t.Fatalf("reduce(%d) = %d, want %d", x, got, want)
		}
	}
	for a := uint16(0); a < 2*q; a++ {
		if got, want := reduceOnce(a), fieldElement(a%q); got != want {
			t.Fatalf("reduceOnce(%d) = %d, want %d", a, got, want)
		}
	}
}

func TestFieldOps(t *testing.T) {
	for a := fieldElement(0); a < q; a += 7 {
		for b := fieldElement(0); b < q; b++ {
			if got, want := fieldAdd(a, b), fieldElement((uint32(a)+uint32(b))%q); got != want {
				t.Fatalf("%d + %d = %d, want %d", a, b, got, want)
			}
			if got, want := fieldSub(a, b), fieldElement((uint32(a)+q-uint32(b))%q); got != want {
				t.Fatalf("%d - %d = %d, want %d", a, b, got, want)
			}
			if got, want := fieldMul(a, b), fieldElement(uint32(a)*uint32(b)%q); got != want {
				t.Fatalf("%d * %d = %d, want %d", a, b, got, want)
			}
		}
	}
}

// roundDiv returns ⌈n/d⌋, rounding halves up, with math/big.
func roundDiv(n, d *big.Int) *big.Int {
	r := new(big.Rat).SetFrac(n, d)
	r.Add(r, big.NewRat(1, 2))
	return new(big.Int).Div(r.Num(), r.Denom())
}

// TestCompress checks Compress_d and Decompress_d against their definitions
// (FIPS 203, (4.7) and (4.8)) for every input, computed with math/big.
func TestCompress(t *testing.T) {
	Q := big.NewInt(q)
	for _, d := range []uint{1, 4, 5, 10, 11} {
		twoD := new(big.Int).Lsh(big.NewInt(1), d)
		for x := range fieldElement(q) {
			want := roundDiv(new(big.Int).Mul(twoD, big.NewInt(int64(x))), Q)
			want.Mod(want, twoD)
			if got := compress(x, d); uint64(got) != want.Uint64() {
				t.Fatalf("Compress_%d(%d) = %d, want %d", d, x, got, want)
			}
		}
		for y := range uint16(1) << d {
			want := roundDiv(new(big.Int).Mul(Q, big.NewInt(int64(y))), twoD)
			if got := decompress(y, d); uint64(got) != want.Uint64() {
				t.Fatalf("Decompress_%d(%d) = %d, want %d", d, y, got, want)
			}
		}
	}
}

// TestTables checks the start of the tables against FIPS 203, Appendix A.
func TestTables(t *testing.T) {
	wantZetas := []fieldElement{1, 1729, 2580, 3289, 2642, 630, 1897, 848, 1062, 1919, 193, 797, 2786, 3260, 569, 1746}
	wantGammas := []fieldElement{17, q - 17, 2761, q - 2761, 583, q - 583, 2649, q - 2649}
	for i, w := range wantZetas {
		if zetas[i] != w {
			t.Errorf("zetas[%d] = %d, want %d", i, zetas[i], w)
		}
	}
	for i, w := range wantGammas {
		if gammas[i] != w {
			t.Errorf("gammas[%d] = %d, want %d", i, gammas[i], w)
		}
	}
	if zetas[127] != 2154 || gammas[127] != 1175 {
		t.Errorf("zetas[127], gammas[127] = %d, %d, want 2154, 1175", zetas[127], gammas[127])
	}
}

func randomPoly(r *rand.Rand) ringElement {
	var f ringElement
	for i := range f {
		f[i] = fieldElement(r.IntN(q))
	}
	return f
}

// TestNTT checks that multiplication in the NTT domain is multiplication in
// R_q, against schoolbook multiplication modulo X²⁵⁶ + 1, and that the
// inverse NTT inverts the NTT.
func TestNTT(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		a, b := randomPoly(r), randomPoly(r)
		var want ringElement
		for i := range 256 {
			for j := range 256 {
				p := fieldMul(a[i], b[j])
				if k := i + j; k < 256 {
					want[k] = fieldAdd(want[k], p)
				} else {
					want[k-256] = fieldSub(want[k-256], p)
				}
			}
		}
		ah, bh := ntt(&a), ntt(&b)
		var prod nttElement
		mulAddNTT(&prod, &ah, &bh)
		if got := inverseNTT(&prod); got != want {
			t.Fatal("NTT⁻¹(NTT(a)×NTT(b)) is not a·b")
		}
		if got := inverseNTT(&ah); got != a {
			t.Fatal("NTT⁻¹(NTT(a)) is not a")
		}
	}
	// The extremes: all q−1.
	var m ringElement
	for i := range m {
		m[i] = q - 1
	}
	mh := ntt(&m)
	if got := inverseNTT(&mh); got != m {
		t.Fatal("NTT⁻¹(NTT(q−1, …)) is not the input")
	}
}

// TestCBD checks samplePolyCBD against FIPS 203's Algorithm 8 written bit
// by bit.
func TestCBD(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, eta := range []int{2, 3} {
		for range 100 {
			b := make([]byte, 64*eta)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			bit := func(i int) int { return int(b[i/8]>>(i%8)) & 1 }
			got := samplePolyCBD(b, eta)
			for i := range 256 {
				x, y := 0, 0
				for j := range eta {
					x += bit(2*i*eta + j)
					y += bit(2*i*eta + eta + j)
				}
				want := fieldElement((x - y + q) % q)
				if got[i] != want {
					t.Fatalf("η=%d: coefficient %d = %d, want %d", eta, i, got[i], want)
				}
			}
		}
	}
}

// TestEncode checks the byte encodings against FIPS 203's Algorithms 5 and
// 6 written bit by bit, and their round trips.
func TestEncode(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, d := range []uint{1, 4, 5, 10, 11, 12} {
		m := 1 << d
		if d == 12 {
			m = q
		}
		var vals [256]uint16
		for i := range vals {
			vals[i] = uint16(r.IntN(m))
		}
		got := byteEncode(nil, d, func(i int) uint16 { return vals[i] })
		want := make([]byte, 32*d)
		for i := range 256 {
			for j := range d {
				if vals[i]>>j&1 == 1 {
					k := i*int(d) + int(j)
					want[k/8] |= 1 << (k % 8)
				}
			}
		}
		if string(got) != string(want) {
			t.Fatalf("ByteEncode_%d differs from the bitwise definition", d)
		}
		var back [256]uint16
		byteDecode(got, d, func(i int, v uint16) { back[i] = v })
		if back != vals {
			t.Fatalf("ByteDecode_%d(ByteEncode_%d(F)) != F", d, d)
		}
		if d == 12 {
			var f nttElement
			for i := range f {
				f[i] = fieldElement(vals[i])
			}
			if e := encode12(nil, &f); string(e) != string(want) {
				t.Fatal("encode12 differs from ByteEncode₁₂")
			}
			var g, h nttElement
			if err := decode12Checked(&g, want); err != nil || g != f {
				t.Fatal("decode12Checked does not invert encode12")
			}
			decode12Reduce(&h, want)
			if h != f {
				t.Fatal("decode12Reduce does not invert encode12")
			}
		}
	}
	// Every 12-bit value in every position of a triple: decode12Checked
	// accepts exactly those below q, decode12Reduce reduces them.
	for v := range uint16(1 << 12) {
		for pos := range 2 {
			b := make([]byte, 384)
			w := uint32(v) << (12 * pos)
			b[0], b[1], b[2] = byte(w), byte(w>>8), byte(w>>16)
			var f nttElement
			err := decode12Checked(&f, b)
			if (err == nil) != (v < q) {
				t.Fatalf("decode12Checked of %d at %d: error %v", v, pos, err)
			}
			decode12Reduce(&f, b)
			if f[pos] != fieldElement(v%q) {
				t.Fatalf("decode12Reduce of %d = %d", v, f[pos])
			}
		}
	}
}

// TestCompressedEncodings checks the code for each d of encodeCompressed
// and decodeDecompressed against the general packing, ByteEncode_d and
// ByteDecode_d bit by bit, on random polynomials and on the extremes.
func TestCompressedEncodings(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, d := range []uint{1, 4, 5, 10, 11} {
		for iter := range 100 {
			var f ringElement
			for i := range f {
				switch iter {
				case 0:
					f[i] = q - 1
				case 1:
					f[i] = fieldElement(i % 2 * (q - 1))
				default:
					f[i] = fieldElement(r.IntN(q))
				}
			}
			got := encodeCompressed(nil, &f, d)
			want := byteEncode(nil, d, func(i int) uint16 { return compress(f[i], d) })
			if string(got) != string(want) {
				t.Fatalf("d=%d: encodeCompressed differs from ByteEncode_d(Compress_d)", d)
			}
			var g, h ringElement
			decodeDecompressed(&g, got, d)
			byteDecode(got, d, func(i int, v uint16) { h[i] = decompress(v, d) })
			if g != h {
				t.Fatalf("d=%d: decodeDecompressed differs from Decompress_d(ByteDecode_d)", d)
			}
			// Random bytes decode the same way too.
			b := make([]byte, 32*d)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			decodeDecompressed(&g, b, d)
			byteDecode(b, d, func(i int, v uint16) { h[i] = decompress(v, d) })
			if g != h {
				t.Fatalf("d=%d: decodeDecompressed of random bytes differs", d)
			}
		}
	}
}
