package limbs

// Square roots by fixed exponentiations, and exponentiation by a public
// exponent ([Field.Exp]).
//
// For m ≡ 3 (mod 4) a square root of a square x is x^((m+1)/4). The
// exponent is a public constant, so the sequence of squarings and
// multiplications is fixed in advance and does not depend on x.
//
// The three base fields have exponents made of long runs of ones, which
// addition chains built from the blocks x_k = x^(2^k − 1) cover cheaply:
// x_(a+b) = x_a^(2^b)·x_b, and a run of k ones followed by j zeros and then
// the bits of an exponent e' is x_k^(2^(j+len(e')))·x^(e'), read from the
// top; those for P-256's and P-384's p are written out below (2^521 − 1
// needs 519 squarings alone). Other moduli (the group orders) take a fixed
// sliding window over the exponent's bits, compiled once by [NewField]
// into a list of runs of squarings each followed by a multiplication by an
// odd power of x. In both cases every run of squarings is one call of
// [Field.SquareN]. (Inversion is not done this way: see [Field.InvertCT].)

// expWindow is the width of the windows of the compiled exponentiations.
const expWindow = 5

// expStep is one step of a compiled exponentiation: square sq times, then
// multiply by the odd power x^(2·idx+1) unless idx is −1.
type expStep struct {
	sq  int
	idx int
}

// expProgram is a compiled exponentiation: the first window's power (or −1
// for the exponent 0), the steps, and the number of odd powers used.
type expProgram struct {
	first int
	steps []expStep
	table int
}

// compileExp returns the sliding-window program of x^e: windows of up to
// expWindow bits that start and end with a one, read from the top.
func compileExp[T Limbs](e *T) expProgram {
	bit := func(i int) uint64 { return (*e)[i/64] >> (i % 64) & 1 }
	p := expProgram{first: -1}
	sq := 0
	i := len(*e)*64 - 1
	for i >= 0 {
		if bit(i) == 0 {
			sq++
			i--
			continue
		}
		j := max(i-expWindow+1, 0)
		for bit(j) == 0 {
			j++
		}
		var w int
		for k := i; k >= j; k-- {
			w = w<<1 | int(bit(k))
		}
		sq += i - j + 1
		if p.first < 0 {
			p.first = w >> 1
		} else {
			p.steps = append(p.steps, expStep{sq: sq, idx: w >> 1})
		}
		p.table = max(p.table, w>>1+1)
		sq = 0
		i = j - 1
	}
	if p.first >= 0 && sq > 0 {
		p.steps = append(p.steps, expStep{sq: sq, idx: -1})
	}
	return p
}

// run sets z = x^e for the exponent p was compiled from.
func (f *Field[T]) run(z, x *T, p *expProgram) {
	if p.first < 0 {
		*z = f.one
		return
	}
	var table [1 << (expWindow - 1)]T
	table[0] = *x
	if p.table > 1 {
		var x2 T
		f.Square(&x2, x)
		for i := 1; i < p.table; i++ {
			f.Mul(&table[i], &table[i-1], &x2)
		}
	}
	acc := table[p.first]
	for _, s := range p.steps {
		f.SquareN(&acc, &acc, s.sq)
		if s.idx >= 0 {
			f.Mul(&acc, &acc, &table[s.idx])
		}
	}
	*z = acc
}

// Exp sets z = x^e in Montgomery form (x in Montgomery form too), for a
// public exponent e: the time depends on e, not on x. It uses a sliding
// window over e's bits, from the most significant, with the odd powers x,
// x³, …, x^(2^5 − 1) precomputed as needed.
func (f *Field[T]) Exp(z, x, e *T) {
	p := compileExp(e)
	f.run(z, x, &p)
}

