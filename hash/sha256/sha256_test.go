package sha256

import (
	stdsha256 "crypto/sha256"
	"encoding"
	"encoding/hex"
	"hash"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// pkg is the name under which the implementations of this package register
// with cpufeat.
const pkg = "sha256"

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

// variant is one of the two functions of the package, with the standard
// library's version of it.
type variant struct {
	name   string
	size   int
	new    func() hash.Hash
	sum    func([]byte) []byte
	newStd func() hash.Hash
	sumStd func([]byte) []byte
}

var variants = []variant{
	{
		name:   "SHA-224",
		size:   Size224,
		new:    New224,
		sum:    func(b []byte) []byte { s := Sum224(b); return s[:] },
		newStd: stdsha256.New224,
		sumStd: func(b []byte) []byte { s := stdsha256.Sum224(b); return s[:] },
	},
	{
		name:   "SHA-256",
		size:   Size,
		new:    New,
		sum:    func(b []byte) []byte { s := Sum256(b); return s[:] },
		newStd: stdsha256.New,
		sumStd: func(b []byte) []byte { s := stdsha256.Sum256(b); return s[:] },
	},
}

// The example messages of FIPS 180-4 (published with the standard as
// "Examples with intermediate values"), the empty message, and one million
// repetitions of 'a' from the original test suite of FIPS 180-2.
const (
	msg448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
	msg896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
)

var knownAnswers = []struct {
	name           string
	msg            string
	sha224, sha256 string
}{
	{
		"empty", "",
		"d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f",
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	},
	{
		"abc", "abc",
		"23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
		"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	},
	{
		"448 bits", msg448,
		"75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
		"248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
	},
	{
		"896 bits", msg896,
		"c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3",
		"cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
	},
	{
		"one million a", strings.Repeat("a", 1_000_000),
		"20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67",
		"cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
	},
}

func TestKnownAnswers(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, tc := range knownAnswers {
			msg := []byte(tc.msg)
			for _, v := range variants {
				want := tc.sha256
				if v.size == Size224 {
					want = tc.sha224
				}
				if got := hex.EncodeToString(v.sum(msg)); got != want {
					t.Errorf("%s one-shot of %s: got %s, want %s", v.name, tc.name, got, want)
				}

				// The same through the streaming interface, in writes of
				// 997 bytes (a prime, so they straddle block boundaries),
				// with Sum called in the middle.
				h := v.new()
				for i := 0; i < len(msg); i += 997 {
					h.Write(msg[i:min(i+997, len(msg))])
					if i == 997*3 {
						h.Sum(nil)
					}
				}
				if got := hex.EncodeToString(h.Sum(nil)); got != want {
					t.Errorf("%s streaming of %s: got %s, want %s", v.name, tc.name, got, want)
				}
			}
		}
	})
}

// TestConstants derives the initial values and round constants from their
// definitions in FIPS 180-4 (sections 4.2.2, 5.3.2 and 5.3.3).
func TestConstants(t *testing.T) {
	var primes []int64
	for n := int64(2); len(primes) < 64; n++ {
		if big.NewInt(n).ProbablyPrime(0) {
			primes = append(primes, n)
		}
	}
	// fracRoot returns the first 64 bits of the fractional part of the k-th
	// root of p: floor(root(p * 2^(64k))) mod 2^64.
	fracRoot := func(p int64, k int) uint64 {
		x := new(big.Int).Lsh(big.NewInt(p), uint(64*k))
		// Newton's method from above, on integers.
		r := new(big.Int).Lsh(big.NewInt(1), uint(x.BitLen()/k+1))
		for {
			// s = ((k-1)r + x/r^(k-1)) / k
			s := new(big.Int).Exp(r, big.NewInt(int64(k-1)), nil)
			s.Quo(x, s)
			s.Add(s, new(big.Int).Mul(r, big.NewInt(int64(k-1))))
			s.Quo(s, big.NewInt(int64(k)))
			if s.Cmp(r) >= 0 {
				break
			}
			r = s
		}
		return r.Uint64()
	}
	for i, p := range primes {
		if want := uint32(fracRoot(p, 3) >> 32); _K[i] != want {
			t.Errorf("K[%d] = %#08x, want %#08x", i, _K[i], want)
		}
	}
	for i, p := range primes[:8] {
		if want := uint32(fracRoot(p, 2) >> 32); iv256[i] != want {
			t.Errorf("SHA-256 H[%d] = %#08x, want %#08x", i, iv256[i], want)
		}
	}
	// SHA-224 takes the second 32 bits for the 9th to 16th primes.
	for i, p := range primes[8:16] {
		if want := uint32(fracRoot(p, 2)); iv224[i] != want {
			t.Errorf("SHA-224 H[%d] = %#08x, want %#08x", i, iv224[i], want)
		}
	}
}

