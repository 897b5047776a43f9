package blake2b

import (
	"encoding"
	"encoding/hex"
	"fmt"
	"hash"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
	xblake2b "golang.org/x/crypto/blake2b"
)

// pkg is the name under which the implementations of this package register
// with cpufeat.
const pkg = "blake2b"

// TestImplementations checks that the implementations registered with cpufeat
// are exactly those expected, each available exactly when the CPU has what
// it needs. See wantImplementations in impl_*_test.go.
func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, pkg, wantImplementations)
	t.Log(cputest.Describe(pkg))
}

// The digest implements every interface that x/crypto's does, and Cloner.
var _ interface {
	hash.Hash
	hash.Cloner
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
	encoding.BinaryAppender
} = (*digest)(nil)

// seq returns the bytes 0, 1, ..., n-1 (modulo 256): the keys and messages of
// the BLAKE2 reference known-answer tests.
func seq(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

func mustNew(t testing.TB, size int, key []byte) hash.Hash {
	t.Helper()
	h, err := New(size, key)
	if err != nil {
		t.Fatalf("New(%d, %d-byte key): %v", size, len(key), err)
	}
	return h
}

func mustXNew(t testing.TB, size int, key []byte) hash.Hash {
	t.Helper()
	h, err := xblake2b.New(size, key)
	if err != nil {
		t.Fatalf("x/crypto New(%d, %d-byte key): %v", size, len(key), err)
	}
	return h
}

// TestRFC7693 checks the example of RFC 7693, Appendix A, BLAKE2b-512("abc"),
// and the empty message, for every fixed-size function.
func TestRFC7693(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, tc := range []struct {
			msg, want512, want384, want256 string
		}{
			{
				"abc",
				"ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923",
				"6f56a82c8e7ef526dfe182eb5212f7db9df1317e57815dbda46083fc30f54ee6c66ba83be64b302d7cba6ce15bb556f4",
				"bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319",
			},
			{
				"",
				"786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce",
				"b32811423377f52d7862286ee1a72ee540524380fda1724a6f25d7978c6fd3244a6caf0498812673c5e05ef583825100",
				"0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8",
			},
		} {
			msg := []byte(tc.msg)
			s512, s384, s256 := Sum512(msg), Sum384(msg), Sum256(msg)
			for _, c := range []struct {
				name      string
				got, want string
				new       func([]byte) (hash.Hash, error)
			}{
				{"BLAKE2b-512", hex.EncodeToString(s512[:]), tc.want512, New512},
				{"BLAKE2b-384", hex.EncodeToString(s384[:]), tc.want384, New384},
				{"BLAKE2b-256", hex.EncodeToString(s256[:]), tc.want256, New256},
			} {
				if c.got != c.want {
					t.Errorf("%s(%q) = %s, want %s", c.name, tc.msg, c.got, c.want)
				}
				h, err := c.new(nil)
				if err != nil {
					t.Fatal(err)
				}
				h.Write(msg)
				if got := hex.EncodeToString(h.Sum(nil)); got != c.want {
					t.Errorf("%s(%q) streaming = %s, want %s", c.name, tc.msg, got, c.want)
				}
			}
		}
	})
}

// Some values of the BLAKE2 reference known-answer set for keyed BLAKE2b-512
// (blake2b-kat.txt of https://github.com/BLAKE2/BLAKE2): key 00 01 .. 3f,
// message 00 01 .. (n-1).
var keyedKAT = map[int]string{
	0:   "10ebb67700b1868efb4417987acf4690ae9d972fb7a590c2f02871799aaa4786b5e996e8f0f4eb981fc214b005f42d2ff4233499391653df7aefcbc13fc51568",
	1:   "961f6dd1e4dd30f63901690c512e78e4b45e4742ed197c3c5e45c549fd25f2e4187b0bc9fe30492b16b0d0bc4ef9b0f34c7003fac09a5ef1532e69430234cebd",
	127: "76d2d819c92bce55fa8e092ab1bf9b9eab237a25267986cacf2b8ee14d214d730dc9a5aa2d7b596e86a1fd8fa0804c77402d2fcd45083688b218b1cdfa0dcbcb",
	128: "72065ee4dd91c2d8509fa1fc28a37c7fc9fa7d5b3f8ad3d0d7a25626b57b1b44788d4caf806290425f9890a3a2a35a905ab4b37acfd0da6e4517b2525c9651e4",
	129: "64475dfe7600d7171bea0b394e27c9b00d8e74dd1e416a79473682ad3dfdbb706631558055cfc8a40e07bd015a4540dcdea15883cbbf31412df1de1cd4152b91",
	255: "142709d62e28fcccd0af97fad0f8465b971e82201dc51070faa0372aa43e92484be1c1e73ba10906d5d1853db6a4106e0a7bf9800d373d6dee2d46d62ef2a461",
}

