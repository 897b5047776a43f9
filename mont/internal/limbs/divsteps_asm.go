//go:build (amd64 || arm64) && gc && !purego

package limbs

// InvertCTAsm is [Field.InvertCTGeneric] with the divsteps in assembly
// (divsteps_amd64.s on amd64, divsteps_arm64.s on arm64) and, for 5, 7
// and 9 limbs of 62 bits (the moduli of P-256, P-384 and P-521), the
// matrix updates too (divupdate_amd64.s, divsteps_arm64.s); it needs only
// baseline amd64 or arm64 and gives exactly the same result.
func (f *Field[T]) InvertCTAsm(z, x *T) { f.invertCT(z, x, true) }

// batch is batchAsm if asm is set and batchGeneric otherwise.
func batch(asm bool, n int, zeta int64, pd, pe, pf, pg, m *s62, minv uint64) int64 {
	if asm {
		return batchAsm(n, zeta, pd, pe, pf, pg, m, minv)
	}
	return batchGeneric(n, zeta, pd, pe, pf, pg, m, minv)
}

// batchAsm is batchGeneric in assembly.
func batchAsm(n int, zeta int64, pd, pe, pf, pg, m *s62, minv uint64) int64 {
	var t [4]int64
	zeta = divsteps62CTAsm(zeta, uint64(pf[0]), uint64(pg[0]), &t)
	switch n {
	case 5:
		updateDEFG5(pd, pe, pf, pg, &t, m, minv)
	case 7:
		updateDEFG7(pd, pe, pf, pg, &t, m, minv)
	case 9:
		updateDEFG9(pd, pe, pf, pg, &t, m, minv)
	default:
		updateDE(pd, pe, t, m, minv, n)
		updateFG(pf, pg, t, n)
	}
	return zeta
}
