//go:build race

package nistec

const raceEnabled = true
