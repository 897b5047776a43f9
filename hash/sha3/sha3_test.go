package sha3

import (
	"bytes"
	stdsha3 "crypto/sha3"
	"encoding"
	"encoding/hex"
	"errors"
	"hash"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
	xsha3 "golang.org/x/crypto/sha3"
)

// The types implement the interfaces that the standard library's do.
var (
	_ hash.Hash                  = (*SHA3)(nil)
	_ hash.Cloner                = (*SHA3)(nil)
	_ encoding.BinaryMarshaler   = (*SHA3)(nil)
	_ encoding.BinaryAppender    = (*SHA3)(nil)
	_ encoding.BinaryUnmarshaler = (*SHA3)(nil)
	_ hash.XOF                   = (*SHAKE)(nil)
	_ encoding.BinaryMarshaler   = (*SHAKE)(nil)
	_ encoding.BinaryAppender    = (*SHAKE)(nil)
	_ encoding.BinaryUnmarshaler = (*SHAKE)(nil)
)

// pkg is the name under which the package registers its implementations.
const pkg = "sha3"

func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, pkg, wantImplementations)
	t.Log(cputest.Describe(pkg))
}

// A fixedVariant is one fixed-output hash of the package with its peer.
type fixedVariant struct {
	name   string
	new    func() *SHA3
	sum    func([]byte) []byte // the package's one-shot function, if any
	newStd func() hash.Hash    // crypto/sha3, or x/crypto/sha3 for legacy Keccak
}

var fixedVariants = []fixedVariant{
	{"SHA3-224", New224, func(p []byte) []byte { s := Sum224(p); return s[:] }, func() hash.Hash { return stdsha3.New224() }},
	{"SHA3-256", New256, func(p []byte) []byte { s := Sum256(p); return s[:] }, func() hash.Hash { return stdsha3.New256() }},
	{"SHA3-384", New384, func(p []byte) []byte { s := Sum384(p); return s[:] }, func() hash.Hash { return stdsha3.New384() }},
	{"SHA3-512", New512, func(p []byte) []byte { s := Sum512(p); return s[:] }, func() hash.Hash { return stdsha3.New512() }},
	{"Keccak-256", NewLegacyKeccak256, nil, xsha3.NewLegacyKeccak256},
	{"Keccak-512", NewLegacyKeccak512, nil, xsha3.NewLegacyKeccak512},
}

// An xofVariant is one extendable output function of the package with its
// standard library peer.
type xofVariant struct {
	name   string
	new    func() *SHAKE
	sum    func([]byte, int) []byte
	newStd func() *stdsha3.SHAKE
	rate   int
}

var (
	cshakeN = []byte("crypton")
	cshakeS = []byte("customization string of some length, for a test")
)

