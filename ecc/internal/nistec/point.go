package nistec

import (
	"errors"
	"sync"
)

var (
	errEncoding   = errors.New("nistec: invalid point encoding")
	errXRange     = errors.New("nistec: invalid point encoding: x not below p")
	errYRange     = errors.New("nistec: invalid point encoding: y not below p")
	errNotOnCurve = errors.New("nistec: invalid point: not on the curve")
	errInfinity   = errors.New("nistec: point is the point at infinity")
	errScalarLen  = errors.New("nistec: invalid scalar length")
)

// fieldElement is the method set of a base-field element that the point
// arithmetic uses: the Element types of mont/p256, mont/p384 and
// mont/p521. PE is a pointer to the value type E; the methods set the
// receiver and return it, and may alias. Besides the methods, the point
// code relies on E being a small value type made of 64-bit words only (a
// fixed array of uint64 inside, as those packages document), which
// lookupGeneric scans word by word.
type fieldElement[E any] interface {
	*E
	Zero() *E
	One() *E
	Set(a *E) *E
	Add(a, b *E) *E
	Sub(a, b *E) *E
	Negate(a *E) *E
	Mul(a, b *E) *E
	Square(a *E) *E
	Select(a, b *E, cond int) *E
	Equal(a *E) int
	IsZero() int
	IsOdd() int
	Invert(a *E) *E
	InvertVarTime(a *E) *E // for public values only
	Sqrt(a *E) (*E, int)
	SetBytes(b []byte) (*E, error)
	FillBytes(b []byte) []byte
}

// curveParams is implemented by a zero-size type per curve that leads to
// the curve's constants and tables, so that a point carries no pointer to
// its curve.
type curveParams[E any] interface {
	curve() *curve[E]
}

// curve holds the constants and the lazily built tables of one curve
// y² = x³ − 3x + b over GF(p).
type curve[E any] struct {
	name        string
	elementSize int // bytes of an encoded field element
	scalarSize  int // bytes of an encoded scalar
	orderBits   int // bit length of the group order n
	b           *E
	gx, gy      *E
	// order is n, big-endian of scalarSize bytes (XModOrderEqualVarTime).
	order []byte
	// reduce sets out to the big-endian scalar in reduced modulo n, both
	// of scalarSize bytes, in constant time.
	reduce func(out, in []byte)

	// tables of multiples of the generator: see scalarmult.go.
	baseTable tableOnce[E]
	oddTable  tableOnce[E]

	// multPool and basePool keep the cleared workspaces of ScalarMult
	// and ScalarBaseMult (*multWork, *baseWork), which are too large to
	// allocate per call (see ecc/internal/workpool).
	multPool, basePool sync.Pool

	// pointFuncs are the kernels of the scalar multiplications that a
	// curve may have in assembly.
	pointFuncs[E]
}

// pointFuncs are the kernels of the scalar multiplications that P-256 and
// P-521 have in assembly on amd64 (and P-256 on arm64), and the table scan,
// which the three curves have. Every field is set, for every curve: to the
// curve's dispatching function (p256_amd64.go, p256_arm64.go,
// p521_amd64.go, lookup_amd64.go), which runs the assembly while it is
// enabled (useMULX, useARM64, useLookupAVX2)
// and the field's generic function (xGeneric for field x) otherwise, or,
// where a curve has no assembly, to the generic function itself; the
// _noasm.go files define the dispatching functions as the generic ones
// (TestPointFuncs checks that none is nil). Each computes exactly what its
// generic function computes, limb for limb.
type pointFuncs[E any] struct {
	// jacobianDoubleN is jacobianDoubleNGeneric: n runs of jacobianDouble.
	jacobianDoubleN func(x, y, z *E, n int, t *addTemps[E])
	// madd is maddGeneric: the mixed addition madd-2007-bl.
	madd func(x3, y3, z3, x1, y1, z1, x2, y2 *E, m *maddTemps[E])
	// addDigit is addDigitGeneric: one window of the constant-time
	// scalar multiplications.
	addDigit func(jx, jy, jz *E, sel *affinePoint[E], neg, zero int, t *digitTemps[E])
	// prefixProducts and backSubstitute are prefixProductsGeneric and
	// backSubstituteGeneric, the two loops of batchAffine.
	prefixProducts func(prefix, z []E)
	backSubstitute func(out []affinePoint[E], x, y, z, prefix []E, inv *E, t *[3]E)
	// lookup is lookupGeneric on the curve's affine points.
	lookup func(out *affinePoint[E], table []affinePoint[E], idx int32)
}

