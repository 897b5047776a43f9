//go:build !ctgrind

package rsa

// declassify does nothing outside the builds of the constant-time check;
// see declassify_ctgrind.go.
func declassify[T any](*T) {}

// declassifyBytes does nothing outside the builds of the constant-time
// check; see declassify_ctgrind.go.
func declassifyBytes([]byte) {}

// reveal returns v, declassified: the outcome of a check that the caller
// makes public (an error, a discarded value).
func reveal[T any](v T) T {
	declassify(&v)
	return v
}
