package gf448

import (
	"bytes"
	"encoding/hex"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

var bigP = func() *big.Int {
	p := new(big.Int).Lsh(big.NewInt(1), 448)
	p.Sub(p, new(big.Int).Lsh(big.NewInt(1), 224))
	return p.Sub(p, big.NewInt(1))
}()

// fromLimbs returns the element with exactly these limbs.
func fromLimbs(l ...uint64) Element {
	var v Element
	copy(v.l[:], l)
	return v
}

// rawBig returns the integer the limbs of v hold, not reduced.
func rawBig(v *Element) *big.Int {
	n := new(big.Int)
	for i := 6; i >= 0; i-- {
		n.Lsh(n, 64)
		n.Or(n, new(big.Int).SetUint64(v.l[i]))
	}
	return n
}

// toBig returns the value of v modulo p.
func toBig(v *Element) *big.Int {
	n := rawBig(v)
	return n.Mod(n, bigP)
}

// fromBig returns the element with limbs holding n, which must be below 2^448.
func fromBig(n *big.Int) Element {
	var v Element
	words := new(big.Int).Set(n)
	mask := new(big.Int).SetUint64(1<<64 - 1)
	for i := range v.l {
		v.l[i] = new(big.Int).And(words, mask).Uint64()
		words.Rsh(words, 64)
	}
	return v
}

// edgeElements are limb patterns at the boundaries of the representation:
// 0, 1, p−1, p, p+1, 2p, 2^448−1, values around 2^224 and 2^448 − 2^224,
// and limbs of all ones or zeros in various places.
func edgeElements() []Element {
	const m = 1<<64 - 1
	one := big.NewInt(1)
	two448 := new(big.Int).Lsh(one, 448)
	two224 := new(big.Int).Lsh(one, 224)
	var es []Element
	for _, n := range []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(39081),
		new(big.Int).Sub(bigP, one),             // p−1
		bigP,                                    // p
		new(big.Int).Add(bigP, one),             // p+1
		new(big.Int).Add(bigP, two224),          // p + 2^224
		new(big.Int).Sub(two448, one),           // 2^448−1
		new(big.Int).Sub(two448, big.NewInt(2)), // 2^448−2
		new(big.Int).Lsh(bigP, 1),               // 2p − 2^448 wraps; dropped below
		new(big.Int).Sub(two224, one),           // 2^224−1
		two224,                                  // 2^224
		new(big.Int).Add(two224, one),           // 2^224+1
		new(big.Int).Sub(two448, two224),        // 2^448 − 2^224 = p+1
		new(big.Int).Lsh(one, 447),              // 2^447
		new(big.Int).Sub(new(big.Int).Lsh(one, 447), one),
	} {
		if n.Cmp(two448) >= 0 {
			continue
		}
		es = append(es, fromBig(n))
	}
	es = append(es,
		fromLimbs(m, m, m, m, m, m, m),
		fromLimbs(0, 0, 0, 0, 0, 0, m),
		fromLimbs(m, 0, 0, 0, 0, 0, 0),
		fromLimbs(0, m, 0, m, 0, m, 0),
		fromLimbs(m, 0, m, 0, m, 0, m),
		fromLimbs(m, m, m, 0, 0, 0, 0),
		fromLimbs(0, 0, 0, m, m, m, m),
		fromLimbs(m, m, m, 1<<32-1, 0, 0, 0),
		fromLimbs(0, 0, 0, m&^(1<<32-1), m, m, m),
		fromLimbs(m, m, m, m-1<<32, m, m, m),   // p
		fromLimbs(m-1, m, m, m-1<<32, m, m, m), // p−1
	)
	return es
}

// testElements returns the edge elements followed by n random ones, whose
// limbs are uniformly random (loosely reduced values up to 2^448−1).
func testElements(r *rand.Rand, n int) []Element {
	es := edgeElements()
	for i := 0; i < n; i++ {
		es = append(es, randElement(r))
	}
	return es
}