// point is a point of the curve C in projective coordinates (X : Y : Z),
// with x = X/Z and y = Y/Z; the point at infinity is (0 : 1 : 0). The zero
// value, (0 : 0 : 0), is not a point: make points with the constructors.
//
// The exported P256Point, P384Point and P521Point are instances of point,
// and the documentation of their methods is here.
type point[E any, PE fieldElement[E], C curveParams[E]] struct {
	x, y, z E
}

// addTemps are the temporaries of the point formulas. Every call of a field
// method goes through the dictionary of the generic instance, which hides
// the callee from escape analysis; so temporaries that would otherwise live
// on the stack are moved to the heap. Grouping them in one struct makes that
// one allocation per formula, or none when a caller passes its own.
type addTemps[E any] struct {
	t0, t1, t2, t3, t4, x3, y3, z3 E
}

func params[E any, C curveParams[E]]() *curve[E] {
	var c C
	return c.curve()
}

// newPoint returns the point at infinity.
func newPoint[E any, PE fieldElement[E], C curveParams[E]]() *point[E, PE, C] {
	p := new(point[E, PE, C])
	PE(&p.y).One()
	return p
}

// newGenerator returns the generator of the curve.
func newGenerator[E any, PE fieldElement[E], C curveParams[E]]() *point[E, PE, C] {
	c := params[E, C]()
	p := new(point[E, PE, C])
	PE(&p.x).Set(c.gx)
	PE(&p.y).Set(c.gy)
	PE(&p.z).One()
	return p
}

// Set sets p = q and returns p.
func (p *point[E, PE, C]) Set(q *point[E, PE, C]) *point[E, PE, C] {
	*p = *q
	return p
}

// setInfinity sets p to the point at infinity and returns p.
func (p *point[E, PE, C]) setInfinity() *point[E, PE, C] {
	PE(&p.x).Zero()
	PE(&p.y).One()
	PE(&p.z).Zero()
	return p
}

// IsInfinity returns 1 if p is the point at infinity and 0 otherwise, in
// constant time.
func (p *point[E, PE, C]) IsInfinity() int {
	return PE(&p.z).IsZero()
}

// Negate sets p = −a and returns p.
func (p *point[E, PE, C]) Negate(a *point[E, PE, C]) *point[E, PE, C] {
	PE(&p.x).Set(&a.x)
	PE(&p.y).Negate(&a.y)
	PE(&p.z).Set(&a.z)
	return p
}

// Select sets p to a if cond == 1 and to b if cond == 0, in constant time,
// and returns p.
func (p *point[E, PE, C]) Select(a, b *point[E, PE, C], cond int) *point[E, PE, C] {
	PE(&p.x).Select(&a.x, &b.x, cond)
	PE(&p.y).Select(&a.y, &b.y, cond)
	PE(&p.z).Select(&a.z, &b.z, cond)
	return p
}

// Add sets p = a + b and returns p. p, a and b may alias. Add is complete
// (it handles a = b, a = −b and the point at infinity with no special case)
// and constant time.
func (p *point[E, PE, C]) Add(a, b *point[E, PE, C]) *point[E, PE, C] {
	t := new(addTemps[E])
	return p.add(a, b, t)
}

// Double sets p = 2a and returns p, in constant time.
func (p *point[E, PE, C]) Double(a *point[E, PE, C]) *point[E, PE, C] {
	t := new(addTemps[E])
	return p.double(a, t)
}

