//go:build !race

package mlkem_test

const raceEnabled = false
