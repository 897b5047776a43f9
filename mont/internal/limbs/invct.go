package limbs

// Constant-time inversion by the divsteps of Bernstein and Yang ("Fast
// constant-time gcd computation and modular inversion", 2019): the same
// batches of 62 divsteps, matrices and updates as InvertVarTime
// (invvar.go), but every divstep is computed without a branch, from masks,
// and the number of divsteps is fixed by the bit length of the modulus:
// Bernstein and Yang's theorem 11.2 bounds the divsteps that bring g to 0
// for inputs of d ≥ 46 bits by ⌊(49d + 57)/17⌋ (741 for 256 bits), and
// further divsteps leave g = 0 and f = ±1 unchanged (up to the sign), so
// running at least that many is exact for every input. f and g keep their
// full length throughout.

// divsteps62CT is divsteps62 for secret f, g: 62 divsteps in constant time.
func divsteps62CT(eta int64, f, g uint64) (int64, [4]int64) {
	u, v, q, r := uint64(1), uint64(0), uint64(0), uint64(1)
	for range 62 {
		// swap: delta > 0 (eta < 0) and g odd; odd: g odd.
		neg := uint64(eta >> 63)
		odd := -(g & 1)
		// If g is odd, add f (or −f when delta > 0) to g, and the f row of
		// the matrix to its g row likewise.
		g += ((f ^ neg) - neg) & odd
		q += ((u ^ neg) - neg) & odd
		r += ((v ^ neg) - neg) & odd
		swap := neg & odd
		// On a swap, f takes the old g (f + (g − f)), and eta becomes
		// −eta − 1 instead of eta − 1.
		f += g & swap
		u += q & swap
		v += r & swap
		eta = (eta ^ int64(swap)) - int64(swap) - 1
		// g is even now: halve it, scaling the f row instead.
		g >>= 1
		u <<= 1
		v <<= 1
	}
	return eta, [4]int64{int64(u), int64(v), int64(q), int64(r)}
}

// InvertCT sets z = x⁻¹ in Montgomery form (0 for 0) for a prime m and x
// below m (as every value of the package is), in constant time; [Field.Invert] calls it. With x = a·R, it computes
// R²·x⁻¹ = a⁻¹·R, starting the cofactor e at R² mod m as InvertVarTime
// does.
func (f *Field[T]) InvertCT(z, x *T) {
	n := f.n62
	F := f.m62
	G := toS62(x, n)
	var D s62
	E := f.e0
	eta := int64(-1)
	for range f.batches {
		var t [4]int64
		eta, t = divsteps62CT(eta, uint64(F[0]), uint64(G[0]))
		updateDE(&D, &E, t, &f.m62, f.minv62, n)
		updateFG(&F, &G, t, n)
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

// divstepBatches returns the number of 62-divstep batches that inverts
// every input below the modulus of bl bits.
func divstepBatches(bl int) int {
	d := max(bl, 46)
	steps := (49*d + 57) / 17
	return (steps + 61) / 62
}
