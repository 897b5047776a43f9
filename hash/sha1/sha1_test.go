package sha1

import (
	stdsha1 "crypto/sha1"
	"encoding"
	"encoding/hex"
	"hash"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// pkg is the name under which the implementations of this package register
// with cpufeat.
const pkg = "sha1"

// TestImplementations checks that the implementations registered with cpufeat
// are exactly those expected, each available exactly when the CPU has what
// it needs. See wantImplementations in impl_*_test.go.
func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, pkg, wantImplementations)
	t.Log(cputest.Describe(pkg))
}

// The digest implements every interface that the standard library's does.
var _ interface {
	hash.Cloner
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
	encoding.BinaryAppender
} = (*digest)(nil)

// The example messages of FIPS 180-4 (published with the standard as
// "Examples with intermediate values") and of RFC 3174, section 7.3, the
// empty message, and one million repetitions of 'a'.
const (
	msg448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
	msg896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
)

var knownAnswers = []struct {
	name string
	msg  string
	sum  string
}{
	{"empty", "", "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
	{"abc", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d"},
	{"448 bits", msg448, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
	{"896 bits", msg896, "a49b2446a02c645bf419f995b67091253a04a259"},
	{"one million a", strings.Repeat("a", 1_000_000), "34aa973cd4c4daa4f61eeb2bdbad27316534016f"},
	// RFC 3174, section 7.3, TEST4: 80 times "01234567".
	{"RFC 3174 TEST4", strings.Repeat("0123456701234567012345670123456701234567012345670123456701234567", 10), "dea356a2cddd90c7a7ecedc5ebb563934f460452"},
}

func TestKnownAnswers(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, tc := range knownAnswers {
			msg := []byte(tc.msg)
			sum := Sum(msg)
			if got := hex.EncodeToString(sum[:]); got != tc.sum {
				t.Errorf("one-shot of %s: got %s, want %s", tc.name, got, tc.sum)
			}

			// The same through the streaming interface, in writes of 997
			// bytes (a prime, so they straddle block boundaries), with Sum
			// called in the middle.
			h := New()
			for i := 0; i < len(msg); i += 997 {
				h.Write(msg[i:min(i+997, len(msg))])
				if i == 997*3 {
					h.Sum(nil)
				}
			}
			if got := hex.EncodeToString(h.Sum(nil)); got != tc.sum {
				t.Errorf("streaming of %s: got %s, want %s", tc.name, got, tc.sum)
			}
		}
	})
}

// TestConstants derives the round constants from their definition,
// floor(2³⁰·√n) for n = 2, 3, 5, 10.
func TestConstants(t *testing.T) {
	for i, c := range []struct {
		n int
		k uint32
	}{{2, _K0}, {3, _K1}, {5, _K2}, {10, _K3}} {
		// float64 has enough precision: 2³⁰·√n < 2³², and √n is far from a
		// 2⁻³⁰ boundary for these n.
		if want := uint32(math.Floor(math.Ldexp(math.Sqrt(float64(c.n)), 30))); c.k != want {
			t.Errorf("K%d = %#08x, want %#08x", i, c.k, want)
		}
	}
}

func TestSizes(t *testing.T) {
	h := New()
	if h.Size() != Size || h.BlockSize() != BlockSize {
		t.Errorf("Size, BlockSize = %d, %d; want %d, %d", h.Size(), h.BlockSize(), Size, BlockSize)
	}
	if Size != stdsha1.Size || BlockSize != stdsha1.BlockSize {
		t.Errorf("constants differ from crypto/sha1's")
	}
}

func TestHash(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		cryptotest.TestHash(t, New)
	})
}

// randomChunks writes msg to h in writes of random sizes, some empty, most
// small, a few longer than a block.
func randomChunks(h hash.Hash, msg []byte, r *rand.Rand) {
	for len(msg) > 0 {
		var k int
		switch r.IntN(4) {
		case 0:
			k = r.IntN(8)
		case 1, 2:
			k = r.IntN(2*BlockSize + 1)
		default:
			k = r.IntN(len(msg) + 1)
		}
		k = min(k, len(msg))
		h.Write(msg[:k])
		msg = msg[k:]
	}
}

