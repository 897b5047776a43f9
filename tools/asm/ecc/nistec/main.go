// Command nistec generates ecc/internal/nistec/p256_amd64.s: whole P-256
// point operations in one assembly function each, with the field
// arithmetic of mont/p256 inlined, for BMI2 (MULX) and ADX machines.
//
// Three functions, each mirroring a Go function of ecc/internal/nistec and
// computing exactly its field values (the same formula on fully reduced
// Montgomery-form elements, so the limbs are identical; the package's tests
// check that on random points, the point at infinity, equal and opposite
// points and edge coordinates). Where the Go code computes a value by a
// longer route, the assembly may take a shorter one to the same field
// element: 2·Y·Z for (Y + Z)² − γ − δ in the doubling and 2·Z1·H for
// (Z1 + H)² − Z1Z1 − HH in the mixed addition, and chains of additions and
// subtractions kept in registers.
//
//   - p256DoubleJacobianMULX(x, y, z, n) runs n times (n ≥ 0) the Jacobian
//     doubling dbl-2001-b of jacobianDouble (point.go), in place on
//     (x : y : z).
//   - p256MaddMULX(x3, y3, z3, x1, y1, z1, x2, y2, h, r) is maddCore
//     (vartime.go), the mixed addition madd-2007-bl:
//     (x3 : y3 : z3) = (x1 : y1 : z1) + (x2, y2), where the outputs may
//     alias the inputs; it also stores H and r of the formula into h and r,
//     the two temporaries that jacobianAddAffine reads to find the
//     exceptional cases. Whatever the inputs, including Z1 = 0 or H = 0,
//     the outputs are the values of maddCore's field operations, as in Go.
//   - p256AddDigitMULX(x, y, z, x2, y2, neg, zero) is addDigit
//     (scalarmult.go), one window of ScalarMult and ScalarBaseMult: the
//     entry (x2, y2), negated if neg == 1, added to (x : y : z) by the same
//     madd, the result replaced by (x2, ±y2, 1) when z = 0 and by the old
//     sum when zero == 1, with CMOV on flags set from the secret values
//     (TEST, OR), never a branch.
//
// The formulas are from Bernstein and Lange's Explicit-Formulas Database
// (dbl-2001-b for a = −3, madd-2007-bl).
//
// The field elements are those of mont/p256: four little-endian 64-bit
// limbs, Montgomery form with R = 2^256, always fully reduced below
// p = 2^256 − 2^224 + 2^192 + 2^96 − 1. The inlined operations:
//
//   - mul: z = x·y·2^(−256) mod p, operand scanning by rows, the halves of
//     each x[j]·y[i] (MULX) added on the two carry chains of ADCX and ADOX;
//     after each row, one Montgomery step with q = a[0] (−p⁻¹ ≡ 1 mod
//     2^64). Because p's limbs are 2^64 − 1, 2^32 − 1, 0 and
//     c = 2^64 − 2^32 + 1, a + q·p divided by 2^64 is the accumulator less
//     its lowest limb plus q·2^32 (one shift each way for limbs 1 and 2) and
//     q·c·2^128 (one MULX). This is the reduction idea of mont/internal/limbs'
//     p256MulMULX (tools/asm/mont/nist), written afresh here. The result,
//     below 2p, loses p unless that borrows.
//   - sqr: the 512-bit square from the six cross products (each computed
//     once, then doubled) and the four squares, then four such Montgomery
//     steps whose carries ripple to the top limb, and the same final
//     subtraction.
//   - add: x + y, then minus p unless that borrows through the carry limb.
//   - sub and negate: x − y (0 − x), then plus p masked by the borrow.
//
// Register plan. R14 holds c = 0xffffffff00000001 and R15 holds
// 0xffffffff (p's second limb) for the whole function. mul uses R8–R13 as
// its six-limb accumulator, DX for MULX's implicit operand, AX and BX for
// the product halves, CX and DI for q·c and the final copies. sqr keeps its
// eight product limbs in CX, DI and R8–R13 (CX again for the ninth, the
// carry) and uses AX, BX and DX for the products and the steps. add, sub
// and negate use R8–R12 and AX, BX, CX, DI. SI counts the doublings. All
// field values live in the stack frame (inputs are copied in first,
// outputs copied out last, so outputs may alias inputs): every operand of
// the inlined operations is a memory operand off SP, and no register holds
// a pointer across them. BP is not used.
//
// Constant time: no branch and no address depend on data; the only branch
// is the loop over the public count n.
//
// Run it with go generate in ecc/internal/nistec.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

