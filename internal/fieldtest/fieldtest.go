// Package fieldtest checks a prime-field element type of mont/p256,
// mont/p384 or mont/p521 (an Element or a Scalar) against math/big, through
// its exported methods only. It is imported by tests only.
package fieldtest

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"
	"testing/quick"
)

// Ptr is the method set that Element and Scalar share; E is the element
// type and Ptr its pointer.
type Ptr[E any] interface {
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
	Invert(a *E) *E
	SetBytes(b []byte) (*E, error)
	Bytes() []byte
	FillBytes(b []byte) []byte
}

// Optional methods: Element has Sqrt and IsOdd, Scalar SetBytesReduced.
type (
	sqrter[E any] interface {
		Sqrt(a *E) (*E, int)
	}
	odder          interface{ IsOdd() int }
	reducer[E any] interface {
		SetBytesReduced(b []byte) (*E, error)
	}
)

// field is what a test knows of the type under test.
type field[E any, P Ptr[E]] struct {
	t    *testing.T
	m    *big.Int
	size int
}

// set returns the element with value x mod m.
func (f *field[E, P]) set(x *big.Int) *E {
	f.t.Helper()
	v := new(big.Int).Mod(x, f.m)
	e, err := P(new(E)).SetBytes(v.FillBytes(make([]byte, f.size)))
	if err != nil {
		f.t.Fatalf("SetBytes(%x): %v", v, err)
	}
	return e
}

// big returns the value of e, checking its encoding on the way.
func (f *field[E, P]) big(e *E) *big.Int {
	f.t.Helper()
	b := P(e).Bytes()
	if len(b) != f.size {
		f.t.Fatalf("Bytes returned %d bytes, want %d", len(b), f.size)
	}
	x := new(big.Int).SetBytes(b)
	if x.Cmp(f.m) >= 0 {
		f.t.Fatalf("Bytes = %x, not below the modulus", b)
	}
	return x
}

func (f *field[E, P]) check(op string, got *E, want *big.Int, args ...*big.Int) {
	f.t.Helper()
	w := new(big.Int).Mod(want, f.m)
	if g := f.big(got); g.Cmp(w) != 0 {
		f.t.Errorf("%s%x = %x, want %x", op, args, g, w)
	}
}

// Values returns the edge values for the modulus m: 0, 1, 2, 3, m−1, m−2,
// (m±1)/2, powers of two and runs of ones around limb boundaries and the top
// bits, followed by n values uniformly random below m (from a fixed seed).
func Values(m *big.Int, n int) []*big.Int {
	one := big.NewInt(1)
	mm := func(d int64) *big.Int { return new(big.Int).Sub(m, big.NewInt(d)) }
	half := new(big.Int).Rsh(m, 1)
	vs := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(3),
		mm(1), mm(2), mm(3), half, new(big.Int).Add(half, one),
	}
	for k := 32; k < m.BitLen(); k += 32 {
		p := new(big.Int).Lsh(one, uint(k))
		vs = append(vs, p, new(big.Int).Sub(p, one), new(big.Int).Sub(m, p))
	}
	r := rand.New(rand.NewPCG(uint64(m.BitLen()), m.Uint64()))
	buf := make([]byte, (m.BitLen()+7)/8+8)
	for range n {
		for i := range buf {
			buf[i] = byte(r.Uint32())
		}
		vs = append(vs, new(big.Int).Mod(new(big.Int).SetBytes(buf), m))
	}
	return vs
}

