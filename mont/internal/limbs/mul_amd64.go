//go:build gc && !purego

package limbs

//go:generate go run github.com/crypton-go/crypton/tools/asm/mont/nist -out mul_amd64.s

// haveAsm reports whether this build has assembly kernels.
const haveAsm = true

// The kernels of mul_amd64.s need BMI2 and ADX; the packages that call
// Field.SetAsm check for them. montMul9MULX needs m < 2^574 and x < 2^575; the squarings need x < m.

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

//go:noescape
func p256MulMULX(z, x, y *[4]uint64)

//go:noescape
func p256SquareMULX(z, x *[4]uint64)

//go:noescape
func mul521MULX(z, x, y *[9]uint64)

//go:noescape
func sqr521MULX(z, x *[9]uint64)

// The repeated squarings, z = x^(2^k) for k ≥ 1 (sqrn.go).

//go:noescape
func p256SquareRepMULX(z, x *[4]uint64, k int)

//go:noescape
func montSqr4RepMULX(z, x, m *[4]uint64, m0inv uint64, k int)

//go:noescape
func montSqr6RepMULX(z, x, m *[6]uint64, m0inv uint64, k int)

//go:noescape
func montSqr9RepMULX(z, x, m *[9]uint64, m0inv uint64, k int)

//go:noescape
func sqr521RepMULX(z, x *[9]uint64, k int)
