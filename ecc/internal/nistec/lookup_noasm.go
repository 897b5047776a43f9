//go:build !amd64 || !gc || purego

package nistec

// lookup is lookupGeneric: there is no assembly scan on this platform.
func lookup[T any](out *T, table []T, idx int32) { lookupGeneric(out, table, idx) }
