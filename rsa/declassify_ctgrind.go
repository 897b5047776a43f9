//go:build ctgrind

package rsa

import "github.com/crypton-go/crypton/internal/ctgrind"

// declassify tells valgrind's memcheck, in the builds of the constant-time
// check (tools/cmd/ctcheck), that *p may be branched on: it is derived from
// secrets, but the operation reveals it anyway (whether a decryption or a
// fault check succeeded, the length of a decrypted message).
func declassify[T any](p *T) { ctgrind.PublicValue(p) }

// declassifyBytes is declassify for the bytes of b: a value that the
// operation reveals anyway (the encoded message of a signature, which
// anyone recovers from the signature with the public key).
func declassifyBytes(b []byte) { ctgrind.Public(b) }

// reveal returns v, declassified: the outcome of a check that the caller
// makes public (an error, a discarded value).
func reveal[T any](v T) T {
	declassify(&v)
	return v
}