// TestKeyedKAT computes the whole keyed known-answer set, messages of 0 to
// 255 bytes, in one write and byte by byte, and compares it with
// x/crypto and with the published values above.
func TestKeyedKAT(t *testing.T) {
	key, msg := seq(64), seq(255)
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		h, err := New512(key)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= 255; n++ {
			x, _ := xblake2b.New512(key)
			x.Write(msg[:n])
			want := hex.EncodeToString(x.Sum(nil))
			if kat, ok := keyedKAT[n]; ok && kat != want {
				t.Fatalf("x/crypto gives %s for %d bytes, the reference %s", want, n, kat)
			}
			h.Reset()
			h.Write(msg[:n])
			if got := hex.EncodeToString(h.Sum(nil)); got != want {
				t.Fatalf("keyed BLAKE2b-512 of %d bytes = %s, want %s", n, got, want)
			}
			h.Reset()
			for i := range n {
				h.Write(msg[i : i+1])
			}
			if got := hex.EncodeToString(h.Sum(nil)); got != want {
				t.Fatalf("keyed BLAKE2b-512 of %d bytes written byte by byte = %s, want %s", n, got, want)
			}
		}
		if len(keyedKAT) != 6 {
			t.Fatal("lost a known answer")
		}
	})
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		size   int
		keyLen int
		want   string
	}{
		{0, 0, "blake2b: invalid hash size"},
		{-1, 0, "blake2b: invalid hash size"},
		{65, 0, "blake2b: invalid hash size"},
		{65, 65, "blake2b: invalid hash size"},
		{64, 65, "blake2b: invalid key size"},
		{1, 100, "blake2b: invalid key size"},
	} {
		h, err := New(tc.size, make([]byte, tc.keyLen))
		if err == nil || err.Error() != tc.want || h != nil {
			t.Errorf("New(%d, %d-byte key) = %v, %v; want nil, %q", tc.size, tc.keyLen, h, err, tc.want)
		}
		_, xerr := xblake2b.New(tc.size, make([]byte, tc.keyLen))
		if xerr == nil || xerr.Error() != err.Error() {
			t.Errorf("New(%d, %d-byte key): x/crypto's error is %v, ours %v", tc.size, tc.keyLen, xerr, err)
		}
	}
	for _, f := range []func([]byte) (hash.Hash, error){New256, New384, New512} {
		if _, err := f(make([]byte, 65)); err == nil || err.Error() != "blake2b: invalid key size" {
			t.Errorf("a 65-byte key gives %v, want blake2b: invalid key size", err)
		}
		if _, err := f(make([]byte, 64)); err != nil {
			t.Errorf("a 64-byte key gives %v", err)
		}
	}
}

func TestSizes(t *testing.T) {
	if BlockSize != xblake2b.BlockSize || Size != xblake2b.Size || Size256 != xblake2b.Size256 || Size384 != xblake2b.Size384 {
		t.Errorf("constants differ from x/crypto's")
	}
	for size := 1; size <= Size; size++ {
		h := mustNew(t, size, nil)
		if h.Size() != size || h.BlockSize() != BlockSize {
			t.Errorf("New(%d): Size, BlockSize = %d, %d", size, h.Size(), h.BlockSize())
		}
	}
}