func TestSizes(t *testing.T) {
	for _, v := range variants {
		h := v.new()
		if h.Size() != v.size || h.BlockSize() != BlockSize {
			t.Errorf("%s: Size, BlockSize = %d, %d; want %d, %d", v.name, h.Size(), h.BlockSize(), v.size, BlockSize)
		}
		if std := v.newStd(); h.Size() != std.Size() || h.BlockSize() != std.BlockSize() {
			t.Errorf("%s: Size, BlockSize = %d, %d; crypto/sha256 has %d, %d", v.name, h.Size(), h.BlockSize(), std.Size(), std.BlockSize())
		}
	}
	if Size != stdsha256.Size || Size224 != stdsha256.Size224 || BlockSize != stdsha256.BlockSize {
		t.Errorf("constants differ from crypto/sha256's")
	}
}

func TestHash(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, v := range variants {
			t.Run(v.name, func(t *testing.T) {
				cryptotest.TestHash(t, v.new)
			})
		}
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
// hashed at once and in random chunks, with crypto/sha256, and a few inputs
// longer than the largest piece that Write hands to block at once.
func TestDifferential(t *testing.T) {
	const maxLen = 4096
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		seed := [32]byte([]byte("crypton sha256 differential test"))
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
		for _, v := range variants {
			for _, n := range lengths {
				// Start at an odd offset, so the input is not aligned.
				off := 1 + r.IntN(BlockSize)
				msg := buf[off : off+n]
				want := v.sumStd(msg)
				if got := v.sum(msg); string(got) != string(want) {
					t.Fatalf("%s one-shot of %d bytes: got %x, want %x", v.name, n, got, want)
				}
				h := v.new()
				randomChunks(h, msg, r)
				if got := h.Sum(nil); string(got) != string(want) {
					t.Fatalf("%s streaming of %d bytes in random chunks: got %x, want %x", v.name, n, got, want)
				}
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

// TestMarshalInterop moves a state from crypto/sha256 to this package and
// back, in the middle of a message, and checks that both encode the same
// state identically.
func TestMarshalInterop(t *testing.T) {
	msg := make([]byte, 3*BlockSize+29)
	for i := range msg {
		msg[i] = byte(i*37 + 11)
	}
	for _, v := range variants {
		want := v.sumStd(msg)
		for _, split := range []int{0, 1, 55, 56, 63, 64, 65, 2*BlockSize + 7, len(msg)} {
			// Standard library to crypton.
			std := v.newStd()
			std.Write(msg[:split])
			state, err := std.(encoding.BinaryMarshaler).MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			ours := v.new()
			ours.Write([]byte("some other data first"))
			if err := ours.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
				t.Fatalf("%s: UnmarshalBinary of crypto/sha256's state after %d bytes: %v", v.name, split, err)
			}
			ours.Write(msg[split:])
			if got := ours.Sum(nil); string(got) != string(want) {
				t.Errorf("%s: crypto/sha256's state after %d bytes, continued here: got %x, want %x", v.name, split, got, want)
			}

			// Crypton to standard library.
			ours = v.new()
			ours.Write(msg[:split])
			ourState, err := ours.(encoding.BinaryMarshaler).MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			if string(ourState) != string(state) {
				t.Errorf("%s: state after %d bytes differs from crypto/sha256's:\n got %x\nwant %x", v.name, split, ourState, state)
			}
			std = v.newStd()
			if err := std.(encoding.BinaryUnmarshaler).UnmarshalBinary(ourState); err != nil {
				t.Fatalf("%s: crypto/sha256 rejects our state after %d bytes: %v", v.name, split, err)
			}
			std.Write(msg[split:])
			if got := std.Sum(nil); string(got) != string(want) {
				t.Errorf("%s: our state after %d bytes, continued in crypto/sha256: got %x, want %x", v.name, split, got, want)
			}
		}
	}
}

func TestUnmarshalErrors(t *testing.T) {
	state224, _ := New224().(encoding.BinaryMarshaler).MarshalBinary()
	state256, _ := New().(encoding.BinaryMarshaler).MarshalBinary()
	const (
		errID   = "sha256: invalid hash state identifier"
		errSize = "sha256: invalid hash state size"
	)
	for _, tc := range []struct {
		name  string
		new   func() hash.Hash
		state []byte
		want  string
	}{
		{"SHA-224 state into SHA-256", New, state224, errID},
		{"SHA-256 state into SHA-224", New224, state256, errID},
		{"empty", New, nil, errID},
		{"magic only", New, state256[:4], errSize},
		{"short", New, state256[:len(state256)-1], errSize},
		{"long", New224, append(state224, 0), errSize},
	} {
		h := tc.new()
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
		if n := testing.AllocsPerRun(10, func() { sink = Sum256(msg) }); n != 0 {
			t.Errorf("Sum256: %v allocations, want 0", n)
		}
		if n := testing.AllocsPerRun(10, func() { sink224 = Sum224(msg) }); n != 0 {
			t.Errorf("Sum224: %v allocations, want 0", n)
		}
		for _, v := range variants {
			h := v.new()
			if n := testing.AllocsPerRun(10, func() {
				h.Write(msg[:7])
				h.Write(msg)
				out = h.Sum(out[:0])
				h.Reset()
			}); n != 0 {
				t.Errorf("%s Write, Sum and Reset: %v allocations, want 0", v.name, n)
			}
			if n := testing.AllocsPerRun(10, func() {
				state, _ = h.(encoding.BinaryAppender).AppendBinary(state[:0])
				h.(encoding.BinaryUnmarshaler).UnmarshalBinary(state)
			}); n != 0 {
				t.Errorf("%s AppendBinary and UnmarshalBinary: %v allocations, want 0", v.name, n)
			}
		}
	})
}

// FuzzSum compares, for every implementation, SHA-224 and SHA-256 of data,
// hashed at once and in two writes split at split modulo len(data)+1, with
// crypto/sha256.
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
		cputest.ForEachImplementation(pkg, func(impl string) {
			for _, v := range variants {
				want := v.sumStd(data)
				if got := v.sum(data); string(got) != string(want) {
					t.Fatalf("%s (%s) one-shot: got %x, want %x", v.name, impl, got, want)
				}
				h := v.new()
				h.Write(data[:k])
				h.Write(data[k:])
				if got := h.Sum(nil); string(got) != string(want) {
					t.Fatalf("%s (%s) in writes of %d and %d bytes: got %x, want %x", v.name, impl, k, len(data)-k, got, want)
				}
			}
		})
	})
}

var benchSizes = []struct {
	name string
	n    int
}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16 * 1024}}

var (
	sink    [Size]byte
	sink224 [Size224]byte
)

// BenchmarkSum compares Sum256 with crypto/sha256's, size by size, with the
// implementation that the package selects on this machine.
func BenchmarkSum(b *testing.B) {
	buf := make([]byte, 16*1024)
	b.Run("SHA-256", func(b *testing.B) {
		for _, s := range benchSizes {
			b.Run(s.name, func(b *testing.B) {
				msg := buf[:s.n]
				b.Run("crypton", func(b *testing.B) {
					b.SetBytes(int64(len(msg)))
					b.ReportAllocs()
					for b.Loop() {
						sink = Sum256(msg)
					}
				})
				b.Run("stdlib", func(b *testing.B) {
					b.SetBytes(int64(len(msg)))
					b.ReportAllocs()
					for b.Loop() {
						sink = stdsha256.Sum256(msg)
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
			sink = Sum256(msg)
		}
	})
}
