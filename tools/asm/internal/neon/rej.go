package neon

// The parts of the rejection samplers' kernels (RejNTTPoly of ML-DSA,
// SampleNTT of ML-KEM) that do not depend on the width of a candidate.
// Such a kernel is
//
//	func rejSampleNEON(a *[256]T, count int, buf []byte) (int, int)
//
// with a in R0, count in R1, the next bytes of buf in R2 and their start
// in R4; R7 holds the PackTable of its lanes and R8 the counts that follow
// the patterns there.

import "fmt"

// RejStart loads the arguments of a rejection sampler's kernel, whose
// second argument is named count: a into R0, count into R1, the start of
// buf into R2 and R4 and, into R5, the last address a step that reads
// span bytes may start at.
func (p *Program) RejStart(count string, span int) {
	p.Args("a+0", count+"+8", "buf_base+16", "buf_len+24")
	p.Op("MOVD\tR2, R4")
	p.Op("ADD\tR2, R3, R5")
	p.Op("SUB\t$%d, R5, R5", span)
}

// RejLoop starts the loop rejLoop of a rejection sampler: it points R7 at
// pack, the PackTable of lanes lanes, and R8 at its counts, and leaves the
// loop for rejDone once count (R1) exceeds limit or R2 passes R5,
// compared with branch ("BHI" unsigned, "BGT" signed).
func (p *Program) RejLoop(pack *Table, lanes, limit int, branch string) {
	p.Op("MOVD\t$%s, R7", pack.Sym())
	p.Op("ADD\t$%d, R7, R8", 16<<lanes)
	p.Label("rejLoop")
	p.Op("CMP\t$%d, R1", limit)
	p.Op("BGT\trejDone")
	p.Op("CMP\tR5, R2")
	p.Op("%s\trejDone", branch)
}

// RejPack emits the end of a step of a rejection sampler whose candidates
// are in the lanes (arrangement a) of c and c+1, the two halves of the
// step. It marks the lanes below q (qv holds q in each lane) in m and
// m+1, weights the marks with the powers of two in w and sums them into
// R9 and R10, the masks of the halves; then, for each half, it packs the
// kept candidates to the front of the register with the mask's pattern,
// stores the whole register at a[count:] and adds the mask's count to
// R1. It uses V24 and R11..R13 as temporaries. a must have room for a
// whole register past count; count names R1 in the comments.
func (p *Program) RejPack(a Arrangement, c, m, qv, w Reg, count string) {
	p.Comment("Lanes below q, as bits of R9 and R10.")
	for h := range Reg(2) {
		p.CMHI(a, m+h, qv, c+h)
	}
	for h := range Reg(2) {
		p.VAND(m+h, m+h, w)
		p.Op("VADDV\t%s, V%d", (m + h).Go(a), m+h)
		p.Op("VMOV\tV%d.%c[0], R%d", m+h, "BHSD"[a.size], 9+h)
	}
	for h := range Reg(2) {
		p.Comment(fmt.Sprintf("Pack the kept candidates of the half to a[%s:] and add their number to %s.", count, count))
		mask := 9 + h
		p.Op("ADD\tR%d<<4, R7, R11", mask)
		p.Op("VLD1\t(R11), %s", RegList(24, 1, Arr16B))
		p.VTBL(c+h, 24, c+h, 1)
		p.Op("ADD\tR1<<%d, R0, R12", a.size)
		p.Op("VST1\t%s, (R12)", RegList(c+h, 1, Arr16B))
		p.Op("MOVBU\t(R8)(R%d), R13", mask)
		p.Op("ADD\tR13, R1, R1")
	}
}

// RejReturn closes the loop rejLoop of a rejection sampler and, at
// rejDone, returns count (R1) and the number of bytes of buf consumed
// (R2 − R4).
func (p *Program) RejReturn() {
	p.Op("B\trejLoop")
	p.Label("rejDone")
	p.Op("SUB\tR4, R2, R2")
	p.Op("MOVD\tR1, ret+40(FP)")
	p.Op("MOVD\tR2, ret1+48(FP)")
	p.Op("RET")
	p.Printf("\n")
}