// constructors are the hashes that TestHash checks: the fixed sizes, unkeyed
// and keyed, and odd sizes with keys of odd lengths.
var constructors = []struct {
	name string
	new  func() (hash.Hash, error)
}{
	{"New512", func() (hash.Hash, error) { return New512(nil) }},
	{"New384", func() (hash.Hash, error) { return New384(nil) }},
	{"New256", func() (hash.Hash, error) { return New256(nil) }},
	{"New(20)", func() (hash.Hash, error) { return New(20, nil) }},
	{"New512/key64", func() (hash.Hash, error) { return New512(seq(64)) }},
	{"New256/key1", func() (hash.Hash, error) { return New256([]byte{0xa5}) }},
	{"New(1)/key33", func() (hash.Hash, error) { return New(1, seq(33)) }},
}

func TestHash(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, c := range constructors {
			t.Run(c.name, func(t *testing.T) {
				cryptotest.TestHash(t, func() hash.Hash {
					h, err := c.new()
					if err != nil {
						t.Fatal(err)
					}
					return h
				})
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

// diffLengths are the message lengths of TestDifferential: every length to
// 1024, the neighbourhood of more multiples of the block size, and lengths
// around and beyond the largest piece Write hands to blocks at once.
func diffLengths() []int {
	var ls []int
	for n := 0; n <= 1024; n++ {
		ls = append(ls, n)
	}
	for _, k := range []int{9, 16, 31, 32, 33, 64} {
		ls = append(ls, k*BlockSize-1, k*BlockSize, k*BlockSize+1)
	}
	return append(ls, maxBlockLen-1, maxBlockLen, maxBlockLen+1, maxBlockLen+BlockSize+1, 3*maxBlockLen+5*BlockSize+17)
}

// TestDifferential compares, with x/crypto, the unkeyed fixed-size functions
// at every length in diffLengths, at once and in random chunks, then every
// pair of digest size and key length on random messages.
func TestDifferential(t *testing.T) {
	lengths := diffLengths()
	r0 := rand.New(rand.NewPCG(4, 1))
	buf := make([]byte, 3*maxBlockLen+8*BlockSize)
	for i := range buf {
		buf[i] = byte(r0.Uint32())
	}
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 7))
		for _, n := range lengths {
			off := r.IntN(16)
			msg := buf[off : off+n]
			x512, x384, x256 := xblake2b.Sum512(msg), xblake2b.Sum384(msg), xblake2b.Sum256(msg)
			if got := Sum512(msg); got != x512 {
				t.Fatalf("Sum512 of %d bytes = %x, want %x", n, got, x512)
			}
			if got := Sum384(msg); got != x384 {
				t.Fatalf("Sum384 of %d bytes = %x, want %x", n, got, x384)
			}
			if got := Sum256(msg); got != x256 {
				t.Fatalf("Sum256 of %d bytes = %x, want %x", n, got, x256)
			}
			// Streaming, with a random size and key (x/crypto as the
			// oracle for any of them).
			size := 1 + r.IntN(Size)
			key := buf[len(buf)-r.IntN(Size+1):]
			want := mustXNew(t, size, key)
			want.Write(msg)
			h := mustNew(t, size, key)
			randomChunks(h, msg, r)
			if got, want := h.Sum(nil), want.Sum(nil); string(got) != string(want) {
				t.Fatalf("New(%d, %d-byte key) on %d bytes in random chunks = %x, want %x", size, len(key), n, got, want)
			}
		}
		for size := 1; size <= Size; size++ {
			for keyLen := 0; keyLen <= Size; keyLen++ {
				key := buf[:keyLen]
				msg := buf[100 : 100+r.IntN(3*BlockSize+2)]
				x := mustXNew(t, size, key)
				x.Write(msg)
				want := x.Sum(nil)
				h := mustNew(t, size, key)
				h.Write(msg)
				if got := h.Sum(nil); string(got) != string(want) {
					t.Fatalf("New(%d, %d-byte key) on %d bytes = %x, want %x", size, keyLen, len(msg), got, want)
				}
				h.Reset()
				randomChunks(h, msg, r)
				if got := h.Sum(nil); string(got) != string(want) {
					t.Fatalf("New(%d, %d-byte key) on %d bytes in random chunks = %x, want %x", size, keyLen, len(msg), got, want)
				}
			}
		}
	})
}

