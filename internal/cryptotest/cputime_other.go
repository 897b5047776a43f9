//go:build !linux

package cryptotest

import "testing"

// CPUTime reports nothing where the thread's CPU time is not available.
func CPUTime(b *testing.B) {}
