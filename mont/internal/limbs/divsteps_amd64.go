//go:build gc && !purego

package limbs

//go:generate go run github.com/crypton-go/crypton/tools/asm/mont/divsteps -out divsteps_amd64.s

// InvertCTAsm is [Field.InvertCTGeneric] with the divsteps of
// divsteps_amd64.s and, for 5, 7 and 9 limbs of 62 bits (the moduli of
// P-256, P-384 and P-521), the matrix updates of divupdate_amd64.s; it
// needs only baseline amd64 and gives exactly the same result.
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

// divsteps62CTAsm computes what divsteps62CT computes, in constant time,
// and stores the matrix [u v; q r] in t as {u, v, q, r}. It needs only
// baseline amd64. (The parameters are f0 and g0 because g names a register
// in Go's assembler.)
//
//go:noescape
func divsteps62CTAsm(zeta int64, f0, g0 uint64, t *[4]int64) int64
