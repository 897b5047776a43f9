package nistec

import (
	"crypto/subtle"
	"sync"
	"unsafe"

	"github.com/crypton-go/crypton/ecc/internal/workpool"
)

// Scalar multiplication uses signed digits: a scalar s of L bytes is
// written s = Σ d[i]·2^(w·i) with d[i] in [−2^(w−1) + 1, 2^(w−1)] and
// ⌈(8L+1)/w⌉ digits, so that the multiples 1..2^(w−1) of a point suffice
// and −d[i] costs only a negation of y. ScalarMult uses w = 5 (a table of
// 16 multiples of the point, computed per call), ScalarBaseMult w = 6 (32
// precomputed multiples of 2^(6i)·G for every digit position i). The
// recoding, the table look-ups (a masked scan of every entry) and the
// additions are constant time; the sequence of operations depends only on
// the length L.
const (
	multWindow  = 5
	multEntries = 1 << (multWindow - 1) // multiples 1..16
	baseWindow  = 6
	baseEntries = 1 << (baseWindow - 1) // multiples 1..32
)

// maxEntries is the length of the longest table that a lookup scans (a row
// of ScalarBaseMult's table); lookupGeneric takes longer ones too.
const maxEntries = baseEntries

// maxWindows is the number of digits of the longest scalar, 66 bytes, with
// the narrower window.
const maxWindows = (8*66 + multWindow) / multWindow

// The variable-time double multiplication uses width-w NAFs: width 5 for
// the variable point (odd multiples 1..15) and width 7 for the generator
// (odd multiples 1..63, precomputed).
const (
	nafWidthPoint = 5
	nafWidthBase  = 7
	oddEntries    = 1 << (nafWidthBase - 2)
	maxNAF        = 8*66 + nafWidthBase + 1
)

// numWindows returns the number of radix-2^w digits of a scalar of n
// bytes.
func numWindows(n, w int) int { return (8*n + w) / w }

// bitsAt returns the w ≤ 9 bits of the big-endian s starting at bit pos
// (bit 0 is the least significant bit of the last byte); bits beyond s are
// zero. The bytes read depend only on pos and len(s), not on s.
func bitsAt(s []byte, pos, w int) uint {
	i := len(s) - 1 - pos/8
	var v uint
	if i >= 0 {
		v = uint(s[i])
	}
	if i >= 1 {
		v |= uint(s[i-1]) << 8
	}
	return (v >> (pos % 8)) & (1<<w - 1)
}

// recode sets d[0..numWindows(len(s), w)) to the signed radix-2^w digits
// of the big-endian scalar s, in constant time. Each digit is the w bits of
// its window plus the carry from the one below (0..2^w), less 2^w with a
// carry into the next window if it exceeds 2^(w−1). The top window holds
// at most w−1 bits of s, so it never carries out.
func recode(d []int8, s []byte, w int) {
	var carry uint
	for i := range numWindows(len(s), w) {
		v := bitsAt(s, i*w, w) + carry
		carry = (v + (1<<(w-1) - 1)) >> w
		d[i] = int8(int(v) - int(carry<<w))
	}
}

// lookupGeneric sets *out to table[idx−1], or to all zero bits if idx is
// 0, by reading every entry of table and keeping one with a mask: the
// memory accessed does not depend on idx. T is a point or an affine point,
// whose memory is 64-bit words only (see fieldElement), so it is scanned
// word by word, several times faster than a Select per coordinate. It is
// the generic pointFuncs.lookup (on affine points), and the reference for
// the assembly scans of lookup_amd64.go.
func lookupGeneric[T any](out *T, table []T, idx int32) {
	n := int(unsafe.Sizeof(*out)) / 8
	if n*8 != int(unsafe.Sizeof(*out)) {
		panic("nistec: table entries are not made of 64-bit words")
	}
	dst := unsafe.Slice((*uint64)(unsafe.Pointer(out)), n)
	clear(dst)
	base := unsafe.Pointer(unsafe.SliceData(table))
	stride := uintptr(n) * 8
	// The masks of up to maxEntries entries at a time (every table of the
	// package fits in one block).
	var masks [maxEntries]uint64
	for lo := 0; lo < len(table); lo += maxEntries {
		ms := masks[:min(maxEntries, len(table)-lo)]
		for j := range ms {
			ms[j] = -uint64(subtle.ConstantTimeEq(int32(lo+j+1), idx))
		}
		block := unsafe.Add(base, uintptr(lo)*stride)
		// Word by word, with the accumulator in a register: a
		// read-modify-write of dst per entry would wait on store
		// forwarding. Two words at a time, and a last one if n is odd.
		k := 0
		for ; k+1 < n; k += 2 {
			acc0, acc1 := dst[k], dst[k+1]
			off := uintptr(k) * 8
			for _, m := range ms {
				p := unsafe.Add(block, off)
				acc0 |= *(*uint64)(p) & m
				acc1 |= *(*uint64)(unsafe.Add(p, 8)) & m
				off += stride
			}
			dst[k], dst[k+1] = acc0, acc1
		}
		if k < n {
			acc := dst[k]
			off := uintptr(k) * 8
			for _, m := range ms {
				acc |= *(*uint64)(unsafe.Add(block, off)) & m
				off += stride
			}
			dst[k] = acc
		}
	}
}

