package chacha20

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"testing"
	"unsafe"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// blockFunc is the signature of blocks and of each of its implementations.
type blockFunc func(state *[16]uint32, dst, src []byte)

// blockTestCounts are the numbers of whole blocks the block function tests
// pass: every count up to 40 (the tails of one to seven blocks after zero to
// five groups of eight), around 64 and around 128.
func blockTestCounts() []int {
	var counts []int
	for n := 0; n <= 40; n++ {
		counts = append(counts, n)
	}
	for n := 64; n <= 72; n++ {
		counts = append(counts, n)
	}
	return append(counts, 127, 128, 129)
}

// blockTestCounters returns the block counters to start nb blocks from: a
// random one, and those for which the last block is block 2³²-1 (as close
// to the end of the keystream as a caller may go; the counter wraps to zero
// after it), block 2³²-2 and block 2³²-8. Lanes of the assembly that
// compute blocks past the last one then see the counter wrap.
func blockTestCounters(r *rand.Rand, nb int) []uint32 {
	last := uint64(1<<32) - uint64(nb) // the counter that ends exactly at the end
	cs := []uint32{uint32(r.Uint64N(last + 1)), uint32(last)}
	for _, back := range []uint64{1, 7} {
		if last >= back {
			cs = append(cs, uint32(last-back))
		}
	}
	return cs
}

func randomState(r *rand.Rand, counter uint32) [16]uint32 {
	var s [16]uint32
	for i := range s {
		s[i] = r.Uint32()
	}
	s[12] = counter
	return s
}

// checkBlocks runs f on state, dst and src and compares the results with
// those of blocksGeneric on copies: dst, the state, and src unless it is
// the same buffer as dst. It reports faults (see GuardedBytes) as errors.
func checkBlocks(t *testing.T, f blockFunc, state [16]uint32, dst, src []byte, ctx string) {
	t.Helper()
	inPlace := unsafe.SliceData(dst) == unsafe.SliceData(src)
	want, wantState := make([]byte, len(dst)), state
	blocksGeneric(&wantState, want, bytes.Clone(src))
	// The bytes of dst past the whole blocks must not change.
	copy(want[len(src)/blockSize*blockSize:], dst[len(src)/blockSize*blockSize:])
	srcBefore := bytes.Clone(src)

	got := state
	if err := catchFault(func() { f(&got, dst, src) }); err != nil {
		t.Fatalf("%s: %v", ctx, err)
	}
	if got != wantState {
		t.Fatalf("%s: state %08x, want %08x", ctx, got, wantState)
	}
	if i := firstDiff(dst, want); i >= 0 {
		t.Fatalf("%s: dst differs from blocksGeneric's from byte %d (block %d) on", ctx, i, i/blockSize)
	}
	if !inPlace && !bytes.Equal(src, srcBefore) {
		t.Fatalf("%s: src changed", ctx)
	}
}

func firstDiff(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
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
// blockTestCounts from random states with counters of blockTestCounters:
//
//   - Guarded: src and dst each end at or start right after a page the
//     process cannot access, so that reading or writing past the last block
//     or before the first faults, apart and in place;
//   - Offsets: src and dst at random offsets (unaligned) in ordinary memory,
//     dst with bytes around it that must not change, and with trailing
//     bytes short of a block after src, which must be ignored.
func testBlockFunc(t *testing.T, f blockFunc) {
	counts := blockTestCounts()
	maxLen := counts[len(counts)-1] * blockSize

	t.Run("Guarded", func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20 guarded blocks "))))
		end1, start1 := cryptotest.GuardedBytes(t, maxLen)
		end2, start2 := cryptotest.GuardedBytes(t, maxLen)
		for _, nb := range counts {
			n := nb * blockSize
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
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20 unaligned block"))))
		srcBuf := make([]byte, maxLen+2*blockSize)
		dstBuf := make([]byte, maxLen+2*blockSize)
		for _, nb := range counts {
			n := nb * blockSize
			for _, c := range blockTestCounters(r, nb) {
				for i := range srcBuf {
					srcBuf[i], dstBuf[i] = byte(r.Uint32()), byte(r.Uint32())
				}
				so, do, tail := r.IntN(blockSize), r.IntN(blockSize), r.IntN(blockSize)
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
