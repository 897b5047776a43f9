//go:build (!amd64 && !arm64) || !gc || purego

package limbs

// asmOK is false: this build has no assembly kernels.
const asmOK = false

// asmKernels returns f's own kernels; it is never called in this build.
func asmKernels[T Limbs](f *Field[T]) Kernels[T] { return f.k }
