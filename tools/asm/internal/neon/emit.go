// Package neon writes arm64 assembly for Go's assembler with the Advanced
// SIMD (NEON) instructions it lacks: the vector integer multiplies, the
// widening multiplies, SHSUB, CMGT/CMHI and the signed shifts right are
// encoded here (encode.go) and emitted as WORD directives with the
// instruction in the Arm syntax in a trailing comment; the others are
// written in Go's syntax. The generators of tools/asm/pq/mlkemarm64 and
// tools/asm/pq/mldsaarm64 share it; encode_test.go checks every form of
// the encoder, and every WORD of the files they generate, against llvm-mc.
//
// It also holds what those generators share beyond the instructions
// (gen.go): their main function, the head of the file and of each
// function, read-only tables, the bounds a Kernel tracks, the
// transposition and the butterflies of the block passes of the
// transforms; and the parts of their rejection samplers (rej.go) that do
// not depend on the width of a candidate. Package neontest holds their
// common tests.
//
// The methods of Program take their operands in the Arm order,
// destination first, and print them in Go's, destination last.
package neon

import (
	"bytes"
	"fmt"
	"strings"
)

// Program accumulates the text of an assembly file.
type Program struct {
	buf bytes.Buffer
}

// Bytes returns the text written so far.
func (p *Program) Bytes() []byte { return p.buf.Bytes() }

// Printf writes formatted text as it is.
func (p *Program) Printf(format string, args ...any) {
	fmt.Fprintf(&p.buf, format, args...)
}

// Op emits one instruction in Go's syntax.
func (p *Program) Op(format string, args ...any) {
	p.Printf("\t"+format+"\n", args...)
}

// word emits an encoded instruction with its Arm spelling.
func (p *Program) word(in inst) {
	p.Printf("\tWORD\t$0x%08x\t// %s\n", in.word, in.text)
}

// Comment emits a block of comment lines, indented like the code.
func (p *Program) Comment(lines ...string) {
	for _, l := range lines {
		p.Printf("\t// %s\n", l)
	}
}

// BlockComment emits comment lines at the left margin.
func (p *Program) BlockComment(text string) {
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if l == "" {
			p.Printf("//\n")
		} else {
			p.Printf("// %s\n", l)
		}
	}
}

// Label emits a label.
func (p *Program) Label(name string) { p.Printf("%s:\n", name) }

