package mont

import "math/bits"

// This file holds the radix-2⁵² arithmetic of [Nat.Exp] on CPUs with AVX-512
// IFMA, whose VPMADD52LUQ and VPMADD52HUQ multiply 52-bit digits, eight at a
// time: numbers are stored one 52-bit digit per 64-bit lane, and products
// are "almost Montgomery" (amm52Generic). The portable kernel here is the
// reference the assembly kernels (amm52_amd64.s) are tested against; only
// amd64 runs the exponentiation in this form.

const (
	// mask52 keeps the low 52 bits of a lane.
	mask52 = 1<<52 - 1

	// amm52MinLanes and amm52MaxLanes bound the radix-2⁵² numbers with
	// an assembly kernel: 16 lanes for the 10 digits of a modulus of 8 limbs
	// (512 bits), 160 for the 158 digits of 128 limbs (8192 bits). They
	// must match minRegs and maxRegs in tools/asm/mont/amm52.
	amm52MinLanes = 16
	amm52MaxLanes = 160

	// amm52HalfMaxLanes is the largest size of a kernel whose last
	// register is a YMM one (8r − 4 lanes, for up to 8r − 4 digits). It
	// must match maxHalfRegs in tools/asm/mont/amm52.
	amm52HalfMaxLanes = 60
)

// kernelWidth52 returns the lanes of the assembly kernel for k digits in
// the given lanes: k rounded up to a multiple of four where that leaves
// the last register half used and there is such a kernel, else lanes.
func kernelWidth52(k, lanes int) int {
	if w := (k + 3) &^ 3; w%8 == 4 && w <= amm52HalfMaxLanes {
		return w
	}
	return lanes
}

// digits52 returns the number of 52-bit digits k of the radix-2⁵² form of
// an n-limb modulus m, and that number rounded up to a multiple of eight
// lanes. R = 2^(52k) is more than 4m (52k ≥ 64n + 2), which is what lets
// almost-Montgomery products of numbers below 2m stay below 2m.
func digits52(n int) (k, lanes int) {
	k = (64*n + 2 + 51) / 52
	return k, (k + 7) &^ 7
}

// toRadix52 sets z to x, given in 64-bit limbs, in 52-bit digits (one per
// element of z, which must be long enough for them; the rest are zeroed).
func toRadix52(z, x []uint64) {
	clear(z)
	for i := range z {
		w, s := 52*i/64, uint(52*i%64)
		if w >= len(x) {
			break // a public length
		}
		d := x[w] >> s
		if s > 12 && w+1 < len(x) {
			d |= x[w+1] << (64 - s)
		}
		z[i] = d & mask52
	}
}

// fromRadix52 sets z, of 64-bit limbs, to x given in 52-bit digits. The
// value must fit in z.
func fromRadix52(z, x []uint64) {
	clear(z)
	for i, d := range x {
		w, s := 52*i/64, uint(52*i%64)
		if w >= len(z) {
			break
		}
		z[w] |= d << s
		if s > 12 && w+1 < len(z) {
			z[w+1] |= d >> (64 - s)
		}
	}
}

// amm52Generic sets z = x·y·2^(−52k) mod m, "almost" reduced: for x, y
// below 2m it is below 2m but may be m or more. All numbers are in 52-bit
// digits, one per element, with k significant digits (the elements from k
// up are zero, and m's length is that of the others); k0 is −m⁻¹ mod 2⁵².
// z may alias x or y.
//
// It is the word-by-word Montgomery multiplication (CIOS): for each digit
// y[i], add x·y[i] to the accumulator t, then the multiple q·m that clears
// t's lowest digit, and drop that digit.
func amm52Generic(z, x, y, m []uint64, k int, k0 uint64) {
	var buf [amm52MaxLanes + 2]uint64
	var t []uint64
	if k <= amm52MaxLanes {
		t = buf[:k+2]
	} else {
		t = make([]uint64, k+2)
	}
	x, y, m = x[:k], y[:k], m[:k]
	for i := range k {
		// t += x·y[i]
		yi := y[i]
		var c uint64
		for j := range k {
			hi, lo := bits.Mul64(x[j], yi)
			s := t[j] + lo&mask52 + c
			t[j] = s & mask52
			c = s>>52 + (hi<<12 | lo>>52)
		}
		s := t[k] + c
		t[k] = s & mask52
		t[k+1] += s >> 52

		// t = (t + m·q) / 2⁵², where q clears the low digit.
		q := t[0] * k0 & mask52
		hi, lo := bits.Mul64(m[0], q)
		s = t[0] + lo&mask52
		c = s>>52 + (hi<<12 | lo>>52)
		for j := 1; j < k; j++ {
			hi, lo := bits.Mul64(m[j], q)
			s := t[j] + lo&mask52 + c
			t[j-1] = s & mask52
			c = s>>52 + (hi<<12 | lo>>52)
		}
		s = t[k] + c
		t[k-1] = s & mask52
		t[k] = t[k+1] + s>>52
		t[k+1] = 0
	}
	// t < 2m < 2^(52k): t[k] is zero.
	copy(z[:k], t[:k])
	clear(z[k:])
}

