//go:build (!amd64 && !arm64) || !gc || purego

package limbs

// batch is batchGeneric: this build has no assembly (asm is always false).
func batch(_ bool, n int, zeta int64, pd, pe, pf, pg, m *s62, minv uint64) int64 {
	return batchGeneric(n, zeta, pd, pe, pf, pg, m, minv)
}
