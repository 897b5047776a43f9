//go:build gc && !purego

package mont

import "github.com/crypton-go/crypton/cpufeat"

//go:generate go run github.com/crypton-go/crypton/tools/asm/mont/amm52 -out amm52_amd64.s

// useIFMA enables the radix-2⁵² exponentiation of [Nat.Exp] on the
// AVX-512 IFMA kernels of amm52_amd64.s, which also use MULX (BMI2).
var useIFMA = cpufeat.HasAVX512F && cpufeat.HasAVX512IFMA && cpufeat.HasAVX512VL && cpufeat.HasBMI2

func init() {
	// A third kernel beside "mont" and "mont/select": the radix-2⁵²
	// arithmetic that Exp uses instead of the 64-bit one where it exists.
	cpufeat.Register("mont/ifma", "AVX-512 IFMA", &useIFMA)
}

// useExp52 reports whether Exp runs in radix 2⁵² for a modulus of n limbs.
func useExp52(n int) bool {
	_, lanes := digits52(n)
	return useIFMA && lanes >= amm52MinLanes && lanes <= amm52MaxLanes
}

// usePair52 reports whether ExpPair runs its two exponentiations together
// in radix 2⁵², for moduli of n limbs.
func usePair52(n int) bool {
	_, lanes := digits52(n)
	return useIFMA && lanes >= amm52MinLanes && lanes <= amm52PairMaxLanes
}

// amm52PairMaxLanes is the largest size with a pair kernel. It must match
// maxPairRegs in tools/asm/mont/amm52.
const amm52PairMaxLanes = 40

// amm52Pair is amm52PairPortable on the assembly pair kernel for the
// moduli's size, where there is one and IFMA is enabled.
func amm52Pair(z1, x1, y1 []uint64, p1 *modulus52, z2, x2, y2 []uint64, p2 *modulus52) {
	l := p1.lanes
	if !useIFMA || l < amm52MinLanes || l > amm52PairMaxLanes || p2.lanes != l || p2.k != p1.k || p2.width != p1.width {
		amm52PairPortable(z1, x1, y1, p1, z2, x2, y2, p2)
		return
	}
	// Bounds checks: the kernels read and write l lanes of each slice,
	// and two more of m (newModulus52Lanes).
	z1, x1, y1, m1 := z1[:l], x1[:l], y1[:l], p1.m[:l+2]
	z2, x2, y2, m2 := z2[:l], x2[:l], y2[:l], p2.m[:l+2]
	switch p1.width {
	case 12:
		amm52Pair12(&z1[0], &x1[0], &y1[0], &m1[0], &z2[0], &x2[0], &y2[0], &m2[0], p1.k, p1.k0, p2.k0)
	case 16:
		amm52Pair16(&z1[0], &x1[0], &y1[0], &m1[0], &z2[0], &x2[0], &y2[0], &m2[0], p1.k, p1.k0, p2.k0)
	case 20:
		amm52Pair20(&z1[0], &x1[0], &y1[0], &m1[0], &z2[0], &x2[0], &y2[0], &m2[0], p1.k, p1.k0, p2.k0)
	case 24:
		amm52Pair24(&z1[0], &x1[0], &y1[0], &m1[0], &z2[0], &x2[0], &y2[0], &m2[0], p1.k, p1.k0, p2.k0)
	case 28:
		amm52Pair28(&z1[0], &x1[0], &y1[0], &m1[0], &z2[0], &x2[0], &y2[0], &m2[0], p1.k, p1.k0, p2.k0)
	case 32:
		amm52Pair32(&z1[0], &x1[0], &y1[0], &m1[0], &z2[0], &x2[0], &y2[0], &m2[0], p1.k, p1.k0, p2.k0)
	case 36:
		amm52Pair36(&z1[0], &x1[0], &y1[0], &m1[0], &z2[0], &x2[0], &y2[0], &m2[0], p1.k, p1.k0, p2.k0)
	case 40:
		amm52Pair40(&z1[0], &x1[0], &y1[0], &m1[0], &z2[0], &x2[0], &y2[0], &m2[0], p1.k, p1.k0, p2.k0)
	}
}

// select52Entry is selectEntry for the radix-2⁵² exponentiation: the
// AVX-512 scan where IFMA is enabled (its CPUs all have AVX-512F).
func select52Entry(z, table []uint64, n int, k uint64) {
	if !useIFMA || n == 0 || n%8 != 0 || len(table) < n {
		selectEntry(z, table, n, k)
		return
	}
	count := len(table) / n
	z = z[:n]
	table = table[:count*n]
	select52(&z[0], &table[0], n, count, k)
}