// digitAbs returns |d| and 1 if d is negative, 0 otherwise, in constant
// time.
func digitAbs(d int8) (abs int32, neg int) {
	m := int32(d) >> 7 // −1 if negative
	return (int32(d) ^ m) - m, int(m & 1)
}

// multWork is the workspace of ScalarMult, kept in a pool (workpool).
type multWork[E any, PE fieldElement[E], C curveParams[E]] struct {
	tx, ty, tz    [multEntries]E              // q, 2q, ..., 16q, Jacobian
	table         [multEntries]affinePoint[E] // the same, affine
	prefix        [multEntries]E
	inv           [4]E
	qz2, qz3      E                  // Z², Z³ of q in Jacobian coordinates
	sum           [2]point[E, PE, C] // the last window's sums
	q, acc        point[E, PE, C]
	sel           affinePoint[E]
	jx, jy, jz    E        // the sum in Jacobian coordinates
	k             [66]byte // the scalar reduced modulo n
	t             addTemps[E]
	digitTemps[E] // rx, ry, rz, negY, one, m
}

// ScalarMult sets p = scalar·q and returns p. scalar is big-endian of
// exactly the curve's scalar size and may have any value, including zero
// and values at or above the group order. ScalarMult is constant time in
// scalar and q.
//
// The scalar is reduced modulo n, and the multiples 1..16 of q are
// computed in Jacobian coordinates and made affine with one inversion (see
// multTable); the sum runs in Jacobian coordinates, five doublings and one
// mixed addition (madd-2007-bl) per window, from the top. With k < n written k = H·2^(5i) + d·2^(5i) + L (H the digits above
// window i, a multiple of 32; |d| ≤ 16; |L| < 2^(5i)), the sum H·q and
// the entry d·q are equal or opposite only if H ≡ ±d (mod n), and as
// −17 < H < n/32 + 17 for i ≥ 1 that means H = ±d, impossible for a
// nonzero multiple of 32 and a nonzero digit. So the incomplete formula
// meets only a zero digit and a sum still at infinity, both fixed by
// masked selects, and the last window (i = 0) uses the complete projective
// formula instead. The point at infinity as q is replaced by G and the
// result by the point at infinity, with masks.
func (p *point[E, PE, C]) ScalarMult(q *point[E, PE, C], scalar []byte) (*point[E, PE, C], error) {
	c := params[E, C]()
	if len(scalar) != c.scalarSize {
		return nil, errScalarLen
	}
	w := workpool.Get[multWork[E, PE, C]](&c.multPool)
	defer workpool.Put(&c.multPool, w) // cleared: it held the scalar
	PE(&w.one).One()
	qInf := q.IsInfinity()
	w.q.x, w.q.y = *c.gx, *c.gy
	PE(&w.q.z).One()
	w.q.Select(&w.q, q, qInf)

	multTable(c, w)

	k := w.k[:len(scalar)]
	c.reduce(k, scalar)
	var d [maxWindows]int8
	recode(d[:], k, multWindow)
	n := numWindows(len(k), multWindow)
	PE(&w.jy).One() // (0 : 1 : 0), Z = 0: the point at infinity
	for i := n - 1; i >= 1; i-- {
		if i != n-1 {
			c.jacobianDoubleN(&w.jx, &w.jy, &w.jz, multWindow, &w.t)
		}
		abs, neg := digitAbs(d[i])
		c.lookup(&w.sel, w.table[:], abs)
		zero := subtle.ConstantTimeEq(abs, 0)
		c.addDigit(&w.jx, &w.jy, &w.jz, &w.sel, neg, zero, &w.digitTemps)
	}
	c.jacobianDoubleN(&w.jx, &w.jy, &w.jz, multWindow, &w.t)
	// To projective: (X·Z : Y : Z³), and (0 : 1 : 0) if Z = 0.
	PE(&w.t.t0).Square(&w.jz)
	PE(&w.acc.z).Mul(&w.t.t0, &w.jz)
	PE(&w.acc.x).Mul(&w.jx, &w.jz)
	PE(&w.acc.y).Select(&w.one, &w.jy, PE(&w.jz).IsZero())
	// The last window, with the complete formula.
	abs, neg := digitAbs(d[0])
	c.lookup(&w.sel, w.table[:], abs)
	PE(&w.negY).Negate(&w.sel.y)
	PE(&w.sel.y).Select(&w.negY, &w.sel.y, neg)
	w.sum[0].addAffine(&w.acc, &w.sel.x, &w.sel.y, &w.t)
	w.acc.Select(&w.acc, &w.sum[0], subtle.ConstantTimeEq(abs, 0))

	// s·∞ = ∞.
	w.sum[1].setInfinity()
	p.Select(&w.sum[1], &w.acc, qInf)
	clear(d[:])
	return p, nil
}

