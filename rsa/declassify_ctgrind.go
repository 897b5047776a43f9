//go:build ctgrind

package rsa

import "github.com/crypton-go/crypton/internal/ctgrind"

// declassify tells valgrind's memcheck, in the builds of the constant-time
// check (tools/cmd/ctcheck), that *p may be branched on: it is derived from
// secrets, but the operation reveals it anyway (whether a decryption or a
// fault check succeeded, the length of a decrypted message).
func declassify[T any](p *T) { ctgrind.PublicValue(p) }