// appendTopLimbOperands appends to es 300 random elements whose top limbs
// are all ones, all zeros or the top four bits set, so that the additions,
// subtractions and multiply-adds of the ladder kernels carry out of the
// top limb, borrow from it, or stay below it.
func appendTopLimbOperands(r *rand.Rand, es []Element) []Element {
	for i := 0; i < 300; i++ {
		a := randElement(r)
		switch i % 3 {
		case 0:
			a.l[6] |= 1<<64 - 1<<60
		case 1:
			a.l[6], a.l[5], a.l[4] = 0, 0, 0
		case 2:
			a.l[4], a.l[5], a.l[6] = 1<<64-1, 1<<64-1, 1<<64-1
		}
		es = append(es, a)
	}
	return es
}

func randElement(r *rand.Rand) Element {
	var v Element
	for i := range v.l {
		v.l[i] = r.Uint64()
	}
	return v
}

func newRand(t testing.TB) *rand.Rand {
	return rand.New(rand.NewPCG(1, 2))
}

func checkEq(t *testing.T, op string, got *Element, want *big.Int, args ...*Element) {
	t.Helper()
	if toBig(got).Cmp(want) != 0 {
		var s []string
		for _, a := range args {
			s = append(s, rawBig(a).Text(16))
		}
		t.Errorf("%s%v = %x, want %x", op, s, toBig(got), want)
	}
}

func TestConstants(t *testing.T) {
	if rawBig(&Element{p}).Cmp(bigP) != 0 {
		t.Errorf("p = %x, want %x", rawBig(&Element{p}), bigP)
	}
}

// TestArithmeticVsBig checks every arithmetic operation on edge and random
// operands against math/big, on every implementation, and with aliasing.
func TestArithmeticVsBig(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		r := newRand(t)
		es := testElements(r, 50)
		for i := range es {
			for j := range es {
				x, y := es[i], es[j]
				bx, by := toBig(&x), toBig(&y)
				var v Element

				want := new(big.Int).Add(bx, by)
				checkEq(t, "Add", v.Add(&x, &y), want.Mod(want, bigP), &x, &y)
				want = new(big.Int).Sub(bx, by)
				checkEq(t, "Sub", v.Sub(&x, &y), want.Mod(want, bigP), &x, &y)
				want = new(big.Int).Mul(bx, by)
				checkEq(t, "Mul", v.Mul(&x, &y), want.Mod(want, bigP), &x, &y)

				// Every implementation must give exactly the limbs of the
				// generic code.
				var g Element
				feMulGeneric(&g, &x, &y)
				if v.Mul(&x, &y); v != g {
					t.Errorf("Mul(%x, %x): limbs %x, generic %x", x.l, y.l, v.l, g.l)
				}
			}
			x := es[i]
			bx := toBig(&x)
			var v, g Element
			want := new(big.Int).Mul(bx, bx)
			checkEq(t, "Square", v.Square(&x), want.Mod(want, bigP), &x)
			feSquareGeneric(&g, &x)
			if v != g {
				t.Errorf("Square(%x): limbs %x, generic %x", x.l, v.l, g.l)
			}
			feMulGeneric(&g, &x, &x)
			if v != g {
				t.Errorf("Square(%x): limbs %x, generic Mul %x", x.l, v.l, g.l)
			}
			want = new(big.Int).Neg(bx)
			checkEq(t, "Negate", v.Negate(&x), want.Mod(want, bigP), &x)
			for _, c := range []uint32{0, 1, 2, 39081, 39082, 1 << 31, 1<<32 - 1} {
				want = new(big.Int).Mul(bx, big.NewInt(int64(c)))
				checkEq(t, "Mult32", v.Mult32(&x, c), want.Mod(want, bigP), &x)
			}

			// Aliasing: the receiver is an operand.
			v = x
			want = new(big.Int).Mul(bx, bx)
			checkEq(t, "Mul(v, v)", v.Mul(&v, &v), want.Mod(want, bigP), &x)
			v = x
			checkEq(t, "Square(v)", v.Square(&v), want, &x)
			v = x
			want = new(big.Int).Add(bx, bx)
			checkEq(t, "Add(v, v)", v.Add(&v, &v), want.Mod(want, bigP), &x)
			v = x
			checkEq(t, "Sub(v, v)", v.Sub(&v, &v), new(big.Int), &x)
			v = x
			want = new(big.Int).Mul(bx, big.NewInt(39081))
			checkEq(t, "Mult32(v)", v.Mult32(&v, 39081), want.Mod(want, bigP), &x)
		}
	})
}