const p256C = 0xffffffff00000001

var (
	regC  = R14 // c, p's top limb
	regLo = R15 // 0xffffffff, p's second limb
)

func main() {
	ConstraintExpr("gc,!purego")
	doubleJacobian()
	madd()
	addDigit()
	Generate()
}

func limb(m Mem, i int) Mem { return m.Offset(8 * i) }

// consts loads c and 0xffffffff.
func consts() {
	MOVQ(U64(p256C), regC)
	MOVL(U32(0xffffffff), regLo.As32())
}

// copyElem copies the element at src to dst through AX.
func copyElem(dst, src Mem) {
	for i := 0; i < 4; i++ {
		MOVQ(limb(src, i), RAX)
		MOVQ(RAX, limb(dst, i))
	}
}

// mul emits z = x·y·2^(−256) mod p; z may be x or y.
func mul(z, x, y Mem) {
	a := []GPPhysical{R8, R9, R10, R11, R12, R13}
	for i := 0; i < 4; i++ {
		MOVQ(limb(y, i), RDX)
		if i == 0 {
			// a = x·y[0], no accumulator yet: the low halves on CF, the
			// high halves into the next limb on OF.
			XORQ(a[5], a[5])
			MULXQ(limb(x, 0), a[0], a[1])
			MULXQ(limb(x, 1), RAX, a[2])
			ADCXQ(RAX, a[1])
			MULXQ(limb(x, 2), RAX, a[3])
			ADCXQ(RAX, a[2])
			MULXQ(limb(x, 3), RAX, a[4])
			ADCXQ(RAX, a[3])
			ADCXQ(a[5], a[4]) // a[5] = 0; a[4] cannot overflow
		} else {
			// a[0..4] holds the previous row's result (< 2^257 in a[0..4]),
			// a[5] is free: it becomes the top limb.
			XORQ(a[5], a[5]) // also clears CF and OF
			for j := 0; j < 4; j++ {
				MULXQ(limb(x, j), RAX, RBX)
				ADCXQ(RAX, a[j])
				ADOXQ(RBX, a[j+1])
			}
			// Close both chains into a[4] and a[5]; a[5] was 0.
			MOVL(U32(0), EAX) // MOVL leaves the flags alone
			ADCXQ(RAX, a[4])
			ADOXQ(RAX, a[5])
			ADCXQ(RAX, a[5])
		}
		// Reduction step with q = a[0]: a = (a + q·p) / 2^64.
		MOVQ(a[0], RDX)
		MULXQ(regC, RCX, RDI) // q·c = DI:CX
		MOVQ(a[0], RAX)
		SHLQ(U8(32), RAX)
		MOVQ(a[0], RBX)
		SHRQ(U8(32), RBX)
		ADDQ(RAX, a[1])
		ADCQ(RBX, a[2])
		ADCQ(RCX, a[3])
		ADCQ(RDI, a[4])
		ADCQ(U32(0), a[5])
		// Drop a[0] (now zero): rotate the names.
		a = append(a[1:], a[0])
	}
	// a[0..4] < 2p: subtract p unless that borrows.
	final(z, a[:5], []GPPhysical{RAX, RBX, RCX, RDI})
}

// final stores to z the value a[0..4] (< 2p) less p, or a if that
// borrows, keeping a copy of a[0..3] in copies.
func final(z Mem, a, copies []GPPhysical) {
	for j := 0; j < 4; j++ {
		MOVQ(a[j], copies[j])
	}
	SUBQ(I32(-1), a[0])
	SBBQ(regLo, a[1])
	SBBQ(U32(0), a[2])
	SBBQ(regC, a[3])
	SBBQ(U32(0), a[4])
	for j := 0; j < 4; j++ {
		CMOVQCS(copies[j], a[j])
		MOVQ(a[j], limb(z, j))
	}
}

// add emits z = x + y mod p; z may be x or y.
func add(z, x, y Mem) {
	a := []GPPhysical{R8, R9, R10, R11, R12}
	XORQ(a[4], a[4])
	for j := 0; j < 4; j++ {
		MOVQ(limb(x, j), a[j])
	}
	ADDQ(limb(y, 0), a[0])
	for j := 1; j < 4; j++ {
		ADCQ(limb(y, j), a[j])
	}
	ADCQ(U32(0), a[4])
	final(z, a, []GPPhysical{RAX, RBX, RCX, RDI})
}

