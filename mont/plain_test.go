package mont

import (
	"bytes"
	"math/big"
	mrand "math/rand/v2"
	"strconv"
	"testing"
)

// The plain-integer operations, checked against math/big.

// plainLimbCounts are the lengths, in limbs, the tests of this file use.
var plainLimbCounts = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 64}

func plainToBig(x *Nat) *big.Int {
	b := make([]byte, 8*len(x.limbs))
	for i, l := range x.limbs {
		for s := range 8 {
			b[len(b)-1-8*i-s] = byte(l >> (8 * s))
		}
	}
	return new(big.Int).SetBytes(b)
}

// plainFromBig returns v as a Nat of exactly n limbs; v must fit.
func plainFromBig(t *testing.T, v *big.Int, n int) *Nat {
	t.Helper()
	if v.BitLen() > 64*n {
		t.Fatalf("%d-bit value in %d limbs", v.BitLen(), n)
	}
	return NewNat().SetBigEndian(v.FillBytes(make([]byte, 8*n)))
}

// plainValues returns values of n limbs or fewer: zero, one, all ones, the
// top bit alone, random values of n limbs and a random value with zero top
// limbs.
func plainValues(r *mrand.Rand, n int) []*big.Int {
	one := big.NewInt(1)
	ones := new(big.Int).Lsh(one, uint(64*n))
	ones.Sub(ones, one)
	top := new(big.Int).Lsh(one, uint(64*n-1))
	vs := []*big.Int{big.NewInt(0), one, ones, top, randBig(r, 64*n), randBig(r, 64*n)}
	if n > 1 {
		vs = append(vs, randBig(r, 64*(n-1)-7), new(big.Int).Sub(top, one))
	}
	return vs
}

func TestSetBigEndian(t *testing.T) {
	r := mrand.New(mrand.NewPCG(1, 2))
	for l := range 8*20 + 9 {
		b := make([]byte, l)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		for _, in := range [][]byte{b, make([]byte, l), bytes.Repeat([]byte{0xff}, l)} {
			x := NewNat().SetBigEndian(in)
			if len(x.limbs) != (l+7)/8 {
				t.Fatalf("%d bytes: %d limbs", l, len(x.limbs))
			}
			if got, want := plainToBig(x), new(big.Int).SetBytes(in); got.Cmp(want) != 0 {
				t.Fatalf("%d bytes: %x, want %x", l, got, want)
			}
		}
	}
	// Leading zero bytes count toward the length.
	if x := NewNat().SetBigEndian(make([]byte, 512)); len(x.limbs) != 64 || x.IsZero() != 1 {
		t.Errorf("512 zero bytes: %d limbs, zero %d", len(x.limbs), x.IsZero())
	}
	if x := NewNat().SetBigEndian(append(make([]byte, 9), 1)); len(x.limbs) != 2 || x.IsOne() != 1 {
		t.Errorf("9 zero bytes and a one: %d limbs, one %d", len(x.limbs), x.IsOne())
	}
	// Reusing a longer Nat shortens it.
	x := NewNat().SetBigEndian(bytes.Repeat([]byte{0xff}, 100))
	if x.SetBigEndian([]byte{1, 2}); len(x.limbs) != 1 || x.limbs[0] != 0x0102 {
		t.Errorf("reused Nat: %x", x.limbs)
	}
	if x := NewNat().SetBigEndian(nil); len(x.limbs) != 0 {
		t.Errorf("nil: %d limbs", len(x.limbs))
	}
}

