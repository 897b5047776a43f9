//go:build ctgrind

package ecdh

import "github.com/crypton-go/crypton/internal/ctgrind"

// declassify tells valgrind's memcheck, in the builds of the constant-time
// check (tools/cmd/ctcheck), that *p may be branched on: the protocol
// reveals it. It is called only on whether the X25519 shared secret is
// zero, which ECDH reveals with its error.
func declassify[T any](p *T) { ctgrind.PublicValue(p) }
