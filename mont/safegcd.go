package mont

import "github.com/crypton-go/crypton/mont/internal/limbs"

// Constant-time modular inversion modulo any odd modulus, by the divsteps of
// Bernstein and Yang ("Fast constant-time gcd computation and modular
// inversion", 2019): the slice-based counterpart, for moduli of any length,
// of the fixed-size inversion of the prime fields (internal/limbs, invct.go),
// with the same batches of 62 divsteps summed up as 2×2 matrices and the
// same updates of f, g and of the cofactors d, e on signed 62-bit limbs
// (libsecp256k1's safegcd write-up).
//
// The fields run the "half-delta" divsteps with the step count that
// Wuille's safegcd-bounds analysis verified for moduli up to 2^3805; RSA
// moduli go up to 8192 bits, so here the divsteps are the original ones
// (delta starts at 1) with the step count that Bernstein and Yang's Theorem
// 11.2 proves for every size: for f odd, f² + 4g² ≤ 5·2^(2d) (true for
// 0 ≤ g < f < 2^d), ⌊(49d + 80)/17⌋ divsteps for d < 46 and
// ⌊(49d + 57)/17⌋ for d ≥ 46 bring g to 0; further divsteps leave g = 0 and
// f = ±gcd unchanged, so running at least that many is exact.
//
// Numbers are held in signed62 form: n62 limbs v[i] with value
// Σ v[i]·2^(62i), v[0..n62−2] in [0, 2^62) and the top limb carrying the
// sign; n62 = ⌈(bits(m) + 2)/62⌉ leaves room for the values in (−2m, m)
// that d and e take.

const mask62 = 1<<62 - 1

// divstepCount returns the number of divsteps of Bernstein and Yang's
// Theorem 11.2 for inputs below 2^d.
func divstepCount(d int) int {
	if d < 46 {
		return (49*d + 80) / 17
	}
	return (49*d + 57) / 17
}

// toS62 sets a, of n62 limbs, to the signed62 form of the nonnegative x.
func toS62(a []int64, x []uint64) {
	for i := range a {
		pos := 62 * i
		w, s := pos/64, uint(pos%64)
		var v uint64
		if w < len(x) {
			v = x[w] >> s
			if s > 2 && w+1 < len(x) {
				v |= x[w+1] << (64 - s)
			}
		}
		a[i] = int64(v & mask62)
	}
}

// fromS62 sets z to a, a nonnegative value below 2^(64·len(z)) whose limbs
// are all in [0, 2^62).
func fromS62(z []uint64, a []int64) {
	clear(z)
	for i, l := range a {
		v := uint64(l)
		pos := 62 * i
		w, s := pos/64, uint(pos%64)
		if w < len(z) {
			z[w] |= v << s
		}
		if s > 2 && w+1 < len(z) {
			z[w+1] |= v >> (64 - s)
		}
	}
}

// carry62 brings limbs 0..n−2 of a into [0, 2^62), moving the excess up;
// the value is unchanged.
func carry62(a []int64) {
	for i := range len(a) - 1 {
		c := a[i] >> 62
		a[i] &= mask62
		a[i+1] += c
	}
}

// divsteps62 performs 62 divsteps in constant time on the low 64 bits f, g
// of the full-length f (odd) and g, from eta = −delta, and returns the new
// eta and the matrix t = [u v; q r] with t·(f, g) = 2^62·(f', g') for the
// values f', g' after the 62 divsteps. One divstep is
//
//	delta > 0 and g odd: (delta, f, g) → (1 − delta, g, (g − f)/2)
//	g odd otherwise:     (delta, f, g) → (1 + delta, f, (g + f)/2)
//	g even:              (delta, f, g) → (1 + delta, f, g/2)
//
// computed from masks, with no branch.
func divsteps62(eta int64, f, g uint64) (int64, [4]int64) {
	u, v, q, r := uint64(1), uint64(0), uint64(0), uint64(1)
	for range 62 {
		// neg: delta > 0 (eta < 0); odd: g is odd.
		neg := uint64(eta >> 63)
		odd := -(g & 1)
		// If g is odd, add f (or −f when delta > 0) to g, and the f row of
		// the matrix to its g row likewise.
		g += ((f ^ neg) - neg) & odd
		q += ((u ^ neg) - neg) & odd
		r += ((v ^ neg) - neg) & odd
		swap := neg & odd
		// On a swap, f takes the old g (f + (g − f)).
		f += g & swap
		u += q & swap
		v += r & swap
		// eta = −delta becomes delta − 1 = ^eta on a swap, eta − 1
		// otherwise.
		s := int64(swap)
		eta = (eta ^ s) - (1 + s)
		// g is even now: halve it, scaling the f row instead.
		g >>= 1
		u <<= 1
		v <<= 1
	}
	return eta, [4]int64{int64(u), int64(v), int64(q), int64(r)}
}

// updateFG sets (f, g) = t·(f, g)/2^62; the division is exact.
func updateFG(f, g []int64, t *[4]int64) {
	u, v, q, r := t[0], t[1], t[2], t[3]
	n := len(f)
	g = g[:n]
	cf := limbs.Mul128(u, f[0]).Add(limbs.Mul128(v, g[0])).Shr62()
	cg := limbs.Mul128(q, f[0]).Add(limbs.Mul128(r, g[0])).Shr62()
	for i := 1; i < n; i++ {
		fi, gi := f[i], g[i]
		cf = cf.Add(limbs.Mul128(u, fi)).Add(limbs.Mul128(v, gi))
		cg = cg.Add(limbs.Mul128(q, fi)).Add(limbs.Mul128(r, gi))
		f[i-1] = int64(cf.Lo & mask62)
		g[i-1] = int64(cg.Lo & mask62)
		cf, cg = cf.Shr62(), cg.Shr62()
	}
	f[n-1], g[n-1] = int64(cf.Lo), int64(cg.Lo)
}

