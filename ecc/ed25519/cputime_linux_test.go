//go:build linux

package ed25519_test

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

// cpuTime makes b report, besides the wall-clock ns/op, the CPU time per
// operation of the benchmark's thread as "cpu-ns/op", which is what
// `openssl speed` divides by (it counts user CPU time unless given
// -elapsed), and which a busy shared machine disturbs less than the wall
// clock. Call it before the loop; it locks the goroutine to its thread.
func cpuTime(b *testing.B) {
	runtime.LockOSThread()
	start := threadCPU()
	b.Cleanup(func() {
		if b.N > 0 {
			b.ReportMetric(float64(threadCPU()-start)/float64(b.N), "cpu-ns/op")
		}
		runtime.UnlockOSThread()
	})
}