func TestFillBytes(t *testing.T) {
	r := mrand.New(mrand.NewPCG(3, 4))
	for _, n := range plainLimbCounts {
		for _, v := range plainValues(r, n) {
			x := plainFromBig(t, v, n)
			vLen := (v.BitLen() + 7) / 8
			for _, l := range []int{0, 1, vLen - 1, vLen, vLen + 1, 8*n - 1, 8 * n, 8*n + 1, 8*n + 13} {
				if l < 0 {
					continue
				}
				buf := bytes.Repeat([]byte{0xaa}, l)
				got, err := x.FillBytes(buf)
				if l < vLen {
					if err == nil || err.Error() != "mont: value does not fit" {
						t.Fatalf("%d limbs, %x into %d bytes: error %v", n, v, l, err)
					}
					if got != nil || !bytes.Equal(buf, make([]byte, l)) {
						t.Fatalf("%d limbs, %x into %d bytes: got %x, buffer %x", n, v, l, got, buf)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%d limbs, %x into %d bytes: %v", n, v, l, err)
				}
				want := v.FillBytes(make([]byte, l))
				if !bytes.Equal(got, want) || len(got) != l || (l > 0 && &got[0] != &buf[0]) {
					t.Fatalf("%d limbs, %x into %d bytes: %x, want %x in the buffer", n, v, l, got, want)
				}
			}
		}
	}
	// A value that does not fit by one bit only.
	x := NewNat().SetBigEndian([]byte{1, 0, 0})
	if _, err := x.FillBytes(make([]byte, 2)); err == nil {
		t.Error("2^16 in 2 bytes: no error")
	}
	// A Nat of length zero is zero.
	if got, err := NewNat().FillBytes(make([]byte, 3)); err != nil || !bytes.Equal(got, []byte{0, 0, 0}) {
		t.Errorf("empty Nat: %x, %v", got, err)
	}
	if got, err := NewNat().FillBytes(nil); err != nil || len(got) != 0 {
		t.Errorf("empty Nat into no bytes: %x, %v", got, err)
	}
}

func TestMulPlain(t *testing.T) {
	r := mrand.New(mrand.NewPCG(5, 6))
	z := NewNat()
	for _, nx := range plainLimbCounts {
		xs := plainValues(r, nx)
		for _, ny := range plainLimbCounts {
			ys := plainValues(r, ny)
			for i, xv := range xs {
				// Every pair for the short lengths, a diagonal for the rest.
				for j, yv := range ys {
					if nx > 4 && ny > 4 && i != j {
						continue
					}
					x, y := plainFromBig(t, xv, nx), plainFromBig(t, yv, ny)
					z.MulPlain(x, y)
					if len(z.limbs) != nx+ny {
						t.Fatalf("%d×%d limbs: product of %d limbs", nx, ny, len(z.limbs))
					}
					if want := new(big.Int).Mul(xv, yv); plainToBig(z).Cmp(want) != 0 {
						t.Fatalf("%x · %x = %x, want %x", xv, yv, plainToBig(z), want)
					}
					if plainToBig(x).Cmp(xv) != 0 || plainToBig(y).Cmp(yv) != 0 {
						t.Fatal("MulPlain changed an operand")
					}
				}
			}
		}
	}
	// Squaring with the same operand twice, and an operand of length zero.
	x := NewNat().SetBigEndian(bytes.Repeat([]byte{0xff}, 24))
	want := new(big.Int).Mul(plainToBig(x), plainToBig(x))
	if got := NewNat().MulPlain(x, x); plainToBig(got).Cmp(want) != 0 {
		t.Errorf("x·x = %x, want %x", plainToBig(got), want)
	}
	if got := NewNat().MulPlain(x, NewNat()); len(got.limbs) != 3 || got.IsZero() != 1 {
		t.Errorf("x·(empty) = %x", got.limbs)
	}
	for _, alias := range []func(){
		func() { x.MulPlain(x, NewNat().SetBigEndian([]byte{3})) },
		func() { x.MulPlain(NewNat().SetBigEndian([]byte{3}), x) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("aliased MulPlain: no panic")
				}
			}()
			alias()
		}()
	}
}

// plainModuli returns moduli of n limbs or fewer, both odd and even: 1, 2,
// 3, all ones, a power of two, random even and odd values of n limbs, and
// values with zero top limbs.
func plainModuli(r *mrand.Rand, n int) []*big.Int {
	one := big.NewInt(1)
	ones := new(big.Int).Lsh(one, uint(64*n))
	ones.Sub(ones, one)
	odd := randBig(r, 64*n)
	odd.SetBit(odd, 64*n-1, 1).SetBit(odd, 0, 1)
	even := new(big.Int).Sub(odd, one) // like p-1
	ms := []*big.Int{one, big.NewInt(2), big.NewInt(3), ones, new(big.Int).Lsh(one, uint(64*n-1)), odd, even}
	if n > 1 {
		short := randBig(r, 64*(n-1)-5)
		small := randBig(r, 64*(n-1)+3)
		ms = append(ms, big.NewInt(65537), short.SetBit(short, 0, 0), small.SetBit(small, 0, 0))
	}
	return ms
}

