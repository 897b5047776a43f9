//go:build gc && !purego

package sha512

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// wantImplementations is what TestImplementations expects the package to
// register on amd64: the AVX2 code needs AVX2 and BMI2 (RORX).
var wantImplementations = cputest.Requirements{
	"AVX2": {"avx2", "bmi2"},
}

// haveAVX2 reports whether this CPU can run blockAVX2 (or the user turned it
// off with CRYPTON_CPU); TestImplementations checks that it is registered
// and available exactly then.
func haveAVX2() bool { return cpufeat.HasAVX2 && cpufeat.HasBMI2 }

// TestBlockAVX2 compares blockAVX2 directly with blockGeneric on random
// chaining values and random inputs of 0 to 21 whole blocks, the odd and
// even counts that take the different paths of the assembly, followed by 0
// to 127 bytes that both must ignore, starting at every offset from 0 to 7
// from an 8-byte boundary.
func TestBlockAVX2(t *testing.T) {
	if !haveAVX2() {
		t.Skip("AVX2 and BMI2 not available")
	}
	r := newRand("blockAVX2")
	buf := make([]byte, 8+21*BlockSize+BlockSize)
	for iter := range 400 {
		nblocks := iter % 22
		off := iter / 22 % 8
		extra := r.IntN(BlockSize)
		for i := range buf {
			buf[i] = byte(r.Uint32())
		}
		in := buf[off : off+nblocks*BlockSize+extra]
		orig := string(in)
		var want digest
		for i := range want.h {
			want.h[i] = r.Uint64()
		}
		start := want.h
		got := start
		blockGeneric(&want, in)
		blockAVX2(&got, in)
		if got != want.h {
			t.Fatalf("%d blocks + %d bytes at offset %d from %x: blockAVX2 = %x, blockGeneric = %x", nblocks, extra, off, start, got, want.h)
		}
		if string(in) != orig {
			t.Fatalf("%d blocks + %d bytes at offset %d: blockAVX2 changed its input", nblocks, extra, off)
		}
	}
}

// TestBlockAVX2Chained checks that hashing n blocks in one call is the same
// as hashing them in calls of random numbers of blocks, so that the state
// carried between pairs of blocks and from one call to the next agree.
func TestBlockAVX2Chained(t *testing.T) {
	if !haveAVX2() {
		t.Skip("AVX2 and BMI2 not available")
	}
	r := newRand("blockAVX2 chained")
	in := randomBytes(r, 37*BlockSize)
	var whole [8]uint64
	for i := range whole {
		whole[i] = r.Uint64()
	}
	pieces := whole
	blockAVX2(&whole, in)
	for rest := in; len(rest) > 0; {
		n := min(len(rest), BlockSize*(1+r.IntN(5)))
		blockAVX2(&pieces, rest[:n])
		rest = rest[n:]
	}
	if whole != pieces {
		t.Errorf("37 blocks in one call = %x, in pieces = %x", whole, pieces)
	}
}
