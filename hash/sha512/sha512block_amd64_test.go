//go:build gc && !purego

package sha512

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// wantImplementations is what TestImplementations expects the package to
// register on amd64: the AVX-512VL code needs AVX-512F and AVX-512VL
// (VPRORQ, VPTERNLOGQ on YMM registers), AVX2 (VPSHUFB, VPALIGNR,
// VINSERTI128) and BMI2 (RORX); the AVX2 code needs AVX2 and BMI2.
var wantImplementations = cputest.Requirements{
	"AVX-512VL": {"avx2", "avx512f", "avx512vl", "bmi2"},
	"AVX2":      {"avx2", "bmi2"},
}

// asmBlocks are the assembly block functions, by the name they are
// registered under.
var asmBlocks = map[string]func(h *[8]uint64, p []byte){
	"AVX-512VL": blockAVX512,
	"AVX2":      blockAVX2,
}

// asmBlock returns the assembly block function registered as impl, after
// skipping t if this CPU lacks a feature that wantImplementations says impl
// needs (or the user turned it off with CRYPTON_CPU); TestImplementations
// checks that the implementation is registered and available exactly then.
func asmBlock(t *testing.T, impl string) func(h *[8]uint64, p []byte) {
	t.Helper()
	f, ok := asmBlocks[impl]
	if !ok {
		t.Fatalf("no assembly block function for %q", impl)
	}
	for _, feat := range wantImplementations[impl] {
		if !cpufeat.Enabled(feat) {
			t.Skipf("%s implementation needs %s, which is not available or turned off by %s", impl, feat, cpufeat.EnvVar)
		}
	}
	return f
}

// TestBlockAVX512 and TestBlockAVX2 compare blockAVX512 and blockAVX2, which
// hash blocks in pairs, directly with blockGeneric; see
// cryptotest.TestBlockFunc. Its subtest Chained checks that one call over
// many blocks agrees with calls over a few.
func TestBlockAVX512(t *testing.T) { testBlock(t, "AVX-512VL") }
func TestBlockAVX2(t *testing.T)   { testBlock(t, "AVX2") }

func testBlock(t *testing.T, impl string) {
	cryptotest.TestBlockFunc(t, BlockSize, asmBlock(t, impl), generic, nil)
}

// generic is blockGeneric on a bare chaining value, like the assembly.
func generic(h *[8]uint64, p []byte) {
	d := digest{h: *h}
	blockGeneric(&d, p)
	*h = d.h
}
