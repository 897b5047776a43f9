//go:build !ctgrind

package ecdsa

// declassify and publicBytes do nothing outside the builds of the
// constant-time check; see declassify_ctgrind.go.
func declassify[T any](*T) {}

func publicBytes([]byte) {}
