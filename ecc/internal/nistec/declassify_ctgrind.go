//go:build ctgrind

package nistec

import "github.com/crypton-go/crypton/internal/ctgrind"

// declassify tells valgrind's memcheck, in the builds of the constant-time
// check (tools/cmd/ctcheck), that *p may be branched on. It is called only
// on whether a point being encoded is the point at infinity, which the
// encoding reveals.
func declassify[T any](p *T) { ctgrind.PublicValue(p) }