// TestBlocksSplit checks that blocks processes several blocks in one call as
// it would one at a time, carries the counter into its high word, and
// compresses every block with the flag it is given.
func TestBlocksSplit(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		buf := make([]byte, 41*BlockSize)
		for i := range buf {
			buf[i] = byte(r.Uint32())
		}
		for _, flag := range []uint64{0, lastBlock} {
			for nb := 0; nb <= 40; nb++ {
				h := iv
				// A counter that wraps in the middle of the blocks.
				c := [2]uint64{-uint64(nb / 2 * BlockSize), 5}
				h1, c1 := h, c
				blocks(&h, &c, flag, buf[:nb*BlockSize+r.IntN(BlockSize)])
				for i := range nb {
					blocks(&h1, &c1, flag, buf[i*BlockSize:(i+1)*BlockSize])
				}
				if h != h1 || c != c1 {
					t.Fatalf("%d blocks in one call give %x, %x; one by one %x, %x", nb, h, c, h1, c1)
				}
				// The low word wraps once if it started below zero.
				wantC := [2]uint64{uint64((nb - nb/2) * BlockSize), 5}
				if nb/2 > 0 {
					wantC[1]++
				}
				if c != wantC {
					t.Fatalf("%d blocks: counter %x, want %x", nb, c, wantC)
				}
			}
		}
	})
}

// TestMarshalInterop moves unkeyed states from x/crypto to this package and
// back in the middle of a message, and keyed states from this package to
// x/crypto (which cannot marshal MACs but restores their states).
func TestMarshalInterop(t *testing.T) {
	msg := seq(3*BlockSize + 29)
	key := seq(40)
	for _, size := range []int{Size, Size384, Size256, 17} {
		x := mustXNew(t, size, nil)
		x.Write(msg)
		want := x.Sum(nil)
		xk := mustXNew(t, size, key)
		xk.Write(msg)
		wantKeyed := xk.Sum(nil)
		for _, split := range []int{0, 1, 127, 128, 129, 2*BlockSize + 7, 3 * BlockSize, len(msg)} {
			// x/crypto to crypton.
			x := mustXNew(t, size, nil)
			x.Write(msg[:split])
			state, err := x.(encoding.BinaryMarshaler).MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			ours := mustNew(t, size, nil)
			ours.Write([]byte("some other data first"))
			if err := ours.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
				t.Fatalf("size %d: UnmarshalBinary of x/crypto's state after %d bytes: %v", size, split, err)
			}
			ours.Write(msg[split:])
			if got := ours.Sum(nil); string(got) != string(want) {
				t.Errorf("size %d: x/crypto's state after %d bytes, continued here = %x, want %x", size, split, got, want)
			}

			// crypton to x/crypto: after one write both encodings are the
			// same byte for byte.
			ours = mustNew(t, size, nil)
			ours.Write(msg[:split])
			ourState, err := ours.(encoding.BinaryMarshaler).MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			if string(ourState) != string(state) {
				t.Errorf("size %d: state after %d bytes differs from x/crypto's:\n got %x\nwant %x", size, split, ourState, state)
			}
			x = mustXNew(t, size, nil)
			if err := x.(encoding.BinaryUnmarshaler).UnmarshalBinary(ourState); err != nil {
				t.Fatalf("size %d: x/crypto rejects our state after %d bytes: %v", size, split, err)
			}
			x.Write(msg[split:])
			if got := x.Sum(nil); string(got) != string(want) {
				t.Errorf("size %d: our state after %d bytes, continued in x/crypto = %x, want %x", size, split, got, want)
			}

			// A keyed state, written in two pieces, into x/crypto.
			ours = mustNew(t, size, key)
			ours.Write(msg[:split/2])
			ours.Write(msg[split/2 : split])
			ourState, err = ours.(encoding.BinaryMarshaler).MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			xk := mustXNew(t, size, key)
			if err := xk.(encoding.BinaryUnmarshaler).UnmarshalBinary(ourState); err != nil {
				t.Fatalf("size %d: x/crypto rejects our keyed state after %d bytes: %v", size, split, err)
			}
			xk.Write(msg[split:])
			if got := xk.Sum(nil); string(got) != string(wantKeyed) {
				t.Errorf("size %d: our keyed state after %d bytes, continued in x/crypto = %x, want %x", size, split, got, wantKeyed)
			}
		}
	}
}

