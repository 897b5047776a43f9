//go:build gc && !purego

package mont

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/mont -out montmul_amd64.s

// useMULX enables the MULX/ADCX/ADOX kernels of montmul_amd64.s.
var useMULX = cpufeat.HasBMI2 && cpufeat.HasADX

// useAVX2 enables the AVX2 table scan of Exp (selectAVX2).
var useAVX2 = cpufeat.HasAVX2

func init() {
	// Two independent kernels that run together, each under its own name:
	// the Montgomery arithmetic ("mont") and the constant-time table scan
	// of Exp ("mont/select").
	cpufeat.Register("mont", "MULX/ADX", &useMULX)
	cpufeat.Register("mont/select", "AVX2", &useAVX2)
}

// selectAVX2 sets z to entry k of table (count entries of n limbs), reading
// every entry; see selectEntryGeneric. n must be a positive multiple of 8.
//
//go:noescape
func selectAVX2(z, table *uint64, n, count int, k uint64)

// selectEntry copies entry k of the table of n-limb entries into z in
// constant time.
func selectEntry(z []uint64, table []uint64, n int, k uint64) {
	if !useAVX2 || n == 0 || n%8 != 0 || len(table) < n {
		selectEntryGeneric(z, table, n, k)
		return
	}
	count := len(table) / n
	z = z[:n]
	table = table[:count*n]
	selectAVX2(&z[0], &table[0], n, count, k)
}

// loopMaxLimbs is the largest modulus, in limbs, that montMulLoop has stack
// space for. It must match the constant in tools/asm/mont.
const loopMaxLimbs = 130

// The fixed-size kernels take pointers to the first limb of slices of exactly
// 16, 24, 32, 48 or 64 limbs; montMulLoop takes the length, 1 ≤ n ≤
// loopMaxLimbs. They all need BMI2 and ADX.

//go:noescape
func montMul1024(z, x, y, m *uint64, m0inv uint64)

//go:noescape
func montMul1536(z, x, y, m *uint64, m0inv uint64)

//go:noescape
func montMul2048(z, x, y, m *uint64, m0inv uint64)

//go:noescape
func montMul3072(z, x, y, m *uint64, m0inv uint64)

//go:noescape
func montMul4096(z, x, y, m *uint64, m0inv uint64)

//go:noescape
func montSqr1024(z, x, m *uint64, m0inv uint64)

//go:noescape
func montSqr1536(z, x, m *uint64, m0inv uint64)

//go:noescape
func montSqr2048(z, x, m *uint64, m0inv uint64)

//go:noescape
func montSqr3072(z, x, m *uint64, m0inv uint64)

//go:noescape
func montSqr4096(z, x, m *uint64, m0inv uint64)

//go:noescape
func montMulLoop(z, x, y, m *uint64, n int, m0inv uint64)

// montMul sets z = x·y·R⁻¹ mod m; see montMulGeneric. All four slices have
// the length of m.
func montMul(z, x, y, m []uint64, m0inv uint64) {
	n := len(m)
	if !useMULX || n == 0 || n > loopMaxLimbs {
		montMulGeneric(z, x, y, m, m0inv)
		return
	}
	// Bounds checks: the kernels read and write n limbs of each slice.
	z, x, y = z[:n], x[:n], y[:n]
	switch n {
	case 16:
		montMul1024(&z[0], &x[0], &y[0], &m[0], m0inv)
	case 24:
		montMul1536(&z[0], &x[0], &y[0], &m[0], m0inv)
	case 32:
		montMul2048(&z[0], &x[0], &y[0], &m[0], m0inv)
	case 48:
		montMul3072(&z[0], &x[0], &y[0], &m[0], m0inv)
	case 64:
		montMul4096(&z[0], &x[0], &y[0], &m[0], m0inv)
	default:
		montMulLoop(&z[0], &x[0], &y[0], &m[0], n, m0inv)
	}
}

// montSqr sets z = x·x·R⁻¹ mod m; see montSqrGeneric. All three slices have
// the length of m. Sizes without a dedicated squaring kernel use the
// multiplication.
func montSqr(z, x, m []uint64, m0inv uint64) {
	n := len(m)
	if !useMULX || n == 0 || n > loopMaxLimbs {
		montSqrGeneric(z, x, m, m0inv)
		return
	}
	z, x = z[:n], x[:n]
	switch n {
	case 16:
		montSqr1024(&z[0], &x[0], &m[0], m0inv)
	case 24:
		montSqr1536(&z[0], &x[0], &m[0], m0inv)
	case 32:
		montSqr2048(&z[0], &x[0], &m[0], m0inv)
	case 48:
		montSqr3072(&z[0], &x[0], &m[0], m0inv)
	case 64:
		montSqr4096(&z[0], &x[0], &m[0], m0inv)
	default:
		montMulLoop(&z[0], &x[0], &x[0], &m[0], n, m0inv)
	}
}
