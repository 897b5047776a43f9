package mont

// Mod sets out = x mod m, with m's length, and returns out. x may have any
// length, and its value any size; the time taken depends only on the
// lengths of x and m. out must not alias x.
func (out *Nat) Mod(x *Nat, m *Modulus) *Nat {
	n := len(m.nat.limbs)
	ml := m.nat.limbs
	out.reset(n)
	if len(x.limbs) == 0 {
		return out
	}
	// Split x into chunks c_k of n limbs, x = Σ c_k·R^k. A chunk is below R
	// but may exceed m; the Montgomery kernels accept one operand below R
	// when the other is below m, so montMul(c_k, R² mod m) = c_k·R mod m,
	// reduced. Horner's rule in the Montgomery domain then accumulates
	// x·R mod m, and a last multiplication by 1 removes the R.
	var buf [maxStackLimbs]uint64
	chunk := &Nat{limbs: buf[:0]}
	chunk.reset(n)
	top := (len(x.limbs) - 1) / n
	for k := top; k >= 0; k-- {
		clear(chunk.limbs)
		end := min((k+1)*n, len(x.limbs))
		copy(chunk.limbs, x.limbs[k*n:end])
		if k != top {
			// out = out·R: out holds (value so far)·R, so multiplying by
			// R² mod m and dividing by R shifts it by one chunk.
			montMul(out.limbs, out.limbs, m.rr.limbs, ml, m.m0inv)
		}
		montMul(chunk.limbs, chunk.limbs, m.rr.limbs, ml, m.m0inv)
		out.Add(chunk, m)
	}
	return out.fromMontgomery(m)
}