// TestMarshalNoStaleBytes checks that the state holds nothing of the buffer
// beyond the buffered bytes, in particular no rest of the key.
func TestMarshalNoStaleBytes(t *testing.T) {
	key := []byte(strings.Repeat("K", 64))
	h, _ := New512(key)
	h.Write([]byte("x"))
	state, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
	if strings.Contains(string(state), "KK") {
		t.Errorf("the state after one byte holds bytes of the key: %x", state)
	}
}

func TestUnmarshalErrors(t *testing.T) {
	h512, _ := New512(nil)
	h512.Write([]byte("abc"))
	state512, _ := h512.(encoding.BinaryMarshaler).MarshalBinary()
	badOffset := append([]byte(nil), state512...)
	badOffset[len(badOffset)-1] = BlockSize + 1
	const (
		errID   = "blake2b: invalid hash state identifier"
		errSize = "blake2b: invalid hash state size"
	)
	for _, tc := range []struct {
		name  string
		size  int
		state []byte
		want  string
	}{
		{"BLAKE2b-512 state into BLAKE2b-256", Size256, state512, errID},
		{"empty", Size, nil, errID},
		{"b2s magic", Size, append([]byte("b2s"), state512[3:]...), errID},
		{"magic only", Size, state512[:3], errSize},
		{"short", Size, state512[:len(state512)-1], errSize},
		{"long", Size, append(state512[:len(state512):len(state512)], 0), errSize},
		{"offset beyond the block", Size, badOffset, "blake2b: invalid hash state"},
	} {
		h := mustNew(t, tc.size, nil)
		h.Write([]byte("xyz"))
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

// TestResetKeyed checks that Reset returns a keyed hash to its keyed initial
// state, also after restoring a state into it.
func TestResetKeyed(t *testing.T) {
	key := seq(32)
	h := mustNew(t, 32, key)
	h.Write([]byte("first message"))
	state, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
	h.Reset()
	h.Write([]byte("second"))
	x := mustXNew(t, 32, key)
	x.Write([]byte("second"))
	if got, want := h.Sum(nil), x.Sum(nil); string(got) != string(want) {
		t.Errorf("keyed hash after Reset = %x, want %x", got, want)
	}
	if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
		t.Fatal(err)
	}
	h.Reset()
	h.Write([]byte("second"))
	if got, want := h.Sum(nil), x.Sum(nil); string(got) != string(want) {
		t.Errorf("keyed hash after UnmarshalBinary and Reset = %x, want %x", got, want)
	}
}

var (
	sink512 [Size]byte
	sink384 [Size384]byte
	sink256 [Size256]byte
)

func TestAllocations(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		msg := seq(3*BlockSize + 5)
		out := make([]byte, 0, Size)
		state := make([]byte, 0, marshaledSize)
		if n := testing.AllocsPerRun(10, func() { sink512 = Sum512(msg) }); n != 0 {
			t.Errorf("Sum512: %v allocations, want 0", n)
		}
		if n := testing.AllocsPerRun(10, func() { sink384 = Sum384(msg) }); n != 0 {
			t.Errorf("Sum384: %v allocations, want 0", n)
		}
		if n := testing.AllocsPerRun(10, func() { sink256 = Sum256(msg) }); n != 0 {
			t.Errorf("Sum256: %v allocations, want 0", n)
		}
		for _, c := range constructors {
			h, _ := c.new()
			if n := testing.AllocsPerRun(10, func() {
				h.Write(msg[:7])
				h.Write(msg)
				out = h.Sum(out[:0])
				h.Reset()
			}); n != 0 {
				t.Errorf("%s Write, Sum and Reset: %v allocations, want 0", c.name, n)
			}
			if n := testing.AllocsPerRun(10, func() {
				state, _ = h.(encoding.BinaryAppender).AppendBinary(state[:0])
				h.(encoding.BinaryUnmarshaler).UnmarshalBinary(state)
			}); n != 0 {
				t.Errorf("%s AppendBinary and UnmarshalBinary: %v allocations, want 0", c.name, n)
			}
		}
	})
}