var xofVariants = []xofVariant{
	{"SHAKE128", NewSHAKE128, SumSHAKE128, stdsha3.NewSHAKE128, 168},
	{"SHAKE256", NewSHAKE256, SumSHAKE256, stdsha3.NewSHAKE256, 136},
	{"cSHAKE128", func() *SHAKE { return NewCSHAKE128(cshakeN, cshakeS) }, nil,
		func() *stdsha3.SHAKE { return stdsha3.NewCSHAKE128(cshakeN, cshakeS) }, 168},
	{"cSHAKE256", func() *SHAKE { return NewCSHAKE256(cshakeN, cshakeS) }, nil,
		func() *stdsha3.SHAKE { return stdsha3.NewCSHAKE256(cshakeN, cshakeS) }, 136},
	// A function name alone, and a prefix longer than the rate.
	{"cSHAKE128-N", func() *SHAKE { return NewCSHAKE128([]byte("N"), nil) }, nil,
		func() *stdsha3.SHAKE { return stdsha3.NewCSHAKE128([]byte("N"), nil) }, 168},
	{"cSHAKE256-long", func() *SHAKE { return NewCSHAKE256(nil, bytes.Repeat([]byte("S"), 300)) }, nil,
		func() *stdsha3.SHAKE { return stdsha3.NewCSHAKE256(nil, bytes.Repeat([]byte("S"), 300)) }, 136},
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// a3 is the 1600-bit message of the NIST SHA-3 examples: 200 bytes 0xa3.
var a3 = bytes.Repeat([]byte{0xa3}, 200)

// FIPS 202 known answers, from the NIST "Examples with Intermediate Values"
// for SHA-3 and the original Keccak team's test vectors for Keccak.
var fixedKAT = []struct {
	variant string
	msg     []byte
	want    string
}{
	{"SHA3-224", nil, "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7"},
	{"SHA3-256", nil, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"},
	{"SHA3-384", nil, "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2ac3713831264adb47fb6bd1e058d5f004"},
	{"SHA3-512", nil, "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"},
	{"SHA3-224", []byte("abc"), "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf"},
	{"SHA3-256", []byte("abc"), "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
	{"SHA3-384", []byte("abc"), "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25"},
	{"SHA3-512", []byte("abc"), "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"},
	{"SHA3-224", a3, "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0"},
	{"SHA3-256", a3, "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"},
	{"SHA3-384", a3, "1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168ed1732649ce1dbcdd76197a31fd55ee989f2d7050dd473e8f"},
	{"SHA3-512", a3, "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca81b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00"},
	{"Keccak-256", nil, "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"},
	{"Keccak-256", []byte("abc"), "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45"},
	{"Keccak-512", nil, "0eab42de4c3ceb9235fc91acffe746b29c29a8c366b7c60e4e67c466f36a4304c00fa9caf9d87976ba469bcbe06713b435f091ef2769fb160cdab33d3670680e"},
}

// XOF known answers: the NIST SHAKE examples (4096 bits of output, of which
// the first and last 32 bytes are checked) and the SP 800-185 cSHAKE
// samples.
var xofKAT = []struct {
	name       string
	new        func() *SHAKE
	msg        []byte
	length     int
	head, tail string
}{
	{"SHAKE128 empty", NewSHAKE128, nil, 512,
		"7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26",
		"43e41b45a653f2a5c4492c1add544512dda2529833462b71a41a45be97290b6f"},
	{"SHAKE256 empty", NewSHAKE256, nil, 512,
		"46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f",
		"ab0bae316339894304e35877b0c28a9b1fd166c796b9cc258a064a8f57e27f2a"},
	{"SHAKE128 1600 bits", NewSHAKE128, a3, 512,
		"131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037",
		"44c9fb359fd56ac0a9a75a743cff6862f17d7259ab075216c0699511643b6439"},
	{"SHAKE256 1600 bits", NewSHAKE256, a3, 512,
		"cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d",
		"6a1a9d7846436e4dca5728b6f760eef0ca92bf0be5615e96959d767197a0beeb"},
	{"cSHAKE128 sample 1", func() *SHAKE { return NewCSHAKE128(nil, []byte("Email Signature")) },
		mustHex("00010203"), 32, "c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5", ""},
	{"cSHAKE128 sample 2", func() *SHAKE { return NewCSHAKE128(nil, []byte("Email Signature")) },
		seq(200), 32, "c5221d50e4f822d96a2e8881a961420f294b7b24fe3d2094baed2c6524cc166b", ""},
	{"cSHAKE256 sample 3", func() *SHAKE { return NewCSHAKE256(nil, []byte("Email Signature")) },
		mustHex("00010203"), 64, "d008828e2b80ac9d2218ffee1d070c48b8e4c87bff32c9699d5b6896eee0edd1", "64020e2be0560858d9c00c037e34a96937c561a74c412bb4c746469527281c8c"},
	{"cSHAKE256 sample 4", func() *SHAKE { return NewCSHAKE256(nil, []byte("Email Signature")) },
		seq(200), 64, "07dc27b11e51fbac75bc7b3c1d983e8b4b85fb1defaf218912ac864302730917", "27f42b17ed1df63e8ec118f04b23633c1dfb1574c8fb55cb45da8e25afb092bb"},
}

// seq returns the bytes 0, 1, ..., n-1 (mod 256).
func seq(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

func fixedByName(name string) fixedVariant {
	for _, v := range fixedVariants {
		if v.name == name {
			return v
		}
	}
	panic("no variant " + name)
}

func TestKnownAnswers(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, tc := range fixedKAT {
			v := fixedByName(tc.variant)
			want := mustHex(tc.want)
			h := v.new()
			h.Write(tc.msg)
			if got := h.Sum(nil); !bytes.Equal(got, want) {
				t.Errorf("%s(%d bytes) = %x, want %x", v.name, len(tc.msg), got, want)
			}
			if v.sum != nil {
				if got := v.sum(tc.msg); !bytes.Equal(got, want) {
					t.Errorf("one-shot %s(%d bytes) = %x, want %x", v.name, len(tc.msg), got, want)
				}
			}
			// Byte by byte, to cross partial-lane writes.
			h.Reset()
			for i := range tc.msg {
				h.Write(tc.msg[i : i+1])
			}
			if got := h.Sum(nil); !bytes.Equal(got, want) {
				t.Errorf("%s(%d bytes written one at a time) = %x, want %x", v.name, len(tc.msg), got, want)
			}
		}
		for _, tc := range xofKAT {
			x := tc.new()
			x.Write(tc.msg)
			out := make([]byte, tc.length)
			x.Read(out)
			head, tail := mustHex(tc.head), mustHex(tc.tail)
			if !bytes.HasPrefix(out, head) || !bytes.HasSuffix(out, tail) {
				t.Errorf("%s: output of %d bytes = %x, want it to begin with %x and end with %x", tc.name, tc.length, out, head, tail)
			}
		}
		// The middle of the long SHAKE outputs, against the standard library.
		for _, v := range xofVariants[:2] {
			for _, msg := range [][]byte{nil, a3} {
				if got, want := v.sum(msg, 512), stdsha3.SumSHAKE128(msg, 512); v.name == "SHAKE128" && !bytes.Equal(got, want) {
					t.Errorf("SumSHAKE128(%d bytes, 512) = %x, want %x", len(msg), got, want)
				}
				if got, want := v.sum(msg, 512), stdsha3.SumSHAKE256(msg, 512); v.name == "SHAKE256" && !bytes.Equal(got, want) {
					t.Errorf("SumSHAKE256(%d bytes, 512) = %x, want %x", len(msg), got, want)
				}
			}
		}
	})
}

func TestZeroValue(t *testing.T) {
	var s SHA3
	if s.Size() != 32 || s.BlockSize() != 136 {
		t.Errorf("zero SHA3: Size, BlockSize = %d, %d; want 32, 136", s.Size(), s.BlockSize())
	}
	var z SHA3
	z.Write([]byte("abc"))
	if got, want := z.Sum(nil), Sum256([]byte("abc")); !bytes.Equal(got, want[:]) {
		t.Errorf("zero SHA3 after writing abc: Sum = %x, want SHA3-256 %x", got, want)
	}
	var x SHAKE
	if x.BlockSize() != 136 {
		t.Errorf("zero SHAKE: BlockSize = %d, want 136", x.BlockSize())
	}
	var y SHAKE
	y.Write([]byte("abc"))
	out := make([]byte, 100)
	y.Read(out)
	if want := SumSHAKE256([]byte("abc"), 100); !bytes.Equal(out, want) {
		t.Errorf("zero SHAKE after writing abc: output %x, want SHAKE256 %x", out, want)
	}
	// Unmarshaling into a zero value takes its default function.
	var u SHA3
	st, _ := New256().MarshalBinary()
	if err := u.UnmarshalBinary(st); err != nil {
		t.Errorf("UnmarshalBinary of a SHA3-256 state into a zero SHA3: %v", err)
	}
	var w SHA3
	st, _ = New512().MarshalBinary()
	if err := w.UnmarshalBinary(st); err == nil {
		t.Errorf("UnmarshalBinary of a SHA3-512 state into a zero SHA3 (SHA3-256) succeeded, want an error")
	}
}

func TestSizes(t *testing.T) {
	for _, tc := range []struct {
		h         *SHA3
		size, bsz int
	}{
		{New224(), 28, 144}, {New256(), 32, 136}, {New384(), 48, 104}, {New512(), 64, 72},
		{NewLegacyKeccak256(), 32, 136}, {NewLegacyKeccak512(), 64, 72},
	} {
		if tc.h.Size() != tc.size || tc.h.BlockSize() != tc.bsz {
			t.Errorf("Size, BlockSize = %d, %d; want %d, %d", tc.h.Size(), tc.h.BlockSize(), tc.size, tc.bsz)
		}
	}
	for _, v := range xofVariants {
		if got := v.new().BlockSize(); got != v.rate {
			t.Errorf("%s: BlockSize = %d, want %d", v.name, got, v.rate)
		}
	}
	// Both plain SHAKE constructors must be the cSHAKE ones with empty N and S.
	for _, tc := range []struct{ a, b *SHAKE }{
		{NewCSHAKE128(nil, nil), NewSHAKE128()}, {NewCSHAKE256(nil, []byte{}), NewSHAKE256()},
	} {
		sa, _ := tc.a.MarshalBinary()
		sb, _ := tc.b.MarshalBinary()
		if !bytes.Equal(sa, sb) {
			t.Errorf("cSHAKE with empty N and S differs from SHAKE: states %x and %x", sa, sb)
		}
	}
}

func TestHash(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, v := range fixedVariants {
			t.Run(v.name, func(t *testing.T) {
				cryptotest.TestHash(t, func() hash.Hash { return v.new() })
			})
		}
	})
}

