//go:build ctgrind && valgrind && linux && amd64

package ctgrind

import "unsafe"

// Enabled reports whether this binary issues the client requests: it was
// built with the "ctgrind" and "valgrind" tags for linux/amd64.
const Enabled = true

// Memcheck's client request codes: the tool base ('M'<<24 | 'C'<<16) and
// the order of the requests in valgrind/memcheck.h, which valgrind keeps
// stable across releases.
const (
	reqMakeMemUndefined = 0x4d430001
	reqMakeMemDefined   = 0x4d430002
)

// clientRequest issues a valgrind client request with up to five
// arguments and returns valgrind's answer, or 0 when not running under
// valgrind. See request_amd64.s.
//
//go:noescape
func clientRequest(args *[6]uintptr) uintptr

func makeUndefined(p unsafe.Pointer, n uintptr) {
	clientRequest(&[6]uintptr{reqMakeMemUndefined, uintptr(p), n})
}

func makeDefined(p unsafe.Pointer, n uintptr) {
	clientRequest(&[6]uintptr{reqMakeMemDefined, uintptr(p), n})
}
