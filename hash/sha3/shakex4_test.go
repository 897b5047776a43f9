package sha3

import (
	"bytes"
	stdsha3 "crypto/sha3"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// pkgX4 is the name under which the four-way permutation registers its
// implementations. The generic one calls the scalar permutation, so the
// tests run every combination of the two.
const pkgX4 = "sha3/x4"

var bothPkgs = []string{pkg, pkgX4}

func TestImplementationsX4(t *testing.T) {
	cputest.CheckImplementations(t, pkgX4, wantX4Implementations)
	t.Log(cputest.Describe(pkgX4))
}

func randomStatesX4(r *rand.Rand) *[25][4]uint64 {
	var a [25][4]uint64
	for i := range a {
		for j := range a[i] {
			a[i][j] = r.Uint64()
		}
	}
	return &a
}

// TestPermutationX4 checks the four-way permutation against the reference
// permutation of each state, on random states and on states that differ
// in one lane only (so that a mix-up of instances shows).
func TestPermutationX4(t *testing.T) {
	cputest.TestAllCombinations(t, bothPkgs, func(t *testing.T) {
		r := rand.New(rand.NewPCG(5, 6))
		for trial := range 300 {
			a := randomStatesX4(r)
			if trial%3 == 1 {
				for i := range a {
					a[i][1], a[i][2], a[i][3] = a[i][0], a[i][0], a[i][0]
				}
				a[r.IntN(25)][r.IntN(4)] ^= 1 << r.IntN(64)
			}
			if trial == 0 {
				*a = [25][4]uint64{}
			}
			var want [25][4]uint64
			for j := range 4 {
				var s [25]uint64
				for i := range s {
					s[i] = a[i][j]
				}
				referencePermutation(&s)
				for i := range s {
					want[i][j] = s[i]
				}
			}
			got := *a
			keccakF1600x4(&got)
			if got != want {
				t.Fatalf("trial %d: keccakF1600x4(%x) = %x, want %x", trial, *a, got, want)
			}
			gen := *a
			keccakF1600x4Generic(&gen)
			if gen != want {
				t.Fatalf("trial %d: keccakF1600x4Generic(%x) = %x, want %x", trial, *a, gen, want)
			}
		}
	})
}

// An x4Variant is one kind of SHAKEx4 with the scalar XOFs it must match.
type x4Variant struct {
	name   string
	new    func() *SHAKEx4
	one    func() *SHAKE
	newStd func() *stdsha3.SHAKE
	rate   int
}

var x4Variants = []x4Variant{
	{"SHAKE128", NewSHAKE128x4, NewSHAKE128, stdsha3.NewSHAKE128, 168},
	{"SHAKE256", NewSHAKE256x4, NewSHAKE256, stdsha3.NewSHAKE256, 136},
}

// x4Inputs returns four different messages of n bytes each.
func x4Inputs(r *rand.Rand, n int) [4][]byte {
	var in [4][]byte
	for j := range in {
		in[j] = make([]byte, n)
		for i := range in[j] {
			in[j][i] = byte(r.Uint32())
		}
	}
	return in
}

// x4Want returns the first outLen bytes of the output of each instance,
// computed by four SHAKEs of the package, and checks the first against
// crypto/sha3.
func x4Want(t *testing.T, v x4Variant, in [4][]byte, outLen int) [4][]byte {
	t.Helper()
	var want [4][]byte
	for j := range want {
		x := v.one()
		x.Write(in[j])
		want[j] = make([]byte, outLen)
		x.Read(want[j])
	}
	std := make([]byte, outLen)
	xs := v.newStd()
	xs.Write(in[0])
	xs.Read(std)
	if !bytes.Equal(std, want[0]) {
		t.Fatalf("%s of %d bytes: SHAKE output %x, crypto/sha3 %x", v.name, len(in[0]), want[0], std)
	}
	return want
}

// writeChunksX4 writes in to x in random pieces of equal length, empty
// ones included.
func writeChunksX4(x *SHAKEx4, in [4][]byte, r *rand.Rand, maxChunk int) {
	for off := 0; off < len(in[0]); {
		k := min(r.IntN(maxChunk+1), len(in[0])-off)
		x.Write(in[0][off:off+k], in[1][off:off+k], in[2][off:off+k], in[3][off:off+k])
		off += k
	}
}

// readChunksX4 fills out from x in pieces whose lengths next returns.
func readChunksX4(x *SHAKEx4, out [4][]byte, next func() int) {
	for off := 0; off < len(out[0]); {
		k := min(next(), len(out[0])-off)
		x.Read(out[0][off:off+k], out[1][off:off+k], out[2][off:off+k], out[3][off:off+k])
		off += k
	}
}

func makeOutX4(n int) [4][]byte {
	var out [4][]byte
	for j := range out {
		out[j] = make([]byte, n)
	}
	return out
}

func checkX4(t *testing.T, what string, got, want [4][]byte) {
	t.Helper()
	for j := range got {
		if !bytes.Equal(got[j], want[j]) {
			t.Fatalf("%s: instance %d output %x, want %x", what, j, got[j], want[j])
		}
	}
}

// TestSHAKEx4 compares the four outputs with four SHAKEs for every input
// length from 0 to 600 bytes, written in one piece and in random pieces,
// with outputs of random lengths up to 700 bytes read in one piece and in
// random pieces.
func TestSHAKEx4(t *testing.T) {
	cputest.TestAllCombinations(t, bothPkgs, func(t *testing.T) {
		r := rand.New(rand.NewPCG(9, 10))
		for _, v := range x4Variants {
			for n := 0; n <= 600; n++ {
				in := x4Inputs(r, n)
				outLen := r.IntN(701)
				want := x4Want(t, v, in, outLen)

				x := v.new()
				x.Write(in[0], in[1], in[2], in[3])
				got := makeOutX4(outLen)
				x.Read(got[0], got[1], got[2], got[3])
				checkX4(t, fmt.Sprintf("%s of %d bytes, %d out", v.name, n, outLen), got, want)

				x = v.new()
				writeChunksX4(x, in, r, 2*v.rate)
				got = makeOutX4(outLen)
				readChunksX4(x, got, func() int { return r.IntN(2*v.rate + 2) })
				checkX4(t, fmt.Sprintf("%s of %d bytes in random writes, %d out in random reads", v.name, n, outLen), got, want)
			}
		}
	})
}

// TestSHAKEx4Reads reads every output length from 0 to 700 bytes of the
// ML-KEM input shapes (34 bytes for SHAKE128, 33 for SHAKE256) in several
// chunkings: one piece, whole blocks, single bytes, pieces of 1 to 9 bytes
// in turn, and random pieces.
func TestSHAKEx4Reads(t *testing.T) {
	cputest.TestAllCombinations(t, bothPkgs, func(t *testing.T) {
		r := rand.New(rand.NewPCG(11, 12))
		for _, v := range x4Variants {
			n := 34
			if v.rate == rate256 {
				n = 33
			}
			in := x4Inputs(r, n)
			full := x4Want(t, v, in, 700)
			chunkings := []struct {
				name string
				next func() func() int
			}{
				{"one piece", func() func() int { return func() int { return 1 << 20 } }},
				{"blocks", func() func() int { return func() int { return v.rate } }},
				{"bytes", func() func() int { return func() int { return 1 } }},
				{"1 to 9", func() func() int { k := 0; return func() int { k = k%9 + 1; return k } }},
				{"random", func() func() int { return func() int { return r.IntN(v.rate + 20) } }},
			}
			for outLen := 0; outLen <= 700; outLen++ {
				var want [4][]byte
				for j := range want {
					want[j] = full[j][:outLen]
				}
				for _, c := range chunkings {
					if c.name == "bytes" && outLen%50 != 0 {
						continue
					}
					x := v.new()
					x.Write(in[0], in[1], in[2], in[3])
					got := makeOutX4(outLen)
					readChunksX4(x, got, c.next())
					checkX4(t, fmt.Sprintf("%s, %d out in %s", v.name, outLen, c.name), got, want)
				}
			}
		}
	})
}

// TestSHAKEx4Reset checks that Reset, after absorbing and after
// squeezing, starts over, and that the zero value is SHAKE256.
func TestSHAKEx4Reset(t *testing.T) {
	cputest.TestAllCombinations(t, bothPkgs, func(t *testing.T) {
		r := rand.New(rand.NewPCG(13, 14))
		zero := x4Variants[1]
		zero.new = func() *SHAKEx4 { return new(SHAKEx4) }
		for _, v := range append(x4Variants, zero) {
			x := v.new()
			if got := x.BlockSize(); got != v.rate {
				t.Errorf("%s: BlockSize() = %d, want %d", v.name, got, v.rate)
			}
			in := x4Inputs(r, 200)
			want := x4Want(t, v, in, 300)
			for _, squeezed := range []bool{false, true} {
				x.Reset()
				junk := x4Inputs(r, 50)
				x.Write(junk[0], junk[1], junk[2], junk[3])
				if squeezed {
					out := makeOutX4(400)
					x.Read(out[0], out[1], out[2], out[3])
				}
				x.Reset()
				x.Write(in[0], in[1], in[2], in[3])
				got := makeOutX4(300)
				x.Read(got[0], got[1], got[2], got[3])
				checkX4(t, fmt.Sprintf("%s after Reset (squeezed: %v)", v.name, squeezed), got, want)
			}
		}
	})
}

// mustPanic reports whether f panics.
func mustPanic(f func()) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	f()
	return false
}