func TestModAny(t *testing.T) {
	r := mrand.New(mrand.NewPCG(7, 8))
	out := NewNat()
	for _, nm := range plainLimbCounts {
		ms := plainModuli(r, nm)
		for _, nx := range []int{0, 1, 2, 3, 5, 8, 13, 17, 20, 33, 64, 65, nm - 1, nm, nm + 1, 2 * nm} {
			if nx < 0 {
				continue
			}
			var xs []*big.Int
			if nx == 0 {
				xs = []*big.Int{new(big.Int)}
			} else {
				xs = plainValues(r, nx)
			}
			for i, mv := range ms {
				if mv.Sign() == 0 {
					continue
				}
				// m·k + m-1 and m itself, when they fit in nx limbs.
				extra := []*big.Int{mv, new(big.Int).Sub(new(big.Int).Mul(mv, big.NewInt(12345)), big.NewInt(1))}
				for j, xv := range append(xs, extra...) {
					if xv.BitLen() > 64*nx {
						continue
					}
					if nx*nm > 400 && j%3 != i%3 {
						continue // a third of the pairs for the large sizes, to keep the test quick
					}
					x, m := plainFromBig(t, xv, nx), plainFromBig(t, mv, nm)
					got, err := out.ModAny(x, m)
					if err != nil {
						t.Fatalf("%x mod %x: %v", xv, mv, err)
					}
					if got != out || len(got.limbs) != nm {
						t.Fatalf("%x mod %x: result of %d limbs, want %d in the receiver", xv, mv, len(got.limbs), nm)
					}
					if want := new(big.Int).Mod(xv, mv); plainToBig(got).Cmp(want) != 0 {
						t.Fatalf("%x mod %x = %x, want %x", xv, mv, plainToBig(got), want)
					}
				}
			}
		}
	}

	// The receiver may alias either operand.
	xv, mv := randBig(r, 700), randBig(r, 300)
	mv.SetBit(mv, 299, 1).SetBit(mv, 0, 0)
	want := new(big.Int).Mod(xv, mv)
	x, m := plainFromBig(t, xv, 11), plainFromBig(t, mv, 5)
	if got, err := x.ModAny(x, m); err != nil || plainToBig(got).Cmp(want) != 0 || len(got.limbs) != 5 {
		t.Errorf("out = x: %v, %v", got, err)
	}
	x = plainFromBig(t, xv, 11)
	if got, err := m.ModAny(x, m); err != nil || plainToBig(got).Cmp(want) != 0 {
		t.Errorf("out = m: %v, %v", got, err)
	}

	// A zero modulus is an error, whatever its length.
	for _, n := range []int{0, 1, 3, 64} {
		x := NewNat().SetBigEndian([]byte{5})
		got, err := NewNat().ModAny(x, NewNat().SetBigEndian(make([]byte, 8*n)))
		if err == nil || err.Error() != "mont: modulus is zero" || got != nil {
			t.Errorf("zero modulus of %d limbs: %v, %v", n, got, err)
		}
	}
}

func TestDivExactWord(t *testing.T) {
	r := mrand.New(mrand.NewPCG(9, 10))
	divisors := []uint64{1, 3, 5, 65537, 1<<63 + 1, 1<<64 - 1, 0x5555555555555555}
	for range 5 {
		divisors = append(divisors, r.Uint64()|1, r.Uint64()>>40|1)
	}
	for _, n := range plainLimbCounts {
		for _, qv := range plainValues(r, n) {
			for _, d := range divisors {
				dv := new(big.Int).SetUint64(d)
				xv := new(big.Int).Mul(qv, dv)
				// x with one spare limb, and in n limbs when it fits.
				for _, nx := range []int{n + 1, n} {
					if xv.BitLen() > 64*nx {
						continue
					}
					x := plainFromBig(t, xv, nx)
					if got := x.DivExactWord(d); got != x || len(x.limbs) != nx || plainToBig(x).Cmp(qv) != 0 {
						t.Fatalf("%x / %d = %x (%d limbs), want %x (%d limbs)", xv, d, plainToBig(x), len(x.limbs), qv, nx)
					}
				}
			}
		}
	}
	// A Nat of length zero stays so.
	if x := NewNat().DivExactWord(3); len(x.limbs) != 0 {
		t.Errorf("empty Nat: %x", x.limbs)
	}
	for _, d := range []uint64{0, 2, 65536} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("even divisor %d: no panic", d)
				}
			}()
			NewNat().SetBigEndian([]byte{4}).DivExactWord(d)
		}()
	}
}

func BenchmarkModAny(b *testing.B) {
	// d mod (p-1) for a 2048-bit and a 4096-bit RSA key.
	for _, bits := range []int{2048, 4096} {
		b.Run(strconv.Itoa(bits), func(b *testing.B) {
			r := mrand.New(mrand.NewPCG(11, 12))
			x := NewNat().SetBigEndian(randBig(r, bits).FillBytes(make([]byte, bits/8)))
			mv := randBig(r, bits/2)
			mv.SetBit(mv, bits/2-1, 1).SetBit(mv, 0, 0)
			m := NewNat().SetBigEndian(mv.FillBytes(make([]byte, bits/16)))
			out := NewNat()
			for b.Loop() {
				if _, err := out.ModAny(x, m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
