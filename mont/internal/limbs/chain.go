package limbs

// Square roots by fixed exponentiations, and exponentiation by a public
// exponent ([Field.Exp]).
//
// For m ≡ 3 (mod 4) a square root of a square x is x^((m+1)/4). The
// exponent is a public constant, so the sequence of squarings and
// multiplications is fixed in advance and does not depend on x.
//
// The field packages hand [NewField] an addition chain for the exponent of
// a base field ([Kernels.Sqrt]); other moduli (the group orders) take a
// fixed sliding window over the exponent's bits, compiled once by
// [NewField] into a list of runs of squarings each followed by a
// multiplication by an odd power of x. In both cases every run of
// squarings is one call of [Field.SquareN]. (Inversion is not done this way: see [Field.InvertCTGeneric].)

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
// constant time, with the kernel given to [NewField]: the divsteps of
// [Field.InvertCTGeneric] (or its assembly), which measured faster than
// Fermat's x^(m−2) by addition chains for every modulus of the package,
// even P-256's p with its dedicated squaring.
func (f *Field[T]) Invert(z, x *T) { *z = f.k.Invert(f, *x) }

// Sqrt sets z to a square root of x, for a prime m ≡ 3 (mod 4), and returns 1
// if x is a square; otherwise it leaves z unchanged and returns 0. Both are
// in Montgomery form. It computes x^((m+1)/4) with [Kernels.Sqrt] if the
// field has one, or else by a sliding window, in constant time.
func (f *Field[T]) Sqrt(z, x *T) int {
	var r, r2 T
	if f.k.Sqrt != nil {
		r = f.k.Sqrt(f, *x)
	} else {
		f.run(&r, x, &f.sqrtProg)
	}
	f.Square(&r2, &r)
	ok := Equal(&r2, x)
	Select(z, &r, z, ok)
	return ok
}