// randomChunks writes msg to w in random pieces, empty ones included.
func randomChunks(w io.Writer, msg []byte, r *rand.Rand, maxChunk int) {
	for len(msg) > 0 {
		k := min(r.IntN(maxChunk+1), len(msg))
		w.Write(msg[:k])
		msg = msg[k:]
	}
}

// differentialLengths returns the message lengths TestDifferential
// covers: every length up to maxLen, or with -short (the set that the
// emulated AVX-512 CPU runs, 30 to 60 times slower) every length up to
// three blocks of the largest rate, and one in seven beyond.
func differentialLengths(maxLen int) []int {
	var ns []int
	for n := 0; n <= maxLen; n++ {
		if !testing.Short() || n <= 3*168+8 || n%7 == 0 || n == maxLen {
			ns = append(ns, n)
		}
	}
	return ns
}

func TestDifferential(t *testing.T) {
	const maxLen = 2000
	lengths := differentialLengths(maxLen)
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		msg := make([]byte, maxLen)
		for i := range msg {
			msg[i] = byte(r.Uint32())
		}
		for _, v := range fixedVariants {
			for _, n := range lengths {
				hs := v.newStd()
				hs.Write(msg[:n])
				want := hs.Sum(nil)
				if v.sum != nil {
					if got := v.sum(msg[:n]); !bytes.Equal(got, want) {
						t.Fatalf("one-shot %s of %d bytes = %x, want %x", v.name, n, got, want)
					}
				}
				h := v.new()
				randomChunks(h, msg[:n], r, 3*h.BlockSize())
				if got := h.Sum(nil); !bytes.Equal(got, want) {
					t.Fatalf("%s of %d bytes in random writes = %x, want %x", v.name, n, got, want)
				}
			}
		}
		for _, v := range xofVariants {
			for _, n := range lengths {
				outLen := 1 + r.IntN(3*v.rate)
				want := make([]byte, outLen)
				xs := v.newStd()
				xs.Write(msg[:n])
				xs.Read(want)
				if v.sum != nil {
					if got := v.sum(msg[:n], outLen); !bytes.Equal(got, want) {
						t.Fatalf("one-shot %s of %d bytes, %d out = %x, want %x", v.name, n, outLen, got, want)
					}
				}
				x := v.new()
				randomChunks(x, msg[:n], r, 3*v.rate)
				got := make([]byte, outLen)
				randomReads(x, got, r, v.rate)
				if !bytes.Equal(got, want) {
					t.Fatalf("%s of %d bytes in random writes, %d out in random reads = %x, want %x", v.name, n, outLen, got, want)
				}
			}
		}
	})
}

