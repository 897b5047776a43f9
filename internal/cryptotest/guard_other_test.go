//go:build !linux

package cryptotest

import (
	"strings"
	"testing"
)

func TestGuardedBytesSkips(t *testing.T) {
	r := &recorder{TB: t}
	r.run(func(tb testing.TB) { GuardedBytes(tb, 1) })
	if !r.skipped || !strings.Contains(r.msg, "only set up on Linux") {
		t.Errorf("GuardedBytes did not skip with a message saying guard pages are only set up on Linux: skipped = %v, message %q", r.skipped, r.msg)
	}
}
