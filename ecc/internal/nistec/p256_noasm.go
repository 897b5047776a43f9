//go:build !amd64 || !gc || purego

package nistec

// On this platform P-256 uses the generic point code: p256Data leaves its
// assembly hooks nil.
