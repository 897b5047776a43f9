package limbs

// Constant-time inversion by the divsteps of Bernstein and Yang ("Fast
// constant-time gcd computation and modular inversion", 2019), in the
// "half-delta" form of Wuille's safegcd-bounds analysis (hddivsteps: delta
// starts at 1/2, equivalently steps by 2 from 1), with the same batches of
// 62 divsteps, matrices and updates as InvertVarTime (invvar.go), but every
// divstep is computed without a branch, from masks, and the number of
// divsteps is fixed by the bit length of the modulus. safegcd-bounds
// verified, for every modulus 4257874 ≤ M ≤ 2^3805 and 0 ≤ g ≤ f ≤ M, that
// ⌊(3787·log₂M + 2166)/1644⌋ hddivsteps bring g to 0 (591 for 256 bits,
// 885 for 384, 1201 for 521, about 20% fewer than the ⌊(49d + 57)/17⌋
// divsteps of Bernstein and Yang's theorem 11.2), and further divsteps
// leave g = 0 and f = ±1 unchanged (up to the sign), so running at least
// that many is exact for every input. f and g keep their full length
// throughout.
//
// The state is zeta = −(delta + 1)/2 for the odd delta of the form that
// steps by 2: delta > 0 is zeta < 0; delta + 2 is zeta − 1; 2 − delta is
// −zeta − 2.

// divsteps62CT performs 62 hddivsteps in constant time on the low 64 bits
// f, g of the full-length f (odd) and secret g, from zeta, and returns the
// new zeta and the matrix t = [u v; q r] with t·(f, g) = 2^62·(f', g') for
// the values f', g' after the 62 hddivsteps.
func divsteps62CT(zeta int64, f, g uint64) (int64, [4]int64) {
	u, v, q, r := uint64(1), uint64(0), uint64(0), uint64(1)
	for range 62 {
		// swap: delta > 0 (zeta < 0) and g odd; odd: g odd.
		neg := uint64(zeta >> 63)
		odd := -(g & 1)
		// If g is odd, add f (or −f when delta > 0) to g, and the f row of
		// the matrix to its g row likewise.
		g += ((f ^ neg) - neg) & odd
		q += ((u ^ neg) - neg) & odd
		r += ((v ^ neg) - neg) & odd
		swap := neg & odd
		// On a swap, f takes the old g (f + (g − f)), and zeta becomes
		// −zeta − 2 instead of zeta − 1.
		f += g & swap
		u += q & swap
		v += r & swap
		zeta = (zeta ^ int64(swap)) - 1
		// g is even now: halve it, scaling the f row instead.
		g >>= 1
		u <<= 1
		v <<= 1
	}
	return zeta, [4]int64{int64(u), int64(v), int64(q), int64(r)}
}

// InvertCTGeneric sets z = x⁻¹ in Montgomery form (0 for 0) for a prime m
// and x below m (as every value of the package is), in constant time, in
// portable Go; it is the default [Kernels.Invert], which [Field.Invert]
// calls. With x = a·R, it computes R²·x⁻¹ = a⁻¹·R, starting the cofactor e
// at R² mod m as InvertVarTime does.
func (f *Field[T]) InvertCTGeneric(z, x *T) { f.invertCT(z, x, false) }

// batchGeneric runs a batch of 62 hddivsteps from zeta on the low limbs of
// *pf and *pg and applies its matrix to the cofactors *pd, *pe (modulo the
// n-limb m, with minv = m⁻¹ mod 2^62) and to *pf, *pg; it returns the new
// zeta.
func batchGeneric(n int, zeta int64, pd, pe, pf, pg, m *s62, minv uint64) int64 {
	zeta, t := divsteps62CT(zeta, uint64(pf[0]), uint64(pg[0]))
	updateDE(pd, pe, t, m, minv, n)
	updateFG(pf, pg, t, n)
	return zeta
}

// invertCT is InvertCTGeneric, with the batches in assembly if asm is set
// (batch, in divsteps_amd64.go and divsteps_noasm.go: a static call, so
// that the state stays on the stack).
func (f *Field[T]) invertCT(z, x *T, asm bool) {
	n := f.n62
	F := f.m62
	G := toS62(x, n)
	var D s62
	E := f.e0
	zeta := int64(-1) // delta = 1 (1/2 in the original scale)
	for range f.batches {
		zeta = batch(asm, n, zeta, &D, &E, &F, &G, &f.m62, f.minv62)
	}
	// F = ±1 (or m for x = 0, with D = 0) and D·x ≡ F·R² (mod m), with D in
	// (−2m, m): negate D if F is negative, then bring it into [0, m).
	s := F[n-1] >> 63
	for i := range n {
		D[i] = (D[i] ^ s) - s
	}
	carry62(&D, n)
	for range 2 {
		s = D[n-1] >> 63
		for i := range n {
			D[i] += f.m62[i] & s
		}
		carry62(&D, n)
	}
	var S s62
	for i := range n {
		S[i] = D[i] - f.m62[i]
	}
	carry62(&S, n)
	s = S[n-1] >> 63 // keep D if D − m is negative
	for i := range n {
		D[i] = S[i] ^ ((S[i] ^ D[i]) & s)
	}
	fromS62(z, &D, n)
}

// divstepBatches returns the number of batches of 62 hddivsteps that
// inverts every input below a modulus of bl ≥ 23 bits (log₂M < bl; the
// safegcd-bounds formula holds for M ≥ 4257874 < 2^23, and a shorter
// modulus of 23 bits stays below M = 4257874). It panics for shorter
// moduli, which no field of the module has.
func divstepBatches(bl int) int {
	return (divstepCount(bl) + 61) / 62
}

// divstepCount returns the safegcd-bounds count of hddivsteps that brings
// g to 0 for every input below a modulus of bl ≥ 23 bits. It panics for
// shorter moduli.
func divstepCount(bl int) int {
	if bl < 23 {
		panic("limbs: modulus too short for the hddivsteps bound")
	}
	return (3787*bl + 2166) / 1644
}
