//go:build !amd64 || !gc || purego

package nistec

// On this platform P-256 and P-521 use the generic point code: p256Data
// and p521Data leave their assembly hooks nil.
