package nistec

import "encoding/hex"

// The variable-time double multiplication of signature verification keeps
// its sum in Jacobian coordinates and adds affine points to it with the
// mixed addition madd-2007-bl of the Explicit-Formulas Database (7M + 4S,
// against 11M + 2m_b for Algorithm 5), branching on its exceptional cases,
// which is allowed here: every input is public. ScalarMult and
// ScalarBaseMult use the same formula (maddGeneric) in constant time where
// they can prove that no exceptional case arises (see there).

// varTimeWork is the workspace of ScalarBaseMultAddVarTime, one allocation:
// that of the table of q, the table, and that of the sum.
type varTimeWork[E any, PE fieldElement[E], C curveParams[E]] struct {
	tw    varTimeTableWork[E, PE, C]
	table VarTimeTable[E]
	sum   varTimeSum[E]
}

// varTimeTableWork is the workspace of the table of q.
type varTimeTableWork[E any, PE fieldElement[E], C curveParams[E]] struct {
	tx, ty, tz [qEntries]E // q, 3q, ..., 15q, Jacobian
	prefix     [qEntries]E
	dx, dy, dz E // 2q, Jacobian
	dz2, dz3   E // its Z² and Z³
	rx, ry     E
	inv        [4]E
	t          addTemps[E]
	m          maddTemps[E]
}

// varTimeSum is the workspace of the double multiplication proper.
type varTimeSum[E any] struct {
	x, y, z E // the sum, Jacobian
	negY    E
	out     [3]E
	t       addTemps[E]
	m       maddTemps[E]
}

// VarTimeTable holds what ScalarBaseMultAddVarTime precomputes from its
// point q, the odd multiples q, 3q, ..., 15q in affine coordinates, so that
// ScalarBaseMultAddTableVarTime can reuse them: in signature verification,
// for every signature checked with one public key. Make one with
// NewVarTimeTable; once made it is never modified, and it may be used
// concurrently.
type VarTimeTable[E any] struct {
	entries  [qEntries]affinePoint[E]
	infinity bool // q is the point at infinity: no entries
}

// qEntries is the number of odd multiples of q in the width-5 NAF's table.
const qEntries = 1 << (nafWidthPoint - 2)

// maddTemps are the temporaries of maddGeneric.
type maddTemps[E any] struct {
	z1z1, u2, s2, h, hh, i, j, r, v E
}

// maddGeneric sets (x3 : y3 : z3) = (x1 : y1 : z1) + (x2, y2) in Jacobian
// coordinates with madd-2007-bl, 7M + 4S, in constant time. The result is
// wrong when z1 = 0 (the point at infinity) or x1/z1² = x2 (equal or
// opposite points), which is when m.h ends up 0: callers exclude or
// correct those cases. The outputs may alias the inputs (x3 = x1 and so
// on): each input is read before its output is written.
func maddGeneric[E any, PE fieldElement[E]](x3, y3, z3, x1, y1, z1, x2, y2 *E, m *maddTemps[E]) {
	PE(&m.z1z1).Square(z1)     // Z1Z1 = Z1²
	PE(&m.u2).Mul(x2, &m.z1z1) // U2 = X2·Z1Z1
	PE(&m.s2).Mul(z1, &m.z1z1) //
	PE(&m.s2).Mul(y2, &m.s2)   // S2 = Y2·Z1·Z1Z1
	PE(&m.h).Sub(&m.u2, x1)    // H = U2 − X1
	PE(&m.r).Sub(&m.s2, y1)    //
	PE(&m.r).Add(&m.r, &m.r)   // r = 2(S2 − Y1)
	PE(&m.hh).Square(&m.h)     // HH = H²
	PE(&m.i).Add(&m.hh, &m.hh) //
	PE(&m.i).Add(&m.i, &m.i)   // I = 4·HH
	PE(&m.j).Mul(&m.h, &m.i)   // J = H·I
	PE(&m.v).Mul(x1, &m.i)     // V = X1·I
	PE(z3).Add(z1, &m.h)       //
	PE(z3).Square(z3)          //
	PE(z3).Sub(z3, &m.z1z1)    //
	PE(z3).Sub(z3, &m.hh)      // Z3 = (Z1 + H)² − Z1Z1 − HH
	PE(x3).Square(&m.r)        //
	PE(x3).Sub(x3, &m.j)       //
	PE(x3).Sub(x3, &m.v)       //
	PE(x3).Sub(x3, &m.v)       // X3 = r² − J − 2V
	PE(&m.j).Mul(y1, &m.j)     //
	PE(&m.j).Add(&m.j, &m.j)   // 2·Y1·J
	PE(&m.v).Sub(&m.v, x3)     // V − X3
	PE(y3).Mul(&m.r, &m.v)     //
	PE(y3).Sub(y3, &m.j)       // Y3 = r(V − X3) − 2·Y1·J
}