// TestDifferential compares every length from 0 to 4096 bytes of random data,
// hashed at once and in random chunks, with crypto/sha1, and a few inputs
// longer than the largest piece that Write hands to block at once.
func TestDifferential(t *testing.T) {
	const maxLen = 4096
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		seed := [32]byte([]byte("crypton sha1 differential test.."))
		r := rand.New(rand.NewChaCha8(seed))
		lengths := make([]int, 0, maxLen+8)
		for n := 0; n <= maxLen; n++ {
			lengths = append(lengths, n)
		}
		lengths = append(lengths, maxBlockLen-1, maxBlockLen, maxBlockLen+1, 3*maxBlockLen+2*BlockSize+17)
		buf := make([]byte, slices.Max(lengths)+BlockSize+1)
		for i := range buf {
			buf[i] = byte(r.Uint32())
		}
		for _, n := range lengths {
			// Start at an odd offset, so the input is not aligned.
			off := 1 + r.IntN(BlockSize)
			msg := buf[off : off+n]
			want := stdsha1.Sum(msg)
			if got := Sum(msg); got != want {
				t.Fatalf("one-shot of %d bytes: got %x, want %x", n, got, want)
			}
			h := New()
			randomChunks(h, msg, r)
			if got := h.Sum(nil); string(got) != string(want[:]) {
				t.Fatalf("streaming of %d bytes in random chunks: got %x, want %x", n, got, want)
			}
		}
	})
}

// TestBlockSplit checks that block processes several blocks in one call as it
// would one at a time, and leaves everything but the chaining value alone.
func TestBlockSplit(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		buf := make([]byte, 40*BlockSize)
		for i := range buf {
			buf[i] = byte(r.Uint32())
		}
		for nb := 0; nb <= 40; nb++ {
			var all, one digest
			all.Reset()
			one.Reset()
			block(&all, buf[:nb*BlockSize])
			for i := range nb {
				block(&one, buf[i*BlockSize:(i+1)*BlockSize])
			}
			if all.h != one.h {
				t.Fatalf("%d blocks in one call give %08x, one by one %08x", nb, all.h, one.h)
			}
			if all.nx != 0 || all.len != 0 || all.x != ([BlockSize]byte{}) {
				t.Fatalf("block changed more than the chaining value")
			}
		}
	})
}

// TestMarshalInterop moves a state from crypto/sha1 to this package and
// back, in the middle of a message, and checks that both encode the same
// state identically.
func TestMarshalInterop(t *testing.T) {
	msg := make([]byte, 3*BlockSize+29)
	for i := range msg {
		msg[i] = byte(i*37 + 11)
	}
	want := stdsha1.Sum(msg)
	for _, split := range []int{0, 1, 55, 56, 63, 64, 65, 2*BlockSize + 7, len(msg)} {
		// Standard library to crypton.
		std := stdsha1.New()
		std.Write(msg[:split])
		state, err := std.(encoding.BinaryMarshaler).MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		ours := New()
		ours.Write([]byte("some other data first"))
		if err := ours.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
			t.Fatalf("UnmarshalBinary of crypto/sha1's state after %d bytes: %v", split, err)
		}
		ours.Write(msg[split:])
		if got := ours.Sum(nil); string(got) != string(want[:]) {
			t.Errorf("crypto/sha1's state after %d bytes, continued here: got %x, want %x", split, got, want)
		}

		// Crypton to standard library.
		ours = New()
		ours.Write(msg[:split])
		ourState, err := ours.(encoding.BinaryMarshaler).MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if string(ourState) != string(state) {
			t.Errorf("state after %d bytes differs from crypto/sha1's:\n got %x\nwant %x", split, ourState, state)
		}
		std = stdsha1.New()
		if err := std.(encoding.BinaryUnmarshaler).UnmarshalBinary(ourState); err != nil {
			t.Fatalf("crypto/sha1 rejects our state after %d bytes: %v", split, err)
		}
		std.Write(msg[split:])
		if got := std.Sum(nil); string(got) != string(want[:]) {
			t.Errorf("our state after %d bytes, continued in crypto/sha1: got %x, want %x", split, got, want)
		}
	}
}

