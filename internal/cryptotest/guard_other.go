//go:build !linux

package cryptotest

import (
	"runtime"
	"testing"
)

// GuardedBytes would return n bytes that end exactly at an unreadable page
// and n bytes that start exactly after one; it only sets up guard pages on
// Linux, and elsewhere skips the test.
func GuardedBytes(t testing.TB, n int) (end, start []byte) {
	t.Helper()
	t.Skipf("GuardedBytes: guard pages are only set up on Linux, not on %s", runtime.GOOS)
	return nil, nil
}