// jacobianAddAffine sets (x : y : z) to its sum with the affine point
// (x2, y2), in variable time: maddGeneric, with a branch for each case it
// does not cover (the sum is the point at infinity, the two points are
// equal, or their sum is the point at infinity). out is scratch space.
func jacobianAddAffine[E any, PE fieldElement[E]](c *curve[E], x, y, z, x2, y2 *E, out *[3]E, m *maddTemps[E], t *addTemps[E]) {
	if PE(z).IsZero() == 1 {
		PE(x).Set(x2)
		PE(y).Set(y2)
		PE(z).One()
		return
	}
	c.madd(&out[0], &out[1], &out[2], x, y, z, x2, y2, m)
	switch {
	case PE(&m.h).IsZero() == 0:
		PE(x).Set(&out[0])
		PE(y).Set(&out[1])
		PE(z).Set(&out[2])
	case PE(&m.r).IsZero() == 1: // the same point: double it
		c.jacobianDoubleN(x, y, z, 1, t)
	default: // opposite points
		PE(x).Zero()
		PE(y).One()
		PE(z).Zero()
	}
}

// ScalarBaseMultAddVarTime sets p = s1·G + s2·q, where G is the generator,
// and returns p. s1 and s2 are big-endian of exactly the curve's scalar size
// and may have any value.
//
// ScalarBaseMultAddVarTime runs in VARIABLE TIME, depending on s1, s2 and
// q: use it only on public values, such as in signature verification. It
// interleaves a width-7 NAF of s1 over precomputed odd multiples of G with
// a width-5 NAF of s2 over odd multiples of q made affine with one
// inversion, and shares the doublings. When q is used more than once,
// NewVarTimeTable and ScalarBaseMultAddTableVarTime save the computation
// of its multiples.
func (p *point[E, PE, C]) ScalarBaseMultAddVarTime(s1 []byte, q *point[E, PE, C], s2 []byte) (*point[E, PE, C], error) {
	c := params[E, C]()
	if len(s1) != c.scalarSize || len(s2) != c.scalarSize {
		return nil, errScalarLen
	}
	w := new(varTimeWork[E, PE, C])
	q.fillVarTimeTable(&w.table, &w.tw)
	return p.scalarBaseMultAdd(s1, &w.table, s2, &w.sum), nil
}

// NewVarTimeTable returns the table of the multiples of q that
// ScalarBaseMultAddTableVarTime takes. It runs in VARIABLE TIME: q must be
// public.
func (q *point[E, PE, C]) NewVarTimeTable() *VarTimeTable[E] {
	t := new(VarTimeTable[E])
	q.fillVarTimeTable(t, new(varTimeTableWork[E, PE, C]))
	return t
}

// ScalarBaseMultAddTableVarTime sets p = s1·G + s2·q, where t is
// q.NewVarTimeTable(), and returns p: ScalarBaseMultAddVarTime without
// the precomputation. Like it, it runs in VARIABLE TIME.
func (p *point[E, PE, C]) ScalarBaseMultAddTableVarTime(s1 []byte, t *VarTimeTable[E], s2 []byte) (*point[E, PE, C], error) {
	c := params[E, C]()
	if len(s1) != c.scalarSize || len(s2) != c.scalarSize {
		return nil, errScalarLen
	}
	return p.scalarBaseMultAdd(s1, t, s2, new(varTimeSum[E])), nil
}

// fillVarTimeTable sets t to the odd multiples of q, in variable time.
//
// The multiples are computed in Jacobian coordinates, where the curve's
// doubling and mixed addition may have assembly (pointFuncs), as
// multTable does for ScalarMult: with 2q = (X2 : Y2 : Z2), the sum of
// (X1 : Y1 : Z1) and 2q is the mixed addition of (X1·Z2² : Y1·Z2³ : Z1)
// and (X2, Y2), with Z2 multiplied into the result's Z. No case is
// exceptional: (2j−1)·q = ±2q would need 2j − 1 ≡ ±2 (mod n), and no
// multiple is the point at infinity, as 2j + 1 < n.
func (q *point[E, PE, C]) fillVarTimeTable(t *VarTimeTable[E], w *varTimeTableWork[E, PE, C]) {
	if q.IsInfinity() == 1 {
		t.infinity = true
		return
	}
	t.infinity = false
	c := params[E, C]()
	// q to Jacobian: (X·Z : Y·Z² : Z).
	PE(&w.dz2).Square(&q.z)
	PE(&w.tx[0]).Mul(&q.x, &q.z)
	PE(&w.ty[0]).Mul(&q.y, &w.dz2)
	PE(&w.tz[0]).Set(&q.z)
	PE(&w.dx).Set(&w.tx[0])
	PE(&w.dy).Set(&w.ty[0])
	PE(&w.dz).Set(&w.tz[0])
	c.jacobianDoubleN(&w.dx, &w.dy, &w.dz, 1, &w.t)
	PE(&w.dz2).Square(&w.dz)
	PE(&w.dz3).Mul(&w.dz2, &w.dz)
	for j := 1; j < qEntries; j++ {
		PE(&w.rx).Mul(&w.tx[j-1], &w.dz2)
		PE(&w.ry).Mul(&w.ty[j-1], &w.dz3)
		c.madd(&w.tx[j], &w.ty[j], &w.tz[j], &w.rx, &w.ry, &w.tz[j-1], &w.dx, &w.dy, &w.m)
		PE(&w.tz[j]).Mul(&w.tz[j], &w.dz)
	}
	jacobianToAffineVarTime[E, PE](c, t.entries[:], w.tx[:], w.ty[:], w.tz[:], w.prefix[:], &w.inv)
}

