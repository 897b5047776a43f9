//go:build race

package ecdsa

const raceEnabled = true
