package cryptotest

import (
	"os"
	"syscall"
	"testing"
	"unsafe"
)

// GuardedBytes returns two n-byte slices of pseudo-random bytes: end, which
// ends exactly where a page the process cannot read or write begins, and
// start, which starts exactly where such a page ends. Code that reads or
// writes even one byte past the end of end, or before the start of start,
// faults; without [runtime/debug.SetPanicOnFault], that crashes the test binary.
// The two slices do not overlap, and each has a capacity of n, so that
// appending to them reallocates instead of reaching the guard page. For n
// == 0 both are empty, but still point at the edges of the guard page.
//
// The memory is mapped with mmap and unmapped by t.Cleanup; the slices must
// not be used after the test. GuardedBytes skips the test on systems other
// than Linux, where it does not set up guard pages.
func GuardedBytes(t testing.TB, n int) (end, start []byte) {
	t.Helper()
	if n < 0 {
		t.Fatalf("GuardedBytes(%d): negative length", n)
	}
	// Layout: k pages holding end at their end, one guard page, k pages
	// holding start at their start.
	page := os.Getpagesize()
	k := max(1, (n+page-1)/page)
	mem, err := syscall.Mmap(-1, 0, (2*k+1)*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("GuardedBytes: mmap of %d bytes: %v", (2*k+1)*page, err)
	}
	t.Cleanup(func() {
		if err := syscall.Munmap(mem); err != nil {
			t.Errorf("GuardedBytes: munmap: %v", err)
		}
	})
	guard := k * page
	r := newPRNG("guarded bytes")
	r.read(mem[:guard])
	r.read(mem[guard+page:])
	if err := syscall.Mprotect(mem[guard:guard+page], syscall.PROT_NONE); err != nil {
		t.Fatalf("GuardedBytes: mprotect of the guard page: %v", err)
	}
	// unsafe.Slice rather than slice expressions, which would leave the
	// pointer of an empty slice at the start of mem instead of at the guard.
	return unsafe.Slice(&mem[guard-n], n), unsafe.Slice(&mem[guard+page], n)
}
