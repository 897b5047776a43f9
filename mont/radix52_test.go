package mont

import (
	"fmt"
	"math/big"
	mathrand "math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// The tests in this file check the radix-2⁵² arithmetic of Exp (radix52.go
// and, through the "mont/ifma" registry entry, its assembly kernels) against
// math/big and against the portable kernel.

// digitsToBig returns the value of 52-bit digits.
func digitsToBig(x []uint64) *big.Int {
	v := new(big.Int)
	for i := len(x) - 1; i >= 0; i-- {
		v.Lsh(v, 52).Or(v, new(big.Int).SetUint64(x[i]))
	}
	return v
}

func TestRadix52RoundTrip(t *testing.T) {
	r := mathrand.New(mathrand.NewPCG(52, 1))
	for n := 1; n <= 130; n++ {
		k, lanes := digits52(n)
		if 52*k < 64*n+2 || lanes%8 != 0 || lanes < k || lanes-k >= 8 {
			t.Fatalf("digits52(%d) = %d, %d", n, k, lanes)
		}
		for _, x := range [][]uint64{randLimbs(r, n), make([]uint64, n), slices.Repeat([]uint64{^uint64(0)}, n)} {
			d := make([]uint64, lanes)
			toRadix52(d, x)
			for i, v := range d {
				if v > mask52 {
					t.Fatalf("n=%d: digit %d = %#x has more than 52 bits", n, i, v)
				}
			}
			if got, want := digitsToBig(d), limbsToBig(x); got.Cmp(want) != 0 {
				t.Fatalf("n=%d: toRadix52 = %x, want %x", n, got, want)
			}
			back := make([]uint64, n)
			fromRadix52(back, d)
			if !slices.Equal(back, x) {
				t.Fatalf("n=%d: fromRadix52(toRadix52(x)) = %x, want %x", n, back, x)
			}
		}
	}
}

// amm52Sizes are the modulus lengths, in limbs, that TestAMM52 covers: every
// length with an assembly kernel (8 to 128 limbs) in the long mode, and in
// the short one the shortest and longest length of each kernel width, plus
// the lengths on either side of that range, which take the portable code.
func amm52Sizes() []int {
	width := func(n int) int {
		k, l := digits52(n)
		return kernelWidth52(k, l)
	}
	var ns []int
	for n := 1; n <= 130; n++ {
		w := width(n)
		if !testing.Short() || n < 8 || n > 128 || w != width(n-1) || w != width(n+1) {
			ns = append(ns, n)
		}
	}
	return ns
}

// amm52Operands returns inputs of amm52 below 2m, in 52-bit digits: zero,
// one, m − 1, m, 2m − 1 and random values.
func amm52Operands(r *mathrand.Rand, m *big.Int, lanes int) [][]uint64 {
	twoM := new(big.Int).Lsh(m, 1)
	vals := []*big.Int{
		big.NewInt(0),
		big.NewInt(1),
		new(big.Int).Sub(m, big.NewInt(1)),
		new(big.Int).Set(m),
		new(big.Int).Sub(twoM, big.NewInt(1)),
	}
	for range 3 {
		vals = append(vals, new(big.Int).Mod(randBig(r, twoM.BitLen()+8), twoM))
	}
	var ops [][]uint64
	for _, v := range vals {
		d := make([]uint64, lanes)
		toRadix52(d, bigToLimbs(v, (v.BitLen()+63)/64+1))
		ops = append(ops, d)
	}
	return ops
}

// checkAMM52 checks z = amm52(x, y) for modulus m of k digits: below 2m, in
// 52-bit digits with zero lanes from k up, and z·2^(52k) ≡ x·y mod m.
func checkAMM52(t *testing.T, z, x, y []uint64, m *big.Int, k int) {
	t.Helper()
	for i, v := range z {
		if v > mask52 || i >= k && v != 0 {
			t.Fatalf("lane %d of the product = %#x (k = %d)", i, v, k)
		}
	}
	zb := digitsToBig(z)
	if zb.Cmp(new(big.Int).Lsh(m, 1)) >= 0 {
		t.Fatalf("product %x is not below 2m (m = %x)", zb, m)
	}
	got := new(big.Int).Lsh(zb, uint(52*k))
	got.Mod(got, m)
	want := new(big.Int).Mul(digitsToBig(x), digitsToBig(y))
	want.Mod(want, m)
	if got.Cmp(want) != 0 {
		t.Fatalf("amm52(%x, %x) mod %x = %x: not x·y·2^(−52k)", digitsToBig(x), digitsToBig(y), m, zb)
	}
}

func TestAMM52(t *testing.T) {
	cputest.TestAllImplementations(t, "mont/ifma", func(t *testing.T) {
		r := mathrand.New(mathrand.NewPCG(52, 2))
		for _, n := range amm52Sizes() {
			for name, ml := range kernelModuli(r, n) {
				if testing.Short() && name != "top bit" && name != "all ones" && name != "small top" {
					continue
				}
				t.Run(fmt.Sprintf("%d/%s", n, name), func(t *testing.T) {
					p := &modulus52{k0: kernelM0Inv(ml[0]) & mask52}
					p.k, p.lanes = digits52(n)
					p.width = kernelWidth52(p.k, p.lanes)
					p.m = newModulus52Lanes(p.lanes)
					toRadix52(p.m, ml)
					mb := limbsToBig(ml)
					ops := amm52Operands(r, mb, p.lanes)
					if testing.Short() {
						ops = ops[2:6] // m − 1, m, 2m − 1 and a random value
					}
					want := make([]uint64, p.lanes)
					z := make([]uint64, p.lanes)
					for _, x := range ops {
						for _, y := range ops {
							amm52(z, x, y, p)
							checkAMM52(t, z, x, y, mb, p.k)
							amm52Generic(want, x, y, p.m, p.k, p.k0)
							if !slices.Equal(z, want) {
								t.Fatalf("amm52 = %x, amm52Generic = %x", z, want)
							}
						}
					}
					// Aliased operands, as Exp squares in place.
					x := slices.Clone(ops[len(ops)-1])
					amm52Generic(want, x, x, p.m, p.k, p.k0)
					amm52(x, x, x, p)
					if !slices.Equal(x, want) {
						t.Fatalf("amm52(x, x, x) = %x, want %x", x, want)
					}
				})
			}
		}
	})
}

// limbsModulus returns the modulus with the limbs ml, as a big.Int and a
// Modulus.
func limbsModulus(t *testing.T, ml []uint64) (*big.Int, *Modulus) {
	t.Helper()
	mb := limbsToBig(ml)
	m, err := NewModulus(mb.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return mb, m
}

// TestAMM52Chain multiplies a value by itself many times in a row, as Exp
// does, checking every step: each product below 2m is the next input.
func TestAMM52Chain(t *testing.T) {
	cputest.TestAllImplementations(t, "mont/ifma", func(t *testing.T) {
		r := mathrand.New(mathrand.NewPCG(52, 3))
		for _, n := range []int{8, 16, 24, 32, 48, 64} {
			for name, ml := range kernelModuli(r, n) {
				mb, m := limbsModulus(t, ml)
				p := m.radix52()
				x := amm52Operands(r, mb, p.lanes)[4] // 2m − 1
				want := slices.Clone(x)
				for i := range 200 {
					prev := slices.Clone(x)
					amm52(x, x, x, p)
					amm52Generic(want, want, want, p.m, p.k, p.k0)
					if !slices.Equal(x, want) {
						t.Fatalf("%d/%s: step %d: amm52 = %x, want %x", n, name, i, x, want)
					}
					checkAMM52(t, x, prev, prev, mb, p.k)
				}
			}
		}
	})
}

// TestModulus52 checks the radix-2⁵² constants of a Modulus.
func TestModulus52(t *testing.T) {
	r := mathrand.New(mathrand.NewPCG(52, 4))
	for _, n := range []int{2, 8, 16, 17, 32, 64, 128} {
		for name, ml := range kernelModuli(r, n) {
			mb, m := limbsModulus(t, ml)
			p := m.radix52()
			if m.radix52() != p {
				t.Errorf("%d/%s: radix52 is not computed once", n, name)
			}
			if digitsToBig(p.m).Cmp(mb) != 0 {
				t.Errorf("%d/%s: m in radix 2⁵² = %x, want %x", n, name, digitsToBig(p.m), mb)
			}
			if p.k0*ml[0]&mask52 != mask52 {
				t.Errorf("%d/%s: k0·m ≢ −1 mod 2⁵²", n, name)
			}
			rr := new(big.Int).Lsh(big.NewInt(1), uint(104*p.k))
			rr.Mod(rr, mb)
			if digitsToBig(p.rr).Cmp(rr) != 0 {
				t.Errorf("%d/%s: R² = %x, want %x", n, name, digitsToBig(p.rr), rr)
			}
		}
	}
}

// TestExp52Portable runs the radix-2⁵² exponentiation on the portable
// kernels on every platform and in every build, against math/big.
func TestExp52Portable(t *testing.T) {
	r := mathrand.New(mathrand.NewPCG(52, 5))
	for _, bitLen := range []int{3, 64, 65, 512, 1024, 1536, 2048} {
		mb := randBig(r, bitLen)
		mb.SetBit(mb, bitLen-1, 1).SetBit(mb, 0, 1)
		m := modFromBig(t, mb)
		for _, a := range testOperands(r, mb)[:4] {
			x := natFromBig(t, a, m)
			for _, e := range [][]byte{nil, {0}, {1}, {0xff, 0xff}, randBig(r, 300).Bytes(), randBig(r, 1024).Bytes()} {
				want := new(big.Int).Exp(a, new(big.Int).SetBytes(e), mb)
				if len(e) == 0 {
					want.SetInt64(1)
				}
				checkNat(t, "exp52", NewNat().exp52(x, e, m, amm52Portable, selectEntryGeneric), m, want)
				if len(e) <= 8 {
					var v uint64
					for _, c := range e {
						v = v<<8 | uint64(c)
					}
					checkNat(t, "expShort52VarTime", NewNat().expShort52VarTime(x, v, m, amm52Portable), m, want)
				}
			}
			for _, v := range []uint64{1, 2, 3, 0x10001, 1<<64 - 1} {
				want := new(big.Int).Exp(a, new(big.Int).SetUint64(v), mb)
				checkNat(t, "expShort52VarTime", NewNat().expShort52VarTime(x, v, m, amm52Portable), m, want)
			}
		}
	}
}

// exp52Trace is the sequence of kernel calls of one exp52 run: each call's
// operation and the memory it was given, as the position of each slice's
// first element among the distinct addresses of the run and its length.
type exp52Trace []string

func (tr *exp52Trace) add(op string, ids map[uintptr]int, slices ...[]uint64) {
	s := op
	for _, x := range slices {
		a := uintptr(unsafe.Pointer(unsafe.SliceData(x)))
		id, ok := ids[a]
		if !ok {
			id = len(ids)
			ids[a] = id
		}
		s += fmt.Sprintf(" %d:%d", id, len(x))
	}
	*tr = append(*tr, s)
}

// TestExp52AccessPattern runs exp52 with kernels that record where they
// read and write, for exponents of one length with different bits: the
// kernels themselves touch only the memory they are given, at offsets that
// depend on the length alone (see tools/asm/mont/amm52), so equal traces
// mean the memory access pattern does not depend on the exponent. Each
// table scan must also receive the whole table.
func TestExp52AccessPattern(t *testing.T) {
	r := mathrand.New(mathrand.NewPCG(52, 6))
	mb := randBig(r, 1024)
	mb.SetBit(mb, 1023, 1).SetBit(mb, 0, 1)
	m := modFromBig(t, mb)
	a := randBig(r, 1000)
	x := natFromBig(t, a, m)
	exps := [][]byte{
		make([]byte, 128),
		slices.Repeat([]byte{0xff}, 128),
		slices.Repeat([]byte{0x01}, 128),
		randBig(r, 1024).FillBytes(make([]byte, 128)),
		randBig(r, 1024).FillBytes(make([]byte, 128)),
	}
	var first exp52Trace
	for i, e := range exps {
		var tr exp52Trace
		ids := map[uintptr]int{}
		mul := func(z, x, y []uint64, p *modulus52) {
			tr.add("mul", ids, z, x, y)
			amm52(z, x, y, p)
		}
		sel := func(z, table []uint64, n int, k uint64) {
			tr.add(fmt.Sprintf("sel n=%d", n), ids, z, table)
			if len(table) != n<<expWindow(8*len(e)) {
				t.Fatalf("the table scan got %d of the table's %d words", len(table), n<<expWindow(8*len(e)))
			}
			select52Entry(z, table, n, k)
		}
		want := new(big.Int).Exp(a, new(big.Int).SetBytes(e), mb)
		checkNat(t, "exp52", NewNat().exp52(x, e, m, mul, sel), m, want)
		if i == 0 {
			first = tr
			continue
		}
		if !slices.Equal(tr, first) {
			t.Fatalf("exponent %d: the kernel calls differ from exponent 0's:\n%v\n%v", i, tr, first)
		}
	}
	if len(first) < 1000 {
		t.Fatalf("only %d kernel calls recorded", len(first))
	}
}

// TestSelect52 checks the radix-2⁵² table scan against the portable one for
// every lane count and table size the exponentiations use, and every entry.
func TestSelect52(t *testing.T) {
	cputest.TestAllImplementations(t, "mont/ifma", func(t *testing.T) {
		r := mathrand.New(mathrand.NewPCG(52, 10))
		for lanes := 8; lanes <= amm52MaxLanes; lanes += 8 {
			for _, count := range []int{1, 2, 16, 32} {
				table := randLimbs(r, lanes*count)
				got, want := make([]uint64, lanes), make([]uint64, lanes)
				for k := range uint64(count) + 2 {
					select52Entry(got, table, lanes, k)
					selectEntryGeneric(want, table, lanes, k)
					if !slices.Equal(got, want) {
						t.Fatalf("lanes=%d count=%d k=%d: %x, want %x", lanes, count, k, got, want)
					}
				}
			}
		}
	})
}

func BenchmarkAMM52(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "mont/ifma", func(b *testing.B) {
		for _, bitLen := range benchSizes {
			b.Run(fmt.Sprint(bitLen), func(b *testing.B) {
				r := mathrand.New(mathrand.NewPCG(7, uint64(bitLen)))
				mb := randBig(r, bitLen)
				mb.SetBit(mb, bitLen-1, 1).SetBit(mb, 0, 1)
				m, err := NewModulus(mb.Bytes())
				if err != nil {
					b.Fatal(err)
				}
				p := m.radix52()
				ops := amm52Operands(r, mb, p.lanes)
				x, y := ops[5], ops[6]
				b.ResetTimer()
				for range b.N {
					amm52(x, x, y, p)
				}
			})
		}
	})
}

func TestAMM52Pair(t *testing.T) {
	cputest.TestAllImplementations(t, "mont/ifma", func(t *testing.T) {
		r := mathrand.New(mathrand.NewPCG(52, 7))
		for _, n := range []int{7, 8, 9, 15, 16, 17, 19, 23, 24, 25, 26, 29, 30, 32} {
			m1, m2 := kernelModuli(r, n), kernelModuli(r, n)
			for _, names := range [][2]string{{"top bit", "all ones"}, {"small top", "2^k+1"}, {"random", "m0 one"}} {
				var p [2]*modulus52
				var ops [2][][]uint64
				for i, ml := range [][]uint64{m1[names[0]], m2[names[1]]} {
					mb, m := limbsModulus(t, ml)
					p[i] = m.radix52()
					ops[i] = amm52Operands(r, mb, p[i].lanes)
				}
				l := p[0].lanes
				z1, z2 := make([]uint64, l), make([]uint64, l)
				w1, w2 := make([]uint64, l), make([]uint64, l)
				for i := range ops[0] {
					for j := range ops[1] {
						x1, y1 := ops[0][i], ops[0][j]
						x2, y2 := ops[1][j], ops[1][i]
						amm52Pair(z1, x1, y1, p[0], z2, x2, y2, p[1])
						amm52Portable(w1, x1, y1, p[0])
						amm52Portable(w2, x2, y2, p[1])
						if !slices.Equal(z1, w1) || !slices.Equal(z2, w2) {
							t.Fatalf("%d limbs, %v: amm52Pair = %x, %x; want %x, %x", n, names, z1, z2, w1, w2)
						}
					}
				}
				// In place, as Exp squares.
				x1, x2 := slices.Clone(ops[0][4]), slices.Clone(ops[1][5])
				amm52Portable(w1, x1, x1, p[0])
				amm52Portable(w2, x2, x2, p[1])
				amm52Pair(x1, x1, x1, p[0], x2, x2, x2, p[1])
				if !slices.Equal(x1, w1) || !slices.Equal(x2, w2) {
					t.Fatalf("%d limbs, %v: amm52Pair in place = %x, %x; want %x, %x", n, names, x1, x2, w1, w2)
				}
			}
		}
	})
}

// TestExpPair checks ExpPair against math/big under every combination of
// the kernels: moduli of equal lengths (the pair kernels where there are
// some), of different lengths and exponents of different lengths (two
// plain exponentiations), and aliased outputs.
func TestExpPair(t *testing.T) {
	// Short: mont/ifma on and off only (the emulator's CI step runs it).
	each := func(t *testing.T, f func(t *testing.T)) { cputest.TestAllCombinations(t, kernelPackages, f) }
	if testing.Short() {
		each = func(t *testing.T, f func(t *testing.T)) { cputest.TestAllImplementations(t, "mont/ifma", f) }
	}
	each(t, func(t *testing.T) {
		r := mathrand.New(mathrand.NewPCG(52, 8))
		for _, bits := range [][2]int{{512, 512}, {1000, 1024}, {1024, 1024}, {1536, 1536}, {2048, 2048}, {1024, 1536}} {
			for _, elen := range [][2]int{{128, 128}, {0, 0}, {1, 1}, {128, 120}} {
				var ms [2]*big.Int
				var mods [2]*Modulus
				var as [2]*big.Int
				var es [2][]byte
				var xs [2]*Nat
				for i := range 2 {
					ms[i] = randBig(r, bits[i])
					ms[i].SetBit(ms[i], bits[i]-1, 1).SetBit(ms[i], 0, 1)
					mods[i] = modFromBig(t, ms[i])
					as[i] = new(big.Int).Mod(randBig(r, bits[i]), ms[i])
					xs[i] = natFromBig(t, as[i], mods[i])
					es[i] = randBig(r, 8*elen[i]).FillBytes(make([]byte, elen[i]))
				}
				want := func(i int) *big.Int { return new(big.Int).Exp(as[i], new(big.Int).SetBytes(es[i]), ms[i]) }
				out1, out2 := NewNat(), NewNat()
				ExpPair(out1, xs[0], es[0], mods[0], out2, xs[1], es[1], mods[1])
				checkNat(t, "ExpPair 1", out1, mods[0], want(0))
				checkNat(t, "ExpPair 2", out2, mods[1], want(1))

				// out1 aliases x2 and out2 aliases x1.
				y1, y2 := NewNat().Set(xs[0]), NewNat().Set(xs[1])
				ExpPair(y2, y1, es[0], mods[0], y1, y2, es[1], mods[1])
				checkNat(t, "ExpPair aliased 1", y2, mods[0], want(0))
				checkNat(t, "ExpPair aliased 2", y1, mods[1], want(1))
			}
		}
	})
}

// TestExp52PairPortable runs the paired radix-2⁵² exponentiation on the
// portable kernels on every platform, against math/big.
func TestExp52PairPortable(t *testing.T) {
	r := mathrand.New(mathrand.NewPCG(52, 9))
	for _, bitLen := range []int{64, 512, 1024, 1536} {
		var ms [2]*big.Int
		var mods [2]*Modulus
		var xs [2]*Nat
		var as [2]*big.Int
		for i := range 2 {
			ms[i] = randBig(r, bitLen)
			ms[i].SetBit(ms[i], bitLen-1, 1).SetBit(ms[i], 0, 1)
			mods[i] = modFromBig(t, ms[i])
			as[i] = new(big.Int).Mod(randBig(r, bitLen), ms[i])
			xs[i] = natFromBig(t, as[i], mods[i])
		}
		e1, e2 := randBig(r, 1024).FillBytes(make([]byte, 128)), randBig(r, 1024).FillBytes(make([]byte, 128))
		out1, out2 := NewNat(), NewNat()
		exp52Pair(out1, xs[0], e1, mods[0], out2, xs[1], e2, mods[1], amm52PairPortable, selectEntryGeneric)
		checkNat(t, "exp52Pair 1", out1, mods[0], new(big.Int).Exp(as[0], new(big.Int).SetBytes(e1), ms[0]))
		checkNat(t, "exp52Pair 2", out2, mods[1], new(big.Int).Exp(as[1], new(big.Int).SetBytes(e2), ms[1]))
	}
}

func BenchmarkExpPair(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "mont/ifma", func(b *testing.B) {
		for _, bitLen := range []int{1024, 1536, 2048} {
			b.Run(fmt.Sprint(bitLen), func(b *testing.B) {
				r := mathrand.New(mathrand.NewPCG(7, uint64(bitLen)))
				var mods [2]*Modulus
				var xs [2]*Nat
				for i := range 2 {
					mb := randBig(r, bitLen)
					mb.SetBit(mb, bitLen-1, 1).SetBit(mb, 0, 1)
					m, err := NewModulus(mb.Bytes())
					if err != nil {
						b.Fatal(err)
					}
					mods[i] = m
					xs[i], err = NewNat().SetBytes(new(big.Int).Mod(randBig(r, bitLen), mb).Bytes(), m)
					if err != nil {
						b.Fatal(err)
					}
				}
				e := randBig(r, bitLen).FillBytes(make([]byte, bitLen/8))
				out1, out2 := NewNat(), NewNat()
				b.ResetTimer()
				for range b.N {
					ExpPair(out1, xs[0], e, mods[0], out2, xs[1], e, mods[1])
				}
			})
		}
	})
}

