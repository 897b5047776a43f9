package mont

// Add sets x = x + y mod m and returns x. x and y must have m's length and
// be reduced modulo m.
func (x *Nat) Add(y *Nat, m *Modulus) *Nat {
	carry := x.add(y)
	x.maybeSubtract(Choice(carry), m)
	return x
}
