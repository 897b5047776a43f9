//go:build gc && !purego

package sha512

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
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

// TestBlockAVX2 compares blockAVX2, which hashes blocks in pairs, directly
// with blockGeneric; see cryptotest.TestBlockFunc. Its subtest Chained
// checks that one call over many blocks agrees with calls over a few.
func TestBlockAVX2(t *testing.T) {
	if !haveAVX2() {
		t.Skip("AVX2 and BMI2 not available")
	}
	cryptotest.TestBlockFunc(t, BlockSize, blockAVX2, generic, nil)
}

// generic is blockGeneric on a bare chaining value, like the assembly.
func generic(h *[8]uint64, p []byte) {
	d := digest{h: *h}
	blockGeneric(&d, p)
	*h = d.h
}
