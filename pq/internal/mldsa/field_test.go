package mldsa

import (
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// TestConstants checks the Montgomery constants against their definitions.
func TestConstants(t *testing.T) {
	qq, qi := uint32(q), uint32(qInv)
	if qq*qi != 1 {
		t.Error("qInv is not q⁻¹ mod 2³²")
	}
	if uint32(qInvNeg) != -qi {
		t.Error("qInvNeg is not −q⁻¹ mod 2³²")
	}
	if mont != (1<<32)%q {
		t.Error("mont is not 2³² mod q")
	}
	R := new(big.Int).Lsh(big.NewInt(1), 32)
	Q := big.NewInt(q)
	modq := func(x *big.Int) uint64 { return new(big.Int).Mod(x, Q).Uint64() }
	if mont2 != modq(new(big.Int).Mul(R, R)) {
		t.Error("mont2 is not 2⁶⁴ mod q")
	}
	inv256 := new(big.Int).ModInverse(big.NewInt(256), Q)
	if invNTTScale != modq(new(big.Int).Mul(R, inv256)) {
		t.Error("invNTTScale is not 2³²/256 mod q")
	}
	if invNTTScaleMont != modq(new(big.Int).Mul(new(big.Int).Mul(R, R), inv256)) {
		t.Error("invNTTScaleMont is not 2⁶⁴/256 mod q")
	}
	if modq(new(big.Int).Mul(inv256, big.NewInt(1))) != 8347681 {
		t.Error("256⁻¹ mod q is not FIPS 204's f = 8347681")
	}
}

// TestTables checks the twiddle factors against FIPS 204, Appendix B, and
// ζ against its definition: a primitive 512-th root of unity.
func TestTables(t *testing.T) {
	want := []fieldElement{4808194, 3765607, 3761513, 5178923, 5496691, 5234739,
		5178987, 7778734, 3542485, 2682288, 2129892, 3764867, 7375178, 557458, 7159240}
	for i, w := range want {
		if got := zetaPow(i + 1); got != w {
			t.Errorf("zetas[%d] = %d, want %d", i+1, got, w)
		}
	}
	if got := zetaPow(255); got != 7648983 {
		t.Errorf("zetas[255] = %d, want 7648983", got)
	}
	// ζ^256 = −1, so ζ has order 512.
	x := uint64(1)
	for range 256 {
		x = x * zeta % q
	}
	if x != q-1 {
		t.Errorf("ζ^256 = %d, want q − 1", x)
	}
	R := new(big.Int).Lsh(big.NewInt(1), 32)
	for m := range n {
		w := new(big.Int).Mul(big.NewInt(int64(zetaPow(m))), R)
		w.Mod(w, big.NewInt(q))
		if got := fieldFromInt(zetasMont[m]); uint64(got) != w.Uint64() {
			t.Fatalf("zetasMont[%d] = %d, want %d", m, got, w)
		}
		if z := zetasMont[m]; z > q/2 || z < -q/2 {
			t.Fatalf("zetasMont[%d] = %d is not centered", m, z)
		}
	}
}

// montRef returns x·2⁻³² mod q with math/big.
func montRef(x *big.Int) int64 {
	Q := big.NewInt(q)
	rInv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 32), Q)
	r := new(big.Int).Mul(x, rInv)
	return r.Mod(r, Q).Int64()
}

// TestMontgomery checks both Montgomery reductions at their bounds and on
// random inputs against math/big.
func TestMontgomery(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	maxU := uint64(q)<<32 - 1
	for i := range 20000 {
		var x uint64
		switch i {
		case 0:
			x = 0
		case 1:
			x = maxU
		case 2:
			x = 8 * (q - 1) * (q - 1) // the largest sum mulAcc forms
		default:
			x = r.Uint64N(maxU + 1)
		}
		got := montReduce(x)
		if want := montRef(new(big.Int).SetUint64(x)); uint64(got) != uint64(want) {
			t.Fatalf("montReduce(%d) = %d, want %d", x, got, want)
		}
	}
	maxS := int64(1)<<31*q - 1
	for i := range 20000 {
		var x int64
		switch i {
		case 0:
			x = maxS
		case 1:
			x = -maxS
		default:
			x = r.Int64N(2*maxS+1) - maxS
		}
		got := montReduceSigned(x)
		if got <= -q || got >= q {
			t.Fatalf("montReduceSigned(%d) = %d, not below q in absolute value", x, got)
		}
		if want := montRef(big.NewInt(x)); int64(fieldFromInt(got)) != want {
			t.Fatalf("montReduceSigned(%d) ≡ %d, want %d", x, fieldFromInt(got), want)
		}
	}
}

