//go:build gc && !purego

package sha1

import (
	"os"
	"syscall"
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
)

// TestBlockAVX2Bounds runs blockAVX2 on inputs that end right before a page
// the process may not read, so that a read past the last whole block (for
// instance of a second block when the count is odd) crashes the test.
func TestBlockAVX2Bounds(t *testing.T) {
	if !cpufeat.Available(pkg, "AVX2") {
		t.Skipf("AVX2 implementation not available on this CPU or turned off by %s", cpufeat.EnvVar)
	}
	page := os.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[page:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	for i := range mem[:page] {
		mem[i] = byte(i * 7)
	}
	for nb := 1; nb <= 5; nb++ {
		for _, tail := range []int{0, 1, 63} {
			p := mem[page-nb*BlockSize-tail : page]
			var d digest
			d.h = iv
			h := d.h
			blockAVX2(&h, p)
			blockGeneric(&d, p)
			if h != d.h {
				t.Errorf("%d blocks + %d bytes at the end of a page: blockAVX2 = %08x, blockGeneric = %08x", nb, tail, h, d.h)
			}
		}
	}
}