// add is Algorithm 4 of Renes, Costello and Batina, "Complete addition
// formulas for prime order elliptic curves" (Eurocrypt 2016, ePrint
// 2015/1060): complete projective addition for a = −3, 12M + 2m_b + 29a.
// The numbered comments are the steps of the paper.
func (p *point[E, PE, C]) add(a, b *point[E, PE, C], t *addTemps[E]) *point[E, PE, C] {
	cb := params[E, C]().b
	t0, t1, t2, t3, t4 := &t.t0, &t.t1, &t.t2, &t.t3, &t.t4
	x3, y3, z3 := &t.x3, &t.y3, &t.z3
	x1, y1, z1 := &a.x, &a.y, &a.z
	x2, y2, z2 := &b.x, &b.y, &b.z

	PE(t0).Mul(x1, x2) // 1
	PE(t1).Mul(y1, y2) // 2
	PE(t2).Mul(z1, z2) // 3
	PE(t3).Add(x1, y1) // 4
	PE(t4).Add(x2, y2) // 5
	PE(t3).Mul(t3, t4) // 6
	PE(t4).Add(t0, t1) // 7
	PE(t3).Sub(t3, t4) // 8
	PE(t4).Add(y1, z1) // 9
	PE(x3).Add(y2, z2) // 10
	PE(t4).Mul(t4, x3) // 11
	PE(x3).Add(t1, t2) // 12
	PE(t4).Sub(t4, x3) // 13
	PE(x3).Add(x1, z1) // 14
	PE(y3).Add(x2, z2) // 15
	PE(x3).Mul(x3, y3) // 16
	PE(y3).Add(t0, t2) // 17
	PE(y3).Sub(x3, y3) // 18
	PE(z3).Mul(cb, t2) // 19
	PE(x3).Sub(y3, z3) // 20
	PE(z3).Add(x3, x3) // 21
	PE(x3).Add(x3, z3) // 22
	PE(z3).Sub(t1, x3) // 23
	PE(x3).Add(t1, x3) // 24
	PE(y3).Mul(cb, y3) // 25
	PE(t1).Add(t2, t2) // 26
	PE(t2).Add(t1, t2) // 27
	PE(y3).Sub(y3, t2) // 28
	PE(y3).Sub(y3, t0) // 29
	PE(t1).Add(y3, y3) // 30
	PE(y3).Add(t1, y3) // 31
	PE(t1).Add(t0, t0) // 32
	PE(t0).Add(t1, t0) // 33
	PE(t0).Sub(t0, t2) // 34
	PE(t1).Mul(t4, y3) // 35
	PE(t2).Mul(t0, y3) // 36
	PE(y3).Mul(x3, z3) // 37
	PE(y3).Add(y3, t2) // 38
	PE(x3).Mul(x3, t3) // 39
	PE(x3).Sub(x3, t1) // 40
	PE(z3).Mul(z3, t4) // 41
	PE(t1).Mul(t3, t0) // 42
	PE(z3).Add(z3, t1) // 43

	PE(&p.x).Set(x3)
	PE(&p.y).Set(y3)
	PE(&p.z).Set(z3)
	return p
}

// addAffine sets p = a + (x2, y2), where (x2, y2) is an affine point (never
// the point at infinity): Algorithm 5 of Renes, Costello and Batina, mixed
// addition for a = −3, 11M + 2m_b + 23a.
func (p *point[E, PE, C]) addAffine(a *point[E, PE, C], x2, y2 *E, t *addTemps[E]) *point[E, PE, C] {
	cb := params[E, C]().b
	t0, t1, t2, t3, t4 := &t.t0, &t.t1, &t.t2, &t.t3, &t.t4
	x3, y3, z3 := &t.x3, &t.y3, &t.z3
	x1, y1, z1 := &a.x, &a.y, &a.z

	PE(t0).Mul(x1, x2) // 1
	PE(t1).Mul(y1, y2) // 2
	PE(t3).Add(x2, y2) // 3
	PE(t4).Add(x1, y1) // 4
	PE(t3).Mul(t3, t4) // 5
	PE(t4).Add(t0, t1) // 6
	PE(t3).Sub(t3, t4) // 7
	PE(t4).Mul(y2, z1) // 8
	PE(t4).Add(t4, y1) // 9
	PE(y3).Mul(x2, z1) // 10
	PE(y3).Add(y3, x1) // 11
	PE(z3).Mul(cb, z1) // 12
	PE(x3).Sub(y3, z3) // 13
	PE(z3).Add(x3, x3) // 14
	PE(x3).Add(x3, z3) // 15
	PE(z3).Sub(t1, x3) // 16
	PE(x3).Add(t1, x3) // 17
	PE(y3).Mul(cb, y3) // 18
	PE(t1).Add(z1, z1) // 19
	PE(t2).Add(t1, z1) // 20
	PE(y3).Sub(y3, t2) // 21
	PE(y3).Sub(y3, t0) // 22
	PE(t1).Add(y3, y3) // 23
	PE(y3).Add(t1, y3) // 24
	PE(t1).Add(t0, t0) // 25
	PE(t0).Add(t1, t0) // 26
	PE(t0).Sub(t0, t2) // 27
	PE(t1).Mul(t4, y3) // 28
	PE(t2).Mul(t0, y3) // 29
	PE(y3).Mul(x3, z3) // 30
	PE(y3).Add(y3, t2) // 31
	PE(x3).Mul(x3, t3) // 32
	PE(x3).Sub(x3, t1) // 33
	PE(z3).Mul(z3, t4) // 34
	PE(t1).Mul(t3, t0) // 35
	PE(z3).Add(z3, t1) // 36

	PE(&p.x).Set(x3)
	PE(&p.y).Set(y3)
	PE(&p.z).Set(z3)
	return p
}