func TestFieldOps(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	edge := []uint32{0, 1, 2, q / 2, q/2 + 1, q - 2, q - 1}
	pick := func(i int) fieldElement {
		if i < len(edge) {
			return fieldElement(edge[i])
		}
		return fieldElement(r.Uint32N(q))
	}
	for i := range 3000 {
		for j := range 30 {
			a, b := pick(i), pick(j)
			if got, want := fieldAdd(a, b), (uint64(a)+uint64(b))%q; uint64(got) != want {
				t.Fatalf("%d + %d = %d, want %d", a, b, got, want)
			}
			if got, want := fieldSub(a, b), (uint64(a)+q-uint64(b))%q; uint64(got) != want {
				t.Fatalf("%d − %d = %d, want %d", a, b, got, want)
			}
			want := montRef(new(big.Int).SetUint64(uint64(a) * uint64(b)))
			if got := montMul(a, b); int64(got) != want {
				t.Fatalf("montMul(%d, %d) = %d, want %d", a, b, got, want)
			}
		}
	}
	for x := int32(-q + 1); x < q; x += 997 {
		if got, want := fieldFromInt(x), ((int64(x)%q)+q)%q; int64(got) != want {
			t.Fatalf("fieldFromInt(%d) = %d, want %d", x, got, want)
		}
	}
	for a := range fieldElement(q) {
		if a%5 != 0 && a > 100 && a < q-100 && a != q/2 && a != q/2+1 {
			continue
		}
		c := centered(a)
		want := int32(a)
		if a > (q-1)/2 {
			want -= q
		}
		if c != want {
			t.Fatalf("centered(%d) = %d, want %d", a, c, want)
		}
		abs := uint32(want)
		if want < 0 {
			abs = uint32(-want)
		}
		if got := infNorm(a); got != abs {
			t.Fatalf("infNorm(%d) = %d, want %d", a, got, abs)
		}
	}
}

// TestExceeds checks the constant-time norm check at the bound.
func TestExceeds(t *testing.T) {
	for _, bound := range []uint32{1, 78, 95232 - 78, 1<<17 - 78, 1<<19 - 120, 261888} {
		for _, v := range []int32{0, 1, int32(bound) - 1, int32(bound), int32(bound) + 1, (q - 1) / 2} {
			for _, sign := range []int32{1, -1} {
				var f ringElement
				f[77] = fieldFromInt(sign * v)
				want := uint32(0)
				if uint32(v) >= bound {
					want = 1
				}
				if got := exceeds(&f, bound); got != want {
					t.Fatalf("exceeds(±%d, %d) = %d, want %d", v, bound, got, want)
				}
			}
		}
	}
}

// modPM returns r mod± m, in (−m/2, m/2], for even m > 0.
func modPM(r, m int64) int64 {
	x := r % m
	if x < 0 {
		x += m
	}
	if x > m/2 {
		x -= m
	}
	return x
}

// stride returns the step of an exhaustive loop over Z_q: every element,
// or with -short a sample of them.
func stride() fieldElement {
	if testing.Short() {
		return 97
	}
	return 1
}

// TestPower2Round checks Power2Round (FIPS 204, Algorithm 35) against its
// definition for every r in Z_q.
func TestPower2Round(t *testing.T) {
	for r := fieldElement(0); r < q; r += stride() {
		r0 := modPM(int64(r), 1<<d)
		r1 := (int64(r) - r0) >> d
		g1, g0 := power2Round(r)
		if int64(g1) != r1 || int64(g0) != r0 {
			t.Fatalf("Power2Round(%d) = (%d, %d), want (%d, %d)", r, g1, g0, r1, r0)
		}
	}
}

// TestDecompose checks Decompose, UseHint and the hint condition of
// MakeHint (FIPS 204, Algorithms 36, 39 and 40) against their definitions
// for every r in Z_q and both values of γ₂, and the exactness of the
// division by multiplication.
func TestDecompose(t *testing.T) {
	for _, gamma2 := range []uint32{(q - 1) / 88, (q - 1) / 32} {
		c := newDecomposer(gamma2)
		alpha := int64(2 * gamma2)
		// ⌊x·mul/2⁴⁸⌋ = ⌊x/α⌋ for x < 2²⁴: the error bound of the comment.
		if e := c.mul*uint64(alpha) - 1<<48; e >= uint64(alpha) || (1<<24)*e >= 1<<48 {
			t.Fatalf("γ₂ = %d: the reciprocal's error %d is too large", gamma2, e)
		}
		for x := uint64(0); x < 1<<24; x += 1 + x%1009 {
			if (x*c.mul)>>48 != x/uint64(alpha) {
				t.Fatalf("γ₂ = %d: ⌊%d/α⌋ wrong", gamma2, x)
			}
		}
		m := (q - 1) / alpha
		for r := fieldElement(0); r < q; r += stride() {
			r0 := modPM(int64(r), alpha)
			var r1 int64
			if int64(r)-r0 == q-1 {
				r1, r0 = 0, r0-1
			} else {
				r1 = (int64(r) - r0) / alpha
			}
			g1, g0 := c.decompose(r)
			if int64(g1) != r1 || int64(g0) != r0 {
				t.Fatalf("γ₂ = %d: Decompose(%d) = (%d, %d), want (%d, %d)", gamma2, r, g1, g0, r1, r0)
			}
			if c.highBits(r) != g1 {
				t.Fatal("HighBits differs from Decompose")
			}
			if got := c.useHint(0, r); int64(got) != r1 {
				t.Fatalf("UseHint(0, %d) = %d, want %d", r, got, r1)
			}
			want := (r1 + m - 1) % m
			if r0 > 0 {
				want = (r1 + 1) % m
			}
			if got := c.useHint(1, r); int64(got) != want {
				t.Fatalf("γ₂ = %d: UseHint(1, %d) = %d, want %d", gamma2, r, got, want)
			}
		}
	}
}

