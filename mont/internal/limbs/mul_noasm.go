//go:build !amd64 || !gc || purego

package limbs

// haveAsm reports whether this build has assembly kernels.
const haveAsm = false

func mulAsm[T Limbs](f *Field[T], z, x, y *T) { panic("unreachable") }

func squareAsm[T Limbs](f *Field[T], z, x *T) { panic("unreachable") }