// implementations returns the names of the implementations this machine can
// run, the generic one last.
func implementations() []string {
	var names []string
	for _, name := range cpufeat.List(pkg) {
		if cpufeat.Available(pkg, name) {
			names = append(names, name)
		}
	}
	return append(names, "generic")
}

// FuzzSum compares, for every implementation, BLAKE2b of data with a digest
// size and a key derived from the other arguments, in one write and in two
// split at split modulo len(data)+1, and Sum512, with x/crypto.
func FuzzSum(f *testing.F) {
	for _, n := range []int{0, 1, 3, 64, 127, 128, 129, 255, 256, 257, 1000} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(i*131 + n)
		}
		f.Add(data, uint(n/2), uint8(n), uint8(n*7))
	}
	key := seq(Size)
	f.Fuzz(func(t *testing.T, data []byte, split uint, size, keyLen uint8) {
		k := int(split % uint(len(data)+1))
		sz := 1 + int(size)%Size
		kl := int(keyLen) % (Size + 1)
		x := mustXNew(t, sz, key[:kl])
		x.Write(data)
		want := x.Sum(nil)
		want512 := xblake2b.Sum512(data)
		defer cpufeat.Reset(pkg)
		for _, impl := range implementations() {
			cpufeat.Select(pkg, impl)
			if got := Sum512(data); got != want512 {
				t.Fatalf("(%s) Sum512 = %x, want %x", impl, got, want512)
			}
			h := mustNew(t, sz, key[:kl])
			h.Write(data[:k])
			h.Write(data[k:])
			if got := h.Sum(nil); string(got) != string(want) {
				t.Fatalf("(%s) New(%d, %d-byte key) in writes of %d and %d bytes = %x, want %x", impl, sz, kl, k, len(data)-k, got, want)
			}
		}
	})
}

var benchSizes = []struct {
	name string
	n    int
}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16 * 1024}}

// BenchmarkSum compares Sum512 with x/crypto's, size by size, with the
// implementation that the package selects on this machine.
func BenchmarkSum(b *testing.B) {
	buf := make([]byte, 16*1024)
	b.Run("BLAKE2b-512", func(b *testing.B) {
		for _, s := range benchSizes {
			b.Run(s.name, func(b *testing.B) {
				msg := buf[:s.n]
				b.Run("crypton", func(b *testing.B) {
					b.SetBytes(int64(len(msg)))
					b.ReportAllocs()
					for b.Loop() {
						sink512 = Sum512(msg)
					}
				})
				b.Run("xcrypto", func(b *testing.B) {
					b.SetBytes(int64(len(msg)))
					b.ReportAllocs()
					for b.Loop() {
						sink512 = xblake2b.Sum512(msg)
					}
				})
			})
		}
	})
}

// BenchmarkMAC compares keyed BLAKE2b-256 on short messages, where the key
// block doubles the work, with x/crypto's.
func BenchmarkMAC(b *testing.B) {
	key, msg := seq(32), seq(64)
	out := make([]byte, 0, Size256)
	for _, impl := range []struct {
		name string
		new  func([]byte) (hash.Hash, error)
	}{{"crypton", New256}, {"xcrypto", xblake2b.New256}} {
		b.Run(fmt.Sprintf("BLAKE2b-256/64B/%s", impl.name), func(b *testing.B) {
			h, _ := impl.new(key)
			b.SetBytes(int64(len(msg)))
			b.ReportAllocs()
			for b.Loop() {
				h.Reset()
				h.Write(msg)
				out = h.Sum(out[:0])
			}
		})
	}
}

// BenchmarkImplementations measures every implementation on 16 KiB.
func BenchmarkImplementations(b *testing.B) {
	msg := make([]byte, 16*1024)
	cputest.BenchmarkAllImplementations(b, pkg, func(b *testing.B) {
		b.SetBytes(int64(len(msg)))
		b.ReportAllocs()
		for b.Loop() {
			sink512 = Sum512(msg)
		}
	})
}
