//go:build !race

package ecdsa

const raceEnabled = false
