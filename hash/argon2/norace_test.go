//go:build !race

package argon2

const raceEnabled = false
