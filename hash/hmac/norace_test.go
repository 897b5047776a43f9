//go:build !race

package hmac_test

// raceEnabled reports whether the race detector is on; it allocates behind
// the tests' backs, so the allocation tests skip.
const raceEnabled = false
