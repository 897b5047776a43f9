package blake2s

import (
	"encoding"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
	xblake2s "golang.org/x/crypto/blake2s"
)

// pkg is the name under which the implementations of this package register
// with cpufeat.
const pkg = "blake2s"

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

// reference computes BLAKE2s of msg with a digest of size bytes and key, as
// RFC 7693 writes it (Sections 3.1 to 3.3, with the SIGMA table), for the
// digest sizes that neither the API nor x/crypto offers.
func reference(size int, key, msg []byte) []byte {
	sigma := [10][16]int{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
		{14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
		{11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
		{7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
		{9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
		{2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
		{12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
		{13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
		{6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
		{10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
	}
	g := func(v *[16]uint32, a, b, c, d int, x, y uint32) {
		v[a] = v[a] + v[b] + x
		v[d] = bits.RotateLeft32(v[d]^v[a], -16)
		v[c] = v[c] + v[d]
		v[b] = bits.RotateLeft32(v[b]^v[c], -12)
		v[a] = v[a] + v[b] + y
		v[d] = bits.RotateLeft32(v[d]^v[a], -8)
		v[c] = v[c] + v[d]
		v[b] = bits.RotateLeft32(v[b]^v[c], -7)
	}
	h := iv
	h[0] ^= 0x01010000 ^ uint32(len(key))<<8 ^ uint32(size)
	compress := func(block []byte, t uint64, last bool) {
		var v [16]uint32
		copy(v[:8], h[:])
		copy(v[8:], iv[:])
		v[12] ^= uint32(t)
		v[13] ^= uint32(t >> 32)
		if last {
			v[14] = ^v[14]
		}
		var m [16]uint32
		for i := range m {
			m[i] = binary.LittleEndian.Uint32(block[4*i:])
		}
		for _, s := range sigma {
			g(&v, 0, 4, 8, 12, m[s[0]], m[s[1]])
			g(&v, 1, 5, 9, 13, m[s[2]], m[s[3]])
			g(&v, 2, 6, 10, 14, m[s[4]], m[s[5]])
			g(&v, 3, 7, 11, 15, m[s[6]], m[s[7]])
			g(&v, 0, 5, 10, 15, m[s[8]], m[s[9]])
			g(&v, 1, 6, 11, 12, m[s[10]], m[s[11]])
			g(&v, 2, 7, 8, 13, m[s[12]], m[s[13]])
			g(&v, 3, 4, 9, 14, m[s[14]], m[s[15]])
		}
		for i := range h {
			h[i] ^= v[i] ^ v[i+8]
		}
	}
	var data []byte
	if len(key) > 0 {
		data = append(data, key...)
		data = append(data, make([]byte, BlockSize-len(key))...)
	}
	data = append(data, msg...)
	var t uint64
	for len(data) > BlockSize {
		t += BlockSize
		compress(data[:BlockSize], t, false)
		data = data[BlockSize:]
	}
	t += uint64(len(data))
	var last [BlockSize]byte
	copy(last[:], data)
	compress(last[:], t, true)
	out := make([]byte, 0, Size)
	for _, w := range h {
		out = binary.LittleEndian.AppendUint32(out, w)
	}
	return out[:size]
}

// TestReference checks the reference BLAKE2s of the tests against x/crypto.
func TestReference(t *testing.T) {
	for n := 0; n <= 3*BlockSize; n += 7 {
		msg := seq(n)
		if got, want := reference(Size, nil, msg), xblake2s.Sum256(msg); string(got) != string(want[:]) {
			t.Fatalf("reference BLAKE2s-256 of %d bytes = %x, x/crypto %x", n, got, want)
		}
		x, _ := xblake2s.New128(seq(n%32 + 1))
		x.Write(msg)
		if got, want := reference(Size128, seq(n%32+1), msg), x.Sum(nil); string(got) != string(want) {
			t.Fatalf("reference BLAKE2s-128 of %d bytes = %x, x/crypto %x", n, got, want)
		}
	}
}

// TestRFC7693 checks the example of RFC 7693, Appendix B, BLAKE2s-256("abc"),
// and the empty message.
func TestRFC7693(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, tc := range []struct{ msg, want string }{
			{"abc", "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982"},
			{"", "69217a3079908094e11121d042354a7c1f55b6482ca1a51e1b250dfd1ed0eef9"},
		} {
			msg := []byte(tc.msg)
			s := Sum256(msg)
			if got := hex.EncodeToString(s[:]); got != tc.want {
				t.Errorf("BLAKE2s-256(%q) = %s, want %s", tc.msg, got, tc.want)
			}
			h, err := New256(nil)
			if err != nil {
				t.Fatal(err)
			}
			h.Write(msg)
			if got := hex.EncodeToString(h.Sum(nil)); got != tc.want {
				t.Errorf("BLAKE2s-256(%q) streaming = %s, want %s", tc.msg, got, tc.want)
			}
		}
	})
}

// Some values of the BLAKE2 reference known-answer set for keyed BLAKE2s-256
// (blake2s-kat.txt of https://github.com/BLAKE2/BLAKE2), and of the same
// computation with BLAKE2s-128 from x/crypto's tests: key 00 01 .. 1f,
// message 00 01 .. (n-1).
var (
	keyedKAT = map[int]string{
		0:   "48a8997da407876b3d79c0d92325ad3b89cbb754d86ab71aee047ad345fd2c49",
		1:   "40d15fee7c328830166ac3f918650f807e7e01e177258cdc0a39b11f598066f1",
		63:  "c65382513f07460da39833cb666c5ed82e61b9e998f4b0c4287cee56c3cc9bcd",
		64:  "8975b0577fd35566d750b362b0897a26c399136df07bababbde6203ff2954ed4",
		65:  "21fe0ceb0052be7fb0f004187cacd7de67fa6eb0938d927677f2398c132317a8",
		255: "3fb735061abc519dfe979e54c1ee5bfad0a9d858b3315bad34bde999efd724dd",
	}
	keyedKAT128 = map[int]string{
		0:   "9536f9b267655743dee97b8a670f9f53",
		1:   "13bacfb85b48a1223c595f8c1e7e82cb",
		255: "cd075928ab7e6883e697fe7fd3ac43ee",
	}
)

// TestKeyedKAT computes the whole keyed known-answer set, messages of 0 to
// 255 bytes, in one write and byte by byte, for BLAKE2s-256 and BLAKE2s-128,
// and compares it with x/crypto and with the published values above.
func TestKeyedKAT(t *testing.T) {
	key, msg := seq(32), seq(255)
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, v := range []struct {
			name string
			new  func([]byte) (hash.Hash, error)
			xnew func([]byte) (hash.Hash, error)
			kat  map[int]string
		}{
			{"BLAKE2s-256", New256, xblake2s.New256, keyedKAT},
			{"BLAKE2s-128", New128, xblake2s.New128, keyedKAT128},
		} {
			h, err := v.new(key)
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; n <= 255; n++ {
				x, _ := v.xnew(key)
				x.Write(msg[:n])
				want := hex.EncodeToString(x.Sum(nil))
				if kat, ok := v.kat[n]; ok && kat != want {
					t.Fatalf("%s: x/crypto gives %s for %d bytes, the reference %s", v.name, want, n, kat)
				}
				h.Reset()
				h.Write(msg[:n])
				if got := hex.EncodeToString(h.Sum(nil)); got != want {
					t.Fatalf("keyed %s of %d bytes = %s, want %s", v.name, n, got, want)
				}
				h.Reset()
				for i := range n {
					h.Write(msg[i : i+1])
				}
				if got := hex.EncodeToString(h.Sum(nil)); got != want {
					t.Fatalf("keyed %s of %d bytes written byte by byte = %s, want %s", v.name, n, got, want)
				}
			}
		}
	})
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		new    func([]byte) (hash.Hash, error)
		xnew   func([]byte) (hash.Hash, error)
		keyLen int
		want   string
	}{
		{"New256", New256, xblake2s.New256, 33, "blake2s: invalid key size"},
		{"New128", New128, xblake2s.New128, 33, "blake2s: invalid key size"},
		{"New128", New128, xblake2s.New128, 0, "blake2s: a key is required for a 128-bit hash"},
	} {
		h, err := tc.new(make([]byte, tc.keyLen))
		if err == nil || err.Error() != tc.want || h != nil {
			t.Errorf("%s(%d-byte key) = %v, %v; want nil, %q", tc.name, tc.keyLen, h, err, tc.want)
		}
		if _, xerr := tc.xnew(make([]byte, tc.keyLen)); xerr == nil || xerr.Error() != tc.want {
			t.Errorf("%s(%d-byte key): x/crypto's error is %v, ours %v", tc.name, tc.keyLen, xerr, err)
		}
	}
	if h, err := New128(nil); err == nil || h != nil {
		t.Errorf("New128(nil) = %v, %v; want an error", h, err)
	}
	for _, keyLen := range []int{0, 1, 32} {
		if _, err := New256(make([]byte, keyLen)); err != nil {
			t.Errorf("New256 with a %d-byte key: %v", keyLen, err)
		}
	}
	for _, keyLen := range []int{1, 32} {
		if _, err := New128(make([]byte, keyLen)); err != nil {
			t.Errorf("New128 with a %d-byte key: %v", keyLen, err)
		}
	}
}

func TestSizes(t *testing.T) {
	if BlockSize != xblake2s.BlockSize || Size != xblake2s.Size || Size128 != xblake2s.Size128 {
		t.Errorf("constants differ from x/crypto's")
	}
	h, _ := New256(nil)
	h128, _ := New128([]byte("k"))
	if h.Size() != Size || h128.Size() != Size128 || h.BlockSize() != BlockSize || h128.BlockSize() != BlockSize {
		t.Errorf("Size, BlockSize = %d, %d and %d, %d", h.Size(), h.BlockSize(), h128.Size(), h128.BlockSize())
	}
}

// constructors are the hashes that TestHash checks, unkeyed and keyed.
var constructors = []struct {
	name string
	new  func() (hash.Hash, error)
}{
	{"New256", func() (hash.Hash, error) { return New256(nil) }},
	{"New256/key32", func() (hash.Hash, error) { return New256(seq(32)) }},
	{"New256/key1", func() (hash.Hash, error) { return New256([]byte{0xa5}) }},
	{"New128/key16", func() (hash.Hash, error) { return New128(seq(16)) }},
	{"New128/key31", func() (hash.Hash, error) { return New128(seq(31)) }},
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
	for _, k := range []int{17, 32, 33, 63, 64, 65, 128} {
		ls = append(ls, k*BlockSize-1, k*BlockSize, k*BlockSize+1)
	}
	return append(ls, maxBlockLen-1, maxBlockLen, maxBlockLen+1, maxBlockLen+BlockSize+1, 3*maxBlockLen+5*BlockSize+17)
}

// TestDifferential compares Sum256 and New256 or New128 with a random key
// with x/crypto at every length in diffLengths, at once and in random
// chunks, then every pair of digest size and key length on random messages
// with the reference code.
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
			if got, want := Sum256(msg), xblake2s.Sum256(msg); got != want {
				t.Fatalf("Sum256 of %d bytes = %x, want %x", n, got, want)
			}
			key := buf[len(buf)-1-r.IntN(Size):]
			newF, xnewF := New256, xblake2s.New256
			if r.IntN(2) == 0 {
				newF, xnewF = New128, xblake2s.New128
			}
			x, _ := xnewF(key)
			x.Write(msg)
			h, err := newF(key)
			if err != nil {
				t.Fatal(err)
			}
			randomChunks(h, msg, r)
			if got, want := h.Sum(nil), x.Sum(nil); string(got) != string(want) {
				t.Fatalf("%d-byte MAC with a %d-byte key on %d bytes in random chunks = %x, want %x", h.Size(), len(key), n, got, want)
			}
		}
		for size := 1; size <= Size; size++ {
			for keyLen := 0; keyLen <= Size; keyLen++ {
				key := buf[:keyLen]
				msg := buf[100 : 100+r.IntN(3*BlockSize+2)]
				want := reference(size, key, msg)
				h := newDigest(size, key)
				h.Write(msg)
				if got := h.Sum(nil); string(got) != string(want) {
					t.Fatalf("size %d, %d-byte key, on %d bytes = %x, want %x", size, keyLen, len(msg), got, want)
				}
				h.Reset()
				randomChunks(h, msg, r)
				if got := h.Sum(nil); string(got) != string(want) {
					t.Fatalf("size %d, %d-byte key, on %d bytes in random chunks = %x, want %x", size, keyLen, len(msg), got, want)
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
		for _, flag := range []uint32{0, lastBlock} {
			for nb := 0; nb <= 40; nb++ {
				h := iv
				// A counter that wraps in the middle of the blocks.
				c := [2]uint32{-uint32(nb / 2 * BlockSize), 5}
				h1, c1 := h, c
				blocks(&h, &c, flag, buf[:nb*BlockSize+r.IntN(BlockSize)])
				for i := range nb {
					blocks(&h1, &c1, flag, buf[i*BlockSize:(i+1)*BlockSize])
				}
				if h != h1 || c != c1 {
					t.Fatalf("%d blocks in one call give %x, %x; one by one %x, %x", nb, h, c, h1, c1)
				}
				// The low word wraps once if it started below zero.
				wantC := [2]uint32{uint32((nb - nb/2) * BlockSize), 5}
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
	key := seq(20)
	x, _ := xblake2s.New256(nil)
	x.Write(msg)
	want := x.Sum(nil)
	for _, split := range []int{0, 1, 63, 64, 65, 2*BlockSize + 7, 3 * BlockSize, len(msg)} {
		// x/crypto to crypton.
		x, _ := xblake2s.New256(nil)
		x.Write(msg[:split])
		state, err := x.(encoding.BinaryMarshaler).MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		ours, _ := New256(nil)
		ours.Write([]byte("some other data first"))
		if err := ours.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
			t.Fatalf("UnmarshalBinary of x/crypto's state after %d bytes: %v", split, err)
		}
		ours.Write(msg[split:])
		if got := ours.Sum(nil); string(got) != string(want) {
			t.Errorf("x/crypto's state after %d bytes, continued here = %x, want %x", split, got, want)
		}

		// crypton to x/crypto: after one write both encodings are the same
		// byte for byte.
		ours, _ = New256(nil)
		ours.Write(msg[:split])
		ourState, err := ours.(encoding.BinaryMarshaler).MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if string(ourState) != string(state) {
			t.Errorf("state after %d bytes differs from x/crypto's:\n got %x\nwant %x", split, ourState, state)
		}
		x, _ = xblake2s.New256(nil)
		if err := x.(encoding.BinaryUnmarshaler).UnmarshalBinary(ourState); err != nil {
			t.Fatalf("x/crypto rejects our state after %d bytes: %v", split, err)
		}
		x.Write(msg[split:])
		if got := x.Sum(nil); string(got) != string(want) {
			t.Errorf("our state after %d bytes, continued in x/crypto = %x, want %x", split, got, want)
		}

		// Keyed states, written in two pieces, into x/crypto.
		for _, v := range []struct {
			new, xnew func([]byte) (hash.Hash, error)
		}{{New256, xblake2s.New256}, {New128, xblake2s.New128}} {
			xk, _ := v.xnew(key)
			xk.Write(msg)
			wantKeyed := xk.Sum(nil)
			ours, _ = v.new(key)
			ours.Write(msg[:split/2])
			ours.Write(msg[split/2 : split])
			ourState, err = ours.(encoding.BinaryMarshaler).MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			xk, _ = v.xnew(key)
			if err := xk.(encoding.BinaryUnmarshaler).UnmarshalBinary(ourState); err != nil {
				t.Fatalf("x/crypto rejects our keyed state after %d bytes: %v", split, err)
			}
			xk.Write(msg[split:])
			if got := xk.Sum(nil); string(got) != string(wantKeyed) {
				t.Errorf("our %d-byte keyed state after %d bytes, continued in x/crypto = %x, want %x", ours.Size(), split, got, wantKeyed)
			}
		}
	}
}

// TestMarshalNoStaleBytes checks that the state holds nothing of the buffer
// beyond the buffered bytes, in particular no rest of the key.
func TestMarshalNoStaleBytes(t *testing.T) {
	h, _ := New256([]byte(strings.Repeat("K", 32)))
	h.Write([]byte("x"))
	state, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
	if strings.Contains(string(state), "KK") {
		t.Errorf("the state after one byte holds bytes of the key: %x", state)
	}
}

func TestUnmarshalErrors(t *testing.T) {
	h256, _ := New256(nil)
	h256.Write([]byte("abc"))
	state256, _ := h256.(encoding.BinaryMarshaler).MarshalBinary()
	badOffset := append([]byte(nil), state256...)
	badOffset[len(badOffset)-1] = BlockSize + 1
	const (
		errID   = "blake2s: invalid hash state identifier"
		errSize = "blake2s: invalid hash state size"
	)
	for _, tc := range []struct {
		name  string
		new   func([]byte) (hash.Hash, error)
		state []byte
		want  string
	}{
		{"BLAKE2s-256 state into BLAKE2s-128", New128, state256, errID},
		{"empty", New256, nil, errID},
		{"b2b magic", New256, append([]byte("b2b"), state256[3:]...), errID},
		{"magic only", New256, state256[:3], errSize},
		{"short", New256, state256[:len(state256)-1], errSize},
		{"long", New256, append(state256[:len(state256):len(state256)], 0), errSize},
		{"offset beyond the block", New256, badOffset, "blake2s: invalid hash state"},
	} {
		h, _ := tc.new([]byte("key"))
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
	h, _ := New128(key)
	h.Write([]byte("first message"))
	state, _ := h.(encoding.BinaryMarshaler).MarshalBinary()
	h.Reset()
	h.Write([]byte("second"))
	x, _ := xblake2s.New128(key)
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

var sink [Size]byte

func TestAllocations(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		msg := seq(3*BlockSize + 5)
		out := make([]byte, 0, Size)
		state := make([]byte, 0, marshaledSize)
		if n := testing.AllocsPerRun(10, func() { sink = Sum256(msg) }); n != 0 {
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

// FuzzSum compares, for every implementation, Sum256 of data and the MAC of
// data with a key of keyLen bytes (BLAKE2s-128 for odd keyLen, -256 for
// even), written in two pieces split at split modulo len(data)+1, with
// x/crypto.
func FuzzSum(f *testing.F) {
	for _, n := range []int{0, 1, 3, 32, 63, 64, 65, 127, 128, 129, 1000} {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(i*131 + n)
		}
		f.Add(data, uint(n/2), uint8(n))
	}
	key := seq(Size)
	f.Fuzz(func(t *testing.T, data []byte, split uint, keyLen uint8) {
		k := int(split % uint(len(data)+1))
		kl := int(keyLen) % (Size + 1)
		newF, xnewF := New256, xblake2s.New256
		if kl%2 == 1 {
			newF, xnewF = New128, xblake2s.New128
		}
		x, _ := xnewF(key[:kl])
		x.Write(data)
		want := x.Sum(nil)
		want256 := xblake2s.Sum256(data)
		defer cpufeat.Reset(pkg)
		for _, impl := range implementations() {
			cpufeat.Select(pkg, impl)
			if got := Sum256(data); got != want256 {
				t.Fatalf("(%s) Sum256 = %x, want %x", impl, got, want256)
			}
			h, err := newF(key[:kl])
			if err != nil {
				t.Fatal(err)
			}
			h.Write(data[:k])
			h.Write(data[k:])
			if got := h.Sum(nil); string(got) != string(want) {
				t.Fatalf("(%s) %d-byte MAC with a %d-byte key in writes of %d and %d bytes = %x, want %x", impl, h.Size(), kl, k, len(data)-k, got, want)
			}
		}
	})
}

var benchSizes = []struct {
	name string
	n    int
}{{"64B", 64}, {"1KiB", 1024}, {"16KiB", 16 * 1024}}

// BenchmarkSum compares Sum256 with x/crypto's, size by size, with the
// implementation that the package selects on this machine.
func BenchmarkSum(b *testing.B) {
	buf := make([]byte, 16*1024)
	b.Run("BLAKE2s-256", func(b *testing.B) {
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
				b.Run("xcrypto", func(b *testing.B) {
					b.SetBytes(int64(len(msg)))
					b.ReportAllocs()
					for b.Loop() {
						sink = xblake2s.Sum256(msg)
					}
				})
			})
		}
	})
}

// BenchmarkMAC compares keyed BLAKE2s-128 on short messages, where the key
// block doubles the work, with x/crypto's.
func BenchmarkMAC(b *testing.B) {
	key, msg := seq(16), seq(64)
	out := make([]byte, 0, Size)
	for _, impl := range []struct {
		name string
		new  func([]byte) (hash.Hash, error)
	}{{"crypton", New128}, {"xcrypto", xblake2s.New128}} {
		b.Run(fmt.Sprintf("BLAKE2s-128/64B/%s", impl.name), func(b *testing.B) {
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
			sink = Sum256(msg)
		}
	})
}
