package sha512

import (
	"bytes"
	stdsha512 "crypto/sha512"
	"encoding"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// variant describes one of the four hash functions of the package, with its
// counterpart in the standard library.
type variant struct {
	name   string
	size   int
	new    func() hash.Hash
	sum    func([]byte) []byte
	stdNew func() hash.Hash
	stdSum func([]byte) []byte
}

var variants = []variant{
	{
		name: "SHA-384", size: Size384, new: New384,
		sum:    func(b []byte) []byte { s := Sum384(b); return s[:] },
		stdNew: stdsha512.New384,
		stdSum: func(b []byte) []byte { s := stdsha512.Sum384(b); return s[:] },
	},
	{
		name: "SHA-512", size: Size, new: New,
		sum:    func(b []byte) []byte { s := Sum512(b); return s[:] },
		stdNew: stdsha512.New,
		stdSum: func(b []byte) []byte { s := stdsha512.Sum512(b); return s[:] },
	},
	{
		name: "SHA-512_224", size: Size224, new: New512_224,
		sum:    func(b []byte) []byte { s := Sum512_224(b); return s[:] },
		stdNew: stdsha512.New512_224,
		stdSum: func(b []byte) []byte { s := stdsha512.Sum512_224(b); return s[:] },
	},
	{
		name: "SHA-512_256", size: Size256, new: New512_256,
		sum:    func(b []byte) []byte { s := Sum512_256(b); return s[:] },
		stdNew: stdsha512.New512_256,
		stdSum: func(b []byte) []byte { s := stdsha512.Sum512_256(b); return s[:] },
	},
}

// The messages of the NIST examples for FIPS 180-4 (csrc.nist.gov, "Examples
// with Intermediate Values"), and the empty one.
var (
	msgABC    = "abc"
	msg448    = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
	msg896    = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
	msgMillon = strings.Repeat("a", 1000000)
)

type knownAnswer struct {
	name, msg string
	want      [4]string // SHA-384, SHA-512, SHA-512/224, SHA-512/256, the order of variants
}

var knownAnswers = []knownAnswer{
	{"empty", "", [4]string{
		"38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b",
		"cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
		"6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4",
		"c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a",
	}},
	{"abc", msgABC, [4]string{
		"cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
		"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
		"4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa",
		"53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
	}},
	{"448 bits", msg448, [4]string{
		"3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b",
		"204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
		"e5302d6d54bb242275d1e7622d68df6eb02dedd13f564c13dbda2174",
		"bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461",
	}},
	{"896 bits", msg896, [4]string{
		"09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039",
		"8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
		"23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9",
		"3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a",
	}},
	{"one million a", msgMillon, [4]string{
		"9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985",
		"e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b",
		"37ab331d76f0d36de422bd0edeb22a28accd487b7a8453ae965dd287",
		"9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21",
	}},
}

func TestKnownAnswers(t *testing.T) {
	cputest.TestAllImplementations(t, "sha512", func(t *testing.T) {
		for i, v := range variants {
			for _, ka := range knownAnswers {
				want, err := hex.DecodeString(ka.want[i])
				if err != nil || len(want) != v.size {
					t.Fatalf("%s(%s): bad test vector %q", v.name, ka.name, ka.want[i])
				}
				msg := []byte(ka.msg)
				if got := v.sum(msg); !bytes.Equal(got, want) {
					t.Errorf("%s(%s): one-shot sum = %x, want %x", v.name, ka.name, got, want)
				}
				h := v.new()
				h.Write(msg)
				if got := h.Sum(nil); !bytes.Equal(got, want) {
					t.Errorf("%s(%s): New, Write, Sum = %x, want %x", v.name, ka.name, got, want)
				}
				// The same, one byte then odd-sized pieces at a time.
				h.Reset()
				for rest := msg; len(rest) > 0; {
					n := min(len(rest), 1+len(msg)%7+len(rest)%251)
					h.Write(rest[:n])
					rest = rest[n:]
				}
				if got := h.Sum(nil); !bytes.Equal(got, want) {
					t.Errorf("%s(%s): after Reset, chunked Write, Sum = %x, want %x", v.name, ka.name, got, want)
				}
			}
		}
	})
}

// The exported functions have the standard library's signatures, so that
// switching the import path needs no other change.
var (
	_ func() hash.Hash                     = New
	_ func() hash.Hash                     = New384
	_ func() hash.Hash                     = New512_224
	_ func() hash.Hash                     = New512_256
	_ func([]byte) [stdsha512.Size]byte    = Sum512
	_ func([]byte) [stdsha512.Size384]byte = Sum384
	_ func([]byte) [stdsha512.Size224]byte = Sum512_224
	_ func([]byte) [stdsha512.Size256]byte = Sum512_256
	_ hash.Cloner                          = (*digest)(nil)
	_ encoding.BinaryAppender              = (*digest)(nil)
	_ encoding.BinaryMarshaler             = (*digest)(nil)
	_ encoding.BinaryUnmarshaler           = (*digest)(nil)
)

func TestConstants(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"Size", Size, stdsha512.Size},
		{"Size224", Size224, stdsha512.Size224},
		{"Size256", Size256, stdsha512.Size256},
		{"Size384", Size384, stdsha512.Size384},
		{"BlockSize", BlockSize, stdsha512.BlockSize},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d as in crypto/sha512", c.name, c.got, c.want)
		}
	}
	for _, v := range variants {
		h := v.new()
		if h.Size() != v.size || h.BlockSize() != BlockSize {
			t.Errorf("%s: Size, BlockSize = %d, %d; want %d, %d", v.name, h.Size(), h.BlockSize(), v.size, BlockSize)
		}
	}
}

