package salsa

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"testing"
	"unsafe"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
	xsalsa "golang.org/x/crypto/salsa20/salsa"
)

// pkg is the name the implementations register under with cpufeat.
const pkg = "salsa20"

func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, pkg, wantImplementations)
}

// blockFunc is the signature of blocks and of each of its implementations.
type blockFunc func(state *[16]uint32, dst, src []byte)

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// hash returns the Salsa20 hash function of the specification (Section 8)
// of the 64-byte x, computed by blocks: with x as the state and a zero
// block as src, the output is the hash of x.
func hash(x []byte) []byte {
	var s [16]uint32
	for i := range s {
		s[i] = binary.LittleEndian.Uint32(x[4*i:])
	}
	out := make([]byte, BlockSize)
	blocks(&s, out, out)
	return out
}

// TestSpecification checks the examples of the Salsa20 specification: the
// hash function (Section 8) and the expansion function with a 32-byte key
// (Section 9), on every implementation.
func TestSpecification(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		// Salsa20(0) = 0.
		if got := hash(make([]byte, 64)); !bytes.Equal(got, make([]byte, 64)) {
			t.Errorf("Salsa20(0) = %x, want 0", got)
		}
		in := []byte{
			211, 159, 13, 115, 76, 55, 82, 183, 3, 117, 222, 37, 191, 187, 234, 136,
			49, 237, 179, 48, 1, 106, 178, 219, 175, 199, 166, 48, 86, 16, 179, 207,
			31, 240, 32, 63, 15, 83, 93, 161, 116, 147, 48, 113, 238, 55, 204, 36,
			79, 201, 235, 79, 3, 81, 156, 47, 203, 26, 244, 243, 88, 118, 104, 54,
		}
		want := []byte{
			109, 42, 178, 168, 156, 240, 248, 238, 168, 196, 190, 203, 26, 110, 170, 154,
			29, 29, 150, 26, 150, 30, 235, 249, 190, 163, 251, 48, 69, 144, 51, 57,
			118, 40, 152, 157, 180, 57, 27, 94, 107, 42, 236, 35, 27, 111, 114, 114,
			219, 236, 232, 135, 111, 155, 110, 18, 24, 232, 95, 158, 179, 19, 48, 202,
		}
		if got := hash(in); !bytes.Equal(got, want) {
			t.Errorf("Salsa20 hash example:\n got %v\nwant %v", got, want)
		}

		// Salsa20_k(n) with k = (1, ..., 16, 201, ..., 216) and n = (101,
		// ..., 116): the nonce is n[0:8], the counter n[8:16]
		// little-endian.
		var key [32]byte
		var nonce [8]byte
		for i := range 16 {
			key[i], key[16+i] = byte(1+i), byte(201+i)
		}
		for i := range 8 {
			nonce[i] = byte(101 + i)
		}
		counter := binary.LittleEndian.Uint64([]byte{109, 110, 111, 112, 113, 114, 115, 116})
		want = []byte{
			69, 37, 68, 39, 41, 15, 107, 193, 255, 139, 122, 6, 170, 233, 217, 98,
			89, 144, 182, 106, 21, 51, 200, 65, 239, 49, 222, 34, 215, 114, 40, 126,
			104, 197, 7, 225, 197, 153, 31, 2, 102, 78, 76, 176, 84, 245, 246, 184,
			177, 160, 133, 130, 6, 72, 149, 119, 192, 195, 132, 236, 234, 103, 246, 74,
		}
		var s State
		s.Init(&key, &nonce, counter)
		got := make([]byte, 64)
		KeyStream(&s, got)
		if !bytes.Equal(got, want) {
			t.Errorf("Salsa20 expansion example:\n got %v\nwant %v", got, want)
		}
		if s.Counter() != counter+1 {
			t.Errorf("counter after one block = %#x, want %#x", s.Counter(), counter+1)
		}
	})
}

