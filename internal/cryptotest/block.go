package cryptotest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// blockCounts are the numbers of whole blocks TestBlockFunc and
// TestBlockFuncGuarded pass: none, few, and both parities around 16 and 32
// blocks, since assembly often handles blocks in pairs (one per 128-bit
// lane) and loops over larger groups.
var blockCounts = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33}

// allOffsetCounts are the block counts for which TestBlockFunc tries every
// offset from 0 to 15 of the input; the others get randomOffsets random
// offsets from 0 to 63.
var allOffsetCounts = []int{0, 1, 2, 3, 16, 17}

const randomOffsets = 4

// chainedBlocks is how many blocks TestBlockFunc's Chained check hashes:
// odd, and more than any count of the direct comparison and than 64.
const chainedBlocks = 67

// guardedState holds a state between guard bytes, which a block function
// must not write.
type guardedState[S any] struct {
	pre  [16]byte
	s    S
	post [16]byte
}

// misalignedState holds a guardedState a few bytes into it, so that the
// state is not at the same alignment as in a bare guardedState: 4 bytes
// further for a state of 32-bit words, 8 bytes for one of 64-bit words.
type misalignedState[S any] struct {
	_ [4]byte
	guardedState[S]
}

// call runs f on g.s and p after filling the guard bytes with random data,
// and returns an error if f wrote to them.
func (g *guardedState[S]) call(f func(*S, []byte), p []byte, r *prng) error {
	r.read(g.pre[:])
	r.read(g.post[:])
	pre, post := g.pre, g.post
	f(&g.s, p)
	var changed []string
	if g.pre != pre {
		changed = append(changed, fmt.Sprintf("the 16 bytes before it went from %x to %x", pre, g.pre))
	}
	if g.post != post {
		changed = append(changed, fmt.Sprintf("the 16 bytes after it went from %x to %x", post, g.post))
	}
	if changed != nil {
		return fmt.Errorf("wrote outside the state: %s", strings.Join(changed, ", "))
	}
	return nil
}

// stateSource returns the function that draws random states: random, or if
// that is nil, one that fills a fixed-size S (as encoding/binary sees it)
// with random bytes.
func stateSource[S any](t *testing.T, random func(*rand.Rand) S) func(*prng) S {
	t.Helper()
	if random != nil {
		return func(r *prng) S { return random(r.r) }
	}
	var s S
	if binary.Size(s) < 0 {
		t.Fatalf("random is nil, but the state type %T is not a fixed-size type that can be filled with random bytes; pass a random function", s)
	}
	// encoding/binary sizes unexported struct fields but cannot set them.
	if f := unexportedField(reflect.TypeOf(s)); f != "" {
		t.Fatalf("random is nil, but the state type %T has the unexported field %s, which encoding/binary cannot fill; export it or pass a random function", s, f)
	}
	return func(r *prng) S {
		var s S
		if err := binary.Read(r.src, binary.NativeEndian, &s); err != nil {
			panic(err) // binary.Size checked the type; a ChaCha8 never fails
		}
		return s
	}
}

// unexportedField returns the path of the first unexported struct field in
// t (through arrays and nested structs), or "" if there is none.
func unexportedField(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Array:
		return unexportedField(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				return t.String() + "." + f.Name
			}
			if p := unexportedField(f.Type); p != "" {
				return p
			}
		}
	}
	return ""
}

// TestBlockFunc compares got, a block function (usually assembly), with
// want, the reference for it (usually the generic Go code): both update the
// state *S with every whole block of blockSize bytes at the start of their
// input, ignore the trailing bytes short of a block, and keep nothing between
// calls. random returns a random state, for instance a chaining value of
// random words; if it is nil, the state's bytes are filled at random, which
// suits any fixed-size S such as an array of integers.
//
// In the subtest Direct, for 0 to 9, 15 to 17 and 31 to 33 whole blocks (both
// parities, for code that hashes blocks in pairs), each followed by 0, 1 and
// blockSize-1 trailing bytes, at every offset from 0 to 15 of the input for
// a few counts and at random offsets from 0 to 63 for the others, from a
// random state, it checks that got ends in the same state as want, writes
// nothing in the 16 bytes on either side of the state (at two different
// alignments of the state), and changes neither its input nor the bytes
// around it. In the subtest Chained, it checks that one call over 67 blocks
// gives the same as want and as calls over random numbers of whole blocks
// (each with trailing bytes to ignore). With -short, Direct takes half the
// offsets: 0 to 7 for those few counts, two random ones for the others.
//
// Messages give the block count, the offset, the number of trailing bytes,
// the starting state and both results.
func TestBlockFunc[S comparable](t *testing.T, blockSize int, got, want func(*S, []byte), random func(*rand.Rand) S) {
	t.Helper()
	if blockSize <= 0 {
		t.Fatalf("block size %d, want a positive one", blockSize)
	}
	newState := stateSource(t, random)
	t.Run("Direct", func(t *testing.T) { testBlockDirect(t, blockSize, got, want, newState) })
	t.Run("Chained", func(t *testing.T) { testBlockChained(t, blockSize, got, want, newState) })
}

