//go:build gc && !purego

package limbs

//go:generate go run github.com/crypton-go/crypton/tools/asm/mont/divsteps -out divsteps_amd64.s

// divsteps62CTAsm computes what divsteps62CT computes, in constant time,
// and stores the matrix [u v; q r] in t as {u, v, q, r}. It needs only
// baseline amd64. (The parameters are f0 and g0 because g names a register
// in Go's assembler.)
//
//go:noescape
func divsteps62CTAsm(zeta int64, f0, g0 uint64, t *[4]int64) int64
