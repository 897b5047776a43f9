package mont

import (
	"errors"
	"io"
	"math/bits"
)

// smallPrimeProducts are products of consecutive odd primes, each below
// 2^64, covering the primes 3 to 241. A candidate sharing a factor with one
// of them is composite (unless it is that small prime).
var smallPrimeProducts = []struct {
	product uint64
	primes  []uint64
}{
	{3 * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31 * 37 * 41 * 43 * 47 * 53, []uint64{3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53}},
	{59 * 61 * 67 * 71 * 73 * 79 * 83 * 89 * 97, []uint64{59, 61, 67, 71, 73, 79, 83, 89, 97}},
	{101 * 103 * 107 * 109 * 113 * 127 * 131 * 137, []uint64{101, 103, 107, 109, 113, 127, 131, 137}},
	{139 * 149 * 151 * 157 * 163 * 167 * 173 * 179, []uint64{139, 149, 151, 157, 163, 167, 173, 179}},
	{181 * 191 * 193 * 197 * 199 * 211 * 223 * 227, []uint64{181, 191, 193, 197, 199, 211, 223, 227}},
	{229 * 233 * 239 * 241, []uint64{229, 233, 239, 241}},
}

var (
	errRounds = errors.New("mont: Miller-Rabin needs at least one round")
	// errBrokenRandom is returned when the random source gives no usable
	// Miller–Rabin base in maxBaseDraws draws.
	errBrokenRandom = errors.New("mont: the random source gave no usable Miller-Rabin base in 16 draws; it looks broken")
)

// maxBaseDraws bounds the draws of one Miller–Rabin base. A draw is
// rejected only if it reduces to 0, 1 or w − 1, with probability 3/w (below
// 2^-7 for the w that reach Miller–Rabin, far lower for cryptographic
// sizes), so sixteen rejections in a row mean the random source is broken
// (returning zeros, say). It is the bound of rsa/ffdh's key generation.
const maxBaseDraws = 16

// ProbablyPrimeVarTime reports whether the big-endian number w is probably
// prime: it passes trial division by the primes below 256 and rounds
// Miller–Rabin tests (FIPS 186-5, B.3.1) with bases drawn from [2, w-2]
// using rand (see [ProbablyPrime] for how). A composite passes one round
// with probability at most 1/4, and far less for random candidates of
// cryptographic size; FIPS 186-5 Table B.1 gives the rounds for RSA primes
// (5 for 1024-bit primes, 4 for 1536-bit ones).
//
// Its time depends on w, for a prime as for a composite: use it on public
// values only. For a secret candidate that may become a key, use
// [ProbablyPrime]. The exponentiations run in constant time. It returns an
// error if rand fails, or if it gives no usable base in 16 draws, which
// happens only when rand is broken.
func ProbablyPrimeVarTime(w []byte, rounds int, rand io.Reader) (bool, error) {
	if rounds < 1 {
		return false, errRounds
	}
	x := NewNat().SetBigEndian(w).trimVarTime()
	if len(x.limbs) == 0 {
		return false, nil
	}
	if len(x.limbs) == 1 && x.limbs[0] < 256 {
		return isSmallPrime(x.limbs[0]), nil
	}
	if x.limbs[0]&1 == 0 {
		return false, nil
	}
	for _, sp := range smallPrimeProducts {
		r := x.remVarTime(sp.product)
		for _, p := range sp.primes {
			if r%p == 0 {
				return false, nil
			}
		}
	}

	m, err := newModulus(x)
	if err != nil {
		return false, nil
	}
	// w - 1 = 2^a · d with d odd.
	wMinus1 := m.Nat()
	wMinus1.limbs[0]-- // w is odd: no borrow
	a := wMinus1.TrailingZeroBitsVarTime()
	d := NewNat().Set(wMinus1).ShiftRightVarTime(a)
	dBytes := make([]byte, m.Size())
	d.fillBytes(dBytes)

	b := NewNat()
	z := NewNat()
	mr := newBaseSampler(m)
	for range rounds {
		if err := mr.draw(rand, b); err != nil {
			return false, err
		}
		z.Exp(b, dBytes, m)
		if z.IsOne() == 1 || z.IsMinusOne(m) == 1 {
			continue
		}
		passed := false
		for range a - 1 {
			z.Square(m)
			if z.IsMinusOne(m) == 1 {
				passed = true
				break
			}
			if z.IsOne() == 1 {
				return false, nil
			}
		}
		if !passed {
			return false, nil
		}
	}
	return true, nil
}

// baseSampler draws Miller–Rabin bases modulo m.
type baseSampler struct {
	m    *Modulus
	buf  []byte
	wide *Nat
}

func newBaseSampler(m *Modulus) *baseSampler {
	return &baseSampler{m: m, buf: make([]byte, m.Size()+8), wide: NewNat()}
}