// TestImplementations checks that the package registers exactly the
// accelerated implementations this build should have, wantImplementations
// (in the test file of the build's architecture), and that each is available
// exactly when this CPU has the features it needs.
func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, "sha512", wantImplementations)
	t.Log(cputest.Describe("sha512"))
}

func TestHash(t *testing.T) {
	cputest.TestAllImplementations(t, "sha512", func(t *testing.T) {
		for _, v := range variants {
			t.Run(v.name, func(t *testing.T) {
				cryptotest.TestHash(t, v.new)
			})
		}
	})
}

// newRand returns a deterministic generator, so that failures reproduce.
func newRand(label string) *rand.Rand {
	var seed [32]byte
	copy(seed[:], "crypton sha512 test: "+label)
	return rand.New(rand.NewChaCha8(seed))
}

func randomBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestStdlib compares every variant with the standard library on random
// inputs of every length from 0 to 4096 bytes (with -short, to 4 blocks and
// a byte, which still crosses every boundary of the kernels that hash
// blocks in pairs), hashed in one shot and streamed in random pieces with a
// Sum in the middle.
func TestStdlib(t *testing.T) {
	maxLen := 4096
	if testing.Short() {
		maxLen = 4*BlockSize + 1
	}
	cputest.TestAllImplementations(t, "sha512", func(t *testing.T) {
		for _, v := range variants {
			t.Run(v.name, func(t *testing.T) {
				r := newRand(v.name)
				msg := randomBytes(r, maxLen)
				h := v.new()
				for n := 0; n <= maxLen; n++ {
					in := msg[:n]
					want := v.stdSum(in)
					if got := v.sum(in); !bytes.Equal(got, want) {
						t.Fatalf("one-shot sum of %d bytes = %x, want %x", n, got, want)
					}

					h.Reset()
					mid := r.IntN(n + 1)
					var sizes []int
					for off := 0; off < n; {
						k := min(r.IntN(2*BlockSize+2), n-off)
						sizes = append(sizes, k)
						h.Write(in[off : off+k])
						if off < mid && off+k >= mid {
							if got, want := h.Sum(nil), v.stdSum(in[:off+k]); !bytes.Equal(got, want) {
								t.Fatalf("streaming %d bytes as %v: Sum after %d bytes = %x, want %x", n, sizes, off+k, got, want)
							}
						}
						off += k
					}
					if got := h.Sum([]byte("x")); got[0] != 'x' || !bytes.Equal(got[1:], want) {
						t.Fatalf("streaming %d bytes as %v: Sum = %x, want 78%x", n, sizes, got, want)
					}
				}
			})
		}
	})
}