// Test checks every method of the type E, whose values are integers modulo
// m encoded in size bytes, against math/big: on edge and random operands,
// with the receiver aliasing the operands; SetBytes's rejections, the
// encodings and their round trip, Invert (and Invert(0) = 0), and Element's
// Sqrt and IsOdd or Scalar's SetBytesReduced if E has them. short cuts the
// number of random values.
func Test[E any, P Ptr[E]](t *testing.T, m *big.Int, size int) {
	f := &field[E, P]{t: t, m: m, size: size}
	n := 24
	if testing.Short() {
		n = 6
	}
	vs := Values(m, n)
	es := make([]*E, len(vs))
	for i, v := range vs {
		es[i] = f.set(v)
		f.check("SetBytes/Bytes", es[i], v)
	}

	t.Run("Constants", func(t *testing.T) {
		f := &field[E, P]{t: t, m: m, size: size}
		e := new(E)
		f.check("zero value", e, big.NewInt(0))
		P(e).One()
		f.check("One", e, big.NewInt(1))
		P(e).Zero()
		f.check("Zero", e, big.NewInt(0))
		if P(e).IsZero() != 1 || P(P(e).One()).IsZero() != 0 {
			t.Error("IsZero is wrong on 0 or 1")
		}
	})

	t.Run("Binary", func(t *testing.T) {
		f := &field[E, P]{t: t, m: m, size: size}
		for i, x := range es {
			for j, y := range es {
				bx, by := vs[i], vs[j]
				var v E
				f.check("Add", P(&v).Add(x, y), new(big.Int).Add(bx, by), bx, by)
				f.check("Sub", P(&v).Sub(x, y), new(big.Int).Sub(bx, by), bx, by)
				f.check("Mul", P(&v).Mul(x, y), new(big.Int).Mul(bx, by), bx, by)
				// Aliasing: the receiver is the first or the second operand.
				a, b := *x, *y
				f.check("Mul(a=e)", P(&a).Mul(&a, &b), new(big.Int).Mul(bx, by), bx, by)
				a = *x
				f.check("Sub(b=e)", P(&b).Sub(&a, &b), new(big.Int).Sub(bx, by), bx, by)
				b = *y
				f.check("Add(a=e)", P(&a).Add(&a, &b), new(big.Int).Add(bx, by), bx, by)
				eq := 0
				if bx.Cmp(by) == 0 {
					eq = 1
				}
				if got := P(x).Equal(y); got != eq {
					t.Errorf("Equal(%x, %x) = %d", bx, by, got)
				}
				f.check("Select(1)", P(&v).Select(x, y, 1), bx)
				f.check("Select(0)", P(&v).Select(x, y, 0), by)
			}
		}
	})

	t.Run("Unary", func(t *testing.T) {
		f := &field[E, P]{t: t, m: m, size: size}
		for i, x := range es {
			bx := vs[i]
			var v E
			f.check("Square", P(&v).Square(x), new(big.Int).Mul(bx, bx), bx)
			f.check("Negate", P(&v).Negate(x), new(big.Int).Neg(bx), bx)
			f.check("Set", P(&v).Set(x), bx)
			a := *x
			f.check("Square(a=e)", P(&a).Square(&a), new(big.Int).Mul(bx, bx), bx)
			a = *x
			f.check("Negate(a=e)", P(&a).Negate(&a), new(big.Int).Neg(bx), bx)
			a = *x
			want := new(big.Int).ModInverse(bx, m)
			if want == nil {
				want = new(big.Int) // Invert(0) = 0
			}
			f.check("Invert(a=e)", P(&a).Invert(&a), want, bx)
			wantZero := 0
			if bx.Sign() == 0 {
				wantZero = 1
			}
			if got := P(x).IsZero(); got != wantZero {
				t.Errorf("IsZero(%x) = %d", bx, got)
			}
			if o, ok := any(P(x)).(odder); ok {
				if got := o.IsOdd(); got != int(bx.Bit(0)) {
					t.Errorf("IsOdd(%x) = %d", bx, got)
				}
			}
		}
	})

	if _, ok := any(P(new(E))).(sqrter[E]); ok {
		t.Run("Sqrt", func(t *testing.T) {
			f := &field[E, P]{t: t, m: m, size: size}
			for _, bx := range vs {
				for _, val := range []*big.Int{bx, new(big.Int).Mul(bx, bx)} {
					a := f.set(val)
					val = new(big.Int).Mod(val, m)
					sentinel := f.set(big.NewInt(12345))
					r := *sentinel
					_, ok := any(P(&r)).(sqrter[E]).Sqrt(a)
					isSquare := big.Jacobi(val, m) >= 0
					switch {
					case isSquare && ok != 1:
						t.Errorf("Sqrt(%x) failed on a square", val)
					case !isSquare && ok != 0:
						t.Errorf("Sqrt(%x) succeeded on a non-square", val)
					case isSquare:
						f.check("Sqrt²", P(new(E)).Square(&r), val, val)
					default:
						f.check("Sqrt (unchanged)", &r, big.NewInt(12345), val)
					}
				}
			}
			// Aliasing.
			a := f.set(big.NewInt(16))
			_, ok := any(P(a)).(sqrter[E]).Sqrt(a)
			if r := f.big(a); ok != 1 || (r.Cmp(big.NewInt(4)) != 0 && r.Cmp(new(big.Int).Sub(m, big.NewInt(4))) != 0) {
				t.Errorf("Sqrt(16) in place = %x, %d", r, ok)
			}
		})
	}

	t.Run("SetBytes", func(t *testing.T) {
		f := &field[E, P]{t: t, m: m, size: size}
		ones := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(8*size)), big.NewInt(1))
		bad := [][]byte{
			nil,
			make([]byte, size-1),
			make([]byte, size+1),
			m.FillBytes(make([]byte, size)),
			new(big.Int).Add(m, big.NewInt(1)).FillBytes(make([]byte, size)),
			ones.FillBytes(make([]byte, size)),
		}
		if m.BitLen() < 8*size {
			// The first value that needs the spare top bits.
			bad = append(bad, new(big.Int).Lsh(big.NewInt(1), uint(m.BitLen())).FillBytes(make([]byte, size)))
		}
		for _, b := range bad {
			v := *f.set(big.NewInt(7))
			if r, err := P(&v).SetBytes(b); r != nil || err == nil {
				t.Errorf("SetBytes(%x) did not fail", b)
			}
			f.check("SetBytes (unchanged)", &v, big.NewInt(7))
		}
		for i, x := range es {
			b := P(x).Bytes()
			if !bytes.Equal(b, vs[i].FillBytes(make([]byte, size))) {
				t.Errorf("Bytes(%x) = %x", vs[i], b)
			}
			buf := make([]byte, size+5)
			if got := P(x).FillBytes(buf); !bytes.Equal(got, b) || &got[0] != &buf[0] {
				t.Errorf("FillBytes(%x) = %x, want %x in the buffer", vs[i], got, b)
			}
		}
		x := es[len(es)-1]
		buf := make([]byte, size)
		if a := testing.AllocsPerRun(100, func() { P(x).FillBytes(buf) }); a != 0 {
			t.Errorf("FillBytes allocates %v times", a)
		}
	})

	if _, ok := any(P(new(E))).(reducer[E]); ok {
		t.Run("SetBytesReduced", func(t *testing.T) {
			f := &field[E, P]{t: t, m: m, size: size}
			r := rand.New(rand.NewPCG(7, uint64(size)))
			for l := 0; l <= size; l++ {
				inputs := [][]byte{bytes.Repeat([]byte{0xff}, l), make([]byte, l)}
				if l == size {
					inputs = append(inputs, m.FillBytes(make([]byte, size)),
						new(big.Int).Sub(m, big.NewInt(1)).FillBytes(make([]byte, size)),
						new(big.Int).Add(m, big.NewInt(1)).FillBytes(make([]byte, size)))
				}
				for range 4 {
					b := make([]byte, l)
					for i := range b {
						b[i] = byte(r.Uint32())
					}
					inputs = append(inputs, b)
				}
				for _, b := range inputs {
					var v E
					got, err := any(P(&v)).(reducer[E]).SetBytesReduced(b)
					if err != nil || got != &v {
						t.Fatalf("SetBytesReduced(%x): %v", b, err)
					}
					f.check("SetBytesReduced", &v, new(big.Int).SetBytes(b), new(big.Int).SetBytes(b))
				}
			}
			v := *f.set(big.NewInt(7))
			if got, err := any(P(&v)).(reducer[E]).SetBytesReduced(make([]byte, size+1)); got != nil || err == nil {
				t.Error("SetBytesReduced accepted too long an input")
			}
			f.check("SetBytesReduced (unchanged)", &v, big.NewInt(7))
		})
	}

	t.Run("Quick", func(t *testing.T) {
		f := &field[E, P]{t: t, m: m, size: size}
		mul := func(a, b [9]uint64, sel bool) bool {
			x, y := limbsBig(a[:], m), limbsBig(b[:], m)
			ex, ey := f.set(x), f.set(y)
			var v, w E
			P(&v).Mul(ex, ey)
			P(&w).Sub(P(new(E)).Add(ex, ey), ey) // x
			P(&w).Select(&w, &v, boolInt(sel))
			want := new(big.Int).Mul(x, y)
			if sel {
				want = x
			}
			return f.big(&w).Cmp(want.Mod(want, m)) == 0
		}
		if err := quick.Check(mul, &quick.Config{MaxCount: 200}); err != nil {
			t.Error(err)
		}
	})
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// limbsBig returns the number with these little-endian limbs, mod m.
func limbsBig(l []uint64, m *big.Int) *big.Int {
	x := new(big.Int)
	for i := len(l) - 1; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(l[i]))
	}
	return x.Mod(x, m)
}
