package fieldtest

import (
	"math/big"
	"testing"
)

// Fuzz is a differential fuzz target for E against math/big: two operands
// of size bytes each (taken modulo m, or rejected by SetBytes when they are
// not below it, which is checked too) go through Add, Sub, Mul, Square,
// Negate, Invert and, where E has them, Sqrt and SetBytesReduced; every
// result is compared with math/big's. The seeds are the edge values.
func Fuzz[E any, P Ptr[E]](f *testing.F, m *big.Int, size int) {
	vs := Values(m, 0)
	for i := range vs {
		a := vs[i].FillBytes(make([]byte, size))
		b := vs[(i+1)%len(vs)].FillBytes(make([]byte, size))
		f.Add(a, b)
	}
	f.Add(make([]byte, size), m.FillBytes(make([]byte, size)))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		fd := &field[E, P]{t: t, m: m, size: size}
		if r, ok := any(P(new(E))).(reducer[E]); ok && len(a) <= size {
			got, err := r.SetBytesReduced(a)
			if err != nil {
				t.Fatalf("SetBytesReduced(%x): %v", a, err)
			}
			fd.check("SetBytesReduced", got, new(big.Int).SetBytes(a))
		}
		if len(a) != size || len(b) != size {
			if _, err := P(new(E)).SetBytes(a); len(a) != size && err == nil {
				t.Fatalf("SetBytes accepted %d bytes", len(a))
			}
			return
		}
		ba, bb := new(big.Int).SetBytes(a), new(big.Int).SetBytes(b)
		x, errA := P(new(E)).SetBytes(a)
		if (errA == nil) != (ba.Cmp(m) < 0) {
			t.Fatalf("SetBytes(%x) error = %v", a, errA)
		}
		y, errB := P(new(E)).SetBytes(b)
		if (errB == nil) != (bb.Cmp(m) < 0) {
			t.Fatalf("SetBytes(%x) error = %v", b, errB)
		}
		if errA != nil || errB != nil {
			return
		}
		var v E
		fd.check("Add", P(&v).Add(x, y), new(big.Int).Add(ba, bb), ba, bb)
		fd.check("Sub", P(&v).Sub(x, y), new(big.Int).Sub(ba, bb), ba, bb)
		fd.check("Mul", P(&v).Mul(x, y), new(big.Int).Mul(ba, bb), ba, bb)
		fd.check("Square", P(&v).Square(x), new(big.Int).Mul(ba, ba), ba)
		fd.check("Negate", P(&v).Negate(y), new(big.Int).Neg(bb), bb)
		want := new(big.Int).ModInverse(ba, m)
		if want == nil {
			want = new(big.Int)
		}
		fd.check("Invert", P(&v).Invert(x), want, ba)
		if s, ok := any(P(&v)).(sqrter[E]); ok {
			_, isSq := s.Sqrt(x)
			if (isSq == 1) != (big.Jacobi(ba, m) >= 0) {
				t.Fatalf("Sqrt(%x) reports %d", ba, isSq)
			}
			if isSq == 1 {
				fd.check("Sqrt²", P(new(E)).Square(&v), ba, ba)
			}
		}
	})
}
