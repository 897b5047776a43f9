package cryptotest

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"hash"
	"slices"
	"testing"
)

// maxHashLen is the longest input for which TestHash compares every way of
// writing it: long enough to cover several blocks of every hash crypton has
// (the largest block, SHA3-224's, is 144 bytes).
const maxHashLen = 1025

// TestHash runs a conformance suite over the hash.Hash values made by mh,
// which must return a new hash in its initial state on each call.
//
// It checks, each in its own subtest, that
//
//   - Size and BlockSize are positive and never change (Sizes);
//   - Write returns len(p), nil and does not modify p (Write);
//   - Sum appends the digest to its argument, leaves the bytes beyond the
//     returned slice alone, and does not change the state: a second Sum gives
//     the same digest and writing more after Sum continues the same input
//     (Sum);
//   - for every input length from 0 to 1025 bytes, writing the input in any
//     of several chunkings (1-byte writes, random sizes, empty writes in
//     between) gives the digest of writing it all at once (Chunking);
//   - Reset returns the hash to its initial state, whatever was written
//     before (Reset);
//   - if the hash implements [hash.Cloner], a clone has the same state as the
//     original at the time of cloning and the two are independent afterwards
//     (Clone);
//   - if the hash implements [encoding.BinaryMarshaler], the state marshaled
//     after writing 0, 1, BlockSize-1, BlockSize, BlockSize+1 and more bytes,
//     unmarshaled into a fresh hash and into a used one, continues to the
//     same digest as the original, and marshaling does not disturb the
//     original (MarshalBinary);
//   - UnmarshalBinary rejects every truncation of a valid state and random
//     garbage with an error, and never panics (UnmarshalBinary); this expects
//     the state encoding to identify itself, as the standard library's do
//     with a leading magic string;
//   - if the hash implements [encoding.BinaryAppender], AppendBinary appends
//     exactly what MarshalBinary returns (AppendBinary).
//
// The input is deterministic pseudo-random data, so a failure reproduces.
// Messages name the check and the input length at which it failed.
func TestHash(t *testing.T, mh func() hash.Hash) {
	if mh() == nil {
		t.Fatal("the hash constructor returned nil")
	}
	t.Run("Sizes", func(t *testing.T) { testHashSizes(t, mh) })
	t.Run("Write", func(t *testing.T) { testHashWrite(t, mh) })
	t.Run("Sum", func(t *testing.T) { testHashSum(t, mh) })
	t.Run("Chunking", func(t *testing.T) { testHashChunking(t, mh) })
	t.Run("Reset", func(t *testing.T) { testHashReset(t, mh) })
	t.Run("Clone", func(t *testing.T) { testHashClone(t, mh) })
	t.Run("MarshalBinary", func(t *testing.T) { testHashMarshal(t, mh) })
	t.Run("UnmarshalBinary", func(t *testing.T) { testHashUnmarshalErrors(t, mh) })
	t.Run("AppendBinary", func(t *testing.T) { testHashAppendBinary(t, mh) })
}

// hashInput returns the deterministic pseudo-random input shared by the hash
// checks, long enough for every prefix plus suffix they take.
func hashInput(blockSize int) []byte {
	return pseudoRandom("hash input", maxHashLen+4*blockSize+64)
}

// write writes p to h and fails the test if Write does not return len(p), nil.
func write(t *testing.T, h hash.Hash, p []byte, context string) {
	t.Helper()
	n, err := h.Write(p)
	if n != len(p) || err != nil {
		t.Fatalf("%s: Write of %d bytes returned (%d, %v), want (%d, nil)", context, len(p), n, err, len(p))
	}
}

// digest returns the digest of the concatenation of parts, written in one
// Write to a fresh hash.
func digest(t *testing.T, mh func() hash.Hash, parts ...[]byte) []byte {
	t.Helper()
	h := mh()
	write(t, h, bytes.Join(parts, nil), "computing a reference digest")
	return h.Sum(nil)
}