// double is Algorithm 6 of Renes, Costello and Batina: complete projective
// doubling for a = −3, 8M + 3S + 2m_b + 21a.
func (p *point[E, PE, C]) double(a *point[E, PE, C], t *addTemps[E]) *point[E, PE, C] {
	cb := params[E, C]().b
	t0, t1, t2, t3 := &t.t0, &t.t1, &t.t2, &t.t3
	x3, y3, z3 := &t.x3, &t.y3, &t.z3
	x, y, z := &a.x, &a.y, &a.z

	PE(t0).Square(x)   // 1
	PE(t1).Square(y)   // 2
	PE(t2).Square(z)   // 3
	PE(t3).Mul(x, y)   // 4
	PE(t3).Add(t3, t3) // 5
	PE(z3).Mul(x, z)   // 6
	PE(z3).Add(z3, z3) // 7
	PE(y3).Mul(cb, t2) // 8
	PE(y3).Sub(y3, z3) // 9
	PE(x3).Add(y3, y3) // 10
	PE(y3).Add(x3, y3) // 11
	PE(x3).Sub(t1, y3) // 12
	PE(y3).Add(t1, y3) // 13
	PE(y3).Mul(x3, y3) // 14
	PE(x3).Mul(x3, t3) // 15
	PE(t3).Add(t2, t2) // 16
	PE(t2).Add(t2, t3) // 17
	PE(z3).Mul(cb, z3) // 18
	PE(z3).Sub(z3, t2) // 19
	PE(z3).Sub(z3, t0) // 20
	PE(t3).Add(z3, z3) // 21
	PE(z3).Add(z3, t3) // 22
	PE(t3).Add(t0, t0) // 23
	PE(t0).Add(t3, t0) // 24
	PE(t0).Sub(t0, t2) // 25
	PE(t0).Mul(t0, z3) // 26
	PE(y3).Add(y3, t0) // 27
	PE(t0).Mul(y, z)   // 28
	PE(t0).Add(t0, t0) // 29
	PE(z3).Mul(t0, z3) // 30
	PE(x3).Sub(x3, z3) // 31
	PE(z3).Mul(t0, t1) // 32
	PE(z3).Add(z3, z3) // 33
	PE(z3).Add(z3, z3) // 34

	PE(&p.x).Set(x3)
	PE(&p.y).Set(y3)
	PE(&p.z).Set(z3)
	return p
}

// rhs sets out = x³ − 3x + b, the right-hand side of the curve equation,
// using t as temporaries.
func rhs[E any, PE fieldElement[E]](out, x, b *E, t *[2]E) {
	x3, t3 := &t[0], &t[1]
	PE(x3).Square(x)
	PE(x3).Mul(x3, x)
	PE(t3).Add(x, x)
	PE(t3).Add(t3, x)
	PE(x3).Sub(x3, t3)
	PE(out).Add(x3, b)
}

