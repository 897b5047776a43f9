package limbs

// SquareN sets z = x^(2^k) in Montgomery form: k squarings in a row, for a
// public k ≥ 0 (z = x for k = 0). With the assembly of [Field.SetAsm] the
// whole run is one call, the loop inside the kernel.
func (f *Field[T]) SquareN(z, x *T, k int) {
	switch len(*z) {
	case 4:
		SquareN4(asF4(f), as4(z), as4(x), k)
	case 6:
		SquareN6(asF6(f), as6(z), as6(x), k)
	case 9:
		SquareN9(asF9(f), as9(z), as9(x), k)
	}
}

// SquareN4 is [Field.SquareN] for 4 limbs.
func SquareN4(f *Field[[4]uint64], z, x *[4]uint64, k int) {
	if k <= 0 {
		*z = *x
		return
	}
	if haveAsm && f.asm != nil && *f.asm {
		if f.p256 {
			p256SquareRepMULX(z, x, k)
		} else {
			montSqr4RepMULX(z, x, &f.m, f.m0inv, k)
		}
		return
	}
	montMul4(z, x, x, &f.m, f.m0inv)
	for range k - 1 {
		montMul4(z, z, z, &f.m, f.m0inv)
	}
}

// SquareN6 is [Field.SquareN] for 6 limbs.
func SquareN6(f *Field[[6]uint64], z, x *[6]uint64, k int) {
	if k <= 0 {
		*z = *x
		return
	}
	if haveAsm && f.asm != nil && *f.asm {
		montSqr6RepMULX(z, x, &f.m, f.m0inv, k)
		return
	}
	montMul6(z, x, x, &f.m, f.m0inv)
	for range k - 1 {
		montMul6(z, z, z, &f.m, f.m0inv)
	}
}

// SquareN9 is [Field.SquareN] for 9 limbs.
func SquareN9(f *Field[[9]uint64], z, x *[9]uint64, k int) {
	if k <= 0 {
		*z = *x
		return
	}
	if haveAsm && f.asm != nil && *f.asm {
		if f.mersenne {
			sqr521RepMULX(z, x, k)
		} else {
			montSqr9RepMULX(z, x, &f.m, f.m0inv, k)
		}
		return
	}
	if f.mersenne {
		mul521(z, x, x)
		for range k - 1 {
			mul521(z, z, z)
		}
		return
	}
	montMul9(z, x, x, &f.m, f.m0inv)
	for range k - 1 {
		montMul9(z, z, z, &f.m, f.m0inv)
	}
}
