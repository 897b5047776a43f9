//go:build !amd64 || !gc || purego

package limbs

// divsteps62CTAsm is never called in builds without assembly; the stub lets
// the code that chooses it compile unchanged.
func divsteps62CTAsm(zeta int64, f0, g0 uint64, t *[4]int64) int64 { panic("limbs: no assembly") }