// TestHintProperty checks the property that FIPS 204's Lemma on hints
// states and signing relies on: for ‖z‖∞ ≤ γ₂, UseHint(MakeHint(z, r), r)
// = HighBits(r + z), with MakeHint computed as signing does.
func TestHintProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, gamma2 := range []uint32{(q - 1) / 88, (q - 1) / 32} {
		c := newDecomposer(gamma2)
		for range 200000 {
			x := fieldElement(r.Uint32N(q))
			z := fieldFromInt(int32(r.Int64N(2*int64(gamma2)+1) - int64(gamma2)))
			y := fieldAdd(x, z)
			h := c.highBits(x) ^ c.highBits(y)
			bit := byte((h | -h) >> 31)
			if got, want := c.useHint(bit, x), c.highBits(y); got != want {
				t.Fatalf("γ₂ = %d: UseHint(MakeHint(%d, %d), %d) = %d, want %d", gamma2, z, x, x, got, want)
			}
		}
	}
}

func randomPoly(r *rand.Rand) [n]fieldElement {
	var f [n]fieldElement
	for i := range f {
		f[i] = fieldElement(r.Uint32N(q))
	}
	return f
}

// TestNTT checks that multiplication of NTT representations is
// multiplication in R_q, against schoolbook multiplication modulo X²⁵⁶ + 1,
// and that the inverse NTT inverts the NTT, at the extremes too.
func TestNTT(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, testNTT)
}

func testNTT(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	mul := func(a, b *[n]fieldElement) (p [n]fieldElement) {
		for i := range n {
			for j := range n {
				x := uint64(a[i]) * uint64(b[j]) % q
				if k := i + j; k < n {
					p[k] = fieldElement((uint64(p[k]) + x) % q)
				} else {
					p[k-n] = fieldElement((uint64(p[k-n]) + q - x) % q)
				}
			}
		}
		return p
	}
	var all [n]fieldElement
	for i := range all {
		all[i] = q - 1
	}
	var delta [n]fieldElement
	delta[255] = 1
	inputs := [][2][n]fieldElement{{all, all}, {all, delta}}
	for range 10 {
		inputs = append(inputs, [2][n]fieldElement{randomPoly(r), randomPoly(r)})
	}
	for _, in := range inputs {
		a, b := in[0], in[1]
		want := mul(&a, &b)
		ah, bh := nttElement(a), nttElement(b)
		ntt((*[n]fieldElement)(&ah))
		ntt((*[n]fieldElement)(&bh))
		for _, x := range ah {
			if x >= q {
				t.Fatal("NTT output not reduced")
			}
		}
		var p nttElement
		mulNTT(&p, &ah, &bh)
		inverseNTTMont((*[n]fieldElement)(&p))
		if p != want {
			t.Fatal("NTT⁻¹(NTT(a)∘NTT(b)) is not a·b")
		}
		var s nttElement
		mulAcc(&s, []nttElement{ah}, []nttElement{bh}, &ah, &bh)
		inverseNTTMont((*[n]fieldElement)(&s))
		for i := range s {
			if s[i] != fieldAdd(want[i], want[i]) {
				t.Fatal("mulAcc is not the sum of the products")
			}
		}
		inverseNTT((*[n]fieldElement)(&ah))
		if ah != a {
			t.Fatal("NTT⁻¹(NTT(a)) is not a")
		}
	}
	// The NTT evaluates at the roots ζ^(2·BitRev₈(i)+1): check coefficient
	// i of NTT(X) directly.
	var x [n]fieldElement
	x[1] = 1
	ntt(&x)
	for i := range n {
		e := 2*int(bits.Reverse8(uint8(i))) + 1
		w := uint64(1)
		for range e {
			w = w * zeta % q
		}
		if uint64(x[i]) != w {
			t.Fatalf("NTT(X)[%d] = %d, want ζ^%d = %d", i, x[i], e, w)
		}
	}
}