// TestHSalsa20 checks HSalsa20 with the vectors of NaCl's tests core1.c and
// core2.c: the first derives "firstkey" from a shared X25519 secret and a
// zero input, the second the XSalsa20 subkey from firstkey and the first 16
// bytes of the test nonce.
func TestHSalsa20(t *testing.T) {
	for _, tc := range []struct{ key, in, out string }{
		{
			"4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
			"00000000000000000000000000000000",
			"1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389",
		},
		{
			"1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389",
			"69696ee955b62b73cd62bda875fc73d6",
			"dc908dda0b9344a953629b733820778880f3ceb421bb61b91cbd4c3e66256ce4",
		},
	} {
		key := [32]byte(unhex(t, tc.key))
		in := [16]byte(unhex(t, tc.in))
		var out [32]byte
		HSalsa20(&out, &in, &key)
		if got := hex.EncodeToString(out[:]); got != tc.out {
			t.Errorf("HSalsa20(%s, %s) = %s, want %s", tc.key, tc.in, got, tc.out)
		}
		// out may be key.
		HSalsa20(&key, &in, &key)
		if key != out {
			t.Errorf("HSalsa20 with out == key = %x, want %x", key, out)
		}
	}
}

// TestHSalsa20Differential compares HSalsa20 with x/crypto's.
func TestHSalsa20Differential(t *testing.T) {
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton hsalsa20 differential 01"))))
	for range 1000 {
		var key [32]byte
		var in [16]byte
		fill(r, key[:])
		fill(r, in[:])
		var got, want [32]byte
		HSalsa20(&got, &in, &key)
		xsalsa.HSalsa20(&want, &in, &key, &xsalsa.Sigma)
		if got != want {
			t.Fatalf("HSalsa20(%x, %x) = %x, want %x", key, in, got, want)
		}
	}
}

func fill(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

// xcryptoKeyStream is the oracle: x/crypto's Salsa20/20 with the key, nonce
// and 64-bit counter of s, XORed into dst from src.
func xcryptoKeyStream(s *State, dst, src []byte) {
	var key [32]byte
	var in [16]byte
	for i, w := range []int{1, 2, 3, 4, 11, 12, 13, 14} {
		binary.LittleEndian.PutUint32(key[4*i:], s[w])
	}
	for i, w := range []int{6, 7, 8, 9} {
		binary.LittleEndian.PutUint32(in[4*i:], s[w])
	}
	xsalsa.XORKeyStream(dst, src, &in, &key)
}

// TestXORKeyStreamCounters compares XORKeyStream with x/crypto from counters
// around the carry from word 8 into word 9 (2³² blocks) and other
// boundaries, for every number of blocks up to 20 and a few partial ones,
// on every implementation: lanes of the assembly whose counters cross 2³²
// must carry.
func TestXORKeyStreamCounters(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton salsa20 counter carry 01"))))
		var key [32]byte
		var nonce [8]byte
		fill(r, key[:])
		fill(r, nonce[:])
		src := make([]byte, 21*BlockSize)
		fill(r, src)
		for _, base := range []uint64{0, 1<<32 - 9, 1<<32 - 1, 1 << 32, 2<<32 - 5, 0xffffffff00000000 - 3} {
			for _, back := range []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8} {
				counter := base - back
				if back > base {
					continue
				}
				for _, n := range []int{1, 63, 64, 65, 127, 128, 7 * 64, 8 * 64, 9*64 + 5, 16 * 64, 20*64 + 1} {
					var s State
					s.Init(&key, &nonce, counter)
					got := make([]byte, n)
					XORKeyStream(&s, got, src[:n])
					want := make([]byte, n)
					var ref State
					ref.Init(&key, &nonce, counter)
					xcryptoKeyStream(&ref, want, src[:n])
					if i := firstDiff(got, want); i >= 0 {
						t.Fatalf("%d bytes from counter %#x: differs from x/crypto from byte %d (block %d)", n, counter, i, i/BlockSize)
					}
					if wantCounter := counter + uint64((n+BlockSize-1)/BlockSize); s.Counter() != wantCounter {
						t.Fatalf("%d bytes from counter %#x: counter %#x, want %#x", n, counter, s.Counter(), wantCounter)
					}
				}
			}
		}
	})
}

