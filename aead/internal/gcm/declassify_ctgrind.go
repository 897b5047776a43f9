//go:build ctgrind

package gcm

import "github.com/crypton-go/crypton/internal/ctgrind"

// declassify tells valgrind's memcheck, in the builds of the constant-time
// check (tools/cmd/ctcheck), that *p no longer depends on secrets in a way
// that matters: the protocol reveals it, so the code that follows may
// branch on it. It is called on the outcome of the tag check only.
func declassify[T any](p *T) { ctgrind.PublicValue(p) }