// TestLongChains runs long sequences of operations on loosely reduced
// values, checking with math/big at each step, so that values drift through
// the whole representation.
func TestLongChains(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		r := newRand(t)
		x := randElement(r)
		y := fromLimbs(1<<64-1, 1<<64-1, 1<<64-1, 1<<64-1, 1<<64-1, 1<<64-1, 1<<64-1)
		bx, by := toBig(&x), toBig(&y)
		for i := 0; i < 2000; i++ {
			switch r.IntN(5) {
			case 0:
				x.Mul(&x, &y)
				bx.Mul(bx, by)
			case 1:
				x.Square(&x)
				bx.Mul(bx, bx)
			case 2:
				x.Add(&x, &y)
				bx.Add(bx, by)
			case 3:
				x.Sub(&x, &y)
				bx.Sub(bx, by)
			case 4:
				x.Mult32(&x, a24)
				bx.Mul(bx, big.NewInt(a24))
			}
			bx.Mod(bx, bigP)
			if toBig(&x).Cmp(bx) != 0 {
				t.Fatalf("step %d: got %x, want %x", i, toBig(&x), bx)
			}
			x, y = y, x
			bx, by = by, bx
		}
	})
}

// TestFoldEdges checks the carry folds of Add, Sub and mult32Add where a
// first fold carries (or borrows) out again.
func TestFoldEdges(t *testing.T) {
	const m = 1<<64 - 1
	cases := [][2]Element{
		// (2^448−1) + (2^448−1): the fold of the carry carries again.
		{fromLimbs(m, m, m, m, m, m, m), fromLimbs(m, m, m, m, m, m, m)},
		{fromLimbs(m, m, m, m, m, m, m), fromLimbs(1)},
		{fromLimbs(m, m, m, m, m, m, m), fromLimbs(0, 0, 0, 1<<32)},
		{fromLimbs(m-1<<32, m, m, m-1<<32, m, m, m), fromLimbs(1<<33, 0, 0, 1<<32, 0, 0, 1)},
		// Small minus large: the borrow's fold borrows again.
		{fromLimbs(0), fromLimbs(m, m, m, m, m, m, m)},
		{fromLimbs(1), fromLimbs(2)},
		{fromLimbs(0, 0, 0, 1<<32), fromLimbs(1, 0, 0, 1<<32)},
		{fromLimbs(m, m, m, 1<<32-1), fromLimbs(m, m, m, m, m, m, m)},
	}
	r := newRand(t)
	for i := 0; i < 200; i++ {
		a, b := randElement(r), randElement(r)
		// Limbs near the top of the representation.
		a.l[6] |= 1<<64 - 1<<60
		b.l[6] |= 1<<64 - 1<<60
		cases = append(cases, [2]Element{a, b})
		// And near the bottom.
		b.l[6], b.l[5], b.l[4] = 0, 0, 0
		cases = append(cases, [2]Element{b, a})
	}
	for _, c := range cases {
		x, y := c[0], c[1]
		bx, by := toBig(&x), toBig(&y)
		var v Element
		want := new(big.Int).Add(bx, by)
		checkEq(t, "Add", v.Add(&x, &y), want.Mod(want, bigP), &x, &y)
		want = new(big.Int).Sub(bx, by)
		checkEq(t, "Sub", v.Sub(&x, &y), want.Mod(want, bigP), &x, &y)
		for _, m := range []uint64{0, 1, a24, 1<<32 - 1} {
			mult32Add(&v, &x, m, &y)
			want = new(big.Int).Mul(bx, new(big.Int).SetUint64(m))
			want.Add(want, by).Mod(want, bigP)
			checkEq(t, "mult32Add", &v, want, &x, &y)
		}
	}
}

func TestInvert(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		for _, x := range testElements(newRand(t), 30) {
			var v Element
			v.Invert(&x)
			bx := toBig(&x)
			want := new(big.Int)
			if bx.Sign() != 0 {
				want.ModInverse(bx, bigP)
			}
			checkEq(t, "Invert", &v, want, &x)
			v = x
			checkEq(t, "Invert(v)", v.Invert(&v), want, &x)
		}
	})
}

