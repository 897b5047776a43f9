//go:build gc && !purego

package limbs

//go:generate go run github.com/crypton-go/crypton/tools/asm/mont/nist -out mul_amd64.s

// The assembly kernels of mul_amd64.s (tools/asm/mont/nist), as
// [Kernels]: MULX/ADCX/ADOX Montgomery multiplication for any modulus of 4,
// 6 or 9 limbs and squarings (the kernels of P-256's p and of 2^521 − 1 are
// generated into mont/p256 and mont/p521). They need BMI2 and ADX: the
// caller checks (its cpufeat flag). They give exactly the limbs of the
// portable kernels.

// Mul4MULX is [Mul4] in assembly.
func Mul4MULX(f *Field[[4]uint64], z, x, y *[4]uint64) { montMul4MULX(z, x, y, &f.m, f.m0inv) }

// Square4MULX is [Square4] in assembly.
func Square4MULX(f *Field[[4]uint64], z, x *[4]uint64) { montSqr4MULX(z, x, &f.m, f.m0inv) }

// SquareN4MULX is [SquareN4] in assembly, k ≥ 1.
func SquareN4MULX(f *Field[[4]uint64], z, x *[4]uint64, k int) {
	montSqr4RepMULX(z, x, &f.m, f.m0inv, k)
}

// Mul6MULX is [Mul6] in assembly.
func Mul6MULX(f *Field[[6]uint64], z, x, y *[6]uint64) { montMul6MULX(z, x, y, &f.m, f.m0inv) }

// Square6MULX is [Square6] in assembly.
func Square6MULX(f *Field[[6]uint64], z, x *[6]uint64) { montSqr6MULX(z, x, &f.m, f.m0inv) }

// SquareN6MULX is [SquareN6] in assembly, k ≥ 1.
func SquareN6MULX(f *Field[[6]uint64], z, x *[6]uint64, k int) {
	montSqr6RepMULX(z, x, &f.m, f.m0inv, k)
}

// Mul9MULX is [Mul9] in assembly.
func Mul9MULX(f *Field[[9]uint64], z, x, y *[9]uint64) { montMul9MULX(z, x, y, &f.m, f.m0inv) }

// Square9MULX is [Square9] in assembly.
func Square9MULX(f *Field[[9]uint64], z, x *[9]uint64) { montSqr9MULX(z, x, &f.m, f.m0inv) }

// SquareN9MULX is [SquareN9] in assembly, k ≥ 1.
func SquareN9MULX(f *Field[[9]uint64], z, x *[9]uint64, k int) {
	montSqr9RepMULX(z, x, &f.m, f.m0inv, k)
}

// montMul9MULX needs m < 2^574 and x < 2^575; the squarings need x < m.

//go:noescape
func montMul4MULX(z, x, y, m *[4]uint64, m0inv uint64)

//go:noescape
func montMul6MULX(z, x, y, m *[6]uint64, m0inv uint64)

//go:noescape
func montMul9MULX(z, x, y, m *[9]uint64, m0inv uint64)

//go:noescape
func montSqr4MULX(z, x, m *[4]uint64, m0inv uint64)

//go:noescape
func montSqr6MULX(z, x, m *[6]uint64, m0inv uint64)

//go:noescape
func montSqr9MULX(z, x, m *[9]uint64, m0inv uint64)

// The repeated squarings, z = x^(2^k) for k ≥ 1.

//go:noescape
func montSqr4RepMULX(z, x, m *[4]uint64, m0inv uint64, k int)

//go:noescape
func montSqr6RepMULX(z, x, m *[6]uint64, m0inv uint64, k int)

//go:noescape
func montSqr9RepMULX(z, x, m *[9]uint64, m0inv uint64, k int)
