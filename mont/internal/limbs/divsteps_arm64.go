//go:build gc && !purego

package limbs

// The arm64 kernels of InvertCTAsm (divsteps_asm.go), in divsteps_arm64.s
// (tools/asm/mont/divstepsarm64; the go:generate line is in
// divsteps_arm64_gen.go). They need only baseline arm64 and are constant
// time.

// divsteps62CTAsm computes what divsteps62CT computes, in constant time,
// and stores the matrix [u v; q r] in t as {u, v, q, r}. (The parameters
// are f0 and g0 as in the amd64 declaration.)
//
//go:noescape
func divsteps62CTAsm(zeta int64, f0, g0 uint64, t *[4]int64) int64

// updateDEFGN does exactly updateDE(pd, pe, *t, m, minv, N) followed by
// updateFG(pf, pg, *t, N), for the N = n62 of P-256, P-384 and P-521, in
// constant time. The outputs *pd, *pe, *pf and *pg must not overlap each
// other, *m or *t.

//go:noescape
func updateDEFG5(pd, pe, pf, pg *s62, t *[4]int64, m *s62, minv uint64)

//go:noescape
func updateDEFG7(pd, pe, pf, pg *s62, t *[4]int64, m *s62, minv uint64)

//go:noescape
func updateDEFG9(pd, pe, pf, pg *s62, t *[4]int64, m *s62, minv uint64)
