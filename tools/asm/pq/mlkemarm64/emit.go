package main

import (
	"bytes"
	"fmt"
	"strings"
)

// program accumulates the text of the assembly file. Its methods take
// operands in the Arm order (destination first) and print them in Go's
// (destination last); the instructions Go's assembler lacks become WORD
// directives from encode.go.
type program struct {
	buf   bytes.Buffer
	words []inst // every WORD emitted, in order, for the tests
}

func (p *program) printf(format string, args ...any) {
	fmt.Fprintf(&p.buf, format, args...)
}

// op emits one instruction in Go's syntax.
func (p *program) op(format string, args ...any) {
	p.printf("\t"+format+"\n", args...)
}

// word emits an encoded instruction with its Arm spelling.
func (p *program) word(in inst) {
	p.printf("\tWORD\t$0x%08x\t// %s\n", in.word, in.text)
	p.words = append(p.words, in)
}

// comment emits a block of comment lines, indented like the code.
func (p *program) comment(lines ...string) {
	for _, l := range lines {
		p.printf("\t// %s\n", l)
	}
}

// blockComment emits comment lines at the left margin.
func (p *program) blockComment(text string) {
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if l == "" {
			p.printf("//\n")
		} else {
			p.printf("// %s\n", l)
		}
	}
}

func (p *program) label(name string) { p.printf("%s:\n", name) }

// regList is "[V16.H8, V17.H8, ...]" for n consecutive registers from v.
func regList(v vreg, n int, a arrangement) string {
	s := make([]string, n)
	for i := range s {
		s[i] = (v + vreg(i)).goArr(a)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// Instructions Go's assembler accepts.

func (p *program) vadd(a arrangement, d, n, m vreg) {
	p.op("VADD\t%s, %s, %s", m.goArr(a), n.goArr(a), d.goArr(a))
}

func (p *program) vsub(a arrangement, d, n, m vreg) {
	p.op("VSUB\t%s, %s, %s", m.goArr(a), n.goArr(a), d.goArr(a))
}

func (p *program) vumin(a arrangement, d, n, m vreg) {
	p.op("VUMIN\t%s, %s, %s", m.goArr(a), n.goArr(a), d.goArr(a))
}

func (p *program) vtrn1(a arrangement, d, n, m vreg) {
	p.op("VTRN1\t%s, %s, %s", m.goArr(a), n.goArr(a), d.goArr(a))
}

func (p *program) vtrn2(a arrangement, d, n, m vreg) {
	p.op("VTRN2\t%s, %s, %s", m.goArr(a), n.goArr(a), d.goArr(a))
}

func (p *program) vuzp1(a arrangement, d, n, m vreg) {
	p.op("VUZP1\t%s, %s, %s", m.goArr(a), n.goArr(a), d.goArr(a))
}

func (p *program) vand(d, n, m vreg) {
	p.op("VAND\t%s, %s, %s", m.goArr(arr16B), n.goArr(arr16B), d.goArr(arr16B))
}

func (p *program) veor(d, n, m vreg) {
	p.op("VEOR\t%s, %s, %s", m.goArr(arr16B), n.goArr(arr16B), d.goArr(arr16B))
}

// vbit inserts the bits of n into d where mask is set (BIT d, n, mask).
func (p *program) vbit(d, n, mask vreg) {
	p.op("VBIT\t%s, %s, %s", mask.goArr(arr16B), n.goArr(arr16B), d.goArr(arr16B))
}

func (p *program) vushr(a arrangement, d, n vreg, shift int) {
	p.op("VUSHR\t$%d, %s, %s", shift, n.goArr(a), d.goArr(a))
}

// vtbl looks the bytes of idx up in the table of the n registers from t.
func (p *program) vtbl(d, idx, t vreg, n int) {
	p.op("VTBL\t%s, %s, %s", idx.goArr(arr16B), regList(t, n, arr16B), d.goArr(arr16B))
}

// loadQ loads one register from off(base).
func (p *program) loadQ(v vreg, off int, base string) { p.op("FMOVQ\t%d(%s), F%d", off, base, v) }

// loadPairQ and storePairQ move two registers, any two, from or to the 32
// bytes at off(base).
func (p *program) loadPairQ(v, w vreg, off int, base string) {
	p.op("FLDPQ\t%d(%s), (F%d, F%d)", off, base, v, w)
}

func (p *program) storePairQ(v, w vreg, off int, base string) {
	p.op("FSTPQ\t(F%d, F%d), %d(%s)", v, w, off, base)
}

// Instructions encoded here.

func (p *program) mul(a arrangement, d, n, m vreg) { p.word(encSame(opMUL, a, d, n, m)) }

func (p *program) sqrdmulh(a arrangement, d, n, m vreg) { p.word(encSame(opSQRDMULH, a, d, n, m)) }

func (p *program) cmhi(a arrangement, d, n, m vreg) { p.word(encSame(opCMHI, a, d, n, m)) }

func (p *program) mulElem(a arrangement, d, n, m vreg, i int) {
	p.word(encElem(opMULElem, a, d, n, m, i))
}

func (p *program) sqrdmulhElem(a arrangement, d, n, m vreg, i int) {
	p.word(encElem(opSQRDMULHElem, a, d, n, m, i))
}

func (p *program) mlsElem(a arrangement, d, n, m vreg, i int) {
	p.word(encElem(opMLSElem, a, d, n, m, i))
}

// smlal adds the products of the low (smlal) or high (smlal2, a = 8H)
// halves of n and m, widened, to d.
func (p *program) smlal(a arrangement, d, n, m vreg) { p.word(encLong(opSMLAL, a, d, n, m)) }