// SetBytes sets p to the point encoded in b and returns p: the SEC 1
// (Section 2.3.4) uncompressed form 0x04‖X‖Y, the compressed form
// 0x02‖X or 0x03‖X (the prefix gives the parity of y), or the single byte
// 0x00 for the point at infinity. X and Y are big-endian of the field's
// size and must be below p, and the point must lie on the curve; otherwise
// SetBytes returns an error and leaves p unchanged. Decoding is constant
// time in the coordinates except for the validity verdict.
func (p *point[E, PE, C]) SetBytes(b []byte) (*point[E, PE, C], error) {
	c := params[E, C]()
	n := c.elementSize
	switch {
	case len(b) == 1 && b[0] == 0:
		return p.setInfinity(), nil
	case len(b) == 1+2*n && b[0] == 4:
		var e [6]E // x, y, x³ − 3x + b, y², and temporaries; one allocation (see addTemps)
		if _, err := PE(&e[0]).SetBytes(b[1 : 1+n]); err != nil {
			return nil, errXRange
		}
		if _, err := PE(&e[1]).SetBytes(b[1+n:]); err != nil {
			return nil, errYRange
		}
		rhs[E, PE](&e[2], &e[0], c.b, (*[2]E)(e[4:]))
		PE(&e[3]).Square(&e[1])
		if PE(&e[3]).Equal(&e[2]) != 1 {
			return nil, errNotOnCurve
		}
		PE(&p.x).Set(&e[0])
		PE(&p.y).Set(&e[1])
		PE(&p.z).One()
		return p, nil
	case len(b) == 1+n && (b[0] == 2 || b[0] == 3):
		var e [6]E // x, y² = rhs, y, −y, and temporaries
		if _, err := PE(&e[0]).SetBytes(b[1:]); err != nil {
			return nil, errXRange
		}
		rhs[E, PE](&e[1], &e[0], c.b, (*[2]E)(e[4:]))
		if _, ok := PE(&e[2]).Sqrt(&e[1]); ok != 1 {
			return nil, errNotOnCurve
		}
		// Take y or −y, whichever has the parity of the prefix.
		PE(&e[3]).Negate(&e[2])
		wrong := PE(&e[2]).IsOdd() ^ int(b[0]&1)
		PE(&e[2]).Select(&e[3], &e[2], wrong)
		PE(&p.x).Set(&e[0])
		PE(&p.y).Set(&e[2])
		PE(&p.z).One()
		return p, nil
	}
	return nil, errEncoding
}

// affine sets x, y to the affine coordinates of p, which is not the point
// at infinity (for it, x = y = 0).
func (p *point[E, PE, C]) affine(x, y *E) {
	zinv := new(E)
	PE(zinv).Invert(&p.z)
	PE(x).Mul(&p.x, zinv)
	PE(y).Mul(&p.y, zinv)
}

// Bytes returns the uncompressed SEC 1 encoding of p, 0x04‖X‖Y, or the
// single byte 0x00 if p is the point at infinity.
func (p *point[E, PE, C]) Bytes() []byte {
	n := params[E, C]().elementSize
	inf := p.IsInfinity()
	declassify(&inf) // the encoding reveals it
	if inf == 1 {
		return []byte{0}
	}
	var xy [2]E
	p.affine(&xy[0], &xy[1])
	out := make([]byte, 1+2*n)
	out[0] = 4
	PE(&xy[0]).FillBytes(out[1 : 1+n])
	PE(&xy[1]).FillBytes(out[1+n:])
	return out
}

// BytesCompressed returns the compressed SEC 1 encoding of p, 0x02‖X or
// 0x03‖X by the parity of y, or the single byte 0x00 if p is the point at
// infinity.
func (p *point[E, PE, C]) BytesCompressed() []byte {
	n := params[E, C]().elementSize
	inf := p.IsInfinity()
	declassify(&inf) // the encoding reveals it
	if inf == 1 {
		return []byte{0}
	}
	var xy [2]E
	p.affine(&xy[0], &xy[1])
	out := make([]byte, 1+n)
	out[0] = 2 | byte(PE(&xy[1]).IsOdd())
	PE(&xy[0]).FillBytes(out[1:])
	return out
}

// BytesX returns the affine x-coordinate of p, big-endian of the field's
// size, or an error if p is the point at infinity.
func (p *point[E, PE, C]) BytesX() ([]byte, error) {
	n := params[E, C]().elementSize
	inf := p.IsInfinity()
	declassify(&inf) // the encoding reveals it
	if inf == 1 {
		return nil, errInfinity
	}
	var e [2]E // 1/Z and x; one allocation
	PE(&e[0]).Invert(&p.z)
	PE(&e[1]).Mul(&p.x, &e[0])
	return PE(&e[1]).FillBytes(make([]byte, n)), nil
}

