//go:build !race

package nistec

const raceEnabled = false
