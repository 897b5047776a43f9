package mont

// Sub sets x = x - y mod m and returns x. x and y must have m's length and
// be reduced modulo m.
func (x *Nat) Sub(y *Nat, m *Modulus) *Nat {
	borrow := x.sub(y)
	// On a borrow, x + 2^(64n) - y was computed; adding m back wraps
	// around to x - y + m.
	var buf [maxStackLimbs]uint64
	t := &Nat{limbs: buf[:0]}
	t.Set(x)
	t.add(m.nat)
	x.Assign(Choice(borrow), t)
	return x
}

// SubOne sets x = x - 1 mod m and returns x. x must have m's length and be
// reduced modulo m.
func (x *Nat) SubOne(m *Modulus) *Nat {
	var buf [maxStackLimbs]uint64
	one := &Nat{limbs: buf[:0]}
	one.SetUint(1, m)
	return x.Sub(one, m)
}
