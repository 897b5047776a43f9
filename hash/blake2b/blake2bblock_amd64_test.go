//go:build gc && !purego

package blake2b

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// kernelState is everything a block function reads or writes besides the
// message: the chaining value, the counter and the flag (which the test
// draws at random like the rest, so that it is not only 0 or lastBlock).
// The fields are exported for encoding/binary, which fills the state.
type kernelState struct {
	H    [8]uint64
	C    [2]uint64
	Flag uint64
}

func genericKernel(s *kernelState, p []byte) { blocksGeneric(&s.H, &s.C, s.Flag, p) }

// kernels are the assembly block functions, by the name of the
// implementation that uses them.
var kernels = []struct {
	impl string
	f    func(s *kernelState, p []byte)
}{
	{"AVX2", func(s *kernelState, p []byte) { blocksAVX2(&s.H, &s.C, s.Flag, p) }},
	{"AVX-512", func(s *kernelState, p []byte) { blocksAVX512(&s.H, &s.C, s.Flag, p) }},
}

// TestBlockKernels compares each assembly block function directly with
// blocksGeneric (see cryptotest.TestBlockFunc), and runs it on inputs next
// to pages the process may not read (see cryptotest.TestBlockFuncGuarded).
func TestBlockKernels(t *testing.T) {
	for _, k := range kernels {
		t.Run(k.impl, func(t *testing.T) {
			if !cpufeat.Available(pkg, k.impl) {
				t.Skipf("%s implementation not available on this CPU or turned off by %s", k.impl, cpufeat.EnvVar)
			}
			t.Run("differential", func(t *testing.T) {
				cryptotest.TestBlockFunc(t, BlockSize, k.f, genericKernel, nil)
			})
			t.Run("guarded", func(t *testing.T) {
				cryptotest.TestBlockFuncGuarded(t, BlockSize, k.f, genericKernel, nil)
			})
		})
	}
}
