package mont

import "math/bits"

// This file holds the portable Montgomery kernels. They work on limb slices
// of the modulus' length n and are the reference every assembly kernel is
// tested against.
//
// With R = 2^(64n), montMul computes x·y·R⁻¹ mod m and montSqr x·x·R⁻¹ mod m,
// for x, y < m and m odd, fully reduced (the result is < m). m0inv is
// -m⁻¹ mod 2^64. The result may alias either operand.

// maxStackLimbs is the largest modulus, in limbs, whose kernel scratch space
// lives on the stack: 8192 bits, the largest FFDH group.
const maxStackLimbs = 128

// montMulGeneric is the coarsely integrated operand scanning (CIOS) method:
// for each limb of y, add x·y[i] to the accumulator, then add the multiple of
// m that clears its lowest limb, and shift the accumulator down by one limb.
func montMulGeneric(z, x, y, m []uint64, m0inv uint64) {
	n := len(m)
	var buf [maxStackLimbs + 2]uint64
	var t []uint64
	if n <= maxStackLimbs {
		t = buf[:n+2]
	} else {
		t = make([]uint64, n+2)
	}
	x, y, z = x[:n], y[:n], z[:n]

	for i := 0; i < n; i++ {
		// t += x·y[i]
		yi := y[i]
		var c uint64
		for j := 0; j < n; j++ {
			hi, lo := bits.Mul64(x[j], yi)
			var cc uint64
			lo, cc = bits.Add64(lo, t[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			t[j], c = lo, hi
		}
		var cc uint64
		t[n], cc = bits.Add64(t[n], c, 0)
		t[n+1] = cc

		// t = (t + m·q) / 2^64 where q makes the low limb zero.
		q := t[0] * m0inv
		hi, lo := bits.Mul64(m[0], q)
		_, cc = bits.Add64(lo, t[0], 0)
		c = hi + cc
		for j := 1; j < n; j++ {
			hi, lo := bits.Mul64(m[j], q)
			lo, cc = bits.Add64(lo, t[j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			t[j-1], c = lo, hi
		}
		t[n-1], cc = bits.Add64(t[n], c, 0)
		t[n] = t[n+1] + cc
	}
	// t < 2m: subtract m once if t >= m.
	reduceOnce(z, t[:n], t[n], m)
}

// montSqrGeneric computes x·x·R⁻¹ mod m. The portable version is the
// multiplication; assembly kernels have a dedicated squaring.
func montSqrGeneric(z, x, m []uint64, m0inv uint64) {
	montMulGeneric(z, x, x, m, m0inv)
}

// reduceOnce sets z = (hi·2^(64n) + t) mod m for a value below 2m, with hi
// the carry limb (0 or 1). It subtracts m and keeps the difference unless
// that borrowed more than hi provides. z may alias t.
func reduceOnce(z, t []uint64, hi uint64, m []uint64) {
	n := len(m)
	var diff [maxStackLimbs]uint64
	var d []uint64
	if n <= maxStackLimbs {
		d = diff[:n]
	} else {
		d = make([]uint64, n)
	}
	var b uint64
	for i := 0; i < n; i++ {
		d[i], b = bits.Sub64(t[i], m[i], b)
	}
	// The subtraction is valid unless it borrowed and there is no carry limb
	// to absorb the borrow: keep t when b > hi, that is b == 1 && hi == 0.
	_, keep := bits.Sub64(hi, b, 0)
	mask := -keep // all ones: keep t
	for i := 0; i < n; i++ {
		z[i] = d[i] ^ ((d[i] ^ t[i]) & mask)
	}
}
