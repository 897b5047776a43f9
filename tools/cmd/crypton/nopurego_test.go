//go:build !purego

package main

// buildTags are the build tags the test binary was built with that decide
// which library files register implementations.
var buildTags []string
