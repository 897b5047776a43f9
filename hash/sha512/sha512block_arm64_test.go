//go:build gc && !purego

package sha512

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// wantImplementations is what TestImplementations expects the package to
// register on arm64: blockSHA512 needs the ARMv8.2 SHA512 instructions.
var wantImplementations = cputest.Requirements{
	"ARMv8-SHA512": {"sha512"},
}

// skipUnlessSHA512 skips t when blockSHA512 cannot run here. It is only a
// skip because TestImplementations fails if the CPU has the instructions
// and the implementation is nevertheless unavailable.
func skipUnlessSHA512(t *testing.T) {
	t.Helper()
	if !cpufeat.Available("sha512", "ARMv8-SHA512") {
		t.Skipf("ARMv8-SHA512 implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
}

// TestBlockSHA512 compares blockSHA512 directly with blockGeneric; see
// cryptotest.TestBlockFunc. Its subtest Chained checks that one call over
// many blocks agrees with calls over a few.
func TestBlockSHA512(t *testing.T) {
	skipUnlessSHA512(t)
	cryptotest.TestBlockFunc(t, BlockSize, blockSHA512, generic, nil)
}

// generic is blockGeneric on a bare chaining value, like the assembly.
func generic(h *[8]uint64, p []byte) {
	d := digest{h: *h}
	blockGeneric(&d, p)
	*h = d.h
}
