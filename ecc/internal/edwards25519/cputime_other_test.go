//go:build !linux

package edwards25519

import "testing"

// cpuTime reports nothing where the thread's CPU time is not available.
func cpuTime(b *testing.B) {}