// modulus52 is a [Modulus] in radix-2⁵² form, with its own Montgomery
// constants for R = 2^(52k).
type modulus52 struct {
	k     int      // digits
	lanes int      // k rounded up to a multiple of eight
	width int      // the lanes the assembly kernels compute (kernelWidth52)
	k0    uint64   // −m⁻¹ mod 2⁵²
	m     []uint64 // the modulus, lanes long, with two zero lanes after them (newModulus52Lanes)
	rr    []uint64 // R² mod m, lanes long
}

// radix52 returns m in radix-2⁵² form, computing it on first use.
func (m *Modulus) radix52() *modulus52 {
	m.r52Once.Do(func() { m.r52 = newModulus52(m) })
	return m.r52
}

// newModulus52 converts m. R² = 2^(104k) mod m follows from m's 64-bit R² =
// 2^(128n) mod m by 104k − 128n (≥ 4) constant-time modular doublings.
func newModulus52(m *Modulus) *modulus52 {
	n := len(m.nat.limbs)
	k, lanes := digits52(n)
	rr := NewNat().Set(m.rr)
	for range 104*k - 128*n {
		carry := rr.add(rr)
		rr.maybeSubtract(Choice(carry), m)
	}
	p := &modulus52{
		k:     k,
		lanes: lanes,
		width: kernelWidth52(k, lanes),
		k0:    m.m0inv & mask52,
		m:     newModulus52Lanes(lanes),
		rr:    make([]uint64, lanes),
	}
	toRadix52(p.m, m.nat.limbs)
	toRadix52(p.rr, rr.limbs)
	return p
}

// newModulus52Lanes returns lanes zero lanes for a modulus, with two more
// zero lanes after them in the slice's capacity: the assembly kernels read
// the modulus from one and two lanes on, m[j+1] and m[j+2], as whole
// registers.
func newModulus52Lanes(lanes int) []uint64 {
	return make([]uint64, lanes, lanes+2)
}

// amm52Func is the signature of the radix-2⁵² products exp52 uses:
// amm52Generic's, with the modulus' constants in p.
type amm52Func func(z, x, y []uint64, p *modulus52)

// amm52PairFunc computes two independent products of amm52Func at once,
// for moduli with the same number of lanes.
type amm52PairFunc func(z1, x1, y1 []uint64, p1 *modulus52, z2, x2, y2 []uint64, p2 *modulus52)

// amm52Portable is amm52Generic with a modulus52.
func amm52Portable(z, x, y []uint64, p *modulus52) {
	amm52Generic(z, x, y, p.m, p.k, p.k0)
}

// amm52PairPortable is amm52PairFunc on the portable kernel: what the pair
// kernels compute.
func amm52PairPortable(z1, x1, y1 []uint64, p1 *modulus52, z2, x2, y2 []uint64, p2 *modulus52) {
	amm52Portable(z1, x1, y1, p1)
	amm52Portable(z2, x2, y2, p2)
}

// exp52 is [Nat.Exp] in radix 2⁵², with the product mul and the table
// scan sel (selectEntry's signature). It computes the same windows as Exp,
// with almost-Montgomery products throughout and one full reduction at
// the end.
func (out *Nat) exp52(x *Nat, e []byte, m *Modulus, mul amm52Func, sel selectFunc) *Nat {
	r := exp52Run{mul: mul, sel: sel}
	r.n = 1
	r.s[0].init(x, e, m)
	r.run()
	return out.setReduced52(r.s[0].acc, m)
}

// exp52Pair sets out1 = x1^e1 mod m1 and out2 = x2^e2 mod m2 as exp52 does,
// with the products of the two computed together by pair. The moduli must
// have the same number of lanes, and the exponents the same length.
func exp52Pair(out1, x1 *Nat, e1 []byte, m1 *Modulus, out2, x2 *Nat, e2 []byte, m2 *Modulus, pair amm52PairFunc, sel selectFunc) {
	r := exp52Run{pair: pair, sel: sel}
	r.n = 2
	r.s[0].init(x1, e1, m1)
	r.s[1].init(x2, e2, m2)
	r.run()
	out1.setReduced52(r.s[0].acc, m1)
	out2.setReduced52(r.s[1].acc, m2)
}

// selectFunc is the signature of selectEntry.
type selectFunc func(z, table []uint64, n int, k uint64)

// exp52State is one exponentiation of an exp52Run.
type exp52State struct {
	p                      *modulus52
	e                      []byte
	table, one, acc, entry []uint64
}

// init prepares x^e mod m: the buffers, and x in radix 2⁵² in entry.
func (s *exp52State) init(x *Nat, e []byte, m *Modulus) {
	s.p = m.radix52()
	s.e = e
	l := s.p.lanes
	size := 1 << expWindow(8*len(e))
	buf := make([]uint64, (size+3)*l)
	s.table = buf[:size*l]
	s.one = buf[size*l : (size+1)*l] // the plain number 1
	s.acc = buf[(size+1)*l : (size+2)*l]
	s.entry = buf[(size+2)*l:]
	s.one[0] = 1
	toRadix52(s.entry, x.limbs[:len(m.nat.limbs)])
}

