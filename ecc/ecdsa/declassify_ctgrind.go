//go:build ctgrind

package ecdsa

import "github.com/crypton-go/crypton/internal/ctgrind"

// declassify tells valgrind's memcheck, in the builds of the constant-time
// check (tools/cmd/ctcheck), that *p may be branched on: the protocol
// reveals it. It is called on whether a candidate k (or a private scalar)
// is in range, on whether r or s is zero, and on a public key.
func declassify[T any](p *T) { ctgrind.PublicValue(p) }

// publicBytes is declassify for the contents of b: the x-coordinate of
// R = k·G, whose reduction r the signature reveals, the signature itself
// and the public key.
func publicBytes(b []byte) { ctgrind.Public(b) }
