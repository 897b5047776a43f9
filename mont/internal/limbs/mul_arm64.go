//go:build gc && !purego

package limbs

// The assembly kernels of mul_arm64.s (tools/asm/mont/nistarm64) in the
// shape of the portable ones: Montgomery multiplication (MUL/UMULH and
// ADDS/ADCS chains) for any odd modulus of 4, 6 or 9 limbs, squarings
// that take each cross product once, and for each squaring a loop of k of
// them. They need only baseline arm64, and give exactly the limbs of the
// portable kernels; the field packages choose them.

// Mul4ARM64 is [Mul4] in assembly.
func Mul4ARM64(f *Field[[4]uint64], z, x, y *[4]uint64) { montMul4ARM64(z, x, y, &f.m, f.m0inv) }

// Square4ARM64 is [Square4] in assembly.
func Square4ARM64(f *Field[[4]uint64], z, x *[4]uint64) { montSqr4ARM64(z, x, &f.m, f.m0inv) }

// SquareN4ARM64 is [SquareN4] in assembly, k ≥ 1.
func SquareN4ARM64(f *Field[[4]uint64], z, x *[4]uint64, k int) {
	montSqr4RepARM64(z, x, &f.m, f.m0inv, k)
}

// Mul6ARM64 is [Mul6] in assembly.
func Mul6ARM64(f *Field[[6]uint64], z, x, y *[6]uint64) { montMul6ARM64(z, x, y, &f.m, f.m0inv) }

// Square6ARM64 is [Square6] in assembly.
func Square6ARM64(f *Field[[6]uint64], z, x *[6]uint64) { montSqr6ARM64(z, x, &f.m, f.m0inv) }

// SquareN6ARM64 is [SquareN6] in assembly, k ≥ 1.
func SquareN6ARM64(f *Field[[6]uint64], z, x *[6]uint64, k int) {
	montSqr6RepARM64(z, x, &f.m, f.m0inv, k)
}

// Mul9ARM64 is [Mul9] in assembly.
func Mul9ARM64(f *Field[[9]uint64], z, x, y *[9]uint64) { montMul9ARM64(z, x, y, &f.m, f.m0inv) }

// Square9ARM64 is [Square9] in assembly.
func Square9ARM64(f *Field[[9]uint64], z, x *[9]uint64) { montSqr9ARM64(z, x, &f.m, f.m0inv) }

// SquareN9ARM64 is [SquareN9] in assembly, k ≥ 1.
func SquareN9ARM64(f *Field[[9]uint64], z, x *[9]uint64, k int) {
	montSqr9RepARM64(z, x, &f.m, f.m0inv, k)
}

// The multiplications take x < 2^(64·N) and y < m, as montMul4/6/9; the
// squarings take x < m.

//go:noescape
func montMul4ARM64(z, x, y, m *[4]uint64, m0inv uint64)

//go:noescape
func montMul6ARM64(z, x, y, m *[6]uint64, m0inv uint64)

//go:noescape
func montMul9ARM64(z, x, y, m *[9]uint64, m0inv uint64)

//go:noescape
func montSqr4ARM64(z, x, m *[4]uint64, m0inv uint64)

//go:noescape
func montSqr6ARM64(z, x, m *[6]uint64, m0inv uint64)

//go:noescape
func montSqr9ARM64(z, x, m *[9]uint64, m0inv uint64)

// The repeated squarings, z = x^(2^k) for k ≥ 1.

//go:noescape
func montSqr4RepARM64(z, x, m *[4]uint64, m0inv uint64, k int)

//go:noescape
func montSqr6RepARM64(z, x, m *[6]uint64, m0inv uint64, k int)

//go:noescape
func montSqr9RepARM64(z, x, m *[9]uint64, m0inv uint64, k int)