// randomReads fills out from x in random reads, some of them empty and some
// longer than the rate.
func randomReads(x *SHAKE, out []byte, r *rand.Rand, rate int) {
	for len(out) > 0 {
		k := min(r.IntN(2*rate+2), len(out))
		x.Read(out[:k])
		out = out[k:]
	}
}

// TestXOFReads reads long outputs in random chunk sizes, so that reads
// start and end at every position relative to the rate boundaries.
func TestXOFReads(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 4))
		for _, v := range xofVariants {
			for _, n := range []int{0, 1, v.rate - 1, v.rate, v.rate + 1, 1000} {
				msg := make([]byte, n)
				for i := range msg {
					msg[i] = byte(r.Uint32())
				}
				want := make([]byte, 20*v.rate+7)
				xs := v.newStd()
				xs.Write(msg)
				xs.Read(want)
				for trial := range 20 {
					x := v.new()
					x.Write(msg)
					got := make([]byte, len(want))
					if trial == 0 {
						for i := range got {
							x.Read(got[i : i+1])
						}
					} else {
						randomReads(x, got, r, v.rate)
					}
					if !bytes.Equal(got, want) {
						t.Fatalf("%s of %d bytes, trial %d: output %x, want %x", v.name, n, trial, got, want)
					}
				}
			}
		}
	})
}