// draw sets b to a base drawn from [2, w − 2], w = m: 64 random bits more
// than w has, reduced modulo w in constant time (within 2^-64 of uniform
// on [0, w)), and drawn again if 0, 1 or w − 1. No comparison of the
// random value with w decides a branch, as rejection sampling would (the
// number of rejections would reveal something of a secret w); only the
// outcome of the final check, which is almost always the same, is public.
// It gives up after maxBaseDraws draws.
func (s *baseSampler) draw(rand io.Reader, b *Nat) error {
	for range maxBaseDraws {
		if _, err := io.ReadFull(rand, s.buf); err != nil {
			return err
		}
		b.Mod(s.wide.SetBigEndian(s.buf), s.m)
		bad := b.IsZero().Or(b.IsOne()).Or(b.IsMinusOne(s.m))
		declassify(&bad)
		if bad == 0 {
			return nil
		}
	}
	return errBrokenRandom
}

// ProbablyPrime reports whether the big-endian number w is probably prime,
// as [ProbablyPrimeVarTime] does (FIPS 186-5, B.3.1, with the same rounds
// and bases), in time that reveals nothing of a w it reports prime beyond
// its bit length: it is the test for a secret candidate that becomes a key
// (an RSA prime).
//
// A w that it reports prime goes through every step of the test: trial
// division by the odd primes below 1700, computed with multiplications
// (no division instruction, whose time may depend on its operands), the
// decomposition w − 1 = 2^a·d and the shift by the secret a in constant
// time, and for each round an exponentiation b^d with d of w's full
// length ([Nat.Exp]) followed by a fixed number of squarings, one fewer
// than w's bit length, whatever a and whatever step reached w − 1: each
// step's outcome is kept in masks. A composite is rejected as soon as a
// step shows it composite: its time reveals which step, and that is all
// it reveals, for a candidate that is then discarded. Numbers below 2^16,
// which are no secret, are tested in variable time.
//
// The bases come from rand as for [ProbablyPrimeVarTime]: m.Size() + 8
// bytes reduced modulo w in constant time, drawn again if the value is 0,
// 1 or w − 1; only that outcome, whose probability is 3/w, decides a
// branch. Each round costs about twice an exponentiation modulo w. It
// returns an error if rand fails, or if it gives no usable base in 16
// draws, which happens only when rand is broken.
func ProbablyPrime(w []byte, rounds int, rand io.Reader) (bool, error) {
	if rounds < 1 {
		return false, errRounds
	}
	// The bit length is public (as for NewModulus); the limbs above it
	// are dropped.
	x := NewNat().SetBigEndian(w).trimPublic()
	bitLen := x.bitLen()
	declassify(&bitLen)
	if bitLen <= 16 {
		var v uint64
		if len(x.limbs) > 0 {
			v = x.limbs[0]
		}
		return isSmallPrime(v), nil
	}
	odd := x.limbs[0] & 1
	declassify(&odd)
	if odd == 0 {
		return false, nil
	}
	if x.hasSmallFactor() {
		return false, nil
	}
	m, err := newModulus(x)
	if err != nil {
		return false, nil // unreachable: w is odd and at least 2^16
	}

	// w − 1 = 2^a·d with d odd, a ≥ 1 secret.
	d := m.Nat()
	d.limbs[0] &^= 1 // w − 1: w is odd
	a := d.trailingZerosSecret()
	d.shiftRightSecret(a, bitLen)
	dBytes := make([]byte, m.Size())
	d.fillBytes(dBytes)

	n := len(m.nat.limbs)
	ml := m.nat.limbs
	// 1 and −1 in Montgomery form: R mod m and m − (R mod m).
	oneM := NewNat().reset(n)
	oneM.limbs[0] = 1
	oneM.toMontgomery(m)
	minusOneM := NewNat().reset(n).Sub(oneM, m)

	b, z := NewNat(), NewNat()
	s := newBaseSampler(m)
	for range rounds {
		if err := s.draw(rand, b); err != nil {
			return false, err
		}
		z.Exp(b, dBytes, m)
		// maybe is 1 once b is known not to witness that w is composite:
		// b^d = ±1, or b^(d·2^j) = −1 for some j < a.
		maybe := z.IsOne().Or(z.IsMinusOne(m))
		z.toMontgomery(m)
		for j := 1; j < bitLen; j++ {
			// After a − 1 squarings without −1, b is a witness.
			witness := ctGeq(uint64(j), a).And(maybe.Not())
			declassify(&witness)
			if witness == 1 {
				return false, nil
			}
			montSqr(z.limbs, z.limbs, ml, m.m0inv)
			maybe = maybe.Or(z.Equal(minusOneM))
			// 1 without −1 before it: a nontrivial square root of 1.
			witness = z.Equal(oneM).And(maybe.Not())
			declassify(&witness)
			if witness == 1 {
				return false, nil
			}
		}
		// a < bitLen, so the loop has seen the a − 1 squarings; maybe is 1
		// for every base of a prime.
		declassify(&maybe)
		if maybe != 1 {
			return false, nil
		}
	}
	return true, nil
}

// ctGeq returns 1 if x >= y and 0 otherwise, in constant time.
func ctGeq(x, y uint64) Choice {
	_, borrow := bits.Sub64(x, y, 0)
	return Choice(borrow ^ 1)
}

