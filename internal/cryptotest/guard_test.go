package cryptotest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unsafe"
)

// guardSink keeps the loads of the guard tests from being optimized away.
var guardSink byte

// loadAt reads the byte i bytes from the start of b, inside b or not.
func loadAt(b []byte, i int) byte {
	return *(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i))
}

func TestGuardedBytes(t *testing.T) {
	page := os.Getpagesize()
	for _, n := range []int{0, 1, 63, page - 1, page, page + 1, 2*page + 5} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			end, start := GuardedBytes(t, n)
			for name, b := range map[string][]byte{"end": end, "start": start} {
				if len(b) != n || cap(b) != n {
					t.Fatalf("%s has length %d and capacity %d, want %d and %d", name, len(b), cap(b), n, n)
				}
			}
			endAt := uintptr(unsafe.Pointer(unsafe.SliceData(end))) + uintptr(n)
			startAt := uintptr(unsafe.Pointer(unsafe.SliceData(start)))
			if endAt%uintptr(page) != 0 || startAt%uintptr(page) != 0 {
				t.Fatalf("end ends at %#x and start starts at %#x, want both on a %d-byte page boundary", endAt, startAt, page)
			}
			if startAt < endAt && endAt-uintptr(n) < startAt+uintptr(n) {
				t.Fatalf("end (ending at %#x) and start (starting at %#x) overlap", endAt, startAt)
			}
			if n == 0 {
				return
			}
			if bytes.Count(end, []byte{0}) == n || bytes.Count(start, []byte{0}) == n {
				t.Errorf("the bytes are all zero, want pseudo-random ones")
			}

			// Every byte can be read and written; the ones just outside fault.
			for _, b := range [][]byte{end, start} {
				for i := range b {
					b[i] ^= 0xff
				}
			}
			for _, c := range []struct {
				name  string
				b     []byte
				i     int
				fault bool
			}{
				{"the last byte of end", end, n - 1, false},
				{"the byte after end", end, n, true},
				{"the first byte of start", start, 0, false},
				{"the byte before start", start, -1, true},
			} {
				err := catchFault(func() { guardSink = loadAt(c.b, c.i) }, c.b)
				switch {
				case c.fault && err == nil:
					t.Errorf("reading %s did not fault", c.name)
				case c.fault && !strings.Contains(err.Error(), fmt.Sprintf("byte %d relative to the start of its %d-byte input", c.i, n)):
					t.Errorf("reading %s: the fault is reported as %q, want it at byte %d", c.name, err, c.i)
				case !c.fault && err != nil:
					t.Errorf("reading %s: %v", c.name, err)
				}
			}
		})
	}
}

// faultEnv tells TestGuardedBytesCrash, re-executed, to read outside the
// guarded bytes: "end" past end, "start" before start.
const faultEnv = "CRYPTOTEST_GUARD_FAULT"

// TestGuardedBytesCrash checks, in a subprocess, that reading one byte past
// end or one byte before start of GuardedBytes crashes the test binary with
// a fault at that very address.
func TestGuardedBytesCrash(t *testing.T) {
	end, start := GuardedBytes(t, 100) // skips where there are no guard pages
	if side := os.Getenv(faultEnv); side != "" {
		b, i := end, len(end)
		if side == "start" {
			b, i = start, -1
		}
		fmt.Fprintf(os.Stderr, "reading %#x\n", uintptr(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i)))
		guardSink = loadAt(b, i)
		t.Fatalf("reading byte %d of %s did not fault", i, side)
	}
	for _, side := range []string{"end", "start"} {
		t.Run(side, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command(os.Args[0], "-test.run=^TestGuardedBytesCrash$")
			cmd.Env = append(os.Environ(), faultEnv+"="+side)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("reading outside %s: the subprocess did not crash; output:\n%s", side, out)
			}
			if _, ok := err.(*exec.ExitError); !ok {
				t.Fatalf("running %s: %v", os.Args[0], err)
			}
			addr, _, _ := strings.Cut(strings.TrimPrefix(string(out), "reading "), "\n")
			if !strings.HasPrefix(string(out), "reading 0x") || !strings.Contains(string(out), "unexpected fault address "+addr+"\n") ||
				!strings.Contains(string(out), "SIGSEGV") {
				t.Fatalf("reading outside %s: the subprocess did not crash with a SIGSEGV at the address it read; output:\n%s", side, out)
			}
		})
	}
}