// scalarBaseMultAdd sets p = s1·G + s2·q, where t is the table of q and s1
// and s2 are of the curve's scalar size, in variable time.
func (p *point[E, PE, C]) scalarBaseMultAdd(s1 []byte, t *VarTimeTable[E], s2 []byte, w *varTimeSum[E]) *point[E, PE, C] {
	c := params[E, C]()
	odd := oddTable[E, PE, C]()

	var naf1, naf2 [maxNAF]int8
	wnaf(naf1[:], s1, nafWidthBase)
	if !t.infinity {
		// s2·∞ = ∞ whatever s2: leave naf2 zero.
		wnaf(naf2[:], s2, nafWidthPoint)
	}

	top := len(naf1) - 1
	for top >= 0 && naf1[top] == 0 && naf2[top] == 0 {
		top--
	}
	x, y, z := &w.x, &w.y, &w.z
	PE(y).One()    // the point at infinity, Z = 0
	doublings := 0 // pending, run in one call before the next addition
	for i := top; i >= 0; i-- {
		if i != top {
			doublings++
		}
		if naf1[i] == 0 && naf2[i] == 0 {
			continue
		}
		c.jacobianDoubleN(x, y, z, doublings, &w.t)
		doublings = 0
		for k, d := range [2]int8{naf1[i], naf2[i]} {
			if d == 0 {
				continue
			}
			e := &odd[(max(d, -d))/2]
			if k == 1 {
				e = &t.entries[(max(d, -d))/2]
			}
			ey := &e.y
			if d < 0 {
				ey = PE(&w.negY).Negate(&e.y)
			}
			jacobianAddAffine[E, PE](c, x, y, z, &e.x, ey, &w.out, &w.m, &w.t)
		}
	}
	c.jacobianDoubleN(x, y, z, doublings, &w.t)

	// To projective: (X·Z : Y : Z³), or (0 : 1 : 0).
	if PE(z).IsZero() == 1 {
		return p.setInfinity()
	}
	PE(&w.t.t0).Square(z)
	PE(&p.z).Mul(&w.t.t0, z)
	PE(&p.x).Mul(x, z)
	PE(&p.y).Set(y)
	return p
}

// XModOrderEqualVarTime reports whether p is not the point at infinity and
// the affine x-coordinate of p, reduced modulo the group order n, equals r:
// the final check of ECDSA verification (FIPS 186-5, Section 6.4.2, steps
// 7 and 8). r is big-endian of exactly the curve's scalar size, and the
// caller guarantees 0 < r < n; for any other r the result is meaningless
// (but never a panic).
//
// It needs no inversion: with x = X/Z, x mod n = r exactly when x = r or
// x = r + n (x < p < 2n), that is X = r·Z, or X = (r + n)·Z if r + n < p.
//
// XModOrderEqualVarTime runs in VARIABLE TIME, depending on p and r: use it
// only on public values.
func (p *point[E, PE, C]) XModOrderEqualVarTime(r []byte) bool {
	c := params[E, C]()
	if len(r) != c.scalarSize || len(r) != c.elementSize || PE(&p.z).IsZero() == 1 {
		return false
	}
	// r (then r + n), its product with Z, and r + n in bytes; one
	// allocation (see addTemps).
	w := new(struct {
		e   [2]E
		sum [maxElementSize]byte
	})
	if _, err := PE(&w.e[0]).SetBytes(r); err != nil {
		return false
	}
	PE(&w.e[1]).Mul(&w.e[0], &p.z)
	if PE(&w.e[1]).Equal(&p.x) == 1 {
		return true
	}
	// r + n, big-endian. If it overflows the encoding or is not below p,
	// it is not a field element, and x (< p) cannot be it.
	s := w.sum[:len(r)]
	carry := 0
	for i := len(r) - 1; i >= 0; i-- {
		v := int(r[i]) + int(c.order[i]) + carry
		s[i], carry = byte(v), v>>8
	}
	if carry != 0 {
		return false
	}
	if _, err := PE(&w.e[0]).SetBytes(s); err != nil {
		return false
	}
	PE(&w.e[1]).Mul(&w.e[0], &p.z)
	return PE(&w.e[1]).Equal(&p.x) == 1
}

// maxElementSize is the largest encoded field element of the curves,
// P-521's.
const maxElementSize = 66

// mustHex decodes the big-endian hexadecimal constant s; it panics on a
// malformed constant, a bug.
func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic("nistec: bad constant " + s)
	}
	return b
}
