//go:build gc && !purego

package limbs

//go:generate go run github.com/crypton-go/crypton/tools/asm/mont/divupdate -out divupdate_amd64.s

// The matrix updates of the divsteps inversions in assembly
// (tools/asm/mont/divupdate), baseline amd64: updateDEFGN does exactly
// updateDE(pd, pe, *t, m, minv, N) followed by updateFG(pf, pg, *t, N), for
// the N = n62 of P-256, P-384 and P-521, in constant time. The outputs *pd,
// *pe, *pf and *pg must not overlap each other, *m or *t.

//go:noescape
func updateDEFG5(pd, pe, pf, pg *s62, t *[4]int64, m *s62, minv uint64)

//go:noescape
func updateDEFG7(pd, pe, pf, pg *s62, t *[4]int64, m *s62, minv uint64)

//go:noescape
func updateDEFG9(pd, pe, pf, pg *s62, t *[4]int64, m *s62, minv uint64)