// boundaryLengths returns the input lengths around the block boundaries that
// the stateful checks use, in increasing order and without repeats.
func boundaryLengths(bs int, more ...int) []int {
	cand := append([]int{0, 1, bs - 1, bs, bs + 1, 2*bs - 1, 2 * bs, 2*bs + 1}, more...)
	var out []int
	seen := map[int]bool{}
	for _, n := range cand {
		if n >= 0 && n <= maxHashLen && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

func testHashSizes(t *testing.T, mh func() hash.Hash) {
	h := mh()
	size, bs := h.Size(), h.BlockSize()
	if size <= 0 {
		t.Fatalf("Size() = %d, want a positive value", size)
	}
	if bs <= 0 {
		t.Fatalf("BlockSize() = %d, want a positive value", bs)
	}
	check := func(h hash.Hash, when string) {
		t.Helper()
		if got := h.Size(); got != size {
			t.Fatalf("Size changed from %d to %d %s", size, got, when)
		}
		if got := h.BlockSize(); got != bs {
			t.Fatalf("BlockSize changed from %d to %d %s", bs, got, when)
		}
	}
	check(h, "on a second call")
	check(mh(), "in a second hash from the constructor")
	msg := hashInput(bs)
	for _, n := range boundaryLengths(bs, maxHashLen) {
		h := mh()
		write(t, h, msg[:n], "Sizes")
		check(h, fmt.Sprintf("after writing %d bytes", n))
		if got := len(h.Sum(nil)); got != size {
			t.Fatalf("Sum(nil) after writing %d bytes returned %d bytes, want Size() = %d", n, got, size)
		}
		check(h, fmt.Sprintf("after writing %d bytes and calling Sum", n))
		h.Reset()
		check(h, fmt.Sprintf("after writing %d bytes and calling Reset", n))
	}
}

func testHashWrite(t *testing.T, mh func() hash.Hash) {
	bs := mh().BlockSize()
	msg := hashInput(bs)
	orig := bytes.Clone(msg)
	h := mh()
	for _, n := range []int{0, 1, 2, bs - 1, bs, bs + 1, 3*bs + 5, 0, 7} {
		if n < 0 {
			continue
		}
		write(t, h, msg[:n], fmt.Sprintf("Write of %d bytes", n))
		if !bytes.Equal(msg, orig) {
			t.Fatalf("Write of %d bytes modified its argument", n)
		}
	}
	// Writing nil must behave like writing nothing.
	want := h.Sum(nil)
	write(t, h, nil, "Write(nil)")
	if got := h.Sum(nil); !bytes.Equal(got, want) {
		t.Errorf("Write(nil) changed the digest from %x to %x", want, got)
	}
}

func testHashSum(t *testing.T, mh func() hash.Hash) {
	h0 := mh()
	size, bs := h0.Size(), h0.BlockSize()
	msg := hashInput(bs)
	const extra = 37
	for _, n := range boundaryLengths(bs, 3*bs+7, maxHashLen-extra) {
		want := digest(t, mh, msg[:n])
		h := mh()
		write(t, h, msg[:n], fmt.Sprintf("after %d bytes", n))

		s1 := h.Sum(nil)
		if !bytes.Equal(s1, want) {
			t.Fatalf("Sum(nil) after writing %d bytes = %x, want %x (the digest of the same input written to a fresh hash)", n, s1, want)
		}
		if s2 := h.Sum(nil); !bytes.Equal(s2, s1) {
			t.Fatalf("second Sum(nil) after writing %d bytes = %x, differs from the first %x: Sum changed the state", n, s2, s1)
		}

		// A full prefix: Sum must allocate and keep the prefix.
		prefix := []byte("prefix")
		out := h.Sum(prefix[:len(prefix):len(prefix)])
		if string(prefix) != "prefix" {
			t.Fatalf("Sum(prefix) after writing %d bytes modified the prefix to %q", n, prefix)
		}
		if len(out) != len(prefix)+size || string(out[:len(prefix)]) != "prefix" || !bytes.Equal(out[len(prefix):], want) {
			t.Fatalf("Sum(prefix) after writing %d bytes = %x, want the prefix %x followed by the digest %x", n, out, prefix, want)
		}

		// A prefix with spare capacity: Sum may use it but must not write
		// past the slice it returns.
		backing := bytes.Repeat([]byte{0xa5}, 3+size+16)
		copy(backing, "abc")
		out = h.Sum(backing[:3])
		if len(out) != 3+size || string(out[:3]) != "abc" || !bytes.Equal(out[3:], want) {
			t.Fatalf("Sum(prefix with spare capacity) after writing %d bytes = %x, want the prefix 616263 followed by the digest %x", n, out, want)
		}
		for i := 3 + size; i < len(backing); i++ {
			if backing[i] != 0xa5 {
				t.Fatalf("Sum(prefix with spare capacity) after writing %d bytes wrote byte %d of the backing array, beyond the %d bytes it returned", n, i, len(out))
			}
		}

		// Writing after Sum continues the same input.
		write(t, h, msg[n:n+extra], fmt.Sprintf("writing after Sum at %d bytes", n))
		if got, want := h.Sum(nil), digest(t, mh, msg[:n+extra]); !bytes.Equal(got, want) {
			t.Fatalf("writing %d bytes, calling Sum, then writing %d more gives %x, want %x (the digest of all %d bytes); did Sum change the state?", n, extra, got, want, n+extra)
		}
	}
}

// chunking is a way of splitting an input of n bytes into writes.
type chunking struct {
	name  string
	sizes func(n int, r *prng) []int
}

func chunkings(bs int) []chunking {
	return []chunking{
		{"1-byte writes", func(n int, _ *prng) []int {
			s := make([]int, n)
			for i := range s {
				s[i] = 1
			}
			return s
		}},
		{"random writes of 0 to 16 bytes", func(n int, r *prng) []int {
			return randomSizes(n, r, 0, 16)
		}},
		{fmt.Sprintf("random writes of 1 to %d bytes", 3*bs), func(n int, r *prng) []int {
			return randomSizes(n, r, 1, 3*bs)
		}},
		{fmt.Sprintf("writes of BlockSize-1 = %d bytes", bs-1), func(n int, _ *prng) []int {
			return fixedSizes(n, max(bs-1, 1))
		}},
		{"two writes split at a random point", func(n int, r *prng) []int {
			k := r.intn(n + 1)
			return []int{k, n - k}
		}},
	}
}

func randomSizes(n int, r *prng, lo, hi int) []int {
	var s []int
	for n > 0 {
		k := min(lo+r.intn(hi-lo+1), n)
		s = append(s, k)
		n -= k
	}
	return s
}

func fixedSizes(n, k int) []int {
	var s []int
	for n > 0 {
		s = append(s, min(k, n))
		n -= min(k, n)
	}
	return s
}

func testHashChunking(t *testing.T, mh func() hash.Hash) {
	bs := mh().BlockSize()
	msg := hashInput(bs)
	cs := chunkings(bs)
	r := newPRNG("chunking")
	for n := 0; n <= maxHashLen; n++ {
		want := digest(t, mh, msg[:n])
		for _, c := range cs {
			sizes := c.sizes(n, r)
			h := mh()
			off := 0
			for _, k := range sizes {
				// Checked inline: formatting a context for each of the
				// half-million writes would dominate the suite's time.
				if m, err := h.Write(msg[off : off+k]); m != k || err != nil {
					t.Fatalf("%s of a %d-byte input: Write of %d bytes returned (%d, %v), want (%d, nil)", c.name, n, k, m, err, k)
				}
				off += k
			}
			if got := h.Sum(nil); !bytes.Equal(got, want) {
				t.Fatalf("chunked write of %d bytes as %s %v gives %x, want %x (the digest of one Write)", n, c.name, abbreviate(sizes), got, want)
			}
		}
	}
}

func testHashReset(t *testing.T, mh func() hash.Hash) {
	bs := mh().BlockSize()
	msg := hashInput(bs)
	empty := mh().Sum(nil)
	h := mh()
	h.Reset()
	if got := h.Sum(nil); !bytes.Equal(got, empty) {
		t.Fatalf("Reset of a fresh hash: Sum = %x, want the empty-input digest %x", got, empty)
	}
	const after = 100
	wantAfter := digest(t, mh, msg[:after])
	for _, n := range boundaryLengths(bs, 3*bs+5, maxHashLen) {
		for _, sum := range []bool{false, true} {
			when := fmt.Sprintf("after writing %d bytes", n)
			if sum {
				when += " and calling Sum"
			}
			h := mh()
			write(t, h, msg[:n], when)
			if sum {
				h.Sum(nil)
			}
			h.Reset()
			if got := h.Sum(nil); !bytes.Equal(got, empty) {
				t.Fatalf("Reset %s: Sum = %x, want the empty-input digest %x", when, got, empty)
			}
			write(t, h, msg[:after], "after Reset")
			if got := h.Sum(nil); !bytes.Equal(got, wantAfter) {
				t.Fatalf("Reset %s, then writing %d bytes: Sum = %x, want %x (as from a fresh hash)", when, after, got, wantAfter)
			}
		}
	}
}

func testHashClone(t *testing.T, mh func() hash.Hash) {
	if _, ok := mh().(hash.Cloner); !ok {
		t.Skipf("%T does not implement hash.Cloner", mh())
	}
	bs := mh().BlockSize()
	msg := hashInput(bs)
	other := pseudoRandom("clone suffix", 2*bs+3)
	for _, n := range boundaryLengths(bs, 3*bs+5, maxHashLen) {
		h := mh()
		write(t, h, msg[:n], fmt.Sprintf("before Clone at %d bytes", n))
		c, err := h.(hash.Cloner).Clone()
		if errors.Is(err, errors.ErrUnsupported) {
			t.Skipf("Clone returned %v, which the hash.Cloner contract allows", err)
		}
		if err != nil {
			t.Fatalf("Clone after writing %d bytes: %v", n, err)
		}
		if c == nil {
			t.Fatalf("Clone after writing %d bytes returned a nil hash and no error", n)
		}
		if c.Size() != h.Size() || c.BlockSize() != h.BlockSize() {
			t.Fatalf("Clone after writing %d bytes: Size, BlockSize = %d, %d; want %d, %d", n, c.Size(), c.BlockSize(), h.Size(), h.BlockSize())
		}
		want := digest(t, mh, msg[:n])
		if got := c.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("Clone after writing %d bytes: the clone's Sum = %x, want %x (the original's)", n, got, want)
		}

		// Writes to the clone must not reach the original.
		write(t, c, other, "writing to the clone")
		wantClone := digest(t, mh, msg[:n], other)
		if got := h.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("Clone after writing %d bytes: writing to the clone changed the original's Sum from %x to %x", n, want, got)
		}
		if got := c.Sum(nil); !bytes.Equal(got, wantClone) {
			t.Fatalf("Clone after writing %d bytes, then writing %d bytes to the clone: the clone's Sum = %x, want %x", n, len(other), got, wantClone)
		}

		// And writes to the original must not reach the clone.
		write(t, h, msg[n:n+bs+1], "writing to the original")
		if got, want := h.Sum(nil), digest(t, mh, msg[:n+bs+1]); !bytes.Equal(got, want) {
			t.Fatalf("Clone after writing %d bytes, then writing to both: the original's Sum = %x, want %x", n, got, want)
		}
		if got := c.Sum(nil); !bytes.Equal(got, wantClone) {
			t.Fatalf("Clone after writing %d bytes: writing to the original changed the clone's Sum from %x to %x", n, wantClone, got)
		}

		// Resetting the clone must not reset the original.
		c.Reset()
		if got, want := h.Sum(nil), digest(t, mh, msg[:n+bs+1]); !bytes.Equal(got, want) {
			t.Fatalf("Clone after writing %d bytes: Reset of the clone changed the original's Sum from %x to %x", n, want, got)
		}
	}
}

