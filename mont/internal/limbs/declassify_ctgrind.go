//go:build ctgrind

package limbs

import "github.com/crypton-go/crypton/internal/ctgrind"

// declassify tells valgrind's memcheck, in the builds of the constant-time
// check (tools/cmd/ctcheck), that *p may be branched on: it is derived from
// secrets, but only as the outcome of a check that returns an error.
func declassify[T any](p *T) { ctgrind.PublicValue(p) }