// amm52 is amm52Generic on the assembly kernel for p's size, where there is
// one and IFMA is enabled.
func amm52(z, x, y []uint64, p *modulus52) {
	l := p.lanes
	if !useIFMA || l < amm52MinLanes || l > amm52MaxLanes {
		amm52Portable(z, x, y, p)
		return
	}
	// Bounds checks: the kernels read and write l lanes of each slice,
	// and two more of m (newModulus52Lanes).
	z, x, y, m := z[:l], x[:l], y[:l], p.m[:l+2]
	zp, xp, yp, mp := &z[0], &x[0], &y[0], &m[0]
	switch p.width {
	case 12:
		amm52x12(zp, xp, yp, mp, p.k, p.k0)
	case 16:
		amm52x16(zp, xp, yp, mp, p.k, p.k0)
	case 20:
		amm52x20(zp, xp, yp, mp, p.k, p.k0)
	case 24:
		amm52x24(zp, xp, yp, mp, p.k, p.k0)
	case 28:
		amm52x28(zp, xp, yp, mp, p.k, p.k0)
	case 32:
		amm52x32(zp, xp, yp, mp, p.k, p.k0)
	case 36:
		amm52x36(zp, xp, yp, mp, p.k, p.k0)
	case 40:
		amm52x40(zp, xp, yp, mp, p.k, p.k0)
	case 44:
		amm52x44(zp, xp, yp, mp, p.k, p.k0)
	case 48:
		amm52x48(zp, xp, yp, mp, p.k, p.k0)
	case 52:
		amm52x52(zp, xp, yp, mp, p.k, p.k0)
	case 56:
		amm52x56(zp, xp, yp, mp, p.k, p.k0)
	case 60:
		amm52x60(zp, xp, yp, mp, p.k, p.k0)
	case 64:
		amm52x64(zp, xp, yp, mp, p.k, p.k0)
	case 72:
		amm52x72(zp, xp, yp, mp, p.k, p.k0)
	case 80:
		amm52x80(zp, xp, yp, mp, p.k, p.k0)
	case 88:
		amm52x88(zp, xp, yp, mp, p.k, p.k0)
	case 96:
		amm52x96(zp, xp, yp, mp, p.k, p.k0)
	case 104:
		amm52x104(zp, xp, yp, mp, p.k, p.k0)
	case 112:
		amm52x112(zp, xp, yp, mp, p.k, p.k0)
	case 120:
		amm52x120(zp, xp, yp, mp, p.k, p.k0)
	case 128:
		amm52x128(zp, xp, yp, mp, p.k, p.k0)
	case 136:
		amm52x136(zp, xp, yp, mp, p.k, p.k0)
	case 144:
		amm52x144(zp, xp, yp, mp, p.k, p.k0)
	case 152:
		amm52x152(zp, xp, yp, mp, p.k, p.k0)
	case 160:
		amm52x160(zp, xp, yp, mp, p.k, p.k0)
	}
}

// The kernels take pointers to the first lane of slices of exactly the
// lanes of the modulus52 (a multiple of eight), of which they compute the
// lanes in their name (the width), and the digit count k (1 ≤ k ≤ width);
// they need AVX-512F/VL, AVX-512 IFMA and BMI2. See amm52Generic.

//go:noescape
func amm52x12(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x16(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x20(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x24(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x28(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x32(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x36(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x40(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x44(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x48(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x52(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x56(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x60(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x64(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x72(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x80(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x88(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x96(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x104(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x112(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x120(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x128(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x136(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x144(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x152(z, x, y, m *uint64, k int, k0 uint64)

//go:noescape
func amm52x160(z, x, y, m *uint64, k int, k0 uint64)

// The pair kernels compute amm52PairPortable for two moduli of the same
// lanes, width and digit count k.

//go:noescape
func amm52Pair12(z1, x1, y1, m1, z2, x2, y2, m2 *uint64, k int, k01, k02 uint64)

//go:noescape
func amm52Pair16(z1, x1, y1, m1, z2, x2, y2, m2 *uint64, k int, k01, k02 uint64)

//go:noescape
func amm52Pair20(z1, x1, y1, m1, z2, x2, y2, m2 *uint64, k int, k01, k02 uint64)

//go:noescape
func amm52Pair24(z1, x1, y1, m1, z2, x2, y2, m2 *uint64, k int, k01, k02 uint64)

//go:noescape
func amm52Pair28(z1, x1, y1, m1, z2, x2, y2, m2 *uint64, k int, k01, k02 uint64)

//go:noescape
func amm52Pair32(z1, x1, y1, m1, z2, x2, y2, m2 *uint64, k int, k01, k02 uint64)

// select52 copies entry k of the table (count entries of lanes lanes) into
// z, reading every entry; see selectEntryGeneric. lanes must be a positive
// multiple of 8 and count positive. It needs AVX-512F.
//
//go:noescape
func select52(z, table *uint64, lanes, count int, k uint64)

//go:noescape
func amm52Pair36(z1, x1, y1, m1, z2, x2, y2, m2 *uint64, k int, k01, k02 uint64)

//go:noescape
func amm52Pair40(z1, x1, y1, m1, z2, x2, y2, m2 *uint64, k int, k01, k02 uint64)
