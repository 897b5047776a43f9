// Command lookuparm64 generates ecc/internal/nistec/lookup_arm64.s: the
// constant-time table scans of the NIST curves' scalar multiplications on
// arm64, with Advanced SIMD (NEON).
//
// Each function mirrors lookupGeneric (ecc/internal/nistec/scalarmult.go)
// for one size of table entry, an affinePoint of P-256 (8 words), P-384
// (12 words) or P-521 (18 words), like the AVX2 scans of
// tools/asm/ecc/nistec/lookup:
//
//	func lookup8NEON(out *[8]uint64, table *[8]uint64, n int, idx int32)
//	func lookup12NEON(out *[12]uint64, table *[12]uint64, n int, idx int32)
//	func lookup18NEON(out *[18]uint64, table *[18]uint64, n int, idx int32)
//
// table points at the first of n ≥ 0 consecutive entries. *out is set to
// entry idx−1 (idx is 1-based), or to all zero bits if idx is not in
// 1..n. Every word of every entry is read, once, whatever idx is: the
// addresses and the branches depend only on n.
//
// Register use. idx is broadcast to the four 32-bit lanes of V29 (VDUP),
// V30 holds 1 in each lane, and the counter V31 the 1-based number of the
// current entry in each lane (stepped by VADD of V30). VCMEQ of the
// counter and the index gives the entry's mask in V28: all ones if it is
// entry idx, zero otherwise (both 32-bit halves of each 64-bit word agree,
// as every lane holds the same numbers). An entry of w words is w/2
// 128-bit chunks, each with its accumulator in V0, V1, ..., zero at the
// start; the entries of an iteration are loaded into V10, V11, ... by
// pairs of 128-bit loads (FLDPQ, and FMOVQ for an odd last one; QEMU
// splits a four-register VLD1 into element loads), the table pointer then
// advanced past them, and each chunk is inserted into its accumulator
// under the mask with VBIT: the accumulator changes only at entry idx, where it
// takes the entry (d = d ^ ((d ^ n) & mask), every bit computed whatever
// the mask). The main loop handles `unroll` entries per iteration (as many
// as fit in V10–V27, from 4 for P-256 to 1 for P-521) and a loop of one
// entry at a time takes the n mod unroll last ones. At the end the
// accumulators are stored to out.
//
// General-purpose registers: R0 out, R1 the table pointer, R2 the count of
// entries left, R3 idx and then the constant 1. No stack frame.
//
// Run it with go generate in ecc/internal/nistec.
package main

import (
	"fmt"

	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

const cmd = "github.com/crypton-go/crypton/tools/asm/ecc/nistec/lookuparm64 -out lookup_arm64.s"

// Vector registers (see the package comment).
const (
	vLoad  neon.Reg = 10 // first register of the loaded entries
	vLoadN          = 18 // V10–V27
	vMask  neon.Reg = 28
	vIdx   neon.Reg = 29
	vOne   neon.Reg = 30
	vCnt   neon.Reg = 31
)

func main() { neon.Main(generate) }

func generate() []byte {
	var p neon.Program
	p.Header(cmd, `Constant-time table scans of affine points on arm64 with Advanced SIMD:
lookupGeneric (scalarmult.go) for entries of 8, 12 and 18 words. Every
entry is read once, in order; no branch or address depends on idx.`)
	for _, words := range []int{8, 12, 18} {
		lookup(&p, words)
	}
	return p.Bytes()
}

// regList is "[V10.D2, V11.D2, ...]" for the n registers from v.
func regList(v neon.Reg, n int) string { return neon.RegList(v, n, neon.Arr2D) }

func lookup(p *neon.Program, words int) {
	neon.Check(words%2 == 0 && words/2 <= 10, "entry of %d words", words)
	q := words / 2 // 128-bit chunks per entry
	unroll := vLoadN / q
	if unroll > 4 {
		unroll = 4
	}
	name := fmt.Sprintf("lookup%dNEON", words)
	p.Text(name, 28, fmt.Sprintf("func %s(out *[%d]uint64, table *[%d]uint64, n int, idx int32)\n\n"+
		"%s sets *out to entry idx−1 of the n entries of %d words at table, or to\n"+
		"zero if idx is not in 1..n, reading every entry; %d entries per iteration.",
		name, words, words, name, words, unroll))
	p.Op("MOVD\tout+0(FP), R0")
	p.Op("MOVD\ttable+8(FP), R1")
	p.Op("MOVD\tn+16(FP), R2")
	p.Op("MOVWU\tidx+24(FP), R3")
	p.Op("VDUP\tR3, %s", vIdx.Go(neon.Arr4S))
	p.Op("MOVD\t$1, R3")
	p.Op("VDUP\tR3, %s", vOne.Go(neon.Arr4S))
	p.VEOR(vCnt, vCnt, vCnt)
	for i := 0; i < q; i++ {
		p.VEOR(neon.Reg(i), neon.Reg(i), neon.Reg(i))
	}

	// load emits the loads of k entries into V10, ..., advancing R1.
	load := func(k int) {
		total := k * q
		for r := 0; r < total; r += 2 {
			v := vLoad + neon.Reg(r)
			if r+1 < total {
				p.Op("FLDPQ\t%d(R1), (F%d, F%d)", 16*r, v, v+1)
			} else {
				p.Op("FMOVQ\t%d(R1), F%d", 16*r, v)
			}
		}
		p.Op("ADD\t$%d, R1, R1", 16*total)
	}
	// body scans k entries.
	body := func(k int) {
		load(k)
		for e := 0; e < k; e++ {
			p.VADD(neon.Arr4S, vCnt, vCnt, vOne)
			p.Op("VCMEQ\t%s, %s, %s", vCnt.Go(neon.Arr4S), vIdx.Go(neon.Arr4S), vMask.Go(neon.Arr4S))
			for i := 0; i < q; i++ {
				p.VBIT(neon.Reg(i), vLoad+neon.Reg(e*q+i), vMask)
			}
		}
	}

	if unroll > 1 {
		p.Label(name + "_loop")
		p.Op("CMP\t$%d, R2", unroll)
		p.Op("BLO\t%s_tail", name)
		body(unroll)
		p.Op("SUB\t$%d, R2, R2", unroll)
		p.Op("B\t%s_loop", name)
	}
	p.Label(name + "_tail")
	p.Op("CBZ\tR2, %s_done", name)
	body(1)
	p.Op("SUB\t$1, R2, R2")
	p.Op("B\t%s_tail", name)

	p.Label(name + "_done")
	for r := 0; r < q; {
		c := min(q-r, 4)
		if r+c < q {
			p.Op("VST1.P\t%s, %d(R0)", regList(neon.Reg(r), c), 16*c)
		} else {
			p.Op("VST1\t%s, (R0)", regList(neon.Reg(r), c))
		}
		r += c
	}
	p.Op("RET")
	p.Printf("\n")
}
