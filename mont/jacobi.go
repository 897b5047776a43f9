package mont

// JacobiVarTime returns the Jacobi symbol (x/m): 0 if x and m share a
// factor, otherwise 1 or -1. For a prime m it is the Legendre symbol: 1 if x
// is a nonzero square modulo m and -1 if it is not. x must have m's length
// and be reduced modulo m.
//
// Its time depends on x and m: use it only on public values (checking that
// a Diffie-Hellman public key is in the subgroup of squares, say).
func (x *Nat) JacobiVarTime(m *Modulus) int {
	n := len(m.nat.limbs)
	// The binary algorithm: with both numbers odd, replace the larger by
	// their difference (using quadratic reciprocity to swap when needed),
	// and strip factors of two with the second supplementary law. Each
	// step works on the limbs still in use.
	a := make([]uint64, n)
	copy(a, x.limbs[:n])
	b := make([]uint64, n)
	copy(b, m.nat.limbs)
	t := 1
	active := n
	for {
		for active > 1 && a[active-1] == 0 && b[active-1] == 0 {
			active--
		}
		aa, bb := a[:active], b[:active]
		if isZeroVarTime(aa) {
			if isOneVarTime(bb) {
				return t
			}
			return 0
		}
		// a = 2^k·a' with a' odd: (2/b) = -1 exactly when b ≡ 3, 5 mod 8.
		if k := trailingZerosVarTime(aa); k > 0 {
			shiftRightVarTime(aa, uint(k))
			if r := bb[0] & 7; k%2 == 1 && (r == 3 || r == 5) {
				t = -t
			}
		}
		// Both odd now. Reciprocity: (a/b) = (b/a), negated when both are
		// 3 mod 4. Keep the larger in a and subtract.
		if !geqVarTime(aa, bb) {
			a, b = b, a
			aa, bb = bb, aa
			if aa[0]&3 == 3 && bb[0]&3 == 3 {
				t = -t
			}
		}
		subVarTime(aa, bb)
	}
}
