package limbs

import "math/bits"

// Variable-time inversion for public inputs, by the divsteps of Bernstein
// and Yang ("Fast constant-time gcd computation and modular inversion",
// 2019) in the variable-time form of their section 11 and of libsecp256k1's
// safegcd write-up: batches of 62 divsteps computed on the low 64 bits of
// f and g alone, each batch summed up as a 2×2 matrix of integers that is
// then applied to the full-length f, g (exactly divisible by 2^62) and to
// the cofactors d, e (divided by 2^62 modulo m by adding a multiple of m).
// Within a batch, runs of divsteps that only halve g are done at once with
// a count of trailing zeros, and up to six bits of g are cancelled by one
// multiple of f. The number of batches and every branch depend on the
// input: this is for values that are not secret (an ECDSA signature's s in
// verification), nothing else.
//
// Numbers are held in signed62 form: limbs v[0..n−1] with value
// Σ v[i]·2^(62i), where v[0..n−2] lie in [0, 2^62) and the top limb carries
// the sign. n = ⌈(bits(m) + 2)/62⌉ leaves room for the values in (−2m, m)
// that d and e take.

// s62 holds up to ten signed62 limbs (enough for 9 limbs of 64 bits).
type s62 [10]int64

const mask62 = 1<<62 - 1

func toS62[T Limbs](x *T, n int) s62 {
	var a s62
	for i := range n {
		pos := 62 * i
		w, s := pos/64, uint(pos%64)
		var v uint64
		if w < len(*x) {
			v = (*x)[w] >> s
			if w+1 < len(*x) {
				v |= (*x)[w+1] << (64 - s)
			}
		}
		a[i] = int64(v & mask62)
	}
	return a
}

// fromS62 sets z to a, a nonnegative value below 2^(64·N) whose limbs are
// all in [0, 2^62).
func fromS62[T Limbs](z *T, a *s62, n int) {
	var t T
	for i := range n {
		v := uint64(a[i])
		pos := 62 * i
		w, s := pos/64, uint(pos%64)
		if w < len(t) {
			t[w] |= v << s
		}
		if w+1 < len(t) {
			t[w+1] |= v >> (64 - s)
		}
	}
	*z = t
}

// carry62 brings limbs 0..n−2 of a into [0, 2^62), moving the excess up;
// the value is unchanged.
func carry62(a *s62, n int) {
	for i := range n - 1 {
		c := a[i] >> 62
		a[i] &= mask62
		a[i+1] += c
	}
}

// divsteps62 performs 62 divsteps on the low 64 bits f, g of the
// full-length f (odd) and g, from eta = −delta, and returns the new eta and
// the matrix t = [u v; q r] with t·(f, g) = 2^62·(f', g') for the values
// f', g' after the 62 divsteps.
func divsteps62(eta int64, f, g uint64) (int64, [4]int64) {
	// The invariants, with f0, g0 the inputs and i the divsteps left:
	// u·f0 + v·g0 = f·2^(62−i) and q·f0 + r·g0 = g·2^(62−i) (mod 2^64).
	u, v, q, r := uint64(1), uint64(0), uint64(0), uint64(1)
	i := 62
	for {
		// Divsteps with g even halve g; the bit at i stops the count.
		z := bits.TrailingZeros64(g | 1<<uint(i))
		g >>= uint(z)
		u <<= uint(z)
		v <<= uint(z)
		eta -= int64(z)
		i -= z
		if i == 0 {
			break
		}
		// g is odd. delta > 0: the divstep swaps (f, g) to (g, −f).
		if eta < 0 {
			eta = -eta
			f, g = g, -f
			u, q = q, -u
			v, r = r, -v
		}
		// Add to g the multiple w·f that clears its low k bits, for k up to
		// 6, the divsteps left and eta + 1 (after which a swap may come).
		k := min(int(eta)+1, i, 6)
		// f·(2 − f²) is f⁻¹ mod 2^6 (f² ≡ 1 mod 8 for odd f, one Newton
		// step), so w = −g·f⁻¹ = g·f·(f² − 2) mod 2^k.
		w := (g * f * (f*f - 2)) & (1<<uint(k) - 1)
		g += w * f
		q += w * u
		r += w * v
	}
	return eta, [4]int64{int64(u), int64(v), int64(q), int64(r)}
}

