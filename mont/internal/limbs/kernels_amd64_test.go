//go:build gc && !purego

package limbs

import "github.com/crypton-go/crypton/cpufeat"

// asmOK is whether the assembly kernels can run here.
var asmOK = cpufeat.HasBMI2 && cpufeat.HasADX

// p256P is P-256's p, which has kernels of its own.
var p256P = [4]uint64{0xffffffffffffffff, 0x00000000ffffffff, 0x0000000000000000, 0xffffffff00000001}

// asmKernels returns the assembly kernels of f, as the field packages
// choose them: P-256's for its p, 2^521 − 1's for a field of plain values.
func asmKernels[T Limbs](f *Field[T]) Kernels[T] {
	var k any
	switch f := any(f).(type) {
	case *Field[[4]uint64]:
		if f.m == p256P {
			k = kernelsOf(MulP256MULX, SquareP256MULX, SquareNP256MULX)
		} else {
			k = kernelsOf(Mul4MULX, Square4MULX, SquareN4MULX)
		}
	case *Field[[6]uint64]:
		k = kernelsOf(Mul6MULX, Square6MULX, SquareN6MULX)
	case *Field[[9]uint64]:
		if f.k.Plain != nil {
			k = kernelsOf(Mul521MULX, Square521MULX, SquareN521MULX)
		} else {
			k = kernelsOf(Mul9MULX, Square9MULX, SquareN9MULX)
		}
	}
	ak := k.(Kernels[T])
	ak.Invert = func(f *Field[T], x T) T { f.InvertCTAsm(&x, &x); return x }
	ak.Sqrt, ak.Plain = f.k.Sqrt, f.k.Plain
	return ak
}