// sub emits z = x − y mod p; z may be x or y.
func sub(z, x, y Mem) {
	a := []GPPhysical{R8, R9, R10, R11}
	m := R12
	for j := 0; j < 4; j++ {
		MOVQ(limb(x, j), a[j])
	}
	SUBQ(limb(y, 0), a[0])
	for j := 1; j < 4; j++ {
		SBBQ(limb(y, j), a[j])
	}
	SBBQ(m, m) // all ones if x < y, else 0
	// p masked by m: m, m & 0xffffffff, 0, m & c.
	MOVQ(m, RAX)
	ANDQ(regLo, RAX)
	MOVQ(m, RBX)
	ANDQ(regC, RBX)
	ADDQ(m, a[0])
	ADCQ(RAX, a[1])
	ADCQ(U32(0), a[2])
	ADCQ(RBX, a[3])
	for j := 0; j < 4; j++ {
		MOVQ(a[j], limb(z, j))
	}
}

// sqr emits z = x·x·2^(−256) mod p; z may be x. It forms the 512-bit
// square t[0..7] from the six cross products x[i]·x[j] (i < j), doubled,
// plus the four squares x[i]², then runs the Montgomery step of mul on
// t[0], t[1], t[2], t[3] in turn, each carry rippling up to t[8], and
// subtracts p from t[4..8] < 2p unless that borrows.
func sqr(z, x Mem) {
	t := []GPPhysical{RCX, RDI, R8, R9, R10, R11, R12, R13}
	Comment("square: cross products x[i]·x[j], i < j, into t[1..6]")
	MOVQ(limb(x, 0), RDX)
	MULXQ(limb(x, 1), t[1], t[2])
	MULXQ(limb(x, 2), RAX, t[3])
	ADDQ(RAX, t[2])
	MULXQ(limb(x, 3), RAX, t[4])
	ADCQ(RAX, t[3])
	ADCQ(U32(0), t[4])
	MOVQ(limb(x, 1), RDX)
	XORQ(t[5], t[5]) // clears CF and OF
	MULXQ(limb(x, 2), RAX, RBX)
	ADCXQ(RAX, t[3])
	ADOXQ(RBX, t[4])
	MULXQ(limb(x, 3), RAX, RBX)
	ADCXQ(RAX, t[4])
	ADOXQ(RBX, t[5]) // t[5] was 0: no carry out
	MOVL(U32(0), EAX)
	ADCXQ(RAX, t[5]) // no carry out: x1·x2 + x1·x3·2^64 + ... < 2^(64·6)
	MOVQ(limb(x, 2), RDX)
	MULXQ(limb(x, 3), RAX, t[6])
	ADDQ(RAX, t[5])
	ADCQ(U32(0), t[6])
	Comment("double the cross products, then add the squares x[i]² at t[2i]")
	XORQ(t[7], t[7]) // clears CF and OF
	for j := 1; j < 7; j++ {
		ADCXQ(t[j], t[j])
	}
	ADCXQ(t[7], t[7]) // the top bit; CF is 0 after this
	for i := 0; i < 4; i++ {
		MOVQ(limb(x, i), RDX)
		if i == 0 {
			MULXQ(RDX, t[0], RAX)
			ADOXQ(RAX, t[1])
			continue
		}
		MULXQ(RDX, RAX, RBX)
		ADOXQ(RAX, t[2*i])
		ADOXQ(RBX, t[2*i+1])
	}
	Comment("four Montgomery steps; the carry out of t[7] goes to t[8], t[0]'s register")
	for k := 0; k < 4; k++ {
		q := t[k]
		MOVQ(q, RDX)
		MULXQ(regC, RAX, RBX) // q·c = BX:AX
		SHRQ(U8(32), RDX)     // q >> 32
		SHLQ(U8(32), q)       // q << 32, in q's register
		ADDQ(q, t[k+1])
		ADCQ(RDX, t[k+2])
		ADCQ(RAX, t[k+3])
		ADCQ(RBX, t[k+4])
		for j := k + 5; j < 8; j++ {
			ADCQ(U32(0), t[j])
		}
		if k == 0 {
			MOVL(U32(0), t[0].As32()) // t[8] = 0 + the carry; MOVL keeps the flags
		}
		ADCQ(U32(0), t[0])
	}
	final(z, []GPPhysical{t[4], t[5], t[6], t[7], t[0]}, []GPPhysical{RAX, RBX, RDX, RDI})
}

