//go:build !ctgrind || !valgrind || !linux || !amd64

package ctgrind

import "unsafe"

// Enabled reports whether this binary issues the client requests: it was
// built with the "ctgrind" and "valgrind" tags for linux/amd64.
const Enabled = false

func makeUndefined(p unsafe.Pointer, n uintptr) {}

func makeDefined(p unsafe.Pointer, n uintptr) {}
