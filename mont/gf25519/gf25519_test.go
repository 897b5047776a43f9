package gf25519

import (
	"bytes"
	"encoding/hex"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

var bigP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

// fromLimbs returns the element with exactly these limbs.
func fromLimbs(l0, l1, l2, l3 uint64) Element { return Element{[4]uint64{l0, l1, l2, l3}} }

// toBig returns the value of v modulo p.
func toBig(v *Element) *big.Int {
	n := new(big.Int)
	for i := 3; i >= 0; i-- {
		n.Lsh(n, 64)
		n.Or(n, new(big.Int).SetUint64(v.l[i]))
	}
	return n.Mod(n, bigP)
}

// rawBig returns the integer the limbs of v hold, not reduced.
func rawBig(v *Element) *big.Int {
	n := new(big.Int)
	for i := 3; i >= 0; i-- {
		n.Lsh(n, 64)
		n.Or(n, new(big.Int).SetUint64(v.l[i]))
	}
	return n
}

// fromBig returns the element with limbs holding n, which must be below 2^256.
func fromBig(n *big.Int) Element {
	var v Element
	b := n.FillBytes(make([]byte, 32))
	for i := 0; i < 4; i++ {
		for j := 0; j < 8; j++ {
			v.l[i] |= uint64(b[31-8*i-j]) << (8 * j)
		}
	}
	return v
}

// edgeElements are limb patterns at the boundaries of the representation:
// 0, 1, p−1, p, p+1, 2^255−1, 2^256−1 and loosely reduced values just below
// 2^256.
func edgeElements() []Element {
	const m = 1<<64 - 1
	es := []Element{
		fromLimbs(0, 0, 0, 0),
		fromLimbs(1, 0, 0, 0),
		fromLimbs(2, 0, 0, 0),
		fromLimbs(19, 0, 0, 0),
		fromLimbs(38, 0, 0, 0),
		fromLimbs(p[0]-1, p[1], p[2], p[3]), // p−1
		fromLimbs(p[0], p[1], p[2], p[3]),   // p
		fromLimbs(p[0]+1, p[1], p[2], p[3]), // p+1
		fromLimbs(m, m, m, 1<<63-1),         // 2^255−1
		fromLimbs(0, 0, 0, 1<<63),           // 2^255
		fromLimbs(m, m, m, m),               // 2^256−1
		fromLimbs(m-37, m, m, m),            // 2^256−38 ≡ 0
		fromLimbs(m-38, m, m, m),            // 2^256−39 ≡ −1
		fromLimbs(m-18, m, m, m),            // 2^256−19 = 2p + 19
		fromLimbs(0xffffffffffffffda, m, m, m),
		fromLimbs(p[0]*2, m, m, m), // 2p
		fromLimbs(0, 0, 0, m),
		fromLimbs(m, 0, 0, 0),
		fromLimbs(0, m, 0, m),
		fromLimbs(m, m, m, 0),
	}
	return es
}

// testElements returns the edge elements followed by n random ones, whose
// limbs are uniformly random (loosely reduced values up to 2^256−1).
func testElements(r *rand.Rand, n int) []Element {
	es := edgeElements()
	for i := 0; i < n; i++ {
		es = append(es, fromLimbs(r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()))
	}
	return es
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

// TestArithmeticVsBig checks every arithmetic operation on edge and random
// operands against math/big, on every implementation, and with aliasing.
func TestArithmeticVsBig(t *testing.T) {
	cputest.TestAllImplementations(t, "gf25519", func(t *testing.T) {
		r := newRand(t)
		es := testElements(r, 60)
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

				// The assembly must give exactly the limbs of the generic code.
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
			want = new(big.Int).Neg(bx)
			checkEq(t, "Negate", v.Negate(&x), want.Mod(want, bigP), &x)
			for _, c := range []uint32{0, 1, 2, 19, 38, 121665, 121666, 1<<32 - 1} {
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
		}
	})
}

// TestLongChains runs long sequences of operations on loosely reduced
// values, checking with math/big at each step, so that values drift through
// the whole representation.
func TestLongChains(t *testing.T) {
	cputest.TestAllImplementations(t, "gf25519", func(t *testing.T) {
		r := newRand(t)
		x := fromLimbs(r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64())
		y := fromLimbs(1<<64-1, 1<<64-1, 1<<64-1, 1<<64-1)
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
				x.Mult32(&x, 121665)
				bx.Mul(bx, big.NewInt(121665))
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

func TestInvert(t *testing.T) {
	cputest.TestAllImplementations(t, "gf25519", func(t *testing.T) {
		for _, x := range testElements(newRand(t), 50) {
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
	bigI := toBig(&sqrtM1)
	if m := new(big.Int).Exp(bigI, big.NewInt(2), bigP); m.Cmp(new(big.Int).Sub(bigP, big.NewInt(1))) != 0 {
		t.Fatalf("sqrtM1² = %x, want −1", m)
	}
	cputest.TestAllImplementations(t, "gf25519", func(t *testing.T) {
		es := testElements(newRand(t), 25)
		for _, u := range es {
			for _, v := range es[len(es)-30:] {
				var r Element
				_, was := r.SqrtRatio(&u, &v)
				bu, bv, br := toBig(&u), toBig(&v), toBig(&r)
				if r.IsNegative() != 0 {
					t.Errorf("SqrtRatio(%x, %x) = %x is negative", bu, bv, br)
				}
				// r²·v equals u (square) or i·u (non-square).
				lhs := new(big.Int).Mul(br, br)
				lhs.Mul(lhs, bv).Mod(lhs, bigP)
				var wantWas int
				switch {
				case bv.Sign() == 0:
					wantWas = 0
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
						if lhs.Cmp(bu) != 0 {
							t.Errorf("SqrtRatio(%x, %x) = %x: r²v = %x", bu, bv, br, lhs)
						}
					} else {
						iu := new(big.Int).Mul(bI(), bu)
						iu.Mod(iu, bigP)
						if lhs.Cmp(iu) != 0 {
							t.Errorf("SqrtRatio(%x, %x) = %x: r²v = %x, want i·u", bu, bv, br, lhs)
						}
					}
				}
				if was != wantWas {
					t.Errorf("SqrtRatio(%x, %x): wasSquare = %d, want %d", bu, bv, was, wantWas)
				}
			}
		}
	})
}

func bI() *big.Int { return toBig(&sqrtM1) }

// TestSwapEqual checks Swap, Equal on loosely reduced values (which the
// field test suite, TestField, cannot make) and Absolute.
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
		var abs Element
		abs.Absolute(&a)
		want := new(big.Int).Set(ba)
		if ba.Bit(0) == 1 {
			want.Sub(bigP, ba)
		}
		checkEq(t, "Absolute", &abs, want, &a)
	}
	// p ≡ 0 and 2^256−38 ≡ 0 are equal to 0; 2^255 equals 19.
	var zero, nineteen Element
	nineteen.l[0] = 19
	for _, c := range []struct {
		a, b Element
	}{
		{fromLimbs(p[0], p[1], p[2], p[3]), zero},
		{fromLimbs(1<<64-38, 1<<64-1, 1<<64-1, 1<<64-1), zero},
		{fromLimbs(0, 0, 0, 1<<63), nineteen},
	} {
		if c.a.Equal(&c.b) != 1 {
			t.Errorf("Equal(%x, %x) = 0", c.a.l, c.b.l)
		}
	}
}

// TestBytes checks the encoding of loosely reduced values and SetBytes's
// acceptance of non-canonical encodings and of the top bit, which RFC 7748
// requires; TestField checks the round trip and the wrong lengths.
func TestBytes(t *testing.T) {
	for _, x := range testElements(newRand(t), 100) {
		b := x.Bytes()
		want := toBig(&x).FillBytes(make([]byte, 32))
		for i := 0; i < 16; i++ {
			want[i], want[31-i] = want[31-i], want[i]
		}
		if !bytes.Equal(b, want) {
			t.Errorf("Bytes(%x) = %x, want %x", x.l, b, want)
		}
		var y Element
		if _, err := y.SetBytes(b); err != nil || y.Equal(&x) != 1 {
			t.Errorf("SetBytes(Bytes(%x)) = %x, %v", x.l, y.l, err)
		}
	}
	// Non-canonical encodings and the top bit.
	r := newRand(t)
	for i := 0; i < 100; i++ {
		in := make([]byte, 32)
		for j := range in {
			in[j] = byte(r.Uint32())
		}
		if i < 20 {
			// 2^255−19+k (k < 19), possibly with bit 255 set.
			copy(in, []byte{0xed + byte(i%19)})
			for j := 1; j < 31; j++ {
				in[j] = 0xff
			}
			in[31] = 0x7f | byte(i%2)<<7
		}
		var v Element
		out, err := v.SetBytes(in)
		if err != nil || out != &v {
			t.Fatalf("SetBytes(%x) = %v, %v", in, out, err)
		}
		le := make([]byte, 32)
		for j := range le {
			le[j] = in[31-j]
		}
		le[0] &= 0x7f
		want := new(big.Int).SetBytes(le)
		want.Mod(want, bigP)
		checkEq(t, "SetBytes", &v, want)
		if v.Bytes()[31]&0x80 != 0 {
			t.Errorf("Bytes has the top bit set")
		}
	}
}

func TestAllocations(t *testing.T) {
	x := fromLimbs(1, 2, 3, 4)
	var b [32]byte
	if n := testing.AllocsPerRun(10, func() {
		var v Element
		v.Mul(&x, &x)
		v.Invert(&v)
		v.SqrtRatio(&v, &x)
		v.bytes(&b)
		var s [32]byte
		X25519Ladder(&v, &s, &x)
	}); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}

func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, "gf25519", wantImplementations)
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
	cputest.TestAllImplementations(t, "gf25519", func(t *testing.T) {
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

func TestMult32Add(t *testing.T) {
	es := testElements(newRand(t), 20)
	for _, x := range es {
		for _, y := range es {
			for _, m := range []uint64{0, 1, 121665, 1<<32 - 1} {
				var v Element
				mult32Add(&v, &x, m, &y)
				want := new(big.Int).Mul(toBig(&x), new(big.Int).SetUint64(m))
				want.Add(want, toBig(&y)).Mod(want, bigP)
				checkEq(t, "mult32Add", &v, want, &x, &y)
			}
		}
	}
}