// locals allocates named 32-byte stack slots.
func locals(names ...string) map[string]Mem {
	m := make(map[string]Mem)
	for _, n := range names {
		m[n] = AllocLocal(32)
	}
	return m
}

// doubleJacobian emits p256DoubleJacobianMULX, mirroring jacobianDouble
// step for step (δ, γ, β, α, u are its t0–t4).
func doubleJacobian() {
	TEXT("p256DoubleJacobianMULX", 0, "func(x, y, z *[4]uint64, n int)")
	Pragma("noescape")
	Doc("p256DoubleJacobianMULX sets (x : y : z) to its 2^n-th multiple by n runs of jacobianDouble.")
	v := locals("x", "y", "z", "delta", "gamma", "beta", "alpha", "u")
	X, Y, Z := v["x"], v["y"], v["z"]
	delta, gamma, beta, alpha, u := v["delta"], v["gamma"], v["beta"], v["alpha"], v["u"]

	Load(Param("n"), RSI)
	TESTQ(RSI, RSI)
	JLE(LabelRef("done"))
	consts()
	for _, c := range []struct {
		name string
		m    Mem
	}{{"x", X}, {"y", Y}, {"z", Z}} {
		Load(Param(c.name), RDX)
		copyElem(c.m, Mem{Base: RDX})
	}

	Label("loop")
	sqr(delta, Z)        // δ = Z²
	sqr(gamma, Y)        // γ = Y²
	mul(beta, X, gamma)  // β = X·γ
	sub(alpha, X, delta) // X − δ
	add(u, X, delta)     // X + δ
	mul(alpha, alpha, u) // (X − δ)(X + δ)
	triple(alpha)        // α = 3(X − δ)(X + δ), as u = 2α; α = α + u
	// Z3 = (Y + Z)² − γ − δ, which is 2·Y·Z: the same element, computed
	// as such (every value is fully reduced, so the limbs agree).
	mul(Z, Y, Z)
	times2k(Z, 1)
	times2k(beta, 2) // 4β, as two doublings
	sqr(X, alpha)
	loadRegs(X)
	subRegs(beta)
	subRegs(beta)
	storeRegs(X)           // X3 = α² − 8β
	sub(beta, beta, X)     // 4β − X3
	mul(beta, alpha, beta) // α(4β − X3)
	sqr(gamma, gamma)
	times2k(gamma, 3)   // 8γ², as three doublings
	sub(Y, beta, gamma) // Y3 = α(4β − X3) − 8γ²
	DECQ(RSI)
	JNZ(LabelRef("loop"))

	for _, c := range []struct {
		name string
		m    Mem
	}{{"x", X}, {"y", Y}, {"z", Z}} {
		Load(Param(c.name), RDX)
		copyElem(Mem{Base: RDX}, c.m)
	}
	Label("done")
	RET()
}

// madd emits p256MaddMULX, mirroring maddCore step for step.
func madd() {
	TEXT("p256MaddMULX", 0, "func(x3, y3, z3, x1, y1, z1, x2, y2, h, r *[4]uint64)")
	Pragma("noescape")
	Doc("p256MaddMULX sets (x3 : y3 : z3) = (x1 : y1 : z1) + (x2, y2) like maddCore, and h and r to its H and r.")
	v := locals(maddLocals...)
	consts()
	for _, n := range []string{"x1", "y1", "z1", "x2", "y2"} {
		Load(Param(n), RDX)
		copyElem(v[n], Mem{Base: RDX})
	}

	maddBody(v)
	x3, y3, z3, h, r := v["x3"], v["y3"], v["z3"], v["h"], v["r"]

	for _, c := range []struct {
		name string
		m    Mem
	}{{"x3", x3}, {"y3", y3}, {"z3", z3}, {"h", h}, {"r", r}} {
		Load(Param(c.name), RDX)
		copyElem(Mem{Base: RDX}, c.m)
	}
	RET()
}