// row returns entry i of the table.
func (s *exp52State) row(i int) []uint64 {
	l := s.p.lanes
	return s.table[i*l : (i+1)*l]
}

// exp52Run runs one exponentiation (n = 1, on mul) or two of the same
// shape together (n = 2, on pair).
type exp52Run struct {
	n    int
	s    [2]exp52State
	mul  amm52Func
	pair amm52PairFunc
	sel  selectFunc
}

// step computes the products f names for each exponentiation, z = x·y.
func (r *exp52Run) step(f func(s *exp52State) (z, x, y []uint64)) {
	if r.n == 2 {
		z1, x1, y1 := f(&r.s[0])
		z2, x2, y2 := f(&r.s[1])
		r.pair(z1, x1, y1, r.s[0].p, z2, x2, y2, r.s[1].p)
		return
	}
	z, x, y := f(&r.s[0])
	r.mul(z, x, y, r.s[0].p)
}

// run leaves x^e·R mod m·R⁻¹ = x^e, below m + 1, in each acc.
func (r *exp52Run) run() {
	nbits := 8 * len(r.s[0].e)
	window := expWindow(nbits)
	size := 1 << window

	// table[i] = x^i·R mod m, almost reduced.
	r.step(func(s *exp52State) (z, x, y []uint64) { return s.row(0), s.p.rr, s.one }) // R
	r.step(func(s *exp52State) (z, x, y []uint64) { return s.row(1), s.entry, s.p.rr })
	for i := 2; i < size; i++ {
		if i%2 == 0 {
			r.step(func(s *exp52State) (z, x, y []uint64) { return s.row(i), s.row(i / 2), s.row(i / 2) })
		} else {
			r.step(func(s *exp52State) (z, x, y []uint64) { return s.row(i), s.row(i - 1), s.row(1) })
		}
	}

	for i := range r.n {
		copy(r.s[i].acc, r.s[i].row(0)) // x^0, for an empty exponent
	}
	windows := (nbits + window - 1) / window
	for w := windows - 1; w >= 0; w-- {
		for i := range r.n {
			s := &r.s[i]
			r.sel(s.entry, s.table, s.p.lanes, windowBits(s.e, w*window, window))
			if w == windows-1 {
				copy(s.acc, s.entry)
			}
		}
		if w == windows-1 {
			continue
		}
		for range window {
			r.step(func(s *exp52State) (z, x, y []uint64) { return s.acc, s.acc, s.acc })
		}
		r.step(func(s *exp52State) (z, x, y []uint64) { return s.acc, s.acc, s.entry })
	}
	// acc·R⁻¹ = (acc + q·m)/R < 2m/R + m, so at most m.
	r.step(func(s *exp52State) (z, x, y []uint64) { return s.acc, s.acc, s.one })
}

// setReduced52 sets out = x mod m for x below 2m in 52-bit digits: one
// conditional subtraction, with a limb above m's for the bit 2m may need.
func (out *Nat) setReduced52(x []uint64, m *Modulus) *Nat {
	n := len(m.nat.limbs)
	var buf [maxStackLimbs + 1]uint64
	var t []uint64
	if n < maxStackLimbs {
		t = buf[:n+1]
	} else {
		t = make([]uint64, n+1)
	}
	fromRadix52(t, x)
	out.reset(n)
	reduceOnce(out.limbs, t[:n], t[n], m.nat.limbs)
	return out
}

// expShort52VarTime is [Nat.ExpShortVarTime] in radix 2⁵², with the product
// mul: the same left-to-right square-and-multiply, whose last multiplication
// by x itself leaves the result out of Montgomery form.
func (out *Nat) expShort52VarTime(x *Nat, e uint64, m *Modulus, mul amm52Func) *Nat {
	n := len(m.nat.limbs)
	if e == 0 {
		out.reset(n)
		out.limbs[0] = 1
		return out
	}
	p := m.radix52()
	l := p.lanes
	var buf [3 * amm52MaxLanes]uint64
	var b []uint64
	if l <= amm52MaxLanes {
		b = buf[:3*l]
	} else {
		b = make([]uint64, 3*l)
	}
	plain, base, acc := b[:l], b[l:2*l], b[2*l:]
	toRadix52(plain, x.limbs[:n])
	mul(base, plain, p.rr, p) // x·R
	copy(acc, base)
	for i := bits.Len64(e) - 2; i >= 0; i-- {
		mul(acc, acc, acc, p)
		if e>>i&1 == 1 {
			if i == 0 {
				// x^(e−1)·R · x · R⁻¹ = x^e, below 2m.
				mul(acc, acc, plain, p)
				return out.setReduced52(acc, m)
			}
			mul(acc, acc, base, p)
		}
	}
	clear(plain)
	plain[0] = 1
	mul(acc, acc, plain, p)
	return out.setReduced52(acc, m)
}
