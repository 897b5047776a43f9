//go:build gc && !purego

package limbs

import "github.com/crypton-go/crypton/cpufeat"

// asmOK is whether the assembly kernels can run here.
var asmOK = cpufeat.HasBMI2 && cpufeat.HasADX

// asmKernels returns the assembly kernels of f: the Montgomery kernels of
// its size, with the inversion in assembly. A field of plain values keeps
// its own multiplication (the kernels of 2^521 − 1 are mont/p521's).
func asmKernels[T Limbs](f *Field[T]) Kernels[T] {
	var k any
	switch f := any(f).(type) {
	case *Field[[4]uint64]:
		k = kernelsOf(Mul4MULX, Square4MULX, SquareN4MULX)
	case *Field[[6]uint64]:
		k = kernelsOf(Mul6MULX, Square6MULX, SquareN6MULX)
	case *Field[[9]uint64]:
		if f.k.Plain != nil {
			k = f.k
		} else {
			k = kernelsOf(Mul9MULX, Square9MULX, SquareN9MULX)
		}
	}
	ak := k.(Kernels[T])
	ak.Invert = func(f *Field[T], x T) T { f.InvertCTAsm(&x, &x); return x }
	ak.Sqrt, ak.Plain = f.k.Sqrt, f.k.Plain
	return ak
}
