package gf448

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// FuzzArithmetic is a differential fuzz target: for two 56-byte operands
// taken as loosely reduced limbs, Add, Sub, Mul, Square and Mult32 must
// agree with math/big on every implementation, and every implementation
// must give the generic code's limbs. Its seed corpus runs in go test.
func FuzzArithmetic(f *testing.F) {
	ff := bytes.Repeat([]byte{0xff}, 56)
	f.Add(make([]byte, 56), make([]byte, 56), uint32(0))
	f.Add(ff, ff, uint32(1<<32-1))
	f.Add(ff, le(bigP), uint32(a24))
	f.Add(le(new(big.Int).Sub(bigP, big.NewInt(1))), ff, uint32(2))
	f.Add(le(new(big.Int).Lsh(big.NewInt(1), 224)), ff, uint32(a24))
	f.Fuzz(func(t *testing.T, a, b []byte, m uint32) {
		if len(a) != 56 || len(b) != 56 {
			return
		}
		var x, y Element
		x.SetBytes(a)
		y.SetBytes(b)
		bx, by := toBig(&x), toBig(&y)
		var gm, gs Element
		feMulGeneric(&gm, &x, &y)
		feSquareGeneric(&gs, &x)
		cputest.ForEachImplementation("gf448", func(impl string) {
			var v Element
			want := new(big.Int).Mul(bx, by)
			checkEq(t, impl+" Mul", v.Mul(&x, &y), want.Mod(want, bigP), &x, &y)
			if v != gm {
				t.Errorf("%s Mul(%x, %x): limbs %x, generic %x", impl, x.l, y.l, v.l, gm.l)
			}
			want = new(big.Int).Mul(bx, bx)
			checkEq(t, impl+" Square", v.Square(&x), want.Mod(want, bigP), &x)
			if v != gs {
				t.Errorf("%s Square(%x): limbs %x, generic %x", impl, x.l, v.l, gs.l)
			}
		})
		var v Element
		want := new(big.Int).Add(bx, by)
		checkEq(t, "Add", v.Add(&x, &y), want.Mod(want, bigP), &x, &y)
		want = new(big.Int).Sub(bx, by)
		checkEq(t, "Sub", v.Sub(&x, &y), want.Mod(want, bigP), &x, &y)
		want = new(big.Int).Mul(bx, big.NewInt(int64(m)))
		checkEq(t, "Mult32", v.Mult32(&x, m), want.Mod(want, bigP), &x)
	})
}