// marshalers returns h's marshaling methods, or ok = false if it has none.
// It fails the test if h implements only one of the pair.
func marshalers(t *testing.T, h hash.Hash) (m encoding.BinaryMarshaler, ok bool) {
	t.Helper()
	m, okM := h.(encoding.BinaryMarshaler)
	_, okU := h.(encoding.BinaryUnmarshaler)
	switch {
	case okM && !okU:
		t.Fatalf("%T implements encoding.BinaryMarshaler but not encoding.BinaryUnmarshaler", h)
	case okU && !okM:
		t.Fatalf("%T implements encoding.BinaryUnmarshaler but not encoding.BinaryMarshaler", h)
	}
	return m, okM
}

func testHashMarshal(t *testing.T, mh func() hash.Hash) {
	if _, ok := marshalers(t, mh()); !ok {
		t.Skipf("%T does not implement encoding.BinaryMarshaler", mh())
	}
	bs := mh().BlockSize()
	msg := hashInput(bs)
	junk := pseudoRandom("marshal junk", bs+3)
	for _, n := range boundaryLengths(bs, 3*bs+5, maxHashLen) {
		for _, k := range []int{0, 1, bs - 1, bs, 2*bs + 3} {
			if k < 0 {
				continue
			}
			h := mh()
			write(t, h, msg[:n], fmt.Sprintf("before MarshalBinary at %d bytes", n))
			state := mustMarshal(t, h)
			if again := mustMarshal(t, h); !bytes.Equal(again, state) {
				t.Fatalf("MarshalBinary after writing %d bytes is not repeatable: first %x, then %x", n, state, again)
			}

			// Unmarshal into a fresh hash and into one with a state of its own.
			fresh := mh()
			used := mh()
			write(t, used, junk, "writing to a hash before UnmarshalBinary")
			want := digest(t, mh, msg[:n])
			for _, g := range []struct {
				name string
				h    hash.Hash
			}{{"a fresh hash", fresh}, {"a used hash", used}} {
				if err := g.h.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
					t.Fatalf("UnmarshalBinary into %s of the state marshaled after writing %d bytes: %v", g.name, n, err)
				}
				if k == 0 {
					if got := g.h.Sum(nil); !bytes.Equal(got, want) {
						t.Fatalf("MarshalBinary after writing %d bytes, UnmarshalBinary into %s: Sum = %x, want %x", n, g.name, got, want)
					}
				}
			}

			// Continue the original and both copies with the same input.
			want = digest(t, mh, msg[:n+k])
			for _, g := range []struct {
				name string
				h    hash.Hash
			}{{"the original", h}, {"the state unmarshaled into a fresh hash", fresh}, {"the state unmarshaled into a used hash", used}} {
				write(t, g.h, msg[n:n+k], "after MarshalBinary")
				if got := g.h.Sum(nil); !bytes.Equal(got, want) {
					t.Fatalf("MarshalBinary after writing %d bytes, then writing %d more to %s: Sum = %x, want %x (the digest of all %d bytes)", n, k, g.name, got, want, n+k)
				}
			}
		}
	}
}

