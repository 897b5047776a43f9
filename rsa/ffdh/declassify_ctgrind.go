//go:build ctgrind

package ffdh

import "github.com/crypton-go/crypton/internal/ctgrind"

// declassify tells valgrind's memcheck, in the builds of the constant-time
// check (tools/cmd/ctcheck), that *p may be branched on: it is derived from
// secrets, but the function reveals it anyway in its error (whether a
// private key is in range, whether a shared secret is 1).
func declassify[T any](p *T) { ctgrind.PublicValue(p) }
