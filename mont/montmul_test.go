package mont

import (
	"fmt"
	"math/big"
	mathrand "math/rand/v2"
	"testing"
	"testing/quick"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// The tests in this file check the Montgomery kernels (montMul, montSqr and
// every implementation behind them) against math/big.

// kernelPackages are the names under which mont registers its independent
// kernels: the Montgomery arithmetic, Exp's table scan and Exp's radix-2⁵²
// arithmetic. The tests run
// every combination of their implementations that a CPU can have.
var kernelPackages = []string{"mont", "mont/select", "mont/ifma"}

// kernelSizes are the lengths, in limbs, the kernel tests cover: every length
// up to 70, the fixed-size kernels, the largest lengths montMulLoop handles and
// a few beyond, which fall back to the portable code.
func kernelSizes() []int {
	var ns []int
	for n := 1; n <= 70; n++ {
		ns = append(ns, n)
	}
	return append(ns, 96, 128, 129, 130, 131, 136)
}

func limbsToBig(x []uint64) *big.Int {
	b := make([]byte, 8*len(x))
	for i, v := range x {
		for k := 0; k < 8; k++ {
			b[len(b)-1-8*i-k] = byte(v >> (8 * k))
		}
	}
	return new(big.Int).SetBytes(b)
}

func bigToLimbs(b *big.Int, n int) []uint64 {
	if b.Sign() < 0 || b.BitLen() > 64*n {
		panic("bigToLimbs: out of range")
	}
	z := make([]uint64, n)
	buf := b.FillBytes(make([]byte, 8*n))
	for i := range z {
		for k := 0; k < 8; k++ {
			z[i] |= uint64(buf[len(buf)-1-8*i-k]) << (8 * k)
		}
	}
	return z
}

// kernelM0Inv returns -m0⁻¹ mod 2^64 for odd m0.
func kernelM0Inv(m0 uint64) uint64 {
	inv := m0 // correct to 3 bits
	for i := 0; i < 5; i++ {
		inv *= 2 - m0*inv // Newton's step doubles the correct bits
	}
	if inv*m0 != 1 {
		panic("kernelM0Inv: even modulus")
	}
	return -inv
}

func randLimbs(r *mathrand.Rand, n int) []uint64 {
	x := make([]uint64, n)
	for i := range x {
		x[i] = r.Uint64()
	}
	return x
}

// kernelModuli returns odd moduli of n limbs of the shapes the kernels find
// hardest: the top bit set, a small top limb, 2^(64n)-1, m[0] = 1 (so that
// m0inv = -1), 2^(64n-1)+1 and a plain random one.
func kernelModuli(r *mathrand.Rand, n int) map[string][]uint64 {
	ms := make(map[string][]uint64)

	m := randLimbs(r, n)
	m[0] |= 1
	m[n-1] |= 1 << 63
	ms["top bit"] = m

	m = randLimbs(r, n)
	m[n-1] = 1 + r.Uint64N(255)
	m[0] |= 1
	ms["small top"] = m

	m = make([]uint64, n)
	for i := range m {
		m[i] = ^uint64(0)
	}
	ms["all ones"] = m

	m = randLimbs(r, n)
	m[0] = 1
	if m[n-1] == 0 {
		m[n-1] = 1
	}
	ms["m0 one"] = m

	m = make([]uint64, n)
	m[0] = 1
	m[n-1] |= 1 << 63
	ms["2^k+1"] = m

	m = randLimbs(r, n)
	m[0] |= 1
	ms["random"] = m
	return ms
}

// kernelOperands returns values below m: 0, 1, m-1, the largest value with
// all limbs all ones below m, values just below m and random ones.
func kernelOperands(r *mathrand.Rand, m []uint64) [][]uint64 {
	n := len(m)
	mb := limbsToBig(m)
	var ops [][]uint64
	add := func(b *big.Int) {
		if b.Sign() >= 0 && b.Cmp(mb) < 0 {
			ops = append(ops, bigToLimbs(b, n))
		}
	}
	add(big.NewInt(0))
	add(big.NewInt(1))
	add(new(big.Int).Sub(mb, big.NewInt(1)))
	ones := make([]uint64, n)
	for i := range ones {
		ones[i] = ^uint64(0)
	}
	for k := n - 1; k >= 0; k-- {
		if b := limbsToBig(ones[:k+1]); b.Cmp(mb) < 0 {
			add(b)
			break
		}
	}
	for i := 0; i < 3; i++ {
		add(new(big.Int).Mod(limbsToBig(randLimbs(r, n)), mb))
	}
	// Same top limb as m, random below.
	x := randLimbs(r, n)
	x[n-1] = m[n-1]
	add(new(big.Int).Mod(limbsToBig(x), mb))
	return ops
}

// montRef is the reference: x·y·R⁻¹ mod m with R = 2^(64·len(m)).
type montRef struct {
	m    *big.Int
	rInv *big.Int
}

func newMontRef(m []uint64) montRef {
	mb := limbsToBig(m)
	r := new(big.Int).Lsh(big.NewInt(1), uint(64*len(m)))
	return montRef{m: mb, rInv: new(big.Int).ModInverse(r, mb)}
}

func (ref montRef) mul(x, y []uint64) *big.Int {
	p := new(big.Int).Mul(limbsToBig(x), limbsToBig(y))
	p.Mul(p, ref.rInv)
	return p.Mod(p, ref.m)
}

func checkLimbs(t *testing.T, what string, got []uint64, want *big.Int) {
	t.Helper()
	if g := limbsToBig(got); g.Cmp(want) != 0 {
		t.Errorf("%s = %#x, want %#x", what, g, want)
	}
}

func clone(x []uint64) []uint64 { return append([]uint64(nil), x...) }

func TestMontMul(t *testing.T) {
	cputest.TestAllCombinations(t, kernelPackages, func(t *testing.T) {
		r := mathrand.New(mathrand.NewPCG(1, 2))
		for _, n := range kernelSizes() {
			for shape, m := range kernelModuli(r, n) {
				ref := newMontRef(m)
				m0inv := kernelM0Inv(m[0])
				ops := kernelOperands(r, m)
				z := make([]uint64, n)
				for i, x := range ops {
					for j, y := range ops {
						want := ref.mul(x, y)
						what := func(s string) string {
							return fmt.Sprintf("n=%d %s: %s with x=ops[%d], y=ops[%d]", n, shape, s, i, j)
						}
						for k := range z {
							z[k] = 0xdeadbeef
						}
						xc, yc := clone(x), clone(y)
						montMul(z, xc, yc, m, m0inv)
						checkLimbs(t, what("z = x·y"), z, want)
						checkLimbs(t, what("x after z = x·y"), xc, limbsToBig(x))
						checkLimbs(t, what("y after z = x·y"), yc, limbsToBig(y))

						// z aliases x.
						xc = clone(x)
						montMul(xc, xc, y, m, m0inv)
						checkLimbs(t, what("x = x·y"), xc, want)
						// z aliases y.
						yc = clone(y)
						montMul(yc, x, yc, m, m0inv)
						checkLimbs(t, what("y = x·y"), yc, want)
					}
					// z aliases x and y.
					xc := clone(x)
					montMul(xc, xc, xc, m, m0inv)
					checkLimbs(t, fmt.Sprintf("n=%d %s: x = x·x with x=ops[%d]", n, shape, i), xc, ref.mul(x, x))
				}
				if t.Failed() {
					return
				}
			}
		}
	})
}

func TestMontSqr(t *testing.T) {
	cputest.TestAllCombinations(t, kernelPackages, func(t *testing.T) {
		r := mathrand.New(mathrand.NewPCG(3, 4))
		for _, n := range kernelSizes() {
			for shape, m := range kernelModuli(r, n) {
				ref := newMontRef(m)
				m0inv := kernelM0Inv(m[0])
				ops := kernelOperands(r, m)
				for i := 0; i < 5; i++ {
					ops = append(ops, bigToLimbs(new(big.Int).Mod(limbsToBig(randLimbs(r, n)), ref.m), n))
				}
				z := make([]uint64, n)
				for i, x := range ops {
					want := ref.mul(x, x)
					for k := range z {
						z[k] = 0xdeadbeef
					}
					xc := clone(x)
					montSqr(z, xc, m, m0inv)
					checkLimbs(t, fmt.Sprintf("n=%d %s: z = x² with x=ops[%d]", n, shape, i), z, want)
					checkLimbs(t, fmt.Sprintf("n=%d %s: x after z = x² with x=ops[%d]", n, shape, i), xc, limbsToBig(x))
					montSqr(xc, xc, m, m0inv)
					checkLimbs(t, fmt.Sprintf("n=%d %s: x = x² with x=ops[%d]", n, shape, i), xc, want)
				}
				if t.Failed() {
					return
				}
			}
		}
	})
}

// quickInputs turns the random values testing/quick supplies into a modulus
// of 1 to 140 limbs and two operands below it.
func quickInputs(seed uint64, size uint8, topBit bool) (m, x, y []uint64) {
	r := mathrand.New(mathrand.NewPCG(seed, uint64(size)))
	n := 1 + int(size)%140
	m = randLimbs(r, n)
	m[0] |= 1
	if topBit {
		m[n-1] |= 1 << 63
	}
	if m[n-1] == 0 {
		m[n-1] = 1
	}
	mb := limbsToBig(m)
	x = bigToLimbs(new(big.Int).Mod(limbsToBig(randLimbs(r, n)), mb), n)
	y = bigToLimbs(new(big.Int).Mod(limbsToBig(randLimbs(r, n)), mb), n)
	return m, x, y
}

func TestMontMulQuick(t *testing.T) {
	cputest.TestAllCombinations(t, kernelPackages, func(t *testing.T) {
		f := func(seed uint64, size uint8, topBit bool) bool {
			m, x, y := quickInputs(seed, size, topBit)
			ref := newMontRef(m)
			m0inv := kernelM0Inv(m[0])
			z := make([]uint64, len(m))
			montMul(z, x, y, m, m0inv)
			if limbsToBig(z).Cmp(ref.mul(x, y)) != 0 {
				return false
			}
			montSqr(z, x, m, m0inv)
			return limbsToBig(z).Cmp(ref.mul(x, x)) == 0
		}
		if err := quick.Check(f, &quick.Config{MaxCount: 500}); err != nil {
			t.Error(err)
		}
	})
}

// TestKernelsAgree checks that montMul and montSqr, with whichever kernel
// they pick, give exactly what the portable kernels give.
func TestKernelsAgree(t *testing.T) {
	cputest.TestAllCombinations(t, kernelPackages, func(t *testing.T) {
		r := mathrand.New(mathrand.NewPCG(5, 6))
		for _, n := range kernelSizes() {
			for shape, m := range kernelModuli(r, n) {
				m0inv := kernelM0Inv(m[0])
				ops := kernelOperands(r, m)
				got, want := make([]uint64, n), make([]uint64, n)
				for i, x := range ops {
					y := ops[(i+1)%len(ops)]
					montMul(got, x, y, m, m0inv)
					montMulGeneric(want, x, y, m, m0inv)
					if limbsToBig(got).Cmp(limbsToBig(want)) != 0 {
						t.Errorf("n=%d %s: montMul = %x, montMulGeneric = %x", n, shape, got, want)
					}
					montSqr(got, x, m, m0inv)
					montSqrGeneric(want, x, m, m0inv)
					if limbsToBig(got).Cmp(limbsToBig(want)) != 0 {
						t.Errorf("n=%d %s: montSqr = %x, montSqrGeneric = %x", n, shape, got, want)
					}
				}
			}
		}
	})
}

// TestMontMulEmpty checks that the kernels do nothing, and do not touch
// memory, for empty slices.
func TestMontMulEmpty(t *testing.T) {
	cputest.TestAllCombinations(t, kernelPackages, func(t *testing.T) {
		montMul(nil, nil, nil, nil, 1)
		montSqr(nil, nil, nil, 1)
	})
}

// TestImplementations checks that the assembly implementations are
// registered, and available exactly on CPUs with their features, in every
// build that has them (wantImplementations and wantSelectImplementations,
// in impl_*_test.go).
func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, "mont", wantImplementations)
	cputest.CheckImplementations(t, "mont/select", wantSelectImplementations)
	cputest.CheckImplementations(t, "mont/ifma", wantIFMAImplementations)
}