func TestSHAKEx4Panics(t *testing.T) {
	a, b := make([]byte, 34), make([]byte, 35)
	for i, args := range [][4][]byte{{b, a, a, a}, {a, b, a, a}, {a, a, b, a}, {a, a, a, b}, {nil, a, a, a}} {
		if !mustPanic(func() { NewSHAKE128x4().Write(args[0], args[1], args[2], args[3]) }) {
			t.Errorf("Write with lengths %d, %d, %d, %d (case %d) did not panic", len(args[0]), len(args[1]), len(args[2]), len(args[3]), i)
		}
		if !mustPanic(func() { NewSHAKE128x4().Read(args[0], args[1], args[2], args[3]) }) {
			t.Errorf("Read with lengths %d, %d, %d, %d (case %d) did not panic", len(args[0]), len(args[1]), len(args[2]), len(args[3]), i)
		}
	}
	x := NewSHAKE256x4()
	x.Write(a, a, a, a)
	x.Read(a, a, a, a)
	if !mustPanic(func() { x.Write(a, a, a, a) }) {
		t.Error("Write after Read did not panic")
	}
	if !mustPanic(func() { x.Write(nil, nil, nil, nil) }) {
		t.Error("empty Write after Read did not panic")
	}
	x = NewSHAKE256x4()
	x.Read(nil, nil, nil, nil)
	if !mustPanic(func() { x.Write(a, a, a, a) }) {
		t.Error("Write after an empty Read did not panic")
	}
	// Equal lengths are fine, and so is the same slice four times.
	if mustPanic(func() { NewSHAKE128x4().Write(a, a, a, a) }) {
		t.Error("Write of four equal-length slices panicked")
	}
}