// TestMarshalInterop checks that a state marshaled in the middle of a
// message, by this package or by the standard library, is byte for byte the
// same and resumes in the other package to the right digest.
func TestMarshalInterop(t *testing.T) {
	r := newRand("marshal")
	msg := randomBytes(r, 3*BlockSize+50)
	cputest.TestAllImplementations(t, "sha512", func(t *testing.T) {
		for _, v := range variants {
			for _, n := range []int{0, 1, 63, BlockSize - 1, BlockSize, BlockSize + 1, 2*BlockSize + 17, 3 * BlockSize} {
				want := v.stdSum(msg)
				ours, std := v.new(), v.stdNew()
				ours.Write(msg[:n])
				std.Write(msg[:n])
				ourState, err := ours.(encoding.BinaryMarshaler).MarshalBinary()
				if err != nil {
					t.Fatalf("%s: MarshalBinary after %d bytes: %v", v.name, n, err)
				}
				stdState, err := std.(encoding.BinaryMarshaler).MarshalBinary()
				if err != nil {
					t.Fatalf("%s: crypto/sha512 MarshalBinary after %d bytes: %v", v.name, n, err)
				}
				if !bytes.Equal(ourState, stdState) {
					t.Errorf("%s: state after %d bytes = %x, crypto/sha512's = %x", v.name, n, ourState, stdState)
				}
				appended, err := ours.(encoding.BinaryAppender).AppendBinary([]byte("xyz"))
				if err != nil || string(appended[:3]) != "xyz" || !bytes.Equal(appended[3:], stdState) {
					t.Errorf("%s: AppendBinary after %d bytes = %x, %v; want 78797a%x", v.name, n, appended, err, stdState)
				}

				// Ours to the standard library.
				h := v.stdNew()
				if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(ourState); err != nil {
					t.Fatalf("%s: crypto/sha512 UnmarshalBinary of our state after %d bytes: %v", v.name, n, err)
				}
				h.Write(msg[n:])
				if got := h.Sum(nil); !bytes.Equal(got, want) {
					t.Errorf("%s: our state after %d bytes resumed by crypto/sha512 gives %x, want %x", v.name, n, got, want)
				}

				// The standard library's to ours, into a used hash.
				h = v.new()
				h.Write(msg[:BlockSize+3])
				if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(stdState); err != nil {
					t.Fatalf("%s: UnmarshalBinary of crypto/sha512's state after %d bytes: %v", v.name, n, err)
				}
				h.Write(msg[n:])
				if got := h.Sum(nil); !bytes.Equal(got, want) {
					t.Errorf("%s: crypto/sha512's state after %d bytes resumed by us gives %x, want %x", v.name, n, got, want)
				}
			}
		}
	})
}

// TestUnmarshalErrors checks the error messages, and that a state of one
// variant is refused by another, as crypto/sha512 does.
func TestUnmarshalErrors(t *testing.T) {
	for _, v := range variants {
		h := v.new()
		h.Write([]byte("some input"))
		state, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
		before := h.Sum(nil)
		for _, c := range []struct {
			name, err string
			state     []byte
		}{
			{"empty", "sha512: invalid hash state identifier", nil},
			{"3 bytes", "sha512: invalid hash state identifier", state[:3]},
			{"magic only", "sha512: invalid hash state size", state[:4]},
			{"truncated", "sha512: invalid hash state size", state[:len(state)-1]},
			{"one byte too many", "sha512: invalid hash state size", append(bytes.Clone(state), 0)},
			{"bad magic", "sha512: invalid hash state identifier", append([]byte("sha\x03"), state[4:]...)},
		} {
			err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(c.state)
			if err == nil || err.Error() != c.err {
				t.Errorf("%s: UnmarshalBinary(%s) = %v, want %q", v.name, c.name, err, c.err)
			}
			if got := h.Sum(nil); !bytes.Equal(got, before) {
				t.Errorf("%s: UnmarshalBinary(%s) failed but changed the state", v.name, c.name)
			}
		}
		for _, w := range variants {
			if w.name == v.name {
				continue
			}
			err := w.new().(encoding.BinaryUnmarshaler).UnmarshalBinary(state)
			if err == nil || err.Error() != "sha512: invalid hash state identifier" {
				t.Errorf("%s state unmarshaled into %s: %v, want the invalid identifier error", v.name, w.name, err)
			}
		}
	}
}