// RegList is "[V16.H8, V17.H8, ...]" for n consecutive registers from v.
func RegList(v Reg, n int, a Arrangement) string {
	s := make([]string, n)
	for i := range s {
		s[i] = (v + Reg(i)).Go(a)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// Instructions Go's assembler accepts.

func (p *Program) three(name string, a Arrangement, d, n, m Reg) {
	p.Op("%s\t%s, %s, %s", name, m.Go(a), n.Go(a), d.Go(a))
}

// VADD sets d = n + m.
func (p *Program) VADD(a Arrangement, d, n, m Reg) { p.three("VADD", a, d, n, m) }

// VSUB sets d = n − m.
func (p *Program) VSUB(a Arrangement, d, n, m Reg) { p.three("VSUB", a, d, n, m) }

// VUMIN sets d to the unsigned minimum of n and m.
func (p *Program) VUMIN(a Arrangement, d, n, m Reg) { p.three("VUMIN", a, d, n, m) }

// VTRN1 sets d to the even elements of n and m, interleaved.
func (p *Program) VTRN1(a Arrangement, d, n, m Reg) { p.three("VTRN1", a, d, n, m) }

// VTRN2 sets d to the odd elements of n and m, interleaved.
func (p *Program) VTRN2(a Arrangement, d, n, m Reg) { p.three("VTRN2", a, d, n, m) }

// VUZP1 sets d to the even elements of n, then those of m.
func (p *Program) VUZP1(a Arrangement, d, n, m Reg) { p.three("VUZP1", a, d, n, m) }

// VUZP2 sets d to the odd elements of n, then those of m.
func (p *Program) VUZP2(a Arrangement, d, n, m Reg) { p.three("VUZP2", a, d, n, m) }

// VAND sets d = n & m.
func (p *Program) VAND(d, n, m Reg) { p.three("VAND", Arr16B, d, n, m) }

// VEOR sets d = n ^ m.
func (p *Program) VEOR(d, n, m Reg) { p.three("VEOR", Arr16B, d, n, m) }

// VBIT inserts the bits of n into d where mask is set (BIT d, n, mask).
func (p *Program) VBIT(d, n, mask Reg) { p.three("VBIT", Arr16B, d, n, mask) }

// VUSHR sets d to n shifted right, unsigned.
func (p *Program) VUSHR(a Arrangement, d, n Reg, shift int) {
	p.Op("VUSHR\t$%d, %s, %s", shift, n.Go(a), d.Go(a))
}

// VTBL looks the bytes of idx up in the table of the n registers from t.
func (p *Program) VTBL(d, idx, t Reg, n int) {
	p.Op("VTBL\t%s, %s, %s", idx.Go(Arr16B), RegList(t, n, Arr16B), d.Go(Arr16B))
}

// LoadQ loads one register from off(base).
func (p *Program) LoadQ(v Reg, off int, base string) { p.Op("FMOVQ\t%d(%s), F%d", off, base, v) }

// StoreQ stores one register at off(base).
func (p *Program) StoreQ(v Reg, off int, base string) { p.Op("FMOVQ\tF%d, %d(%s)", v, off, base) }

// LoadPairQ and StorePairQ move two registers, any two, from or to the 32
// bytes at off(base).
func (p *Program) LoadPairQ(v, w Reg, off int, base string) {
	p.Op("FLDPQ\t%d(%s), (F%d, F%d)", off, base, v, w)
}

func (p *Program) StorePairQ(v, w Reg, off int, base string) {
	p.Op("FSTPQ\t(F%d, F%d), %d(%s)", v, w, off, base)
}

// Instructions encoded here.

// MUL sets d = n·m, the low halves of the products.
func (p *Program) MUL(a Arrangement, d, n, m Reg) { p.word(encSame(opMUL, a, d, n, m)) }

// SQDMULH sets d to the high halves of 2·n·m, saturated.
func (p *Program) SQDMULH(a Arrangement, d, n, m Reg) { p.word(encSame(opSQDMULH, a, d, n, m)) }

// SQRDMULH sets d to the high halves of 2·n·m, rounded and saturated.
func (p *Program) SQRDMULH(a Arrangement, d, n, m Reg) { p.word(encSame(opSQRDMULH, a, d, n, m)) }

// SHSUB sets d = (n − m) >> 1, signed, without overflow.
func (p *Program) SHSUB(a Arrangement, d, n, m Reg) { p.word(encSame(opSHSUB, a, d, n, m)) }

// CMHI sets d to all ones where n > m, unsigned, and to zero elsewhere.
func (p *Program) CMHI(a Arrangement, d, n, m Reg) { p.word(encSame(opCMHI, a, d, n, m)) }

// MULElem sets d = n·m[i].
func (p *Program) MULElem(a Arrangement, d, n, m Reg, i int) {
	p.word(encElem(opMULElem, a, d, n, m, i))
}

// SQDMULHElem is SQDMULH by element m[i].
func (p *Program) SQDMULHElem(a Arrangement, d, n, m Reg, i int) {
	p.word(encElem(opSQDMULHElem, a, d, n, m, i))
}

// SQRDMULHElem is SQRDMULH by element m[i].
func (p *Program) SQRDMULHElem(a Arrangement, d, n, m Reg, i int) {
	p.word(encElem(opSQRDMULHElem, a, d, n, m, i))
}

// MLSElem sets d = d − n·m[i].
func (p *Program) MLSElem(a Arrangement, d, n, m Reg, i int) {
	p.word(encElem(opMLSElem, a, d, n, m, i))
}

// SMLAL adds the products of the low (SMLAL) or high (SMLAL2, a a full
// register) halves of n and m, signed and widened, to d.
func (p *Program) SMLAL(a Arrangement, d, n, m Reg) { p.word(encLong(opSMLAL, a, d, n, m)) }

// UMLAL adds the products of the low (UMLAL) or high (UMLAL2, a a full
// register) halves of n and m, unsigned and widened, to d.
func (p *Program) UMLAL(a Arrangement, d, n, m Reg) { p.word(encLong(opUMLAL, a, d, n, m)) }

// SRSHR sets d to n shifted right, signed, rounded to nearest (halves
// up): (n + 2^(shift−1)) >> shift, computed without overflow.
func (p *Program) SRSHR(a Arrangement, d, n Reg, shift int) {
	p.word(encShift(opSRSHR, a, d, n, shift))
}

// Multiplier is the second operand of a multiply: register V or, for the
// by-element forms, lane Lane of it (Elem).
type Multiplier struct {
	V    Reg
	Elem bool
	Lane int
}

// Whole is the multiplier of all of register v, lane by lane.
func Whole(v Reg) Multiplier { return Multiplier{V: v} }

// Lane is the multiplier of lane i of register v.
func Lane(v Reg, i int) Multiplier { return Multiplier{V: v, Elem: true, Lane: i} }

// by emits the form of same or of elem that multiplies by m.
func (p *Program) by(same sameOp, elem elemOp, a Arrangement, d, n Reg, m Multiplier) {
	if m.Elem {
		p.word(encElem(elem, a, d, n, m.V, m.Lane))
	} else {
		p.word(encSame(same, a, d, n, m.V))
	}
}

// MULBy is MUL or MULElem by m.
func (p *Program) MULBy(a Arrangement, d, n Reg, m Multiplier) { p.by(opMUL, opMULElem, a, d, n, m) }

// SQDMULHBy is SQDMULH or SQDMULHElem by m.
func (p *Program) SQDMULHBy(a Arrangement, d, n Reg, m Multiplier) {
	p.by(opSQDMULH, opSQDMULHElem, a, d, n, m)
}

// SQRDMULHBy is SQRDMULH or SQRDMULHElem by m.
func (p *Program) SQRDMULHBy(a Arrangement, d, n Reg, m Multiplier) {
	p.by(opSQRDMULH, opSQRDMULHElem, a, d, n, m)
}
