// Package alias reports whether byte slices share memory, for the checks
// that cipher.Stream and cipher.AEAD implementations make on their buffers,
// and extends a destination slice the way cipher.AEAD's Seal and Open append
// to dst.
package alias

import "unsafe"

// AnyOverlap reports whether x and y share any element of memory. Empty
// slices share nothing.
func AnyOverlap(x, y []byte) bool {
	if len(x) == 0 || len(y) == 0 {
		return false
	}
	// Compare the addresses of the first and last elements: the two ranges
	// [x0, xn] and [y0, yn] intersect unless one ends before the other starts.
	x0 := uintptr(unsafe.Pointer(&x[0]))
	xn := uintptr(unsafe.Pointer(&x[len(x)-1]))
	y0 := uintptr(unsafe.Pointer(&y[0]))
	yn := uintptr(unsafe.Pointer(&y[len(y)-1]))
	return x0 <= yn && y0 <= xn
}

// InexactOverlap reports whether x and y share memory at any position other
// than the same index in both: x[i] and y[j] are the same byte for some
// i != j. Slices that start at the same address (exact overlap, as in
// in-place encryption) or that do not overlap at all return false. Callers
// pass slices of the same length, such as dst truncated to len(src).
func InexactOverlap(x, y []byte) bool {
	if len(x) == 0 || len(y) == 0 {
		return false
	}
	// AnyOverlap's test, with the start addresses different; written out so
	// that the function is small enough to be inlined.
	x0 := uintptr(unsafe.Pointer(unsafe.SliceData(x)))
	y0 := uintptr(unsafe.Pointer(unsafe.SliceData(y)))
	return x0 != y0 && x0 <= y0+uintptr(len(y)-1) && y0 <= x0+uintptr(len(x)-1)
}

// SliceForAppend extends in by n bytes, in place if its capacity allows and
// in a new array otherwise, and returns the extended slice and its last n
// bytes (where an AEAD writes its output, so that the caller can check them
// for overlap with its inputs).
func SliceForAppend(in []byte, n int) (head, tail []byte) {
	if total := len(in) + n; cap(in) >= total {
		head = in[:total]
	} else {
		head = make([]byte, total)
		copy(head, in)
	}
	tail = head[len(in):]
	return head, tail
}