func TestAllocations(t *testing.T) {
	in := make([]byte, 3*BlockSize+5)
	cputest.TestAllImplementations(t, "sha512", func(t *testing.T) {
		// The one-shot functions are called directly: the slices that the
		// wrappers in variants return would make their results escape.
		oneShot := []struct {
			name string
			f    func(p []byte)
		}{
			{"Sum384", func(p []byte) { s := Sum384(p); sink ^= s[0] }},
			{"Sum512", func(p []byte) { s := Sum512(p); sink ^= s[0] }},
			{"Sum512_224", func(p []byte) { s := Sum512_224(p); sink ^= s[0] }},
			{"Sum512_256", func(p []byte) { s := Sum512_256(p); sink ^= s[0] }},
		}
		for _, f := range oneShot {
			for _, n := range []int{0, 1, 111, 112, BlockSize, len(in)} {
				if a := testing.AllocsPerRun(10, func() { f.f(in[:n]) }); a != 0 {
					t.Errorf("%s of %d bytes allocates %v times, want 0", f.name, n, a)
				}
			}
		}
		for _, v := range variants {
			h := v.new()
			out := make([]byte, 0, Size)
			state := make([]byte, 0, 256)
			if a := testing.AllocsPerRun(10, func() {
				h.Reset()
				h.Write(in[:7])
				h.Write(in[7:])
				out = h.Sum(out[:0])
				state, _ = h.(encoding.BinaryAppender).AppendBinary(state[:0])
			}); a != 0 {
				t.Errorf("%s: Reset, Write, Sum and AppendBinary allocate %v times, want 0", v.name, a)
			}
		}
	})
}

// TestSumDirect checks the one-shot functions against the streaming ones at
// the lengths where the padding needs one or two blocks, in case the two
// paths ever diverge.
func TestSumDirect(t *testing.T) {
	in := randomBytes(newRand("direct"), 2*BlockSize+1)
	for _, v := range variants {
		for n := 100; n <= 2*BlockSize+1; n++ {
			h := v.new()
			h.Write(in[:n])
			if got, want := v.sum(in[:n]), h.Sum(nil); !bytes.Equal(got, want) {
				t.Fatalf("%s: one-shot sum of %d bytes = %x, streaming gives %x", v.name, n, got, want)
			}
		}
	}
}

// TestBlock compares block, whichever implementation it uses, with
// blockGeneric on random chaining values and random inputs of 0 to 9 whole
// blocks, plus a partial block that both must ignore, and checks that
// compressing several blocks in one call is the same as one at a time.
func TestBlock(t *testing.T) {
	r := newRand("block")
	cputest.TestAllImplementations(t, "sha512", func(t *testing.T) {
		for iter := range 200 {
			nblocks := iter % 10
			extra := r.IntN(BlockSize)
			in := randomBytes(r, nblocks*BlockSize+extra)
			var start digest
			for i := range start.h {
				start.h[i] = r.Uint64()
			}

			got, want, one := start, start, start
			block(&got, in)
			blockGeneric(&want, in)
			if got.h != want.h {
				t.Fatalf("block of %d blocks + %d bytes from state %x = %x, blockGeneric gives %x", nblocks, extra, start.h, got.h, want.h)
			}
			for i := 0; i < nblocks; i++ {
				block(&one, in[i*BlockSize:(i+1)*BlockSize])
			}
			if one.h != want.h {
				t.Fatalf("block one block at a time over %d blocks from state %x = %x, want %x", nblocks, start.h, one.h, want.h)
			}
		}
	})
}