// updateDE sets (d, e) = t·(d, e)/2^62 mod m, for d, e in (−2m, m), with
// results in the same range: a multiple of m is added first that makes the
// sums divisible by 2^62, and m once more for each of d, e negative, which
// keeps the results above −2m. minv is m⁻¹ mod 2^62.
func updateDE(d, e []int64, t *[4]int64, m []int64, minv uint64) {
	u, v, q, r := t[0], t[1], t[2], t[3]
	n := len(d)
	e, m = e[:n], m[:n]
	sd, se := d[n-1]>>63, e[n-1]>>63
	md := u&sd + v&se
	me := q&sd + r&se
	cd := limbs.Mul128(u, d[0]).Add(limbs.Mul128(v, e[0]))
	ce := limbs.Mul128(q, d[0]).Add(limbs.Mul128(r, e[0]))
	// Choose md ≡ −cd·m⁻¹ (mod 2^62), and me likewise.
	md -= int64((minv*cd.Lo + uint64(md)) & mask62)
	me -= int64((minv*ce.Lo + uint64(me)) & mask62)
	cd = cd.Add(limbs.Mul128(m[0], md)).Shr62()
	ce = ce.Add(limbs.Mul128(m[0], me)).Shr62()
	for i := 1; i < n; i++ {
		di, ei, mi := d[i], e[i], m[i]
		cd = cd.Add(limbs.Mul128(u, di)).Add(limbs.Mul128(v, ei)).Add(limbs.Mul128(mi, md))
		ce = ce.Add(limbs.Mul128(q, di)).Add(limbs.Mul128(r, ei)).Add(limbs.Mul128(mi, me))
		d[i-1] = int64(cd.Lo & mask62)
		e[i-1] = int64(ce.Lo & mask62)
		cd, ce = cd.Shr62(), ce.Shr62()
	}
	d[n-1], e[n-1] = int64(cd.Lo), int64(ce.Lo)
}

// Inverse sets x = a⁻¹ mod m and returns x and true, for a with m's length
// and reduced modulo m. If a has no inverse modulo m (a is zero, or shares
// a factor with m), it sets x to zero and returns false. x may alias a.
//
// Inverse runs in constant time: the number and order of its operations
// depend only on the bit length of m, and no branch or memory index depends
// on the values of a or m. Only its boolean result, whether a is
// invertible, is revealed. It runs a fixed number of the divsteps of
// Bernstein and Yang (about 2.9 per bit of m) and takes a fraction of the
// time of [Nat.InverseVarTime] or of an exponentiation to m − 2
// ([Nat.InversePrime]); unlike the latter, m need not be prime.
func (x *Nat) Inverse(a *Nat, m *Modulus) (*Nat, bool) {
	n := len(m.nat.limbs)
	n62 := (m.bitLen + 2 + 61) / 62
	buf := make([]int64, 5*n62)
	F, G, D, E, M := buf[:n62], buf[n62:2*n62], buf[2*n62:3*n62], buf[3*n62:4*n62], buf[4*n62:]
	toS62(M, m.nat.limbs)
	copy(F, M)
	toS62(G, a.limbs[:n])
	E[0] = 1
	// −m0inv is m⁻¹ mod 2^64.
	minv := -m.m0inv & mask62

	eta := int64(-1) // delta = 1
	batches := (divstepCount(m.bitLen) + 61) / 62
	for range batches {
		var t [4]int64
		eta, t = divsteps62(eta, uint64(F[0]), uint64(G[0]))
		updateDE(D, E, &t, M, minv)
		updateFG(F, G, &t)
	}

	// F = ±gcd(a, m) and D·a ≡ F (mod m), with D in (−2m, m). a is
	// invertible when |F| = 1, and then a⁻¹ = ±D: negate D (and F) if F is
	// negative, then bring D into [0, m).
	s := F[n62-1] >> 63
	for i := range n62 {
		D[i] = (D[i] ^ s) - s
		F[i] = (F[i] ^ s) - s
	}
	carry62(D)
	carry62(F)
	notOne := uint64(F[0] ^ 1)
	for _, l := range F[1:] {
		notOne |= uint64(l)
	}
	for range 2 {
		s = D[n62-1] >> 63
		for i := range n62 {
			D[i] += M[i] & s
		}
		carry62(D)
	}
	// D is in [0, 2m): subtract m unless that goes negative.
	S := G // G is 0 now, and free
	for i := range n62 {
		S[i] = D[i] - M[i]
	}
	carry62(S)
	s = S[n62-1] >> 63 // keep D if D − m is negative
	for i := range n62 {
		D[i] = S[i] ^ ((S[i] ^ D[i]) & s)
	}
	// Zero for a value with no inverse.
	ok := ctEq(notOne, 0)
	okMask := int64(ok.mask())
	for i := range n62 {
		D[i] &= okMask
	}
	x.reset(n)
	fromS62(x.limbs, D)
	// Whether a is invertible is the result.
	declassify(&ok)
	return x, ok == 1
}