func mustMarshal(t *testing.T, h hash.Hash) []byte {
	t.Helper()
	state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		t.Fatalf("MarshalBinary: %v", err)
	}
	return state
}

// tryUnmarshal calls UnmarshalBinary and turns a panic into panicked = true.
func tryUnmarshal(h hash.Hash, state []byte) (err error, panicked bool, value any) {
	defer func() {
		if v := recover(); v != nil {
			panicked, value = true, v
		}
	}()
	return h.(encoding.BinaryUnmarshaler).UnmarshalBinary(state), false, nil
}

func testHashUnmarshalErrors(t *testing.T, mh func() hash.Hash) {
	if _, ok := marshalers(t, mh()); !ok {
		t.Skipf("%T does not implement encoding.BinaryUnmarshaler", mh())
	}
	bs := mh().BlockSize()
	msg := hashInput(bs)
	h := mh()
	write(t, h, msg[:bs+1], "before MarshalBinary")
	state := mustMarshal(t, h)
	if len(state) == 0 {
		t.Fatalf("MarshalBinary after writing %d bytes returned an empty state", bs+1)
	}

	// Every truncation must be rejected.
	for k := 0; k < len(state); k++ {
		err, panicked, v := tryUnmarshal(mh(), state[:k])
		switch {
		case panicked:
			t.Fatalf("UnmarshalBinary of the %d-byte state truncated to %d bytes panicked: %v", len(state), k, v)
		case err == nil:
			t.Fatalf("UnmarshalBinary accepted the %d-byte state truncated to %d bytes, want an error", len(state), k)
		}
	}

	// Garbage must be rejected: random bytes and zeros, of the state's
	// length and of others.
	r := newPRNG("unmarshal garbage")
	type garbage struct {
		n      int
		random bool
	}
	for _, g := range []garbage{
		{len(state), true}, {len(state), true}, {len(state), false},
		{1, true}, {len(state) / 2, true}, {len(state) + 1, true}, {2 * len(state), true},
		{len(state) + 1, false},
	} {
		b := make([]byte, g.n)
		what := fmt.Sprintf("%d zero bytes", g.n)
		if g.random {
			r.read(b)
			what = fmt.Sprintf("%d random bytes %s", g.n, abbreviateBytes(b))
		}
		err, panicked, v := tryUnmarshal(mh(), b)
		switch {
		case panicked:
			t.Fatalf("UnmarshalBinary of %s panicked: %v", what, v)
		case err == nil:
			t.Fatalf("UnmarshalBinary accepted %s (the valid state is %d bytes), want an error", what, len(state))
		}
	}

	// A valid state followed by a stray byte must not panic; whether it is
	// an error is up to the encoding.
	if _, panicked, v := tryUnmarshal(mh(), append(bytes.Clone(state), 0)); panicked {
		t.Fatalf("UnmarshalBinary of a valid state plus one byte panicked: %v", v)
	}
}