func TestUnmarshalErrors(t *testing.T) {
	state, _ := New().(encoding.BinaryMarshaler).MarshalBinary()
	// A SHA-256 state, whose magic is "sha\x03".
	other := slices.Clone(state)
	other[3] = 3
	const (
		errID   = "sha1: invalid hash state identifier"
		errSize = "sha1: invalid hash state size"
	)
	for _, tc := range []struct {
		name  string
		state []byte
		want  string
	}{
		{"other hash", other, errID},
		{"empty", nil, errID},
		{"magic only", state[:4], errSize},
		{"short", state[:len(state)-1], errSize},
		{"long", append(slices.Clone(state), 0), errSize},
	} {
		h := New()
		h.Write([]byte("abc"))
		before := h.Sum(nil)
		err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(tc.state)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: got error %v, want %q", tc.name, err, tc.want)
		}
		if after := h.Sum(nil); string(after) != string(before) {
			t.Errorf("%s: a failed UnmarshalBinary changed the state", tc.name)
		}
	}
}

func TestAllocations(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		msg := make([]byte, 3*BlockSize+5)
		out := make([]byte, 0, Size)
		state := make([]byte, 0, marshaledSize)
		if n := testing.AllocsPerRun(10, func() { sink = Sum(msg) }); n != 0 {
			t.Errorf("Sum: %v allocations, want 0", n)
		}
		h := New()
		if n := testing.AllocsPerRun(10, func() {
			h.Write(msg[:7])
			h.Write(msg)
			out = h.Sum(out[:0])
			h.Reset()
		}); n != 0 {
			t.Errorf("Write, Sum and Reset: %v allocations, want 0", n)
		}
		if n := testing.AllocsPerRun(10, func() {
			state, _ = h.(encoding.BinaryAppender).AppendBinary(state[:0])
			h.(encoding.BinaryUnmarshaler).UnmarshalBinary(state)
		}); n != 0 {
			t.Errorf("AppendBinary and UnmarshalBinary: %v allocations, want 0", n)
		}
	})
}

// FuzzSum compares, for every implementation, SHA-1 of data, hashed at once
// and in two writes split at split modulo len(data)+1, with crypto/sha1.
func FuzzSum(f *testing.F) {
	for _, n := range []int{0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 128, 1000} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(i*131 + n)
		}
		f.Add(data, uint(n/2))
	}
	f.Add([]byte(msg896), uint(56))
	f.Fuzz(func(t *testing.T, data []byte, split uint) {
		k := int(split % uint(len(data)+1))
		want := stdsha1.Sum(data)
		cputest.ForEachImplementation(pkg, func(impl string) {
			if got := Sum(data); got != want {
				t.Fatalf("%s one-shot: got %x, want %x", impl, got, want)
			}
			h := New()
			h.Write(data[:k])
			h.Write(data[k:])
			if got := h.Sum(nil); string(got) != string(want[:]) {
				t.Fatalf("%s in writes of %d and %d bytes: got %x, want %x", impl, k, len(data)-k, got, want)
			}
		})
	})
}

var benchSizes = []struct {
	name string
	n    int
}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16 * 1024}}

var sink [Size]byte

// BenchmarkSum compares Sum with crypto/sha1's, size by size, with the
// implementation that the package selects on this machine.
func BenchmarkSum(b *testing.B) {
	buf := make([]byte, 16*1024)
	b.Run("SHA-1", func(b *testing.B) {
		for _, s := range benchSizes {
			b.Run(s.name, func(b *testing.B) {
				msg := buf[:s.n]
				b.Run("crypton", func(b *testing.B) {
					b.SetBytes(int64(len(msg)))
					b.ReportAllocs()
					for b.Loop() {
						sink = Sum(msg)
					}
				})
				b.Run("stdlib", func(b *testing.B) {
					b.SetBytes(int64(len(msg)))
					b.ReportAllocs()
					for b.Loop() {
						sink = stdsha1.Sum(msg)
					}
				})
			})
		}
	})
}

// BenchmarkImplementations measures every implementation on 16 KiB.
func BenchmarkImplementations(b *testing.B) {
	msg := make([]byte, 16*1024)
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		b.SetBytes(int64(len(msg)))
		b.ReportAllocs()
		for b.Loop() {
			sink = Sum(msg)
		}
	})
}