// TestCounterWrap checks that the 64-bit counter wraps to zero after block
// 2⁶⁴-1 in every lane, as in blocksGeneric.
func TestCounterWrap(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton salsa20 counter wrap 001"))))
		for nb := 1; nb <= 17; nb++ {
			for back := uint64(1); back <= 9; back++ {
				st := randomState(r, 0)
				st[8], st[9] = uint32(-back), uint32(-back>>32)
				src := make([]byte, nb*BlockSize)
				fill(r, src)
				checkBlocks(t, blocks, st, make([]byte, len(src)), src, fmt.Sprintf("%d blocks from counter 2⁶⁴-%d", nb, back))
			}
		}
	})
}

func firstDiff(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// blockTestCounts are the numbers of whole blocks the block function tests
// pass: every count up to 40 (the tails of one to seven blocks after zero to
// four groups of eight), and around 64 and 128.
func blockTestCounts() []int {
	var counts []int
	for n := 0; n <= 40; n++ {
		counts = append(counts, n)
	}
	for n := 63; n <= 65; n++ {
		counts = append(counts, n)
	}
	return append(counts, 127, 128, 129)
}

// blockTestCounters returns counters to start from: a random one, some for
// which the blocks cross 2³² (the carry into word 9), and one for which
// they cross 2⁶⁴ (the counter wraps).
func blockTestCounters(r *rand.Rand, nb int) []uint64 {
	cs := []uint64{r.Uint64(), 1<<32 - uint64(nb)/2 - 1, 1<<32 - 1, 5<<32 - 3, ^uint64(0) - uint64(nb)/2}
	return cs
}

func randomState(r *rand.Rand, counter uint64) [16]uint32 {
	var s [16]uint32
	for i := range s {
		s[i] = r.Uint32()
	}
	s[8], s[9] = uint32(counter), uint32(counter>>32)
	return s
}

// checkBlocks runs f on state, dst and src and compares the results with
// those of blocksGeneric on copies: dst, the state, and src unless it is
// the same buffer as dst. It reports faults (see GuardedBytes) as errors.
func checkBlocks(t *testing.T, f blockFunc, state [16]uint32, dst, src []byte, ctx string) {
	t.Helper()
	inPlace := unsafe.SliceData(dst) == unsafe.SliceData(src)
	whole := len(src) / BlockSize * BlockSize
	want, wantState := make([]byte, len(dst)), state
	blocksGeneric(&wantState, want, bytes.Clone(src))
	// The bytes of dst past the whole blocks must not change.
	copy(want[whole:], dst[whole:])
	srcBefore := bytes.Clone(src)

	got := state
	if err := catchFault(func() { f(&got, dst, src) }); err != nil {
		t.Fatalf("%s: %v", ctx, err)
	}
	if got != wantState {
		t.Fatalf("%s: state %08x, want %08x", ctx, got, wantState)
	}
	if i := firstDiff(dst, want); i >= 0 {
		t.Fatalf("%s: dst differs from blocksGeneric's from byte %d (block %d) on", ctx, i, i/BlockSize)
	}
	if !inPlace && !bytes.Equal(src, srcBefore) {
		t.Fatalf("%s: src changed", ctx)
	}
}

// catchFault runs f with memory faults turned into panics and returns
// them, and any other panic, as an error.
func catchFault(f func()) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if v := recover(); v != nil {
			if e, ok := v.(interface {
				runtime.Error
				Addr() uintptr
			}); ok {
				err = fmt.Errorf("faulted at address %#x: %v", e.Addr(), v)
				return
			}
			err = fmt.Errorf("panicked: %v", v)
		}
	}()
	f()
	return nil
}

// endOf returns the last n bytes of b, which for n == 0 still points at
// the end of b.
func endOf(b []byte, n int) []byte {
	return unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), len(b)-n)), n)
}

