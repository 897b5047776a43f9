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
func avx2Kernel(s *kernelState, p []byte)    { blocksAVX2(&s.H, &s.C, s.Flag, p) }

// TestBlocksAVX2 compares blocksAVX2 directly with blocksGeneric; see
// cryptotest.TestBlockFunc.
func TestBlocksAVX2(t *testing.T) {
	if !cpufeat.Available(pkg, "AVX2") {
		t.Skipf("AVX2 implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	cryptotest.TestBlockFunc(t, BlockSize, avx2Kernel, genericKernel, nil)
}

// TestBlocksAVX2Bounds runs blocksAVX2 on inputs next to pages the process
// may not read; see cryptotest.TestBlockFuncGuarded.
func TestBlocksAVX2Bounds(t *testing.T) {
	if !cpufeat.Available(pkg, "AVX2") {
		t.Skipf("AVX2 implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	cryptotest.TestBlockFuncGuarded(t, BlockSize, avx2Kernel, genericKernel, nil)
}

func avx512Kernel(s *kernelState, p []byte) { blocksAVX512(&s.H, &s.C, s.Flag, p) }

// TestBlocksAVX512 compares blocksAVX512 directly with blocksGeneric; see
// cryptotest.TestBlockFunc.
func TestBlocksAVX512(t *testing.T) {
	if !cpufeat.Available(pkg, "AVX-512") {
		t.Skipf("AVX-512 implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	cryptotest.TestBlockFunc(t, BlockSize, avx512Kernel, genericKernel, nil)
}

// TestBlocksAVX512Bounds runs blocksAVX512 on inputs next to pages the
// process may not read; see cryptotest.TestBlockFuncGuarded.
func TestBlocksAVX512Bounds(t *testing.T) {
	if !cpufeat.Available(pkg, "AVX-512") {
		t.Skipf("AVX-512 implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	cryptotest.TestBlockFuncGuarded(t, BlockSize, avx512Kernel, genericKernel, nil)
}
