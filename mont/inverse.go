package mont

import "math/bits"

// InverseVarTime sets x = a⁻¹ mod m and returns x and true, or returns
// x and false if a has no inverse (a and m share a factor, or a is zero).
// a must have m's length and be reduced modulo m.
//
// Its time depends on a and m: use it only on public values. A trace of
// its branches reveals a; for a secret a, even a random one (an RSA
// blinding value, with which every blinded value could be unblinded), use
// the constant-time [Nat.Inverse], which is also faster.
func (x *Nat) InverseVarTime(a *Nat, m *Modulus) (*Nat, bool) {
	n := len(m.nat.limbs)
	// Binary extended Euclid on (u, v) = (a, m) keeping the invariants
	// u ≡ a·x1 and v ≡ a·x2 (mod m). Each step removes all the factors of
	// two of u (or v) at once, dividing x1 (or x2) by the same power of two
	// modulo m with one Montgomery-style reduction per 63 bits, and then
	// subtracts the smaller of u and v from the larger. u and v only
	// shrink, so the loop works on their active limbs only.
	u := NewNat().Set(a).expand(n)
	v := NewNat().Set(m.nat)
	x1 := NewNat().reset(n)
	x1.limbs[0] = 1
	x2 := NewNat().reset(n)
	if u.IsZero() == 1 {
		return x, false
	}
	scratch := make([]uint64, n+1)
	active := n
	for {
		halveVarTime(u.limbs[:active], x1, m, scratch)
		halveVarTime(v.limbs[:active], x2, m, scratch)
		for active > 1 && u.limbs[active-1] == 0 && v.limbs[active-1] == 0 {
			active--
		}
		ua, va := u.limbs[:active], v.limbs[:active]
		if isOneVarTime(ua) {
			x.Set(x1)
			return x, true
		}
		if isOneVarTime(va) {
			x.Set(x2)
			return x, true
		}
		if geqVarTime(ua, va) {
			subVarTime(ua, va)
			x1.Sub(x2, m)
			if isZeroVarTime(ua) {
				return x, false // gcd(a, m) = v > 1
			}
		} else {
			subVarTime(va, ua)
			x2.Sub(x1, m)
		}
	}
}

// halveVarTime divides the nonzero y by its largest power-of-two factor 2^k
// and sets c = c·2^(-k) mod m. Dividing c by 2^s modulo the odd m adds the
// multiple t·m that makes the sum divisible by 2^s (t = c·(-m⁻¹) mod 2^s)
// and shifts; the result is below 2m and one subtraction reduces it.
func halveVarTime(y []uint64, c *Nat, m *Modulus, scratch []uint64) {
	k := trailingZerosVarTime(y)
	if k == 0 {
		return
	}
	shiftRightVarTime(y, uint(k))
	n := len(c.limbs)
	ml := m.nat.limbs
	for k > 0 {
		s := min(k, 63)
		k -= s
		t := (c.limbs[0] * m.m0inv) & (1<<s - 1)
		// scratch = c + t·m, n+1 limbs.
		var carry uint64
		for i := 0; i < n; i++ {
			hi, lo := bits.Mul64(ml[i], t)
			var cc uint64
			lo, cc = bits.Add64(lo, c.limbs[i], 0)
			hi += cc
			lo, cc = bits.Add64(lo, carry, 0)
			hi += cc
			scratch[i], carry = lo, hi
		}
		scratch[n] = carry
		shiftRightVarTime(scratch, uint(s))
		copy(c.limbs, scratch[:n])
		if scratch[n] != 0 || c.cmpGeq(m.nat) == 1 {
			c.sub(m.nat)
		}
	}
}

// trailingZerosVarTime returns the number of trailing zero bits of the
// little-endian limbs l: 64·len(l) if they are all zero.
func trailingZerosVarTime(l []uint64) int {
	k := 0
	for _, v := range l {
		if v != 0 {
			return k + bits.TrailingZeros64(v)
		}
		k += 64
	}
	return k
}

// shiftRightVarTime shifts the little-endian limbs l right by k bits, in
// place; the time depends on k.
func shiftRightVarTime(l []uint64, k uint) {
	w, s := int(k/64), k%64
	for i := range l {
		var v uint64
		if j := i + w; j < len(l) {
			v = l[j] >> s
			if s != 0 && j+1 < len(l) {
				v |= l[j+1] << (64 - s)
			}
		}
		l[i] = v
	}
}

func isOneVarTime(l []uint64) bool {
	if l[0] != 1 {
		return false
	}
	return isZeroVarTime(l[1:])
}

func isZeroVarTime(l []uint64) bool {
	for _, v := range l {
		if v != 0 {
			return false
		}
	}
	return true
}

// geqVarTime reports whether x >= y, comparing from the top limb.
func geqVarTime(x, y []uint64) bool {
	for i := len(x) - 1; i >= 0; i-- {
		if x[i] != y[i] {
			return x[i] > y[i]
		}
	}
	return true
}

func subVarTime(x, y []uint64) {
	var b uint64
	for i := range x {
		x[i], b = bits.Sub64(x[i], y[i], b)
	}
}

// InversePrime sets x = a⁻¹ mod p and returns x, for a prime modulus p, as
// a^(p-2) mod p with [Nat.Exp], in constant time. If a is zero, x is zero.
// a must have p's length and be reduced modulo p. The result is meaningless
// if p is not prime.
func (x *Nat) InversePrime(a *Nat, p *Modulus) *Nat {
	e := p.Nat()
	two := NewNat().reset(len(e.limbs))
	two.limbs[0] = 2
	e.sub(two)
	exp := make([]byte, p.Size())
	e.fillBytes(exp)
	return x.Exp(a, exp, p)
}