// multTable sets w.table to the affine multiples 1..16 of w.q, which is
// not the point at infinity, in constant time.
//
// The multiples are computed in Jacobian coordinates, where the curve's
// doubling and mixed addition may have assembly (pointFuncs.jacobianDoubleN
// and madd), and made affine together with one inversion. With q = (X : Y : Z) projective, its
// Jacobian form is (X2 : Y2 : Z2) = (X·Z : Y·Z² : Z); 2k·q is the double of
// k·q, and (2k+1)·q = 2k·q + q for k = 1..7 is a Jacobian addition
// (add-2007-bl) written as the mixed addition madd-2007-bl of
// (X1·Z2² : Y1·Z2³ : Z1) and (X2, Y2), whose result is that of
// add-2007-bl but for a factor Z2 of Z3, multiplied in afterwards (this
// takes three multiplications more than a mixed addition with an affine
// q, whatever Z is, and saves the inversion that would make q affine).
// No case is exceptional: the doubling has none on curves of prime order,
// and the addition of k·q (k ≥ 2, never the point at infinity) and q
// would need 2k·q = ±q, that is 2k ≡ ±1 (mod n), with 2k ≤ 14.
func multTable[E any, PE fieldElement[E], C curveParams[E]](c *curve[E], w *multWork[E, PE, C]) {
	x2, y2, z2 := &w.tx[0], &w.ty[0], &w.tz[0]
	PE(&w.qz2).Square(&w.q.z)
	PE(&w.qz3).Mul(&w.qz2, &w.q.z)
	PE(x2).Mul(&w.q.x, &w.q.z)
	PE(y2).Mul(&w.q.y, &w.qz2)
	PE(z2).Set(&w.q.z)
	for j := 1; j < multEntries; j++ {
		if j%2 == 1 {
			// Entry j is (j+1)·q = 2·((j+1)/2)·q: the double of entry j/2.
			w.tx[j], w.ty[j], w.tz[j] = w.tx[j/2], w.ty[j/2], w.tz[j/2]
			c.jacobianDoubleN(&w.tx[j], &w.ty[j], &w.tz[j], 1, &w.t)
			continue
		}
		// Entry j is entry j−1 plus q.
		x1, y1 := &w.rx, &w.ry
		PE(x1).Mul(&w.tx[j-1], &w.qz2)
		PE(y1).Mul(&w.ty[j-1], &w.qz3)
		c.madd(&w.tx[j], &w.ty[j], &w.tz[j], x1, y1, &w.tz[j-1], x2, y2, &w.m)
		PE(&w.tz[j]).Mul(&w.tz[j], z2)
	}
	jacobianToAffine[E, PE](c, w.table[:], w.tx[:], w.ty[:], w.tz[:], w.prefix[:], &w.inv)
}

// jacobianToAffine sets out[k] to the affine form (x/z², y/z³) of the
// Jacobian points (x[k] : y[k] : z[k]), none of which is the point at
// infinity, with one inversion (Montgomery's trick), in constant time;
// prefix (as long as out) and t are temporaries. out must not be empty.
func jacobianToAffine[E any, PE fieldElement[E]](c *curve[E], out []affinePoint[E], x, y, z, prefix []E, t *[4]E) {
	batchAffine[E, PE](c, out, x, y, z, prefix, t, false)
}

