// Package arm64mul writes, for Go's arm64 assembler, the 512-bit product
// and square of four-limb operands with MUL/UMULH and ADDS/ADCS chains:
// the first half of every four-limb field kernel, whose reduction is the
// field's own. tools/asm/internal/arm64p256 (P-256's Montgomery form) and
// tools/asm/mont/gf25519arm64 (GF(2^255−19)) reduce what it leaves in T.
package arm64mul

import "github.com/crypton-go/crypton/tools/asm/internal/neon"

// The registers: the operands A and B, the product T and the scratch S.
// R0-R2, R16-R18 and R26-R30 are left to the callers (or never used).
var (
	A = [4]string{"R3", "R4", "R5", "R6"}                                 // first operand (the result of the caller's reduction)
	B = [4]string{"R7", "R8", "R9", "R10"}                                // second operand
	T = [8]string{"R11", "R12", "R13", "R14", "R15", "R19", "R20", "R21"} // 512-bit product
	S = [4]string{"R22", "R23", "R24", "R25"}                             // scratch
)

// row0 sets t0..t4 = a0·(b0..b3).
func row0(p *neon.Program) {
	p.Op("MUL\t%s, %s, %s", B[0], A[0], T[0])
	p.Op("UMULH\t%s, %s, %s", B[0], A[0], T[1])
	p.Op("MUL\t%s, %s, %s", B[1], A[0], S[0])
	p.Op("UMULH\t%s, %s, %s", B[1], A[0], T[2])
	p.Op("MUL\t%s, %s, %s", B[2], A[0], S[1])
	p.Op("UMULH\t%s, %s, %s", B[2], A[0], T[3])
	p.Op("MUL\t%s, %s, %s", B[3], A[0], S[2])
	p.Op("UMULH\t%s, %s, %s", B[3], A[0], T[4])
	p.Op("ADDS\t%s, %s", S[0], T[1])
	p.Op("ADCS\t%s, %s", S[1], T[2])
	p.Op("ADCS\t%s, %s", S[2], T[3])
	p.Op("ADC\tZR, %s", T[4])
}

// row adds x·(b0..b3) to T[i..i+3] and sets T[i+4] to the carry out. The
// first chain adds the low halves and creates T[i+4] from hi(x·b3) (at
// most 2^64 − 2, so adding the carry cannot wrap; UMULH leaves the flags
// alone); the second adds the high halves of x·b0..x·b2 one limb up,
// through the same four scratch registers s0..s3.
func row(p *neon.Program, x string, i int) {
	r := T[i : i+5]
	for j := range 4 {
		p.Op("MUL\t%s, %s, %s", B[j], x, S[j])
	}
	p.Op("ADDS\t%s, %s", S[0], r[0])
	p.Op("ADCS\t%s, %s", S[1], r[1])
	p.Op("ADCS\t%s, %s", S[2], r[2])
	p.Op("ADCS\t%s, %s", S[3], r[3])
	p.Op("UMULH\t%s, %s, %s", B[3], x, r[4])
	p.Op("ADC\tZR, %s", r[4])
	for j := range 3 {
		p.Op("UMULH\t%s, %s, %s", B[j], x, S[j])
	}
	p.Op("ADDS\t%s, %s", S[0], r[1])
	p.Op("ADCS\t%s, %s", S[1], r[2])
	p.Op("ADCS\t%s, %s", S[2], r[3])
	p.Op("ADC\tZR, %s", r[4])
}

// Product sets t0..t7 = (a0..a3)·(b0..b3), clobbering s0..s3.
func Product(p *neon.Program) {
	row0(p)
	row(p, A[1], 1)
	row(p, A[2], 2)
	row(p, A[3], 3)
}

// Square sets t0..t7 = (a0..a3)², clobbering a0..a3 and s0..s3. The cross
// products a_i·a_j (i < j) go to t1..t6 in three rows, are doubled by a
// shift left of t1..t6 by one bit (EXTR from the top down, t7 taking the
// bit shifted out: no flags, which cost more than shifts under emulation),
// and the squares a_i² are added in one last chain.
func Square(p *neon.Program) {
	op := p.Op
	op("MUL\t%s, %s, %s", A[1], A[0], T[1])
	op("UMULH\t%s, %s, %s", A[1], A[0], T[2])
	op("MUL\t%s, %s, %s", A[2], A[0], S[0])
	op("UMULH\t%s, %s, %s", A[2], A[0], T[3])
	op("MUL\t%s, %s, %s", A[3], A[0], S[1])
	op("UMULH\t%s, %s, %s", A[3], A[0], T[4])
	op("ADDS\t%s, %s", S[0], T[2])
	op("ADCS\t%s, %s", S[1], T[3])
	op("ADC\tZR, %s", T[4])
	op("MUL\t%s, %s, %s", A[2], A[1], S[0])
	op("UMULH\t%s, %s, %s", A[2], A[1], S[1])
	op("MUL\t%s, %s, %s", A[3], A[1], S[2])
	op("UMULH\t%s, %s, %s", A[3], A[1], T[5])
	op("ADDS\t%s, %s", S[0], T[3])
	op("ADCS\t%s, %s", S[2], T[4])
	op("ADC\tZR, %s", T[5])
	op("ADDS\t%s, %s", S[1], T[4])
	op("ADC\tZR, %s", T[5])
	op("MUL\t%s, %s, %s", A[3], A[2], S[0])
	op("UMULH\t%s, %s, %s", A[3], A[2], T[6])
	op("ADDS\t%s, %s", S[0], T[5])
	op("ADC\tZR, %s", T[6])
	op("LSR\t$63, %s, %s", T[6], T[7])
	for i := 6; i >= 2; i-- {
		op("EXTR\t$63, %s, %s, %s", T[i-1], T[i], T[i])
	}
	op("LSL\t$1, %s", T[1])
	op("MUL\t%s, %s, %s", A[0], A[0], T[0])
	op("UMULH\t%s, %s, %s", A[0], A[0], A[0])
	op("MUL\t%s, %s, %s", A[1], A[1], S[1])
	op("UMULH\t%s, %s, %s", A[1], A[1], A[1])
	op("MUL\t%s, %s, %s", A[2], A[2], S[2])
	op("UMULH\t%s, %s, %s", A[2], A[2], A[2])
	op("MUL\t%s, %s, %s", A[3], A[3], S[3])
	op("UMULH\t%s, %s, %s", A[3], A[3], A[3])
	op("ADDS\t%s, %s", A[0], T[1])
	op("ADCS\t%s, %s", S[1], T[2])
	op("ADCS\t%s, %s", A[1], T[3])
	op("ADCS\t%s, %s", S[2], T[4])
	op("ADCS\t%s, %s", A[2], T[5])
	op("ADCS\t%s, %s", S[3], T[6])
	op("ADC\t%s, %s", A[3], T[7])
}