func testHashAppendBinary(t *testing.T, mh func() hash.Hash) {
	if _, ok := mh().(encoding.BinaryAppender); !ok {
		t.Skipf("%T does not implement encoding.BinaryAppender", mh())
	}
	if _, ok := mh().(encoding.BinaryMarshaler); !ok {
		t.Skipf("%T implements encoding.BinaryAppender but not encoding.BinaryMarshaler, nothing to compare with", mh())
	}
	bs := mh().BlockSize()
	msg := hashInput(bs)
	for _, n := range boundaryLengths(bs) {
		h := mh()
		write(t, h, msg[:n], fmt.Sprintf("before AppendBinary at %d bytes", n))
		state := mustMarshal(t, h)
		a := h.(encoding.BinaryAppender)

		got, err := a.AppendBinary(nil)
		if err != nil {
			t.Fatalf("AppendBinary(nil) after writing %d bytes: %v", n, err)
		}
		if !bytes.Equal(got, state) {
			t.Fatalf("AppendBinary(nil) after writing %d bytes = %x, want %x (what MarshalBinary returns)", n, got, state)
		}

		prefix := []byte("prefix")
		got, err = a.AppendBinary(prefix[:len(prefix):len(prefix)])
		if err != nil {
			t.Fatalf("AppendBinary(prefix) after writing %d bytes: %v", n, err)
		}
		if string(prefix) != "prefix" || len(got) != len(prefix)+len(state) || string(got[:len(prefix)]) != "prefix" || !bytes.Equal(got[len(prefix):], state) {
			t.Fatalf("AppendBinary(prefix) after writing %d bytes = %x, want the prefix %x followed by %x (what MarshalBinary returns)", n, got, []byte("prefix"), state)
		}

		backing := bytes.Repeat([]byte{0xa5}, 3+len(state)+16)
		got, err = a.AppendBinary(backing[:3])
		if err != nil {
			t.Fatalf("AppendBinary(prefix with spare capacity) after writing %d bytes: %v", n, err)
		}
		if len(got) != 3+len(state) || !bytes.Equal(got[3:], state) {
			t.Fatalf("AppendBinary(prefix with spare capacity) after writing %d bytes = %x, want the prefix a5a5a5 followed by %x", n, got, state)
		}
		for i := 3 + len(state); i < len(backing); i++ {
			if backing[i] != 0xa5 {
				t.Fatalf("AppendBinary(prefix with spare capacity) after writing %d bytes wrote byte %d of the backing array, beyond the %d bytes it returned", n, i, len(got))
			}
		}
	}
}
