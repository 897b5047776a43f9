package neon

// A small encoder for the Advanced SIMD instructions that Go's arm64
// assembler does not accept: the integer multiplies (MUL, MLA, MLS,
// SQDMULH, SQRDMULH, by vector and by element), the widening multiplies
// (SMULL, SMLAL, UMULL, UMLAL and their "2" forms), the signed halving
// subtraction (SHSUB), the signed and unsigned comparisons (CMGT, CMHI) and
// the signed shifts right (SSHR, SRSHR). Each is emitted as a WORD directive
// whose trailing comment spells the instruction in the Arm ARM's syntax, as
// llvm-mc prints it; encode_test.go assembles every form with llvm-mc and
// compares.
//
// The bit layouts are those of the Arm Architecture Reference Manual
// (DDI 0487), section C4.1.96 "Data Processing -- Scalar Floating-Point and
// Advanced SIMD", encoding classes "Advanced SIMD three same", "Advanced
// SIMD vector x indexed element", "Advanced SIMD three different" and
// "Advanced SIMD shift by immediate".

import (
	"fmt"
	"strings"
)

// Reg is one of the 32 SIMD registers V0..V31.
type Reg uint8

// Arrangement is the shape of a 128-bit or 64-bit SIMD operand: the Q bit
// (full or half register) and the element size (0: 8 bits, 1: 16, 2: 32,
// 3: 64).
type Arrangement struct {
	q, size uint32
}

// The arrangements, named as in the Arm syntax.
var (
	Arr8B  = Arrangement{0, 0}
	Arr16B = Arrangement{1, 0}
	Arr4H  = Arrangement{0, 1}
	Arr8H  = Arrangement{1, 1}
	Arr2S  = Arrangement{0, 2}
	Arr4S  = Arrangement{1, 2}
	Arr2D  = Arrangement{1, 3}
)

// bits is the element width.
func (a Arrangement) bits() int { return 8 << a.size }

// lanes is the number of elements.
func (a Arrangement) lanes() int { return (64 << a.q) / a.bits() }

// suffix is the arrangement in the Arm syntax: "8h".
func (a Arrangement) suffix() string {
	return fmt.Sprintf("%d%c", a.lanes(), "bhsd"[a.size])
}

// goSuffix is the arrangement in Go's syntax: "H8".
func (a Arrangement) goSuffix() string {
	return fmt.Sprintf("%c%d", "BHSD"[a.size], a.lanes())
}

// widened is the arrangement of the results of a widening operation on a:
// twice the element size, always a full register.
func (a Arrangement) widened() Arrangement { return Arrangement{1, a.size + 1} }

// arm is the register in the Arm syntax with arrangement a: "v3.8h".
func (v Reg) arm(a Arrangement) string { return fmt.Sprintf("v%d.%s", v, a.suffix()) }

// Go is the register in Go's syntax with arrangement a: "V3.H8".
func (v Reg) Go(a Arrangement) string { return fmt.Sprintf("V%d.%s", v, a.goSuffix()) }

// inst is one encoded instruction and its spelling in the Arm syntax.
type inst struct {
	word uint32
	text string // "mul v0.8h, v1.8h, v2.h[7]"
}

func mnemonic(name string, operands ...string) string {
	return name + " " + strings.Join(operands, ", ")
}

// checkReg panics unless each of vs is below V<limit>.
func checkReg(limit int, vs ...Reg) {
	for _, v := range vs {
		if int(v) >= limit {
			panic(fmt.Sprintf("register v%d out of range (< %d)", v, limit))
		}
	}
}

// sameOp is an instruction of the class "Advanced SIMD three same":
// 0 Q U 01110 size 1 Rm opcode 1 Rn Rd.
type sameOp struct {
	name   string
	u      uint32
	opcode uint32
	sizes  []uint32 // the element sizes it exists for
}

var (
	opMUL      = sameOp{"mul", 0, 0b10011, []uint32{0, 1, 2}}
	opMLA      = sameOp{"mla", 0, 0b10010, []uint32{0, 1, 2}}
	opMLS      = sameOp{"mls", 1, 0b10010, []uint32{0, 1, 2}}
	opSQDMULH  = sameOp{"sqdmulh", 0, 0b10110, []uint32{1, 2}}
	opSQRDMULH = sameOp{"sqrdmulh", 1, 0b10110, []uint32{1, 2}}
	opSHSUB    = sameOp{"shsub", 0, 0b00100, []uint32{0, 1, 2}}
	opCMGT     = sameOp{"cmgt", 0, 0b00110, []uint32{0, 1, 2, 3}}
	opCMHI     = sameOp{"cmhi", 1, 0b00110, []uint32{0, 1, 2, 3}}
)

var sameOps = []sameOp{opMUL, opMLA, opMLS, opSQDMULH, opSQRDMULH, opSHSUB, opCMGT, opCMHI}

func hasSize(sizes []uint32, s uint32) bool {
	for _, x := range sizes {
		if x == s {
			return true
		}
	}
	return false
}

// validSame reports whether op exists with arrangement a (64-bit elements
// only in a full register).
func validSame(op sameOp, a Arrangement) bool {
	return hasSize(op.sizes, a.size) && (a.size != 3 || a.q == 1)
}

// encSame encodes "op Vd.T, Vn.T, Vm.T".
func encSame(op sameOp, a Arrangement, d, n, m Reg) inst {
	if !validSame(op, a) {
		panic(fmt.Sprintf("%s has no arrangement %s", op.name, a.suffix()))
	}
	checkReg(32, d, n, m)
	w := a.q<<30 | op.u<<29 | 0b01110<<24 | a.size<<22 | 1<<21 |
		uint32(m)<<16 | op.opcode<<11 | 1<<10 | uint32(n)<<5 | uint32(d)
	return inst{w, mnemonic(op.name, d.arm(a), n.arm(a), m.arm(a))}
}

