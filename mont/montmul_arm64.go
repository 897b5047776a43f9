//go:build gc && !purego

package mont

import "github.com/crypton-go/crypton/cpufeat"

// useARM64 enables the Montgomery kernel of montmul_arm64.s. It needs only
// the base ARMv8-A instruction set (MUL, UMULH, ADDS/ADCS, CSEL); it is tied
// to the Advanced SIMD flag, which every ARMv8-A CPU has, so that
// CRYPTON_CPU=generic (or -asimd) turns it off like every other assembly
// path.
var useARM64 = cpufeat.HasARM64ASIMD

func init() {
	cpufeat.Register("mont", "ARM64", &useARM64)
}

// arm64MaxLimbs is the largest modulus, in limbs, that montMulARM64 has
// stack space for. It must match the frame size in montmul_arm64.s.
const arm64MaxLimbs = 130

// montMulARM64 sets z = x·y·R⁻¹ mod m for 1 ≤ n ≤ arm64MaxLimbs; all four
// point to n limbs. See montMulGeneric.
//
//go:noescape
func montMulARM64(z, x, y, m *uint64, n int, m0inv uint64)

// montMul sets z = x·y·R⁻¹ mod m; see montMulGeneric. All four slices have
// the length of m.
func montMul(z, x, y, m []uint64, m0inv uint64) {
	n := len(m)
	if !useARM64 || n == 0 || n > arm64MaxLimbs {
		montMulGeneric(z, x, y, m, m0inv)
		return
	}
	// Bounds checks: the kernel reads and writes n limbs of each slice.
	z, x, y = z[:n], x[:n], y[:n]
	montMulARM64(&z[0], &x[0], &y[0], &m[0], n, m0inv)
}

// montSqr sets z = x·x·R⁻¹ mod m; see montSqrGeneric. All three slices have
// the length of m. There is no dedicated squaring kernel on arm64: it is the
// multiplication.
func montSqr(z, x, m []uint64, m0inv uint64) {
	n := len(m)
	if !useARM64 || n == 0 || n > arm64MaxLimbs {
		montSqrGeneric(z, x, m, m0inv)
		return
	}
	z, x = z[:n], x[:n]
	montMulARM64(&z[0], &x[0], &x[0], &m[0], n, m0inv)
}

// selectEntry copies entry k of the table of n-limb entries into z in
// constant time; see selectEntryGeneric.
func selectEntry(z []uint64, table []uint64, n int, k uint64) { selectEntryGeneric(z, table, n, k) }