func TestWriteAfterRead(t *testing.T) {
	x := NewSHAKE128()
	x.Write([]byte("abc"))
	x.Read(make([]byte, 1))
	defer func() {
		if recover() == nil {
			t.Errorf("Write after Read did not panic")
		}
	}()
	x.Write([]byte("d"))
}

func TestResetAfterRead(t *testing.T) {
	for _, v := range xofVariants {
		x := v.new()
		x.Write([]byte("abc"))
		x.Read(make([]byte, 300))
		x.Reset()
		x.Write([]byte("xyz"))
		got := make([]byte, 50)
		x.Read(got)
		xs := v.newStd()
		xs.Write([]byte("xyz"))
		want := make([]byte, 50)
		xs.Read(want)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: after Read and Reset, output %x, want %x", v.name, got, want)
		}
	}
}

type marshalState interface {
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
}

// TestMarshalInterop checks that states marshaled by the standard library
// (x/crypto for legacy Keccak) continue correctly here and the reverse, and
// that both encode the same state identically.
func TestMarshalInterop(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		msg := seq(1000)
		for _, v := range fixedVariants {
			bs := v.new().BlockSize()
			for _, n := range []int{0, 1, 7, 8, 9, bs - 1, bs, bs + 1, 2*bs + 13, 600} {
				for _, k := range []int{0, 1, bs, 333} {
					want := func() []byte { h := v.newStd(); h.Write(msg[:n+k]); return h.Sum(nil) }()

					// Ours to theirs.
					h := v.new()
					h.Write(msg[:n])
					st, err := h.MarshalBinary()
					if err != nil {
						t.Fatal(err)
					}
					hs := v.newStd()
					hs.Write(msg[:n])
					stStd, err := hs.(encoding.BinaryMarshaler).MarshalBinary()
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(st, stStd) {
						t.Fatalf("%s after %d bytes: state %x, peer's %x", v.name, n, st, stStd)
					}
					other := v.newStd()
					other.Write([]byte("junk"))
					if err := other.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
						t.Fatalf("%s after %d bytes: the peer rejects our state: %v", v.name, n, err)
					}
					other.Write(msg[n : n+k])
					if got := other.Sum(nil); !bytes.Equal(got, want) {
						t.Fatalf("%s: our state after %d bytes, continued by the peer with %d: %x, want %x", v.name, n, k, got, want)
					}

					// Theirs to ours.
					ours := v.new()
					ours.Write([]byte("junk"))
					if err := ours.UnmarshalBinary(stStd); err != nil {
						t.Fatalf("%s after %d bytes: the peer's state is rejected: %v", v.name, n, err)
					}
					ours.Write(msg[n : n+k])
					if got := ours.Sum(nil); !bytes.Equal(got, want) {
						t.Fatalf("%s: the peer's state after %d bytes, continued here with %d: %x, want %x", v.name, n, k, got, want)
					}
				}
			}
		}
		for _, v := range xofVariants {
			for _, n := range []int{0, 1, v.rate - 1, v.rate, v.rate + 1, 500} {
				for _, read := range []int{-1, 0, 1, v.rate - 1, v.rate, v.rate + 3, 2 * v.rate} {
					// read < 0: marshal while absorbing; otherwise after
					// reading that many bytes.
					const more = 400
					xs := v.newStd()
					xs.Write(msg[:n])
					want := make([]byte, max(read, 0)+more)
					xs.Read(want)

					x := v.new()
					xs = v.newStd()
					x.Write(msg[:n])
					xs.Write(msg[:n])
					if read >= 0 {
						x.Read(make([]byte, read))
						xs.Read(make([]byte, read))
					}
					st, _ := x.MarshalBinary()
					stStd, _ := xs.MarshalBinary()
					if !bytes.Equal(st, stStd) {
						t.Fatalf("%s after %d bytes and a read of %d: state %x, stdlib's %x", v.name, n, read, st, stStd)
					}
					check := func(dir string, into marshalState, state []byte, r io.Reader) {
						t.Helper()
						if err := into.UnmarshalBinary(state); err != nil {
							t.Fatalf("%s %s after %d bytes and a read of %d: %v", v.name, dir, n, read, err)
						}
						got := make([]byte, more)
						r.Read(got)
						if !bytes.Equal(got, want[max(read, 0):]) {
							t.Fatalf("%s %s after %d bytes and a read of %d: continued output %x, want %x", v.name, dir, n, read, got, want[max(read, 0):])
						}
					}
					theirs := v.newStd()
					check("ours to stdlib", theirs, st, theirs)
					ours := v.new()
					ours.Write([]byte("junk"))
					check("stdlib to ours", ours, stStd, ours)
				}
			}
		}
	})
}

