//go:build race

package mldsa_test

const raceEnabled = true