// updateFG sets (f, g) = t·(f, g)/2^62 on n limbs; the division is exact.
func updateFG(f, g *s62, t [4]int64, n int) {
	u, v, q, r := t[0], t[1], t[2], t[3]
	cf := Mul128(u, f[0]).Add(Mul128(v, g[0])).Shr62()
	cg := Mul128(q, f[0]).Add(Mul128(r, g[0])).Shr62()
	for i := 1; i < n; i++ {
		cf = cf.Add(Mul128(u, f[i])).Add(Mul128(v, g[i]))
		cg = cg.Add(Mul128(q, f[i])).Add(Mul128(r, g[i]))
		f[i-1] = int64(cf.Lo & mask62)
		g[i-1] = int64(cg.Lo & mask62)
		cf, cg = cf.Shr62(), cg.Shr62()
	}
	f[n-1], g[n-1] = int64(cf.Lo), int64(cg.Lo)
}

// updateDE sets (d, e) = t·(d, e)/2^62 mod m, for d, e in (−2m, m), with
// results in the same range (Bernstein and Yang's analysis, as refined in
// libsecp256k1's write-up): a multiple of m is added first that makes the
// sums divisible by 2^62, and m once more for each of d, e negative, which
// keeps the results above −2m.
func updateDE(d, e *s62, t [4]int64, m *s62, minv uint64, n int) {
	u, v, q, r := t[0], t[1], t[2], t[3]
	sd, se := d[n-1]>>63, e[n-1]>>63
	md := u&sd + v&se
	me := q&sd + r&se
	cd := Mul128(u, d[0]).Add(Mul128(v, e[0]))
	ce := Mul128(q, d[0]).Add(Mul128(r, e[0]))
	// Choose md ≡ −cd·m⁻¹ (mod 2^62), and me likewise.
	md -= int64((minv*cd.Lo + uint64(md)) & mask62)
	me -= int64((minv*ce.Lo + uint64(me)) & mask62)
	cd = cd.Add(Mul128(m[0], md)).Shr62()
	ce = ce.Add(Mul128(m[0], me)).Shr62()
	for i := 1; i < n; i++ {
		cd = cd.Add(Mul128(u, d[i])).Add(Mul128(v, e[i])).Add(Mul128(m[i], md))
		ce = ce.Add(Mul128(q, d[i])).Add(Mul128(r, e[i])).Add(Mul128(m[i], me))
		d[i-1] = int64(cd.Lo & mask62)
		e[i-1] = int64(ce.Lo & mask62)
		cd, ce = cd.Shr62(), ce.Shr62()
	}
	d[n-1], e[n-1] = int64(cd.Lo), int64(ce.Lo)
}

// InvertVarTime sets z = x⁻¹ in Montgomery form (0 for 0), for a prime m
// and x below m, in time that depends on x: only for public x. With x = a·R, it computes
// R²·x⁻¹ = a⁻¹·R by starting the cofactor e at R² mod m instead of 1.
func (f *Field[T]) InvertVarTime(z, x *T) {
	if IsZero(x) == 1 {
		*z = *x
		return
	}
	n := f.n62
	F := f.m62
	G := toS62(x, n)
	var D s62
	E := f.e0
	eta := int64(-1)
	ln := n // the limbs of F and G still in use
	for {
		var t [4]int64
		eta, t = divsteps62(eta, uint64(F[0]), uint64(G[0]))
		updateDE(&D, &E, t, &f.m62, f.minv62, n)
		updateFG(&F, &G, t, ln)
		if G[0] == 0 {
			var nz int64
			for i := 1; i < ln; i++ {
				nz |= G[i]
			}
			if nz == 0 {
				break
			}
		}
		// Drop the top limbs of F and G when both are 0 or −1, folding
		// their sign into the limb below.
		if ln > 1 {
			tf, tg := F[ln-1], G[ln-1]
			if (tf == 0 || tf == -1) && (tg == 0 || tg == -1) {
				F[ln-2] |= tf << 62
				G[ln-2] |= tg << 62
				ln--
			}
		}
	}
	// F = ±1 (the gcd) and D·x ≡ F·R² (mod m), with D in (−2m, m).
	if F[ln-1] < 0 {
		for i := range n {
			D[i] = -D[i]
		}
	}
	carry62(&D, n)
	for D[n-1] < 0 {
		for i := range n {
			D[i] += f.m62[i]
		}
		carry62(&D, n)
	}
	// D in [0, 2m): subtract m unless that goes negative.
	var S s62
	for i := range n {
		S[i] = D[i] - f.m62[i]
	}
	carry62(&S, n)
	if S[n-1] >= 0 {
		D = S
	}
	fromS62(z, &D, n)
}

// initVarTime sets the constants of InvertVarTime.
func (f *Field[T]) initVarTime() {
	bl := 64*(len(f.m)-1) + bits.Len64(f.m[len(f.m)-1])
	f.n62 = (bl + 2 + 61) / 62
	f.m62 = toS62(&f.m, f.n62)
	f.minv62 = -f.m0inv & mask62 // m⁻¹ mod 2^62
	f.batches = divstepBatches(bl)
	f.e0 = toS62(&f.rr, f.n62)
}