func TestUnmarshalErrors(t *testing.T) {
	good, _ := New256().MarshalBinary()
	shake, _ := NewSHAKE256().MarshalBinary()
	cshake, _ := NewCSHAKE256(nil, []byte("S")).MarshalBinary()
	squeezed := NewSHAKE256()
	squeezed.Read(make([]byte, 10))
	squeezedState, _ := squeezed.MarshalBinary()
	withByte := func(b []byte, i int, v byte) []byte {
		b = bytes.Clone(b)
		b[i] = v
		return b
	}
	for _, tc := range []struct {
		name  string
		into  marshalState
		state []byte
		want  error
	}{
		{"empty", New256(), nil, errStateSize},
		{"short", New256(), good[:100], errStateSize},
		{"long", New256(), append(bytes.Clone(good), 0), errStateSize},
		{"bad magic", New256(), withByte(good, 0, 'x'), errStateIdentifier},
		{"SHAKE state into SHA3", New256(), shake, errStateIdentifier},
		{"Keccak state into SHA3", New256(), must(NewLegacyKeccak256().MarshalBinary()), errStateIdentifier},
		{"SHA3-256 state into SHA3-512", New512(), good, errStateFunction},
		{"rate changed", New256(), withByte(good, 4, 72), errStateFunction},
		{"n = rate while absorbing", New256(), withByte(good, 205, 136), errState},
		{"n > rate", New256(), withByte(good, 205, 137), errState},
		{"bad direction", New256(), withByte(good, 206, 2), errState},
		{"squeezing SHA3", New256(), withByte(good, 206, 1), errState},
		{"SHA3 state into SHAKE", NewSHAKE256(), good, errStateIdentifier},
		{"short SHAKE", NewSHAKE256(), shake[:206], errStateSize},
		{"SHAKE256 state into SHAKE128", NewSHAKE128(), shake, errStateFunction},
		{"cSHAKE state into SHAKE", NewSHAKE256(), cshake, errStateIdentifier},
		{"SHAKE state into cSHAKE", NewCSHAKE256(nil, []byte("S")), shake, errStateIdentifier},
		{"cSHAKE without prefix", NewCSHAKE256(nil, []byte("S")), cshake[:marshaledSize], errStateSize},
		{"SHAKE with a prefix", NewSHAKE256(), append(bytes.Clone(shake), 1, 0), errStateSize},
		{"squeezing n > rate", NewSHAKE256(), withByte(squeezedState, 205, 137), errState},
	} {
		before, _ := tc.into.MarshalBinary()
		err := tc.into.UnmarshalBinary(tc.state)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: UnmarshalBinary = %v, want %v", tc.name, err, tc.want)
		}
		if after, _ := tc.into.MarshalBinary(); !bytes.Equal(before, after) {
			t.Errorf("%s: a failed UnmarshalBinary changed the state", tc.name)
		}
	}
	// Squeezing with n == rate is valid: the next Read permutes first.
	sq := withByte(squeezedState, 205, 136)
	x, xs := NewSHAKE256(), stdsha3.NewSHAKE256()
	if err := x.UnmarshalBinary(sq); err != nil {
		t.Fatalf("squeezing state with n = rate: %v", err)
	}
	if err := xs.UnmarshalBinary(sq); err != nil {
		t.Fatalf("the standard library rejects a squeezing state with n = rate: %v", err)
	}
	got, want := make([]byte, 300), make([]byte, 300)
	x.Read(got)
	xs.Read(want)
	if !bytes.Equal(got, want) {
		t.Errorf("after a squeezing state with n = rate: output %x, want %x", got, want)
	}
	// Garbage never panics.
	r := rand.New(rand.NewPCG(5, 6))
	for range 1000 {
		b := make([]byte, r.IntN(2*marshaledSize))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if r.IntN(2) == 0 && len(b) >= 4 {
			copy(b, []string{magicSHA3, magicSHAKE, magicCSHAKE, magicKeccak}[r.IntN(4)])
		}
		New256().UnmarshalBinary(b)
		NewSHAKE128().UnmarshalBinary(b)
		NewCSHAKE128(nil, []byte("x")).UnmarshalBinary(b)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func TestClone(t *testing.T) {
	h := New384()
	h.Write([]byte("hello"))
	c, err := h.Clone()
	if err != nil {
		t.Fatal(err)
	}
	hc, ok := c.(*SHA3)
	if !ok {
		t.Fatalf("Clone returned a %T, want *SHA3", c)
	}
	hc.Write([]byte(" world"))
	if got, want := h.Sum(nil), Sum384([]byte("hello")); !bytes.Equal(got, want[:]) {
		t.Errorf("writing to the clone changed the original: %x, want %x", got, want)
	}
	if got, want := hc.Sum(nil), Sum384([]byte("hello world")); !bytes.Equal(got, want[:]) {
		t.Errorf("clone: %x, want %x", got, want)
	}
}

func TestAllocations(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		msg := seq(1000)
		for _, v := range fixedVariants {
			if v.sum == nil {
				continue
			}
			// Through the concrete functions, not the closures, which
			// return slices of their arrays.
			if n := testing.AllocsPerRun(10, func() {
				switch v.name {
				case "SHA3-224":
					Sum224(msg)
				case "SHA3-256":
					Sum256(msg)
				case "SHA3-384":
					Sum384(msg)
				case "SHA3-512":
					Sum512(msg)
				}
			}); n != 0 {
				t.Errorf("one-shot %s allocates %v times, want 0", v.name, n)
			}
		}
		for _, length := range []int{1, 32, 500} {
			if n := testing.AllocsPerRun(10, func() { SumSHAKE128(msg, length) }); n > 1 {
				t.Errorf("SumSHAKE128(1000 bytes, %d) allocates %v times, want 1", length, n)
			}
			if n := testing.AllocsPerRun(10, func() { SumSHAKE256(msg, length) }); n > 1 {
				t.Errorf("SumSHAKE256(1000 bytes, %d) allocates %v times, want 1", length, n)
			}
		}
		for _, v := range fixedVariants {
			h := v.new()
			buf := make([]byte, 0, 64)
			if n := testing.AllocsPerRun(10, func() {
				h.Reset()
				h.Write(msg)
				h.Sum(buf[:0])
			}); n != 0 {
				t.Errorf("%s: Reset, Write and Sum allocate %v times, want 0", v.name, n)
			}
		}
		for _, v := range xofVariants {
			x := v.new()
			out := make([]byte, 300)
			if n := testing.AllocsPerRun(10, func() {
				x.Reset()
				x.Write(msg)
				x.Read(out)
			}); n != 0 {
				t.Errorf("%s: Reset, Write and Read allocate %v times, want 0", v.name, n)
			}
		}
	})
}