// expandX4 is the ML-KEM pattern, with the SHAKEx4 a local variable: four
// inputs of 34 bytes, three blocks of output.
func expandX4(in *[4][34]byte, out *[4][3 * 168]byte) {
	x := NewSHAKE128x4()
	x.Write(in[0][:], in[1][:], in[2][:], in[3][:])
	for i := 0; i < len(out[0]); i += 168 {
		x.Read(out[0][i:i+168], out[1][i:i+168], out[2][i:i+168], out[3][i:i+168])
	}
}

func TestSHAKEx4Allocations(t *testing.T) {
	cputest.TestAllCombinations(t, bothPkgs, func(t *testing.T) {
		var in [4][34]byte
		var out [4][3 * 168]byte
		if n := testing.AllocsPerRun(10, func() { expandX4(&in, &out) }); n != 0 {
			t.Errorf("a local SHAKE128x4: Write and Read allocate %v times, want 0", n)
		}
		x := NewSHAKE256x4()
		buf := make([]byte, 1000)
		if n := testing.AllocsPerRun(10, func() {
			x.Reset()
			x.Write(buf[:333], buf[1:334], buf[2:335], buf[3:336])
			x.Read(buf[:128], buf[200:328], buf[400:528], buf[600:728])
		}); n != 0 {
			t.Errorf("SHAKE256x4: Reset, Write and Read allocate %v times, want 0", n)
		}
	})
}

