package aesgcmsiv

import "unsafe"

// unsafeExtend returns a slice of n bytes starting at b's first byte, for
// length checks that must reject it before reading past b.
func unsafeExtend(b []byte, n uint64) []byte {
	return unsafe.Slice(&b[0], int(n))
}
