//go:build !amd64 || !gc || purego

package limbs

// The stubs of the matrix updates in assembly (divupdate_amd64.go): never
// called in this build, where haveAsm is false.

func updateDEFG5(pd, pe, pf, pg *s62, t *[4]int64, m *s62, minv uint64) { panic("limbs: no assembly") }
func updateDEFG7(pd, pe, pf, pg *s62, t *[4]int64, m *s62, minv uint64) { panic("limbs: no assembly") }
func updateDEFG9(pd, pe, pf, pg *s62, t *[4]int64, m *s62, minv uint64) { panic("limbs: no assembly") }