// maddLocals are the stack slots of maddBody.
var maddLocals = []string{"x1", "y1", "z1", "x2", "y2", "z1z1", "u2", "s2", "h", "hh", "i", "j", "r", "v", "x3", "y3", "z3"}

// maddBody emits maddCore on the slots of maddLocals: (x3 : y3 : z3) =
// (x1 : y1 : z1) + (x2, y2).
func maddBody(v map[string]Mem) {
	x1, y1, z1, x2, y2 := v["x1"], v["y1"], v["z1"], v["x2"], v["y2"]
	z1z1, u2, s2, h, hh := v["z1z1"], v["u2"], v["s2"], v["h"], v["hh"]
	i, j, r, vv := v["i"], v["j"], v["r"], v["v"]
	x3, y3, z3 := v["x3"], v["y3"], v["z3"]

	sqr(z1z1, z1)     // Z1Z1 = Z1²
	mul(u2, x2, z1z1) // U2 = X2·Z1Z1
	mul(s2, z1, z1z1)
	mul(s2, y2, s2) // S2 = Y2·Z1·Z1Z1
	sub(h, u2, x1)  // H = U2 − X1
	loadRegs(s2)
	subRegs(y1)
	doubleRegs()
	storeRegs(r) // r = 2(S2 − Y1)
	sqr(hh, h)   // HH = H²
	loadRegs(hh)
	doubleRegs()
	doubleRegs()
	storeRegs(i)   // I = 4·HH
	mul(j, h, i)   // J = H·I
	mul(vv, x1, i) // V = X1·I
	// Z3 = (Z1 + H)² − Z1Z1 − HH, which is 2·Z1·H, computed as such.
	mul(z3, z1, h)
	times2k(z3, 1)
	sqr(x3, r)
	loadRegs(x3)
	subRegs(j)
	subRegs(vv)
	subRegs(vv)
	storeRegs(x3) // X3 = r² − J − 2V
	mul(j, y1, j)
	add(j, j, j)    // 2·Y1·J
	sub(vv, vv, x3) // V − X3
	mul(y3, r, vv)  //
	sub(y3, y3, j)  // Y3 = r(V − X3) − 2·Y1·J

}

// montOne is 1 in Montgomery form, 2^256 mod p.
var montOne = [4]uint64{1, 0xffffffff00000000, 0xffffffffffffffff, 0xfffffffe}

// addDigit emits p256AddDigitMULX, mirroring addDigit (scalarmult.go).
func addDigit() {
	TEXT("p256AddDigitMULX", 0, "func(x, y, z, x2, y2 *[4]uint64, neg, zero int)")
	Pragma("noescape")
	Doc("p256AddDigitMULX adds (x2, ±y2) to (x : y : z) like addDigit.")
	v := locals(append(maddLocals, "ny")...)
	consts()
	for _, c := range []struct{ param, slot string }{{"x", "x1"}, {"y", "y1"}, {"z", "z1"}, {"x2", "x2"}, {"y2", "y2"}} {
		Load(Param(c.param), RDX)
		copyElem(v[c.slot], Mem{Base: RDX})
	}
	x1, y1, z1, x2, y2, ny := v["x1"], v["y1"], v["z1"], v["x2"], v["y2"], v["ny"]
	x3, y3, z3 := v["x3"], v["y3"], v["z3"]

	Comment("y2 = −y2 if neg")
	negate(ny, y2)
	Load(Param("neg"), RBX)
	TESTQ(RBX, RBX)
	for j := 0; j < 4; j++ {
		MOVQ(limb(y2, j), RAX)
		CMOVQNE(limb(ny, j), RAX)
		MOVQ(RAX, limb(y2, j))
	}

	maddBody(v)

	Comment("from the point at infinity (z1 = 0), the sum is (x2, y2, 1)")
	MOVQ(limb(z1, 0), RAX)
	for j := 1; j < 4; j++ {
		ORQ(limb(z1, j), RAX)
	}
	for j := 0; j < 4; j++ {
		MOVQ(limb(x3, j), RBX)
		CMOVQEQ(limb(x2, j), RBX)
		MOVQ(RBX, limb(x3, j))
		MOVQ(limb(y3, j), RBX)
		CMOVQEQ(limb(y2, j), RBX)
		MOVQ(RBX, limb(y3, j))
		MOVQ(U64(montOne[j]), RCX)
		MOVQ(limb(z3, j), RBX)
		CMOVQEQ(RCX, RBX)
		MOVQ(RBX, limb(z3, j))
	}

	Comment("for a zero digit, the sum stays as it was")
	Load(Param("zero"), RAX)
	TESTQ(RAX, RAX)
	for _, c := range []struct {
		param   string
		in, out Mem
	}{{"x", x1, x3}, {"y", y1, y3}, {"z", z1, z3}} {
		Load(Param(c.param), RDX)
		for j := 0; j < 4; j++ {
			MOVQ(limb(c.out, j), RBX)
			CMOVQNE(limb(c.in, j), RBX)
			MOVQ(RBX, Mem{Base: RDX, Disp: 8 * j})
		}
	}
	RET()
}

