package limbs

// SquareN sets z = x^(2^k) in Montgomery form: k squarings in a row, for a
// public k ≥ 0 (z = x for k = 0), with the kernel given to [NewField]; the
// assembly kernels loop inside one call.
func (f *Field[T]) SquareN(z, x *T, k int) {
	if k <= 0 {
		*z = *x
		return
	}
	*z = f.k.SquareN(f, *x, k)
}

// squareNGeneric is k ≥ 1 squarings with f's Square kernel.
func (f *Field[T]) squareNGeneric(x T, k int) T {
	for range k {
		x = f.k.Square(f, x)
	}
	return x
}

// SquareN4 is the portable [Kernels.SquareN] for 4 limbs, k ≥ 1.
func SquareN4(f *Field[[4]uint64], z, x *[4]uint64, k int) {
	montMul4(z, x, x, &f.m, f.m0inv)
	for range k - 1 {
		montMul4(z, z, z, &f.m, f.m0inv)
	}
}

// SquareN6 is the portable [Kernels.SquareN] for 6 limbs, k ≥ 1.
func SquareN6(f *Field[[6]uint64], z, x *[6]uint64, k int) {
	montMul6(z, x, x, &f.m, f.m0inv)
	for range k - 1 {
		montMul6(z, z, z, &f.m, f.m0inv)
	}
}

// SquareN9 is the portable [Kernels.SquareN] for 9 limbs, k ≥ 1.
func SquareN9(f *Field[[9]uint64], z, x *[9]uint64, k int) {
	montMul9(z, x, x, &f.m, f.m0inv)
	for range k - 1 {
		montMul9(z, z, z, &f.m, f.m0inv)
	}
}