// Invert sets z = x⁻¹ for a prime m (and 0 for 0), in Montgomery form, in
// constant time: by the divsteps of [Field.InvertCT], which measured faster
// than Fermat's x^(m−2) by addition chains for every modulus of the
// package, even P-256's p with its dedicated squaring.
func (f *Field[T]) Invert(z, x *T) { f.InvertCT(z, x) }

// Sqrt sets z to a square root of x, for a prime m ≡ 3 (mod 4), and returns 1
// if x is a square; otherwise it leaves z unchanged and returns 0. Both are
// in Montgomery form.
func (f *Field[T]) Sqrt(z, x *T) int {
	var r, r2 T
	switch f.special {
	case specialP256:
		sqrtP256(asF4(f), as4(&r), as4(x))
	case specialP384:
		sqrtP384(asF6(f), as6(&r), as6(x))
	case specialP521:
		// (p + 1)/4 = 2^519.
		f.SquareN(&r, x, 519)
	default:
		f.run(&r, x, &f.sqrtProg)
	}
	f.Square(&r2, &r)
	ok := Equal(&r2, x)
	Select(z, &r, z, ok)
	return ok
}

// The kinds of modulus with a dedicated chain.
const (
	specialNone = iota
	specialP256
	specialP384
	specialP521
)

// blocks computes x_k = x^(2^k − 1) from earlier blocks.
type blocks[T Limbs] struct{ f *Field[T] }

// join sets z = a^(2^k)·b: with a = x_i and b = x_k, z = x_(i+k). z may
// alias a but not b.
func (c blocks[T]) join(z, a *T, k int, b *T) {
	c.f.SquareN(z, a, k)
	c.f.Mul(z, z, b)
}

// runs32 computes the blocks x15, x30 and x32 (x_k = x^(2^k − 1)) that
// the square roots of P-256's and P-384's p start from: both primes begin
// with 32 ones.
func runs32[T Limbs](f *Field[T], x *T) (x15, x30, x32 T) {
	c := blocks[T]{f}
	var x2, x3, x6, x12 T
	c.join(&x2, x, 1, x)
	c.join(&x3, &x2, 1, x)
	c.join(&x6, &x3, 3, &x3)
	c.join(&x12, &x6, 6, &x6)
	c.join(&x15, &x12, 3, &x3)
	c.join(&x30, &x15, 15, &x15)
	c.join(&x32, &x30, 2, &x2)
	return
}

// sqrtP256 sets z = x^((p+1)/4) for P-256's p: 32 ones, 31 zeros, a one, 95
// zeros, a one and 94 zeros.
func sqrtP256(f *Field[[4]uint64], z, x *[4]uint64) {
	c := blocks[[4]uint64]{f}
	x1 := *x
	_, _, x32 := runs32(f, &x1)
	var t [4]uint64
	c.join(&t, &x32, 32, &x1)
	c.join(&t, &t, 96, &x1)
	f.SquareN(z, &t, 94)
}

// p384Runs computes the blocks x32 and x255 that the square root of
// P-384's p starts from.
func p384Runs(f *Field[[6]uint64], x *[6]uint64) (x32, x255 [6]uint64) {
	c := blocks[[6]uint64]{f}
	x15, x30, x32 := runs32(f, x)
	var x60, x120, x240 [6]uint64
	c.join(&x60, &x30, 30, &x30)
	c.join(&x120, &x60, 60, &x60)
	c.join(&x240, &x120, 120, &x120)
	c.join(&x255, &x240, 15, &x15)
	return
}

// sqrtP384 sets z = x^((p+1)/4) for P-384's p: 255 ones, a zero, 32 ones,
// 63 zeros, a one and 30 zeros.
func sqrtP384(f *Field[[6]uint64], z, x *[6]uint64) {
	c := blocks[[6]uint64]{f}
	x1 := *x
	x32, x255 := p384Runs(f, &x1)
	var t [6]uint64
	c.join(&t, &x255, 33, &x32)
	c.join(&t, &t, 64, &x1)
	f.SquareN(z, &t, 30)
}