func FuzzSum(f *testing.F) {
	for _, n := range []int{0, 1, 7, 8, 71, 72, 73, 135, 136, 137, 167, 168, 169, 300, 1000} {
		f.Add(seq(n), uint(n/3), uint16(n))
	}
	f.Fuzz(func(t *testing.T, data []byte, split uint, outLen uint16) {
		k := int(split % uint(len(data)+1))
		cputest.ForEachImplementation(pkg, func(impl string) {
			for _, v := range fixedVariants {
				hs := v.newStd()
				hs.Write(data)
				want := hs.Sum(nil)
				if v.sum != nil {
					if got := v.sum(data); !bytes.Equal(got, want) {
						t.Fatalf("%s (%s) one-shot: got %x, want %x", v.name, impl, got, want)
					}
				}
				h := v.new()
				h.Write(data[:k])
				h.Write(data[k:])
				if got := h.Sum(nil); !bytes.Equal(got, want) {
					t.Fatalf("%s (%s) in writes of %d and %d bytes: got %x, want %x", v.name, impl, k, len(data)-k, got, want)
				}
			}
			for _, v := range xofVariants {
				n := int(outLen % 2048)
				want := make([]byte, n)
				xs := v.newStd()
				xs.Write(data)
				xs.Read(want)
				x := v.new()
				x.Write(data[:k])
				x.Write(data[k:])
				got := make([]byte, n)
				x.Read(got[:n/3])
				x.Read(got[n/3:])
				if !bytes.Equal(got, want) {
					t.Fatalf("%s (%s) in writes of %d and %d bytes, %d out: got %x, want %x", v.name, impl, k, len(data)-k, n, got, want)
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
	sink32 [32]byte
	sink64 [64]byte
	sinkB  []byte
)

// BenchmarkSum compares the one-shot functions with crypto/sha3's, size by
// size, with both side by side. SHAKE128 absorbs the message and reads 32
// bytes.
func BenchmarkSum(b *testing.B) {
	buf := make([]byte, 16*1024)
	type impl struct {
		name string
		f    func(msg []byte)
	}
	for _, alg := range []struct {
		name  string
		impls []impl
	}{
		{"SHA3-256", []impl{
			{"crypton", func(msg []byte) { sink32 = Sum256(msg) }},
			{"stdlib", func(msg []byte) { sink32 = stdsha3.Sum256(msg) }},
		}},
		{"SHA3-512", []impl{
			{"crypton", func(msg []byte) { sink64 = Sum512(msg) }},
			{"stdlib", func(msg []byte) { sink64 = stdsha3.Sum512(msg) }},
		}},
		{"SHAKE128", []impl{
			{"crypton", func(msg []byte) { sinkB = SumSHAKE128(msg, 32) }},
			{"stdlib", func(msg []byte) { sinkB = stdsha3.SumSHAKE128(msg, 32) }},
		}},
	} {
		b.Run(alg.name, func(b *testing.B) {
			for _, s := range benchSizes {
				b.Run(s.name, func(b *testing.B) {
					msg := buf[:s.n]
					for _, im := range alg.impls {
						b.Run(im.name, func(b *testing.B) {
							b.SetBytes(int64(len(msg)))
							b.ReportAllocs()
							for b.Loop() {
								im.f(msg)
							}
						})
					}
				})
			}
		})
	}
}

// BenchmarkPermutation measures one Keccak-f[1600] permutation: directly,
// and, to compare with the standard library, which does not export its
// permutation, as SHAKE128 output one block (168 bytes, one permutation) at
// a time.
func BenchmarkPermutation(b *testing.B) {
	b.Run("crypton", func(b *testing.B) {
		var a [25]uint64
		for b.Loop() {
			keccakF1600(&a)
		}
	})
	out := make([]byte, 168)
	b.Run("crypton-SHAKE128-block", func(b *testing.B) {
		x := NewSHAKE128()
		b.SetBytes(168)
		for b.Loop() {
			x.Read(out)
		}
	})
	b.Run("stdlib-SHAKE128-block", func(b *testing.B) {
		x := stdsha3.NewSHAKE128()
		b.SetBytes(168)
		for b.Loop() {
			x.Read(out)
		}
	})
}

// BenchmarkImplementations measures SHA3-256 of 16 KiB with every
// implementation.
func BenchmarkImplementations(b *testing.B) {
	msg := make([]byte, 16*1024)
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		b.SetBytes(int64(len(msg)))
		b.ReportAllocs()
		for b.Loop() {
			sink32 = Sum256(msg)
		}
	})
}
