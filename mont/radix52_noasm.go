//go:build !amd64 || !gc || purego

package mont

// useExp52 reports whether Exp runs in radix 2⁵²: only on amd64, where the
// AVX-512 IFMA kernels make it the faster form.
func useExp52(n int) bool { return false }

func amm52(z, x, y []uint64, p *modulus52) { amm52Portable(z, x, y, p) }

// usePair52 reports whether ExpPair runs its two exponentiations together
// in radix 2⁵²: only on amd64.
func usePair52(n int) bool { return false }

func amm52Pair(z1, x1, y1 []uint64, p1 *modulus52, z2, x2, y2 []uint64, p2 *modulus52) {
	amm52PairPortable(z1, x1, y1, p1, z2, x2, y2, p2)
}

func select52Entry(z, table []uint64, n int, k uint64) { selectEntry(z, table, n, k) }