func TestSqrtRatio(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		r := newRand(t)
		es := testElements(r, 6)
		// Squares, so that about half the cases have a root.
		for i := 0; i < 10; i++ {
			s := randElement(r)
			s.Square(&s)
			es = append(es, s)
		}
		counts := [2]int{}
		for _, u := range es {
			for _, v := range es[len(es)-16:] {
				var root Element
				_, was := root.SqrtRatio(&u, &v)
				bu, bv, br := toBig(&u), toBig(&v), toBig(&root)
				var wantWas int
				switch {
				case bv.Sign() == 0:
					if bu.Sign() == 0 {
						wantWas = 1
					}
					if br.Sign() != 0 {
						t.Errorf("SqrtRatio(%x, 0) = %x, want 0", bu, br)
					}
				default:
					ratio := new(big.Int).ModInverse(bv, bigP)
					ratio.Mul(ratio, bu).Mod(ratio, bigP)
					if ratio.Sign() == 0 || big.Jacobi(ratio, bigP) == 1 {
						wantWas = 1
						lhs := new(big.Int).Mul(br, br)
						lhs.Mul(lhs, bv).Mod(lhs, bigP)
						if lhs.Cmp(bu) != 0 {
							t.Errorf("SqrtRatio(%x, %x) = %x: r²v = %x", bu, bv, br, lhs)
						}
					} else {
						// r² = −u/v.
						lhs := new(big.Int).Mul(br, br)
						lhs.Mul(lhs, bv).Add(lhs, bu).Mod(lhs, bigP)
						if lhs.Sign() != 0 {
							t.Errorf("SqrtRatio(%x, %x) = %x: r²v ≠ −u", bu, bv, br)
						}
					}
					if root.IsNegative() != 0 {
						t.Errorf("SqrtRatio(%x, %x) = %x is negative", bu, bv, br)
					}
				}
				if was != wantWas {
					t.Errorf("SqrtRatio(%x, %x): wasSquare = %d, want %d", bu, bv, was, wantWas)
				}
				counts[wantWas]++
				// Aliasing.
				a := u
				if _, was2 := a.SqrtRatio(&a, &v); was2 != was || a.Equal(&root) != 1 {
					t.Errorf("SqrtRatio aliased (%x, %x) = %x, %d", bu, bv, toBig(&a), was2)
				}
			}
		}
		if counts[0] < 50 || counts[1] < 50 {
			t.Errorf("only %d non-squares and %d squares tested", counts[0], counts[1])
		}
	})
}

// TestSwapEqual checks Swap, and Equal, IsZero and IsNegative on loosely
// reduced values (which the field test suite, TestField, cannot make).
func TestSwapEqual(t *testing.T) {
	es := testElements(newRand(t), 20)
	for i := range es {
		for j := range es {
			a, b := es[i], es[j]
			x, y := a, b
			x.Swap(&y, 0)
			if x != a || y != b {
				t.Errorf("Swap(0) changed the elements")
			}
			x.Swap(&y, 1)
			if x != b || y != a {
				t.Errorf("Swap(1) did not swap")
			}
			want := 0
			if toBig(&a).Cmp(toBig(&b)) == 0 {
				want = 1
			}
			if got := a.Equal(&b); got != want {
				t.Errorf("Equal(%x, %x) = %d, want %d", a.l, b.l, got, want)
			}
		}
		a := es[i]
		ba := toBig(&a)
		if got, want := a.IsNegative(), int(ba.Bit(0)); got != want {
			t.Errorf("IsNegative(%x) = %d, want %d", a.l, got, want)
		}
		wantZero := 0
		if ba.Sign() == 0 {
			wantZero = 1
		}
		if got := a.IsZero(); got != wantZero {
			t.Errorf("IsZero(%x) = %d, want %d", a.l, got, wantZero)
		}
	}
	// p ≡ 0 and p+1 ≡ 1.
	pl := fromLimbs(p[:]...)
	var zero, one Element
	one.One()
	if pl.Equal(&zero) != 1 || pl.IsZero() != 1 || pl.IsNegative() != 0 {
		t.Errorf("p is not equal to 0")
	}
	pl.Add(&pl, &one) // p+1

	if pl.Equal(&one) != 1 || pl.IsNegative() != 1 {
		t.Errorf("p+1 is not equal to 1")
	}
}

// le returns the 56-byte little-endian encoding of n.
func le(n *big.Int) []byte {
	b := n.FillBytes(make([]byte, 56))
	for i := 0; i < 28; i++ {
		b[i], b[55-i] = b[55-i], b[i]
	}
	return b
}

