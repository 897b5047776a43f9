package mont

import "math/bits"

// expWindow returns the window width of [Nat.Exp] for an exponent of
// nbits bits (a public length). A w-bit window needs a table of 2^w powers,
// 2^w - 2 multiplications to build, and then costs w squarings, one table
// scan and one multiplication. Four bits are cheaper below about 320
// exponent bits (the short exponents of finite-field Diffie-Hellman), five
// above (RSA).
func expWindow(nbits int) int {
	if nbits < 320 {
		return 4
	}
	return 5
}

// Exp sets out = x^e mod m and returns out, for x reduced modulo m (with m's
// length) and the big-endian exponent e. The time taken depends on len(e)
// and m's length, not on the values of x, e or m: every window of the
// exponent costs the same squarings and one multiplication, and its table
// entry is chosen by scanning the whole table with masks. out may alias x.
func (out *Nat) Exp(x *Nat, e []byte, m *Modulus) *Nat {
	n := len(m.nat.limbs)
	if useExp52(n) {
		return out.exp52(x, e, m, amm52, select52Entry)
	}
	ml := m.nat.limbs
	nbits := 8 * len(e)
	window := expWindow(nbits)
	size := 1 << window

	// table[i] = x^i·R mod m, the Montgomery form of x^i.
	table := make([]uint64, size*n)
	one := table[:n]
	one[0] = 1
	montMul(one, one, m.rr.limbs, ml, m.m0inv) // R mod m
	copy(table[n:2*n], x.limbs[:n])
	montMul(table[n:2*n], table[n:2*n], m.rr.limbs, ml, m.m0inv)
	for i := 2; i < size; i++ {
		if i%2 == 0 {
			montSqr(table[i*n:(i+1)*n], table[i/2*n:(i/2+1)*n], ml, m.m0inv)
		} else {
			montMul(table[i*n:(i+1)*n], table[(i-1)*n:i*n], table[n:2*n], ml, m.m0inv)
		}
	}

	var buf [maxStackLimbs]uint64
	entry := buf[:n]
	acc := NewNat().reset(n)

	windows := (nbits + window - 1) / window
	for w := windows - 1; w >= 0; w-- {
		k := windowBits(e, w*window, window)
		selectEntry(entry, table, n, k)
		if w == windows-1 {
			copy(acc.limbs, entry)
			continue
		}
		for range window {
			montSqr(acc.limbs, acc.limbs, ml, m.m0inv)
		}
		montMul(acc.limbs, acc.limbs, entry, ml, m.m0inv)
	}
	if windows == 0 {
		copy(acc.limbs, one) // x^0 = 1
	}
	out.reset(n)
	copy(out.limbs, acc.limbs)
	return out.fromMontgomery(m)
}

// ExpPair sets out1 = x1^e1 mod m1 and out2 = x2^e2 mod m2, what
// out1.Exp(x1, e1, m1) and out2.Exp(x2, e2, m2) compute, for the two halves
// of an RSA private-key operation (the primes p and q and the exponents
// d mod p−1 and d mod q−1). Where the CPU has AVX-512 IFMA and the moduli
// have the same length, as two primes of an RSA key do, and the exponents
// have the same length, the two run together, which is faster than one
// after the other. The time taken depends only on the lengths. out1 and
// out2 must be distinct; either may alias an input.
func ExpPair(out1, x1 *Nat, e1 []byte, m1 *Modulus, out2, x2 *Nat, e2 []byte, m2 *Modulus) {
	n := len(m1.nat.limbs)
	if n == len(m2.nat.limbs) && len(e1) == len(e2) && usePair52(n) {
		exp52Pair(out1, x1, e1, m1, out2, x2, e2, m2, amm52Pair, select52Entry)
		return
	}
	t := NewNat().Exp(x1, e1, m1)
	out2.Exp(x2, e2, m2)
	out1.Set(t)
}

// windowBits returns the width bits (at most 8) of the big-endian number e
// starting at bit position pos (counted from the least significant bit);
// bits past the top are zero. It reads the two bytes the window can span:
// which ones depends only on pos, not on e.
func windowBits(e []byte, pos, width int) uint64 {
	var w uint64
	if i := len(e) - 1 - pos/8; i >= 0 {
		w = uint64(e[i])
		if i > 0 {
			w |= uint64(e[i-1]) << 8
		}
	}
	return w >> (pos % 8) & (1<<width - 1)
}

// selectEntryGeneric copies entry k of the table of n-limb entries into z,
// reading every entry and keeping the wanted one with masks.
func selectEntryGeneric(z []uint64, table []uint64, n int, k uint64) {
	clear(z)
	z = z[:n]
	for i := 0; i*n < len(table); i++ {
		mask := ctEq(uint64(i), k).mask()
		row := table[i*n : i*n+n]
		for j := 0; j+4 <= n; j += 4 {
			r := row[j : j+4 : j+4]
			zz := z[j : j+4 : j+4]
			zz[0] |= r[0] & mask
			zz[1] |= r[1] & mask
			zz[2] |= r[2] & mask
			zz[3] |= r[3] & mask
		}
		for j := n &^ 3; j < n; j++ {
			z[j] |= row[j] & mask
		}
	}
}

// ExpShortVarTime sets out = x^e mod m and returns out. Its time depends on
// e: use it only with public exponents, such as an RSA public exponent. out
// may alias x.
func (out *Nat) ExpShortVarTime(x *Nat, e uint64, m *Modulus) *Nat {
	n := len(m.nat.limbs)
	if useExp52(n) {
		return out.expShort52VarTime(x, e, m, amm52)
	}
	ml := m.nat.limbs
	var buf, xbuf [maxStackLimbs]uint64
	plain := xbuf[:n] // x itself (out may alias x)
	copy(plain, x.limbs[:n])
	base := buf[:n] // x in Montgomery form, x·R mod m
	montMul(base, plain, m.rr.limbs, ml, m.m0inv)
	out.reset(n)
	if e == 0 {
		out.limbs[0] = 1
		return out
	}
	// Left to right from the top set bit, which the base itself accounts
	// for. For an odd e > 1 the last step multiplies by x itself instead of
	// by its Montgomery form: x^(e−1)·R · x · R⁻¹ is x^e, out of Montgomery
	// form already, which saves the multiplication that converts it (one of
	// 19 for e = 65537).
	copy(out.limbs, base)
	for i := bits.Len64(e) - 2; i >= 0; i-- {
		montSqr(out.limbs, out.limbs, ml, m.m0inv)
		if e>>i&1 == 1 {
			if i == 0 {
				montMul(out.limbs, out.limbs, plain, ml, m.m0inv)
				return out
			}
			montMul(out.limbs, out.limbs, base, ml, m.m0inv)
		}
	}
	return out.fromMontgomery(m)
}
