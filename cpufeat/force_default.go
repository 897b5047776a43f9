//go:build !ctgrind

package cpufeat

// force does nothing outside the constant-time check's builds; see
// force_ctgrind.go.
func force() {}