// trailingLengths returns the numbers of bytes short of a block that the
// block tests put after the whole blocks: 0, 1 and blockSize-1, without
// repeats or whole blocks for tiny block sizes.
func trailingLengths(blockSize int) []int {
	var tails []int
	for _, n := range []int{0, 1, blockSize - 1} {
		if n < blockSize && !slices.Contains(tails, n) {
			tails = append(tails, n)
		}
	}
	return tails
}

func testBlockDirect[S comparable](t *testing.T, blockSize int, got, want func(*S, []byte), newState func(*prng) S) {
	r := newPRNG("block function")
	buf := make([]byte, 64+(slices.Max(blockCounts)+1)*blockSize)
	r.read(buf)
	orig := bytes.Clone(buf)
	var aligned guardedState[S]
	var misaligned misalignedState[S]
	states := []*guardedState[S]{&aligned, &misaligned.guardedState}
	calls := 0
	every, random := 16, randomOffsets
	if testing.Short() {
		every, random = 8, randomOffsets/2
	}
	for _, nb := range blockCounts {
		var offsets []int
		if slices.Contains(allOffsetCounts, nb) {
			for off := range every {
				offsets = append(offsets, off)
			}
		} else {
			for range random {
				offsets = append(offsets, r.intn(64))
			}
		}
		for _, off := range offsets {
			for _, tail := range trailingLengths(blockSize) {
				p := buf[off : off+nb*blockSize+tail]
				where := fmt.Sprintf("%d blocks + %d trailing bytes at offset %d", nb, tail, off)
				start := newState(r)
				ref := start
				want(&ref, p)
				if !bytes.Equal(buf, orig) {
					t.Fatalf("%s: the reference function want changed its input", where)
				}

				g := states[calls%len(states)]
				calls++
				g.s = start
				err := g.call(got, p, r)
				if g.s != ref {
					t.Fatalf("%s (state at 16n+%d), from state %s: got %s, want %s",
						where, uintptr(unsafe.Pointer(&g.s))%16, hexState(start), hexState(g.s), hexState(ref))
				}
				if err != nil {
					t.Fatalf("%s (state at 16n+%d): %v", where, uintptr(unsafe.Pointer(&g.s))%16, err)
				}
				if i := firstDifference(buf, orig); i >= 0 {
					t.Fatalf("%s: changed byte %d of its input (byte %d of the buffer holding it) from %#02x to %#02x",
						where, i-off, i, orig[i], buf[i])
				}
			}
		}
	}
}

// hexState formats a state for a failure message, as %x does.
func hexState(s any) string { return fmt.Sprintf("%x", s) }

