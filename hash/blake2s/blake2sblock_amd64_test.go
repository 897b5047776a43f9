//go:build gc && !purego

package blake2s

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
	H    [8]uint32
	C    [2]uint32
	Flag uint32
}

func genericKernel(s *kernelState, p []byte) { blocksGeneric(&s.H, &s.C, s.Flag, p) }
func avxKernel(s *kernelState, p []byte)     { blocksAVX(&s.H, &s.C, s.Flag, p) }

// TestBlocksAVX compares blocksAVX directly with blocksGeneric; see
// cryptotest.TestBlockFunc.
func TestBlocksAVX(t *testing.T) {
	if !cpufeat.Available(pkg, "AVX") {
		t.Skipf("AVX implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	cryptotest.TestBlockFunc(t, BlockSize, avxKernel, genericKernel, nil)
}

// TestBlocksAVXBounds runs blocksAVX on inputs next to pages the process may
// not read; see cryptotest.TestBlockFuncGuarded.
func TestBlocksAVXBounds(t *testing.T) {
	if !cpufeat.Available(pkg, "AVX") {
		t.Skipf("AVX implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	cryptotest.TestBlockFuncGuarded(t, BlockSize, avxKernel, genericKernel, nil)
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