// trailingZerosSecret returns the number of trailing zero bits of the
// nonzero x, in time that depends only on x's length.
func (x *Nat) trailingZerosSecret() uint64 {
	var tz, found uint64
	for i, l := range x.limbs {
		nz := (l | -l) >> 63 // 1 if l != 0
		// The lowest set bit of l, isolated, has bit length tz(l) + 1.
		t := uint64(i)*64 + len64(l&-l) - 1
		take := -(nz &^ found)
		tz |= take & t
		found |= nz
	}
	return tz
}

// shiftRightSecret sets x = x >> k for a secret k < 2^⌈log₂ bitLen⌉, in
// time that depends only on x's length and bitLen: one pass per bit of k,
// each shifting a copy by the bit's weight (a public amount) and keeping
// it under a mask.
func (x *Nat) shiftRightSecret(k uint64, bitLen int) {
	t := NewNat().reset(len(x.limbs))
	for i := 0; 1<<i < bitLen; i++ {
		copy(t.limbs, x.limbs)
		shiftRightVarTime(t.limbs, 1<<i)
		x.Assign(Choice(k>>i&1), t)
	}
}

// trialDivisors are groups of odd primes below 1700 whose products fit in
// 32 bits, with the constants of constant-time trial division.
var trialDivisors = makeTrialDivisors(1700)

// trialGroup is a product of small primes d < 2^32 with mu = ⌊(2^64 − 1)/d⌋
// for reduction modulo d, and for each prime p its inverse modulo 2^32 and
// ⌊(2^32 − 1)/p⌋, for the divisibility test of Granlund and Montgomery: a
// 32-bit r is a multiple of the odd p if and only if r·p⁻¹ mod 2^32 is at
// most ⌊(2^32 − 1)/p⌋.
type trialGroup struct {
	d, mu  uint64
	primes []trialPrime
}

type trialPrime struct{ inv, lim uint32 }

func makeTrialDivisors(limit int) []trialGroup {
	composite := make([]bool, limit)
	var groups []trialGroup
	var g trialGroup
	for p := 3; p < limit; p += 2 {
		if composite[p] {
			continue
		}
		for q := p * p; q < limit; q += 2 * p {
			composite[q] = true
		}
		if g.d == 0 {
			g.d = 1
		}
		if g.d*uint64(p) >= 1<<32 {
			groups = append(groups, g)
			g = trialGroup{d: 1}
		}
		g.d *= uint64(p)
		inv := uint32(p) // p·p ≡ 1 mod 8: three bits, doubled by each step
		for range 4 {
			inv *= 2 - uint32(p)*inv
		}
		g.primes = append(g.primes, trialPrime{inv: inv, lim: (1<<32 - 1) / uint32(p)})
	}
	groups = append(groups, g)
	for i := range groups {
		groups[i].mu = (1<<64 - 1) / groups[i].d
	}
	return groups
}

// hasSmallFactor reports whether x, which is above every trial divisor, is
// a multiple of one of them. Each remainder is computed in constant time;
// only whether a group of primes holds a factor is public (the candidate
// is then rejected), so a prime x goes through every group.
func (x *Nat) hasSmallFactor() bool {
	for _, g := range trialDivisors {
		r := x.rem32(g.d, g.mu)
		var hit uint64
		for _, p := range g.primes {
			_, borrow := bits.Sub64(uint64(p.lim), uint64(uint32(r)*p.inv), 0)
			hit |= borrow ^ 1
		}
		declassify(&hit)
		if hit != 0 {
			return true
		}
	}
	return false
}

// rem32 returns x mod d for d < 2^32, with mu = ⌊(2^64 − 1)/d⌋, in time
// that depends only on x's length: Horner's rule on 32-bit chunks, each
// step reducing r·2^32 + chunk < 2^64 by Barrett's method, whose quotient
// estimate hi(v·mu) is at most one below the true one, and one masked
// subtraction.
func (x *Nat) rem32(d, mu uint64) uint64 {
	var r uint64
	step := func(chunk uint64) {
		v := r<<32 | chunk
		q, _ := bits.Mul64(v, mu)
		r = v - q*d
		_, borrow := bits.Sub64(r, d, 0) // borrow: r < d
		r -= d &^ -borrow
	}
	for i := len(x.limbs) - 1; i >= 0; i-- {
		step(x.limbs[i] >> 32)
		step(x.limbs[i] & 0xffffffff)
	}
	return r
}

// remVarTime returns x mod d for a single-limb divisor. It uses hardware
// division, whose time may depend on the operands.
func (x *Nat) remVarTime(d uint64) uint64 {
	var r uint64
	for i := len(x.limbs) - 1; i >= 0; i-- {
		r = bits.Rem64(r, x.limbs[i], d)
	}
	return r
}

func isSmallPrime(v uint64) bool {
	if v < 2 {
		return false
	}
	for p := uint64(2); p*p <= v; p++ {
		if v%p == 0 {
			return false
		}
	}
	return true
}
