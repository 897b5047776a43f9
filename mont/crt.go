package mont

// RecombineCRT sets out = z mod n and returns out, where n = p·q, given
// xp = z mod p and xq = z mod q (each with its modulus' length) and
// qInv = q⁻¹ mod p (with p's length). This is Garner's formula,
//
//	z = xq + q·((xp - xq)·qInv mod p),
//
// the last step of an RSA private-key operation. It runs in constant time.
// The product q·h is computed in full: it is below n, so no reduction
// modulo n is needed.
func (out *Nat) RecombineCRT(xp *Nat, p *Modulus, xq *Nat, q *Modulus, qInv *Nat, n *Modulus) *Nat {
	h := NewNat().Mod(xq, p)
	t := NewNat().Set(xp).ExpandFor(p)
	t.Sub(h, p).Mul(qInv, p)
	prod := NewNat().MulPlain(q.nat, t)
	nl := len(n.nat.limbs)
	out.reset(nl)
	copy(out.limbs, prod.limbs) // q·h < n: the limbs above n's are zero
	y := NewNat().Set(xq).expand(nl)
	out.add(y) // q·h + xq ≤ q·(p-1) + q - 1 < n: no carry, no reduction
	return out
}