// TestLengthHighBits checks the padding of a message of 2^61 bytes or more,
// whose length in bits needs more than 64 bits: FIPS 180-4 appends it as a
// 128-bit number, so its top bits go into the upper half. Such a state can
// only be reached through UnmarshalBinary. (crypto/sha512 always writes zero
// there, so for these states, and only these, the digests differ.)
func TestLengthHighBits(t *testing.T) {
	var n uint64 = 1<<61 + 3 // bytes written; the last 3 are pending
	h := New()
	state, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
	copy(state[4+64:], "abc")
	binary.BigEndian.PutUint64(state[len(state)-8:], n)
	if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
		t.Fatal(err)
	}

	var last [BlockSize]byte
	copy(last[:], "abc\x80")
	binary.BigEndian.PutUint64(last[112:], n>>61)
	binary.BigEndian.PutUint64(last[120:], n<<3) // the low 64 bits
	want := digest{h: iv512}
	blockGeneric(&want, last[:])
	var wantSum []byte
	for _, v := range want.h {
		wantSum = binary.BigEndian.AppendUint64(wantSum, v)
	}
	if got := h.Sum(nil); !bytes.Equal(got, wantSum) {
		t.Errorf("Sum after %d bytes = %x, want %x", n, got, wantSum)
	}
}

// FuzzSum compares every variant with the standard library on data, hashed
// in one shot and streamed in two writes split at split.
func FuzzSum(f *testing.F) {
	r := newRand("fuzz")
	for _, n := range []int{0, 1, 55, 111, 112, 113, 127, 128, 129, 239, 240, 256, 1000} {
		f.Add(randomBytes(r, n), uint(r.IntN(n+1)))
	}
	f.Add([]byte(msg896), uint(64))
	f.Fuzz(func(t *testing.T, data []byte, split uint) {
		k := int(split % uint(len(data)+1))
		for _, v := range variants {
			want := v.stdSum(data)
			if got := v.sum(data); !bytes.Equal(got, want) {
				t.Errorf("%s: one-shot sum = %x, want %x", v.name, got, want)
			}
			h := v.new()
			h.Write(data[:k])
			h.Write(data[k:])
			if got := h.Sum(nil); !bytes.Equal(got, want) {
				t.Errorf("%s: streaming split at %d = %x, want %x", v.name, k, got, want)
			}
		}
	})
}

var benchSizes = []struct {
	name string
	n    int
}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16 * 1024}}

var sink byte

// BenchmarkSum measures one-shot SHA-512 next to the standard library's, so
// that one run prints both:
//
//	go test -bench Sum -count 10
//
// With -tags purego the standard library uses its portable Go code too.
func BenchmarkSum(b *testing.B) {
	for _, size := range benchSizes {
		buf := make([]byte, size.n)
		b.Run(fmt.Sprintf("SHA-512/%s/crypton", size.name), func(b *testing.B) {
			b.SetBytes(int64(size.n))
			b.ReportAllocs()
			for b.Loop() {
				s := Sum512(buf)
				sink ^= s[0]
			}
		})
		b.Run(fmt.Sprintf("SHA-512/%s/stdlib", size.name), func(b *testing.B) {
			b.SetBytes(int64(size.n))
			b.ReportAllocs()
			for b.Loop() {
				s := stdsha512.Sum512(buf)
				sink ^= s[0]
			}
		})
	}
}

// BenchmarkImplementations measures each implementation of the package on
// this machine, the generic one included.
func BenchmarkImplementations(b *testing.B) {
	buf := make([]byte, 16*1024)
	cputest.BenchmarkAllImplementations(b, "sha512", func(b *testing.B) {
		b.SetBytes(int64(len(buf)))
		b.ReportAllocs()
		for b.Loop() {
			s := Sum512(buf)
			sink ^= s[0]
		}
	})
}