// jacobianToAffineVarTime is jacobianToAffine with the inversion in
// VARIABLE TIME: the points must be public.
func jacobianToAffineVarTime[E any, PE fieldElement[E]](c *curve[E], out []affinePoint[E], x, y, z, prefix []E, t *[4]E) {
	batchAffine[E, PE](c, out, x, y, z, prefix, t, true)
}

// batchAffine is jacobianToAffine, with a variable-time inversion if
// varTime is set. Its two loops around the inversion are the curve's
// prefixProducts and backSubstitute (assembly on P-256).
func batchAffine[E any, PE fieldElement[E]](c *curve[E], out []affinePoint[E], x, y, z, prefix []E, t *[4]E, varTime bool) {
	n := len(out)
	x, y, z, prefix = x[:n], y[:n], z[:n], prefix[:n]
	c.prefixProducts(prefix, z)
	if varTime {
		PE(&t[0]).InvertVarTime(&prefix[n-1])
	} else {
		PE(&t[0]).Invert(&prefix[n-1])
	}
	c.backSubstitute(out, x, y, z, prefix, &t[0], (*[3]E)(t[1:]))
}

// prefixProductsGeneric sets prefix[k] = z[0]·…·z[k] for every k <
// len(z), which is at least 1; prefix is at least as long as z. It is the
// generic pointFuncs.prefixProducts, the first loop of batchAffine.
func prefixProductsGeneric[E any, PE fieldElement[E]](prefix, z []E) {
	PE(&prefix[0]).Set(&z[0])
	for k := 1; k < len(z); k++ {
		PE(&prefix[k]).Mul(&prefix[k-1], &z[k])
	}
}

// backSubstituteGeneric sets out[k] = (x[k]/z[k]², y[k]/z[k]³) for every
// k < len(out), which is at least 1, from the prefix products of z
// (prefixProductsGeneric) and inv = 1/prefix[len(out)−1], which it
// overwrites; t is scratch space. It is the generic
// pointFuncs.backSubstitute, the second loop of batchAffine.
func backSubstituteGeneric[E any, PE fieldElement[E]](out []affinePoint[E], x, y, z, prefix []E, inv *E, t *[3]E) {
	zi, zi2, zi3 := &t[0], &t[1], &t[2] // 1/z_k, 1/z_k², 1/z_k³
	for k := len(out) - 1; k >= 0; k-- {
		if k > 0 {
			PE(zi).Mul(inv, &prefix[k-1])
			PE(inv).Mul(inv, &z[k])
		} else {
			PE(zi).Set(inv)
		}
		PE(zi2).Square(zi)
		PE(zi3).Mul(zi2, zi)
		PE(&out[k].x).Mul(&x[k], zi2)
		PE(&out[k].y).Mul(&y[k], zi3)
	}
}

// affinePoint is a point (x, y) in affine coordinates, an entry of the
// precomputed tables; it is never the point at infinity.
type affinePoint[E any] struct {
	x, y E
}

// tableOnce is a table of affine multiples of the generator, computed on
// first use.
type tableOnce[E any] struct {
	once sync.Once
	t    []affinePoint[E]
}

// baseTable returns the table of ScalarBaseMult: for each digit position i
// of a scalar, the multiples (j+1)·64^i·G for j = 0..31 at index 32i + j.
// Building it costs one point addition per entry and a single inversion
// (the first call takes a few milliseconds: 1376 entries, 88 KiB, for
// P-256; 2080 entries, 195 KiB, for P-384; 2848 entries, 400 KiB, for
// P-521). None is the point at infinity: (j+1)·2^(6i) has no prime factor
// above 31, and the group orders are large primes.
func baseTable[E any, PE fieldElement[E], C curveParams[E]]() []affinePoint[E] {
	c := params[E, C]()
	c.baseTable.once.Do(func() {
		n := numWindows(c.scalarSize, baseWindow)
		pts := make([]point[E, PE, C], n*baseEntries)
		t := new(addTemps[E])
		b := newGenerator[E, PE, C]() // 64^i·G
		for i := range n {
			row := pts[i*baseEntries : (i+1)*baseEntries]
			row[0].Set(b)
			for j := 1; j < baseEntries; j++ {
				row[j].add(&row[j-1], b, t)
			}
			b.double(&row[baseEntries-1], t) // 2·32·64^i·G
		}
		c.baseTable.t = toAffine(pts)
	})
	return c.baseTable.t
}