// benchSizes are the benchmarked modulus sizes in bits: those with dedicated
// kernels, and for montMulLoop 1088 bits (17 limbs; a 1000-bit modulus has 16
// limbs and takes the 1024-bit kernel) and 6144 bits (96 limbs, the
// ffdhe6144 group).
var benchSizes = []int{1024, 1088, 1536, 2048, 3072, 4096, 6144}

func benchmarkKernel(b *testing.B, sqr bool) {
	cputest.BenchmarkAllImplementations(b, "mont", func(b *testing.B) {
		for _, bitLen := range benchSizes {
			b.Run(fmt.Sprint(bitLen), func(b *testing.B) {
				n := (bitLen + 63) / 64
				r := mathrand.New(mathrand.NewPCG(7, uint64(bitLen)))
				m := randLimbs(r, n)
				m[0] |= 1
				m[n-1] >>= 64*uint(n) - uint(bitLen)
				m[n-1] |= 1 << (uint(bitLen-1) % 64)
				mb := limbsToBig(m)
				x := bigToLimbs(new(big.Int).Mod(limbsToBig(randLimbs(r, n)), mb), n)
				y := bigToLimbs(new(big.Int).Mod(limbsToBig(randLimbs(r, n)), mb), n)
				m0inv := kernelM0Inv(m[0])
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if sqr {
						montSqr(x, x, m, m0inv)
					} else {
						montMul(x, x, y, m, m0inv)
					}
				}
			})
		}
	})
}

func BenchmarkMontMul(b *testing.B) { benchmarkKernel(b, false) }
func BenchmarkMontSqr(b *testing.B) { benchmarkKernel(b, true) }