func TestBytes(t *testing.T) {
	for _, x := range testElements(newRand(t), 100) {
		b := x.Bytes()
		if want := le(toBig(&x)); !bytes.Equal(b, want) {
			t.Errorf("Bytes(%x) = %x, want %x", x.l, b, want)
		}
		var y Element
		if _, err := y.SetBytes(b); err != nil || y.Equal(&x) != 1 || y != fromBig(toBig(&x)) {
			t.Errorf("SetBytes(Bytes(%x)) = %x, %v", x.l, y.l, err)
		}
		if out, err := y.SetCanonicalBytes(b); err != nil || out != &y || y.Equal(&x) != 1 {
			t.Errorf("SetCanonicalBytes(Bytes(%x)) = %x, %v", x.l, y.l, err)
		}
	}
	// Non-canonical encodings, p to 2^448−1: SetBytes accepts and reduces
	// them, SetCanonicalBytes rejects them.
	r := newRand(t)
	two448 := new(big.Int).Lsh(big.NewInt(1), 448)
	var inputs []*big.Int
	for _, k := range []int64{0, 1, 2, 1 << 20} {
		inputs = append(inputs, new(big.Int).Add(bigP, big.NewInt(k)))
	}
	inputs = append(inputs, new(big.Int).Sub(two448, big.NewInt(1)))
	inputs = append(inputs, new(big.Int).Sub(two448, new(big.Int).Lsh(big.NewInt(1), 224))) // p+1
	for i := 0; i < 50; i++ {
		e := randElement(r)
		inputs = append(inputs, rawBig(&e))
	}
	for _, n := range inputs {
		in := le(n)
		var v Element
		out, err := v.SetBytes(in)
		if err != nil || out != &v {
			t.Fatalf("SetBytes(%x) = %v, %v", in, out, err)
		}
		want := new(big.Int).Mod(n, bigP)
		checkEq(t, "SetBytes", &v, want)
		if !bytes.Equal(v.Bytes(), le(want)) {
			t.Errorf("Bytes(SetBytes(%x)) = %x, want %x", in, v.Bytes(), le(want))
		}
		canonical := n.Cmp(bigP) < 0
		w := fromLimbs(5)
		out, err = w.SetCanonicalBytes(in)
		switch {
		case canonical && (err != nil || out != &w || toBig(&w).Cmp(n) != 0):
			t.Errorf("SetCanonicalBytes(%x) = %v, %v; want the value", in, out, err)
		case !canonical && (err == nil || out != nil || w != fromLimbs(5)):
			t.Errorf("SetCanonicalBytes(%x) = %v, %v; want an error and v unchanged", in, out, err)
		}
	}
	var v Element
	for _, n := range []int{0, 55, 57, 64} {
		if out, err := v.SetBytes(make([]byte, n)); err == nil || out != nil {
			t.Errorf("SetBytes of %d bytes: %v, %v; want an error", n, out, err)
		}
		if out, err := v.SetCanonicalBytes(make([]byte, n)); err == nil || out != nil {
			t.Errorf("SetCanonicalBytes of %d bytes: %v, %v; want an error", n, out, err)
		}
	}
}

func TestAllocations(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		x := fromLimbs(1, 2, 3, 4, 5, 6, 7)
		var b [56]byte
		if n := testing.AllocsPerRun(10, func() {
			var v Element
			v.Mul(&x, &x)
			v.Square(&v)
			v.Invert(&v)
			v.SqrtRatio(&v, &x)
			v.bytes(&b)
			var s [56]byte
			X448Ladder(&v, &s, &x)
		}); n != 0 {
			t.Errorf("%v allocations, want 0", n)
		}
	})
}

func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, "gf448", wantImplementations)
}

func decodeHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSquareN checks n squarings in a row against the generic squaring, limb
// for limb, on every implementation.
func TestSquareN(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		for _, x := range testElements(newRand(t), 10) {
			want := x
			for n := 1; n <= 12; n++ {
				feSquareGeneric(&want, &want)
				var got Element
				feSquareN(&got, &x, n)
				if got != want {
					t.Errorf("feSquareN(%x, %d) = %x, want %x", x.l, n, got.l, want.l)
				}
				got = x
				if feSquareN(&got, &got, n); got != want {
					t.Errorf("feSquareN aliased (%x, %d) = %x, want %x", x.l, n, got.l, want.l)
				}
			}
		}
	})
}
