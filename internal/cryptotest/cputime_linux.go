//go:build linux

package cryptotest

import (
	"runtime"
	"syscall"
	"testing"
	"time"
)

// threadCPU returns the CPU time the calling thread has used.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// CPUTime makes b report, besides the wall-clock ns/op, the CPU time per
// operation of the benchmark's thread as "cpu-ns/op". That is what
// `openssl speed` divides by unless given -elapsed, and a busy shared
// machine disturbs it less than the wall clock. Call it before the loop; it
// locks the goroutine to its thread until the benchmark ends.
//
// Where the thread's CPU time is not available (every system but Linux),
// CPUTime reports nothing.
func CPUTime(b *testing.B) {
	runtime.LockOSThread()
	start := threadCPU()
	b.Cleanup(func() {
		if b.N > 0 {
			b.ReportMetric(float64(threadCPU()-start)/float64(b.N), "cpu-ns/op")
		}
		runtime.UnlockOSThread()
	})
}