var sinkX4 [25][4]uint64

// BenchmarkPermutationX4 compares the four-way permutation, with each of
// its implementations, with four calls of the scalar one.
func BenchmarkPermutationX4(b *testing.B) {
	b.Run("x4", func(b *testing.B) {
		cputest.BenchmarkAllImplementations(b, pkgX4, func(b *testing.B) {
			var a [25][4]uint64
			for b.Loop() {
				keccakF1600x4(&a)
			}
			sinkX4 = a
		})
	})
	b.Run("4×scalar", func(b *testing.B) {
		var a [4][25]uint64
		for b.Loop() {
			keccakF1600(&a[0])
			keccakF1600(&a[1])
			keccakF1600(&a[2])
			keccakF1600(&a[3])
		}
		sinkX4[0][0] = a[0][0]
	})
}

// BenchmarkSHAKEx4 measures the ML-KEM patterns: four SHAKE128 absorbing
// 34 bytes and squeezing three blocks (matrix expansion), and four SHAKE256
// absorbing 33 bytes and squeezing 128 bytes (the noise PRF with η = 2),
// with a SHAKEx4 and with four SHAKEs; the bytes are those of the four
// outputs.
func BenchmarkSHAKEx4(b *testing.B) {
	for _, c := range []struct {
		v          x4Variant
		in, out    int
		blockReads bool
	}{
		{x4Variants[0], 34, 3 * 168, true},
		{x4Variants[1], 33, 128, false},
	} {
		in := make([]byte, 4*c.in)
		out := make([]byte, 4*c.out)
		chunk := c.out
		if c.blockReads {
			chunk = c.v.rate
		}
		p := func(buf []byte, size, j int) []byte { return buf[j*size : (j+1)*size] }
		name := fmt.Sprintf("%s-%dB-%dB", c.v.name, c.in, c.out)
		b.Run(name+"/x4", func(b *testing.B) {
			cputest.BenchmarkAllImplementations(b, pkgX4, func(b *testing.B) {
				b.SetBytes(int64(len(out)))
				b.ReportAllocs()
				for b.Loop() {
					var x SHAKEx4
					x.rate = c.v.rate
					x.Write(p(in, c.in, 0), p(in, c.in, 1), p(in, c.in, 2), p(in, c.in, 3))
					for i := 0; i < c.out; i += chunk {
						x.Read(p(out, c.out, 0)[i:i+chunk], p(out, c.out, 1)[i:i+chunk], p(out, c.out, 2)[i:i+chunk], p(out, c.out, 3)[i:i+chunk])
					}
				}
			})
		})
		b.Run(name+"/4×SHAKE", func(b *testing.B) {
			b.SetBytes(int64(len(out)))
			b.ReportAllocs()
			for b.Loop() {
				for j := range 4 {
					x := SHAKE{s: sponge{rate: c.v.rate, outputLen: 32, ds: dsSHAKE}}
					x.Write(p(in, c.in, j))
					for i := 0; i < c.out; i += chunk {
						x.Read(p(out, c.out, j)[i : i+chunk])
					}
				}
			}
		})
	}
}