// jacobianDouble sets (x : y : z) to its double in Jacobian coordinates
// with dbl-2001-b (a = −3), using t.t0 to t.t4 as temporaries. It keeps
// z = 0 for the point at infinity and has no exceptional case on curves of
// prime order (see doubleN).
func jacobianDouble[E any, PE fieldElement[E]](x, y, z *E, t *addTemps[E]) {
	delta, gamma, beta, alpha, u := &t.t0, &t.t1, &t.t2, &t.t3, &t.t4
	PE(delta).Square(z)         // δ = Z²
	PE(gamma).Square(y)         // γ = Y²
	PE(beta).Mul(x, gamma)      // β = X·γ
	PE(alpha).Sub(x, delta)     // X − δ
	PE(u).Add(x, delta)         // X + δ
	PE(alpha).Mul(alpha, u)     // (X − δ)(X + δ)
	PE(u).Add(alpha, alpha)     //
	PE(alpha).Add(alpha, u)     // α = 3(X − δ)(X + δ)
	PE(z).Add(y, z)             // Y + Z
	PE(z).Square(z)             //
	PE(z).Sub(z, gamma)         //
	PE(z).Sub(z, delta)         // Z3 = (Y + Z)² − γ − δ
	PE(beta).Add(beta, beta)    //
	PE(beta).Add(beta, beta)    // 4β
	PE(x).Square(alpha)         //
	PE(x).Sub(x, beta)          //
	PE(x).Sub(x, beta)          // X3 = α² − 8β
	PE(beta).Sub(beta, x)       // 4β − X3
	PE(beta).Mul(alpha, beta)   // α(4β − X3)
	PE(gamma).Square(gamma)     //
	PE(gamma).Add(gamma, gamma) //
	PE(gamma).Add(gamma, gamma) //
	PE(gamma).Add(gamma, gamma) // 8γ²
	PE(y).Sub(beta, gamma)      // Y3 = α(4β − X3) − 8γ²
}

// jacobianDoubleNGeneric runs jacobianDouble n times on (x : y : z) (none
// for n ≤ 0): the generic pointFuncs.jacobianDoubleN.
func jacobianDoubleNGeneric[E any, PE fieldElement[E]](x, y, z *E, n int, t *addTemps[E]) {
	for range n {
		jacobianDouble[E, PE](x, y, z, t)
	}
}

// doubleN sets p = 2^n·a and returns p, for n ≥ 1, in constant time.
//
// The doublings run in Jacobian coordinates, (X : Y : Z) with x = X/Z² and
// y = Y/Z³, with the formula dbl-2001-b of Bernstein and Lange's
// Explicit-Formulas Database for a = −3 (3M + 5S, against 8M + 3S + 2m_b
// for Algorithm 6), between two conversions (2M + 1S each). The formula
// has no exceptional case on these curves: it fails only for points of
// order 2, which curves of prime order lack, and it keeps Z = 0 for the
// point at infinity, whose projective form is restored by a masked select
// at the end. For runs of five doublings, as in ScalarMult, this is about
// 30% faster than five calls of double.
func (p *point[E, PE, C]) doubleN(a *point[E, PE, C], n int, t *addTemps[E]) *point[E, PE, C] {
	delta, u := &t.t0, &t.t4
	x, y, z := &t.x3, &t.y3, &t.z3

	// To Jacobian: (X·Z : Y·Z² : Z).
	PE(delta).Square(&a.z)
	PE(x).Mul(&a.x, &a.z)
	PE(y).Mul(&a.y, delta)
	PE(z).Set(&a.z)

	params[E, C]().jacobianDoubleN(x, y, z, n, t)

	// Back to projective: (X·Z : Y : Z³), and (0 : 1 : 0) if Z = 0.
	PE(delta).Square(z)
	PE(&p.z).Mul(delta, z)
	PE(&p.x).Mul(x, z)
	PE(u).One()
	PE(&p.y).Select(u, y, PE(z).IsZero())
	return p
}
