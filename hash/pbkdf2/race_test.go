//go:build race

package pbkdf2_test

// raceEnabled reports whether the race detector is on; it allocates behind
// the tests' backs, so the allocation tests skip.
const raceEnabled = true