// testBlockFunc compares f with blocksGeneric for every count of
// blockTestCounts from random states:
//
//   - Guarded: src and dst each end at or start right after a page the
//     process cannot access, so that reading or writing past the last block
//     or before the first faults, apart and in place;
//   - Offsets: src and dst at random offsets in ordinary memory, dst with
//     bytes around it that must not change, and with trailing bytes short
//     of a block after src, which must be ignored.
func testBlockFunc(t *testing.T, f blockFunc) {
	counts := blockTestCounts()
	maxLen := counts[len(counts)-1] * BlockSize

	t.Run("Guarded", func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton salsa20 guarded blocks 1"))))
		end1, start1 := cryptotest.GuardedBytes(t, maxLen)
		end2, start2 := cryptotest.GuardedBytes(t, maxLen)
		for _, nb := range counts {
			n := nb * BlockSize
			for _, c := range blockTestCounters(r, nb) {
				for _, p := range []struct {
					name     string
					dst, src []byte
				}{
					{"src at the end of a page, dst at the start", start1[:n], endOf(end1, n)},
					{"src at the start of a page, dst at the end", endOf(end2, n), start2[:n]},
					{"in place at the end of a page", endOf(end1, n), endOf(end1, n)},
					{"in place at the start of a page", start2[:n], start2[:n]},
				} {
					ctx := fmt.Sprintf("%d blocks from counter %#x, %s", nb, c, p.name)
					checkBlocks(t, f, randomState(r, c), p.dst, p.src, ctx)
				}
			}
		}
	})

	t.Run("Offsets", func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton salsa20 unaligned blocks"))))
		srcBuf := make([]byte, maxLen+2*BlockSize)
		dstBuf := make([]byte, maxLen+2*BlockSize)
		for _, nb := range counts {
			n := nb * BlockSize
			for _, c := range blockTestCounters(r, nb) {
				fill(r, srcBuf)
				fill(r, dstBuf)
				so, do, tail := r.IntN(BlockSize), r.IntN(BlockSize), r.IntN(BlockSize)
				src := srcBuf[so : so+n+tail]
				dstAround := bytes.Clone(dstBuf)
				dst := dstBuf[do : do+n+tail]
				ctx := fmt.Sprintf("%d blocks (+%d bytes) from counter %#x, src at offset %d, dst at %d", nb, tail, c, so, do)
				checkBlocks(t, f, randomState(r, c), dst, src, ctx)
				if !bytes.Equal(dstBuf[:do], dstAround[:do]) || !bytes.Equal(dstBuf[do+n:], dstAround[do+n:]) {
					t.Fatalf("%s: wrote outside the whole blocks of dst", ctx)
				}
				inPlace := srcBuf[so : so+n+tail]
				ctx = fmt.Sprintf("%d blocks (+%d bytes) from counter %#x, in place at offset %d", nb, tail, c, so)
				checkBlocks(t, f, randomState(r, c), inPlace, inPlace, ctx)
			}
		}
	})
}

// TestBlocks compares blocks, with each implementation selected in turn,
// with blocksGeneric.
func TestBlocks(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		testBlockFunc(t, blocks)
	})
}

// TestBlocksGenericOracle checks blocksGeneric itself against x/crypto on
// random states whose constant words are those of Salsa20.
func TestBlocksGenericOracle(t *testing.T) {
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton salsa20 generic oracle 1"))))
	for _, n := range []int{0, 64, 128, 512, 576, 4096} {
		var key [32]byte
		var nonce [8]byte
		fill(r, key[:])
		fill(r, nonce[:])
		var s, ref State
		s.Init(&key, &nonce, r.Uint64())
		ref = s
		src := make([]byte, n)
		fill(r, src)
		got, want := make([]byte, n), make([]byte, n)
		blocksGeneric((*[16]uint32)(&s), got, src)
		xcryptoKeyStream(&ref, want, src)
		if !bytes.Equal(got, want) {
			t.Fatalf("%d bytes: blocksGeneric differs from x/crypto", n)
		}
	}
}

func TestAllocations(t *testing.T) {
	var s State
	var key [32]byte
	var nonce [8]byte
	buf := make([]byte, 1000)
	var out [32]byte
	var in [16]byte
	if n := testing.AllocsPerRun(10, func() {
		s.Init(&key, &nonce, 0)
		XORKeyStream(&s, buf, buf)
		HSalsa20(&out, &in, &key)
	}); n > 0 {
		t.Errorf("XORKeyStream and HSalsa20 allocate %v times", n)
	}
}
