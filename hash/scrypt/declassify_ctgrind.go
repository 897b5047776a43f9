//go:build ctgrind

package scrypt

import "github.com/crypton-go/crypton/internal/ctgrind"

// declassify tells valgrind's memcheck, in the builds of the constant-time
// check (tools/cmd/ctcheck), that *p may be used as an address: it is the
// index Integerify(X) mod N of ROMix's second loop, which depends on the
// password by the design of scrypt (see the package documentation). Marking
// it lets the check verify everything else.
func declassify[T any](p *T) { ctgrind.PublicValue(p) }