// oddTable returns the odd multiples 1, 3, ..., 63 of G, for the width-7
// NAF of ScalarBaseMultAddVarTime.
func oddTable[E any, PE fieldElement[E], C curveParams[E]]() []affinePoint[E] {
	c := params[E, C]()
	c.oddTable.once.Do(func() {
		pts := make([]point[E, PE, C], oddEntries)
		t := new(addTemps[E])
		g := newGenerator[E, PE, C]()
		g2 := newPoint[E, PE, C]().double(g, t)
		pts[0].Set(g)
		for j := 1; j < oddEntries; j++ {
			pts[j].add(&pts[j-1], g2, t)
		}
		c.oddTable.t = toAffine(pts)
	})
	return c.oddTable.t
}

// toAffine converts points, none of which is the point at infinity, to
// affine coordinates with a single inversion (Montgomery's trick).
func toAffine[E any, PE fieldElement[E], C curveParams[E]](pts []point[E, PE, C]) []affinePoint[E] {
	out := make([]affinePoint[E], len(pts))
	toAffineInto(out, pts, make([]E, len(pts)), new([2]E))
	return out
}

// toAffineInto is toAffine into out, with prefix (as long as pts) and t as
// temporaries.
func toAffineInto[E any, PE fieldElement[E], C curveParams[E]](out []affinePoint[E], pts []point[E, PE, C], prefix []E, t *[2]E) {
	n := len(pts)
	// prefix[k] = Z_0·…·Z_k
	PE(&prefix[0]).Set(&pts[0].z)
	for k := 1; k < n; k++ {
		PE(&prefix[k]).Mul(&prefix[k-1], &pts[k].z)
	}
	inv, zinv := &t[0], &t[1] // the inverse of the running product, 1/Z_k
	PE(inv).Invert(&prefix[n-1])
	for k := n - 1; k >= 0; k-- {
		if k > 0 {
			PE(zinv).Mul(inv, &prefix[k-1])
			PE(inv).Mul(inv, &pts[k].z)
		} else {
			PE(zinv).Set(inv)
		}
		PE(&out[k].x).Mul(&pts[k].x, zinv)
		PE(&out[k].y).Mul(&pts[k].y, zinv)
	}
}

// baseWork is the workspace of ScalarBaseMult, kept in a pool (workpool).
type baseWork[E any, PE fieldElement[E], C curveParams[E]] struct {
	acc, sum      point[E, PE, C]
	sel           affinePoint[E]
	jx, jy, jz    E // the sum in Jacobian coordinates
	t             addTemps[E]
	digitTemps[E] // rx, ry, rz, negY, one, m
}

