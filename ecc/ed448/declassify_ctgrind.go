//go:build ctgrind

package ed448

import "github.com/crypton-go/crypton/internal/ctgrind"

// declassify tells valgrind's memcheck, in the builds of the constant-time
// check (tools/cmd/ctcheck), that *p may be branched on: the protocol
// reveals it. It is called only on whether a private key's public half
// matches its seed, which signing reveals with its error, on whether a
// key equals its cached copy (a key is not secret from itself), and on
// the public half of a key, the index of the key cache (the public key,
// or what a caller put in its place).
func declassify[T any](p *T) { ctgrind.PublicValue(p) }
