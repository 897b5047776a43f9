//go:build !ctgrind

package mldsa

// declassify marks b, a value derived from secrets but public by design,
// as public for the constant-time check. Outside the check's build (tag
// ctgrind, see declassify_ctgrind.go) it does nothing, and keeps nothing
// on the heap that would otherwise stay on the stack.
func declassify(b []byte) {}