// ScalarBaseMult sets p = scalar·G, where G is the generator, and returns
// p. scalar is big-endian of exactly the curve's scalar size and may have
// any value. ScalarBaseMult is constant time: it adds one precomputed
// multiple of G per six bits of scalar, each found by a masked scan of its
// whole row of the table, with no doubling.
//
// The sum S_i·G of the digits below position i and the next multiple
// d_i·2^(6i)·G never meet an exceptional case of the (incomplete) Jacobian
// mixed addition while |S_i| + |d_i|·2^(6i) < n: S_i is the low 6i bits of
// the scalar less a possible carry, so |S_i| < 2^(6i) ≤ |d_i|·2^(6i) for a
// nonzero digit, and the two points are neither equal nor opposite. As
// |d_i| ≤ 32, that holds for every i with 6i + 7 ≤ bitlen(n), all but the
// top one to three windows; those use the complete projective formula.
// The two remaining cases, a zero digit (no entry) and a sum still at
// infinity (all digits so far zero), are fixed by masked selects.
func (p *point[E, PE, C]) ScalarBaseMult(scalar []byte) (*point[E, PE, C], error) {
	c := params[E, C]()
	if len(scalar) != c.scalarSize {
		return nil, errScalarLen
	}
	tab := baseTable[E, PE, C]()
	w := workpool.Get[baseWork[E, PE, C]](&c.basePool)
	defer workpool.Put(&c.basePool, w)
	var d [maxWindows]int8
	recode(d[:], scalar, baseWindow)
	n := numWindows(len(scalar), baseWindow)
	jacobian := min(n, (c.orderBits-7)/baseWindow+1)

	PE(&w.one).One()
	PE(&w.jy).One() // (0 : 1 : 0), Z = 0: the point at infinity
	for i := range jacobian {
		abs, neg := digitAbs(d[i])
		c.lookup(&w.sel, tab[i*baseEntries:(i+1)*baseEntries], abs)
		zero := subtle.ConstantTimeEq(abs, 0)
		c.addDigit(&w.jx, &w.jy, &w.jz, &w.sel, neg, zero, &w.digitTemps)
	}
	// To projective: (X·Z : Y : Z³), and (0 : 1 : 0) if Z = 0.
	PE(&w.t.t0).Square(&w.jz)
	PE(&w.acc.z).Mul(&w.t.t0, &w.jz)
	PE(&w.acc.x).Mul(&w.jx, &w.jz)
	PE(&w.acc.y).Select(&w.one, &w.jy, PE(&w.jz).IsZero())

	for i := jacobian; i < n; i++ {
		abs, neg := digitAbs(d[i])
		c.lookup(&w.sel, tab[i*baseEntries:(i+1)*baseEntries], abs)
		PE(&w.negY).Negate(&w.sel.y)
		PE(&w.sel.y).Select(&w.negY, &w.sel.y, neg)
		// The mixed addition cannot add the point at infinity: for a zero
		// digit (sel = (0, 0), not a point), keep the sum as it was.
		w.sum.addAffine(&w.acc, &w.sel.x, &w.sel.y, &w.t)
		w.acc.Select(&w.acc, &w.sum, subtle.ConstantTimeEq(abs, 0))
	}
	clear(d[:])
	p.Set(&w.acc)
	return p, nil
}

// wnaf sets naf[i] to the width-w non-adjacent form of the big-endian s:
// s = Σ naf[i]·2^i, each nonzero naf[i] odd with |naf[i]| < 2^(w−1), and
// at most one nonzero in any w consecutive positions. naf must be zero and
// have at least 8·len(s) + w entries. It is variable time.
func wnaf(naf []int8, s []byte, w int) {
	n := 8 * len(s)
	var carry uint
	i := 0
	for i < n {
		if bitsAt(s, i, 1) == carry {
			i++ // the bit plus the carry is even: a zero digit
			continue
		}
		v := bitsAt(s, i, w) + carry // odd
		if v&(1<<(w-1)) != 0 {
			naf[i] = int8(int(v) - 1<<w)
			carry = 1
		} else {
			naf[i] = int8(v)
			carry = 0
		}
		i += w
	}
	if carry == 1 {
		naf[i] = 1
	}
}

// digitTemps are the temporaries of addDigitGeneric; one holds 1.
type digitTemps[E any] struct {
	rx, ry, rz E // a mixed addition's result
	negY, one  E
	m          maddTemps[E]
}

// addDigitGeneric adds one window's table entry to the Jacobian sum
// (jx : jy : jz) of ScalarMult and ScalarBaseMult, in constant time: sel
// negated if neg == 1, by maddGeneric, with the sum at infinity (jz = 0)
// giving the entry itself, and nothing added if zero == 1. It overwrites
// sel.y and the temporaries of t but t.one, which must hold 1. It is the
// generic pointFuncs.addDigit; the assembly leaves jx, jy, jz exactly as
// this does (and sel alone).
func addDigitGeneric[E any, PE fieldElement[E]](jx, jy, jz *E, sel *affinePoint[E], neg, zero int, t *digitTemps[E]) {
	rx, ry, rz := &t.rx, &t.ry, &t.rz
	PE(&t.negY).Negate(&sel.y)
	PE(&sel.y).Select(&t.negY, &sel.y, neg)
	maddGeneric[E, PE](rx, ry, rz, jx, jy, jz, &sel.x, &sel.y, &t.m)
	// From the point at infinity, the sum is the entry itself.
	inf := PE(jz).IsZero()
	PE(rx).Select(&sel.x, rx, inf)
	PE(ry).Select(&sel.y, ry, inf)
	PE(rz).Select(&t.one, rz, inf)
	// For a zero digit, the sum stays as it was.
	PE(jx).Select(jx, rx, zero)
	PE(jy).Select(jy, ry, zero)
	PE(jz).Select(jz, rz, zero)
}
