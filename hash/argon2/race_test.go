//go:build race

package argon2

// raceEnabled reports whether the race detector is on: it makes sync.Pool
// drop items at random, so the tests of the pool do not count on reuse.
const raceEnabled = true
