package mont

// Mul sets x = x·y mod m and returns x. x and y must have m's length and be
// reduced modulo m.
func (x *Nat) Mul(y *Nat, m *Modulus) *Nat {
	// x·y·R⁻¹ followed by a multiplication by R² mod m (also divided by R)
	// is x·y: two Montgomery multiplications, no conversion back needed.
	ml := m.nat.limbs
	montMul(x.limbs, x.limbs, y.limbs[:len(ml)], ml, m.m0inv)
	montMul(x.limbs, x.limbs, m.rr.limbs, ml, m.m0inv)
	return x
}

// Square sets x = x² mod m and returns x. x must have m's length and be
// reduced modulo m.
func (x *Nat) Square(m *Modulus) *Nat {
	ml := m.nat.limbs
	montSqr(x.limbs, x.limbs, ml, m.m0inv)
	montMul(x.limbs, x.limbs, m.rr.limbs, ml, m.m0inv)
	return x
}

// toMontgomery sets x = x·R mod m.
func (x *Nat) toMontgomery(m *Modulus) *Nat {
	montMul(x.limbs, x.limbs, m.rr.limbs, m.nat.limbs, m.m0inv)
	return x
}

// fromMontgomery sets x = x·R⁻¹ mod m.
func (x *Nat) fromMontgomery(m *Modulus) *Nat {
	var buf [maxStackLimbs]uint64
	one := &Nat{limbs: buf[:0]}
	one.reset(len(m.nat.limbs)).limbs[0] = 1
	montMul(x.limbs, x.limbs, one.limbs, m.nat.limbs, m.m0inv)
	return x
}
