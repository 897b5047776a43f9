//go:build !linux

package ed25519_test

import "testing"

// cpuTime reports nothing where the thread's CPU time is not available.
func cpuTime(b *testing.B) {}
