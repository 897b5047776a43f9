// Package ctgrind lets tests ask valgrind's memcheck whether code runs in
// constant time with respect to its secrets.
//
// Memcheck tracks, for every bit of memory and every register, whether it is
// defined (initialised). It reports a conditional jump or a memory address
// computed from an undefined value. Marking the secret inputs of an
// operation undefined with [Secret] before running it therefore makes
// memcheck report every branch and every memory index that depends on a
// secret, which is what constant-time code must not have (the technique of
// Adam Langley's ctgrind, used by BoringSSL and aws-lc). Values the protocol
// reveals (a ciphertext, a public key, whether a tag matched) are marked
// defined again with [Public] before the caller acts on them.
//
// The client requests are issued only in binaries built with the build tags
// "ctgrind" and "valgrind" (the latter also tells Go's runtime to describe its
// allocator to valgrind) on linux/amd64; everywhere else [Secret] and
// [Public] do nothing and [Enabled] is false. Test files holding
// constant-time cases carry the constraint //go:build ctgrind, so that they
// are compiled only for the check; tools/cmd/ctcheck builds and runs them.
//
// Outside valgrind the requests are harmless no-ops, so a ctgrind binary also
// runs normally.
package ctgrind

import "unsafe"

// Secret marks the bytes of b as undefined for memcheck: from now on, until
// [Public] or an overwrite with defined data, memcheck reports any branch
// or memory address that depends on them.
func Secret(b []byte) {
	if len(b) > 0 {
		makeUndefined(unsafe.Pointer(unsafe.SliceData(b)), uintptr(len(b)))
	}
}

// Public marks the bytes of b as defined again: a value that the
// computation reveals (an output, a length, a verification result).
func Public(b []byte) {
	if len(b) > 0 {
		makeDefined(unsafe.Pointer(unsafe.SliceData(b)), uintptr(len(b)))
	}
}

// SecretValue is [Secret] for the memory of any value, such as an integer or
// an array of limbs.
func SecretValue[T any](p *T) {
	if n := unsafe.Sizeof(*p); n > 0 {
		makeUndefined(unsafe.Pointer(p), n)
	}
}

// PublicValue is [Public] for the memory of any value.
func PublicValue[T any](p *T) {
	if n := unsafe.Sizeof(*p); n > 0 {
		makeDefined(unsafe.Pointer(p), n)
	}
}