// firstDifference returns the index of the first byte where a and b, of the
// same length, differ, or -1.
func firstDifference(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

func testBlockChained[S comparable](t *testing.T, blockSize int, got, want func(*S, []byte), newState func(*prng) S) {
	r := newPRNG("block function chained")
	in := make([]byte, chainedBlocks*blockSize)
	r.read(in)
	var whole, pieces guardedState[S]
	for range 8 {
		start := newState(r)
		ref := start
		want(&ref, in)
		whole.s = start
		if err := whole.call(got, in, r); err != nil {
			t.Fatalf("%d blocks in one call: %v", chainedBlocks, err)
		}
		if whole.s != ref {
			t.Fatalf("%d blocks in one call, from state %s: got %s, want %s", chainedBlocks, hexState(start), hexState(whole.s), hexState(ref))
		}

		// Calls of 0 to 7 whole blocks, each but the last followed by up
		// to a block of the next call's input, which it must ignore.
		var sizes []int
		pieces.s = start
		for rest := in; len(rest) > 0; {
			nb := min(r.intn(8), len(rest)/blockSize)
			p := rest[:min(len(rest), nb*blockSize+r.intn(blockSize))]
			sizes = append(sizes, nb)
			if err := pieces.call(got, p, r); err != nil {
				t.Fatalf("%d blocks in calls of %v blocks: %v", chainedBlocks, abbreviate(sizes), err)
			}
			rest = rest[nb*blockSize:]
		}
		if pieces.s != whole.s {
			t.Fatalf("%d blocks in calls of %v blocks (with trailing bytes), from state %s: got %s, but %s in one call",
				chainedBlocks, abbreviate(sizes), hexState(start), hexState(pieces.s), hexState(whole.s))
		}
	}
}

// TestBlockFuncGuarded runs got and want, as for [TestBlockFunc], on inputs
// that end right at a page the process cannot read (subtest EndsAtGuard)
// and that start right after one (subtest StartsAfterGuard), with the block
// counts of TestBlockFunc and 0, 1 and blockSize-1 trailing bytes, from
// random states. A read outside the input, such as loading the second block
// of a pair that does not exist, faults; TestBlockFuncGuarded reports it as
// a failure that names the case and the address, instead of crashing. It
// also checks that got ends in want's state.
//
// The guard pages come from [GuardedBytes], so the test is skipped where it
// cannot set them up (on systems other than Linux).
func TestBlockFuncGuarded[S comparable](t *testing.T, blockSize int, got, want func(*S, []byte), random func(*rand.Rand) S) {
	t.Helper()
	if blockSize <= 0 {
		t.Fatalf("block size %d, want a positive one", blockSize)
	}
	newState := stateSource(t, random)
	maxLen := slices.Max(blockCounts)*blockSize + blockSize - 1
	end, start := GuardedBytes(t, maxLen)
	t.Run("EndsAtGuard", func(t *testing.T) {
		testBlockGuarded(t, blockSize, got, want, newState, "ending at an unreadable page",
			func(n int) []byte { return lastBytes(end, n) })
	})
	t.Run("StartsAfterGuard", func(t *testing.T) {
		testBlockGuarded(t, blockSize, got, want, newState, "starting right after an unreadable page",
			func(n int) []byte { return start[:n] })
	})
}

// lastBytes returns the last n bytes of b; unlike b[len(b)-n:], it keeps
// pointing at the end of b when n is 0.
func lastBytes(b []byte, n int) []byte {
	return unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), len(b)-n)), n)
}

func testBlockGuarded[S comparable](t *testing.T, blockSize int, got, want func(*S, []byte), newState func(*prng) S,
	placement string, input func(n int) []byte) {
	r := newPRNG("guarded block function " + placement)
	var g guardedState[S]
	for _, nb := range blockCounts {
		for _, tail := range trailingLengths(blockSize) {
			p := input(nb*blockSize + tail)
			where := fmt.Sprintf("%d blocks + %d trailing bytes %s", nb, tail, placement)
			start := newState(r)
			ref := start
			if err := catchFault(func() { want(&ref, p) }, p); err != nil {
				t.Fatalf("%s: the reference function want %v", where, err)
			}
			g.s = start
			var err error
			if fault := catchFault(func() { err = g.call(got, p, r) }, p); fault != nil {
				t.Fatalf("%s: %v", where, fault)
			}
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if g.s != ref {
				t.Fatalf("%s, from state %s: got %s, want %s", where, hexState(start), hexState(g.s), hexState(ref))
			}
		}
	}
}

// catchFault calls f with faults turned into panics (see
// [debug.SetPanicOnFault]) and returns an error describing a fault or other
// panic, with the address of a fault relative to p.
func catchFault(f func(), p []byte) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		v := recover()
		if v == nil {
			return
		}
		if e, ok := v.(interface {
			runtime.Error
			Addr() uintptr
		}); ok {
			base := uintptr(unsafe.Pointer(unsafe.SliceData(p)))
			err = fmt.Errorf("faulted reading or writing address %#x, which is byte %d relative to the start of its %d-byte input: %v",
				e.Addr(), int(e.Addr()-base), len(p), v)
			return
		}
		err = fmt.Errorf("panicked: %v", v)
	}()
	f()
	return nil
}