// negate emits z = −x mod p (0 for 0), as sub from 0.
func negate(z, x Mem) {
	a := []GPPhysical{R8, R9, R10, R11}
	m := R12
	for j := 0; j < 4; j++ {
		XORQ(a[j], a[j])
	}
	SUBQ(limb(x, 0), a[0])
	for j := 1; j < 4; j++ {
		SBBQ(limb(x, j), a[j])
	}
	SBBQ(m, m)
	MOVQ(m, RAX)
	ANDQ(regLo, RAX)
	MOVQ(m, RBX)
	ANDQ(regC, RBX)
	ADDQ(m, a[0])
	ADCQ(RAX, a[1])
	ADCQ(U32(0), a[2])
	ADCQ(RBX, a[3])
	for j := 0; j < 4; j++ {
		MOVQ(a[j], limb(z, j))
	}
}

// The fused small multiples below keep the value in R8–R11 (carry in R12)
// between their additions; each addition is add's, with the same final
// subtraction, so the result is that of the chain of adds.

// finalRegs sets a[0..3] to a[0..4] (< 2p) less p unless that borrows.
func finalRegs(a []GPPhysical) {
	copies := []GPPhysical{RAX, RBX, RCX, RDI}
	for j := 0; j < 4; j++ {
		MOVQ(a[j], copies[j])
	}
	SUBQ(I32(-1), a[0])
	SBBQ(regLo, a[1])
	SBBQ(U32(0), a[2])
	SBBQ(regC, a[3])
	SBBQ(U32(0), a[4])
	for j := 0; j < 4; j++ {
		CMOVQCS(copies[j], a[j])
	}
}

var fused = []GPPhysical{R8, R9, R10, R11, R12}

// doubleRegs sets a = a + a mod p in the registers of fused.
func doubleRegs() {
	a := fused
	XORQ(a[4], a[4])
	ADDQ(a[0], a[0])
	for j := 1; j < 4; j++ {
		ADCQ(a[j], a[j])
	}
	ADCQ(U32(0), a[4])
	finalRegs(a)
}

func loadRegs(x Mem) {
	for j := 0; j < 4; j++ {
		MOVQ(limb(x, j), fused[j])
	}
}

func storeRegs(z Mem) {
	for j := 0; j < 4; j++ {
		MOVQ(fused[j], limb(z, j))
	}
}

// times2k emits z = 2^k·z mod p by k additions z + z.
func times2k(z Mem, k int) {
	loadRegs(z)
	for range k {
		doubleRegs()
	}
	storeRegs(z)
}

// triple emits z = 3z mod p as (z + z) + z.
func triple(z Mem) {
	loadRegs(z)
	doubleRegs()
	a := fused
	XORQ(a[4], a[4])
	ADDQ(limb(z, 0), a[0])
	for j := 1; j < 4; j++ {
		ADCQ(limb(z, j), a[j])
	}
	ADCQ(U32(0), a[4])
	finalRegs(a)
	storeRegs(z)
}

// subRegs sets a = a − y mod p in the registers of fused, like sub.
func subRegs(y Mem) {
	a := fused
	m := a[4]
	SUBQ(limb(y, 0), a[0])
	for j := 1; j < 4; j++ {
		SBBQ(limb(y, j), a[j])
	}
	SBBQ(m, m)
	MOVQ(m, RAX)
	ANDQ(regLo, RAX)
	MOVQ(m, RBX)
	ANDQ(regC, RBX)
	ADDQ(m, a[0])
	ADCQ(RAX, a[1])
	ADCQ(U32(0), a[2])
	ADCQ(RBX, a[3])
}
