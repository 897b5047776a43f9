//go:build !race

package scrypt

// raceEnabled reports whether the race detector is on; it allocates behind
// the tests' backs, so the allocation test skips.
const raceEnabled = false