func BenchmarkAMM52Pair(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "mont/ifma", func(b *testing.B) {
		for _, bitLen := range []int{512, 1024, 1536} {
			b.Run(fmt.Sprint(bitLen), func(b *testing.B) {
				r := mathrand.New(mathrand.NewPCG(7, uint64(bitLen)))
				var p [2]*modulus52
				var ops [2][][]uint64
				for i := range 2 {
					mb := randBig(r, bitLen)
					mb.SetBit(mb, bitLen-1, 1).SetBit(mb, 0, 1)
					m, err := NewModulus(mb.Bytes())
					if err != nil {
						b.Fatal(err)
					}
					p[i] = m.radix52()
					ops[i] = amm52Operands(r, mb, p[i].lanes)
				}
				x1, y1, x2, y2 := ops[0][5], ops[0][6], ops[1][5], ops[1][6]
				b.ResetTimer()
				for range b.N {
					amm52Pair(x1, x1, y1, p[0], x2, x2, y2, p[1])
				}
			})
		}
	})
}

// TestWindowBits checks the exponent windows against a bit-by-bit
// extraction, for every position and width up to eight bits.
func TestWindowBits(t *testing.T) {
	r := mathrand.New(mathrand.NewPCG(52, 11))
	for n := range 6 {
		e := make([]byte, n)
		for i := range e {
			e[i] = byte(r.Uint32())
		}
		v := new(big.Int).SetBytes(e)
		for width := 1; width <= 8; width++ {
			for pos := 0; pos < 8*n+8; pos++ {
				var want uint64
				for i := range width {
					want |= uint64(v.Bit(pos+i)) << i
				}
				if got := windowBits(e, pos, width); got != want {
					t.Fatalf("windowBits(%x, %d, %d) = %#x, want %#x", e, pos, width, got, want)
				}
			}
		}
	}
}