// classOp is an instruction of an encoding class whose other fields are
// operands: its name in the Arm syntax, its U bit and its opcode field.
type classOp struct {
	name   string
	u      uint32
	opcode uint32
}

// elemOp is an instruction of the class "Advanced SIMD vector x indexed
// element": 0 Q U 01111 size L M Rm opcode H 0 Rn Rd, for 16-bit and
// 32-bit elements.
type elemOp classOp

var (
	opMULElem      = elemOp{"mul", 0, 0b1000}
	opMLAElem      = elemOp{"mla", 1, 0b0000}
	opMLSElem      = elemOp{"mls", 1, 0b0100}
	opSQDMULHElem  = elemOp{"sqdmulh", 0, 0b1100}
	opSQRDMULHElem = elemOp{"sqrdmulh", 0, 0b1101}
)

var elemOps = []elemOp{opMULElem, opMLAElem, opMLSElem, opSQDMULHElem, opSQRDMULHElem}

// elemLimits returns, for arrangement a (4H, 8H, 2S or 4S), the number of
// registers that can hold the element operand and the number of its lanes.
// With 16-bit elements the element's register has four bits (V0..V15) and
// the index three (H:L:M); with 32-bit ones, five bits and two (H:L).
func elemLimits(a Arrangement) (regs, lanes int) {
	switch a.size {
	case 1:
		return 16, 8
	case 2:
		return 32, 4
	}
	panic(fmt.Sprintf("no by-element form for arrangement %s", a.suffix()))
}

// encElem encodes "op Vd.T, Vn.T, Vm.Ts[idx]".
func encElem(op elemOp, a Arrangement, d, n, m Reg, idx int) inst {
	regs, lanes := elemLimits(a)
	checkReg(32, d, n)
	checkReg(regs, m)
	if idx < 0 || idx >= lanes {
		panic(fmt.Sprintf("element index %d out of range for %s", idx, a.suffix()))
	}
	var h, l, mbit uint32
	rm := uint32(m)
	if a.size == 1 {
		h, l, mbit = uint32(idx>>2), uint32(idx>>1&1), uint32(idx&1)
	} else {
		h, l, mbit = uint32(idx>>1), uint32(idx&1), rm>>4
		rm &= 15
	}
	w := a.q<<30 | op.u<<29 | 0b01111<<24 | a.size<<22 | l<<21 | mbit<<20 |
		rm<<16 | op.opcode<<12 | h<<11 | uint32(n)<<5 | uint32(d)
	el := fmt.Sprintf("v%d.%c[%d]", m, "bhsd"[a.size], idx)
	return inst{w, mnemonic(op.name, d.arm(a), n.arm(a), el)}
}

// longOp is a widening instruction of the class "Advanced SIMD three
// different": 0 Q U 01110 size 1 Rm opcode 00 Rn Rd. With Q = 1 it reads
// the upper halves of its sources and its name ends in "2".
type longOp classOp

var (
	opSMULL = longOp{"smull", 0, 0b1100}
	opSMLAL = longOp{"smlal", 0, 0b1000}
	opUMULL = longOp{"umull", 1, 0b1100}
	opUMLAL = longOp{"umlal", 1, 0b1000}
)

var longOps = []longOp{opSMULL, opSMLAL, opUMULL, opUMLAL}

// encLong encodes "op{2} Vd.Tw, Vn.T, Vm.T" for sources of arrangement a
// (8B, 16B, 4H, 8H, 2S or 4S) and results of twice the element size.
func encLong(op longOp, a Arrangement, d, n, m Reg) inst {
	if a.size > 2 {
		panic(fmt.Sprintf("%s has no source arrangement %s", op.name, a.suffix()))
	}
	checkReg(32, d, n, m)
	w := a.q<<30 | op.u<<29 | 0b01110<<24 | a.size<<22 | 1<<21 |
		uint32(m)<<16 | op.opcode<<12 | uint32(n)<<5 | uint32(d)
	name := op.name
	if a.q == 1 {
		name += "2"
	}
	return inst{w, mnemonic(name, d.arm(a.widened()), n.arm(a), m.arm(a))}
}

// shiftOp is a shift right of the class "Advanced SIMD shift by
// immediate": 0 Q U 011110 immh immb opcode 1 Rn Rd, where immh:immb is
// twice the element width minus the shift.
type shiftOp classOp

var (
	opSSHR  = shiftOp{"sshr", 0, 0b00000}
	opSRSHR = shiftOp{"srshr", 0, 0b00100}
)

var shiftOps = []shiftOp{opSSHR, opSRSHR}

// encShift encodes "op Vd.T, Vn.T, #shift", 1 ≤ shift ≤ element width.
func encShift(op shiftOp, a Arrangement, d, n Reg, shift int) inst {
	if a.size == 3 && a.q == 0 {
		panic("no arrangement 1d")
	}
	checkReg(32, d, n)
	if shift < 1 || shift > a.bits() {
		panic(fmt.Sprintf("shift %d out of range for %s", shift, a.suffix()))
	}
	imm := uint32(2*a.bits() - shift) // immh:immb, seven bits
	w := a.q<<30 | op.u<<29 | 0b011110<<23 | imm<<16 | op.opcode<<11 | 1<<10 |
		uint32(n)<<5 | uint32(d)
	return inst{w, mnemonic(op.name, d.arm(a), n.arm(a), fmt.Sprintf("#%d", shift))}
}
