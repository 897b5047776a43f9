//go:build amd64 && gc && !purego && linux

package sha512

import (
	"syscall"
	"testing"
)

// TestBlockAVX2Bounds runs blockAVX2 on inputs that end right before an
// unmapped page, and that start right after one, so that reading a byte
// outside the whole blocks of p would crash the test.
func TestBlockAVX2Bounds(t *testing.T) {
	if !haveAVX2() {
		t.Skip("AVX2 and BMI2 not available")
	}
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 4*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	// Pages 0 and 3 are guards; the input lives in pages 1 and 2.
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	if err := syscall.Mprotect(mem[3*page:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	r := newRand("bounds")
	data := mem[page : 3*page]
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	for n := 0; n <= 9; n++ {
		for _, extra := range []int{0, 1, 127} {
			size := n*BlockSize + extra
			for _, in := range [][]byte{data[len(data)-size:], data[:size]} {
				var got, want digest
				got.h, want.h = iv512, iv512
				blockGeneric(&want, in)
				blockAVX2(&got.h, in)
				if got.h != want.h {
					t.Fatalf("%d blocks + %d bytes next to a guard page: blockAVX2 = %x, blockGeneric = %x", n, extra, got.h, want.h)
				}
			}
		}
	}
}
