package polyifma

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crypton-go/crypton/tools/asm/internal/stitch"
)

// Read-only data of Stitched, set up by StitchedData: its constants as
// whole vectors, read as memory operands, so that its steps take no
// register but those of the accumulators and the products.
var (
	vecMask44, vecMask42, vecPad, vecZero Mem
)

// StitchedData emits the read-only data of Stitched (after Data, whose
// block indexes it reads too), its names starting with prefix.
func StitchedData(prefix string) {
	vec := func(name string, v uint64) Mem {
		m := GLOBL(prefix+name, RODATA|NOPTR)
		for j := 0; j < lanesIFMA; j++ {
			DATA(8*j, U64(v))
		}
		return m
	}
	vecMask44 = vec("VecMask44", 1<<44-1)
	vecMask42 = vec("VecMask42", 1<<42-1)
	vecPad = vec("VecPad40", 1<<40)
	vecZero = vec("VecZero", 0)
}

// Stitched is Update's computation cut into steps that a kernel records
// and merges into other vector code (the rounds of ChaCha20): the two
// accumulators a and b of eight lanes stay in registers across the steps,
// the constants and the multipliers are memory operands, and a step's
// products and carries take seven registers more while it runs.
//
// A step multiplies each accumulator by the multiplier and then adds
// eight blocks (Update adds, then multiplies), so that the accumulators
// are ready for Finish's last multiplication after any step: the first
// step of a call multiplies by One, which leaves h alone, the others by
// R16.
type Stitched struct {
	g      *ifma
	a, b   vec44
	lo, hi Mem
	one    Mem
	r32    Mem
}

// NewStitched emits the start of a function that absorbs blocks with
// Stitched steps: the powers r, …, r¹⁶ in the frame, computed from the
// rows r, …, r⁸ of Rows; the accumulator of the function's parameter s
// (a pointer to a struct with a field h [3]uint64, as Update reads it) in
// lane 0 of a, b zero; the rows of One in the frame. It needs the data of
// Data and StitchedData. With wide, the rows of r³² too (R32).
func NewStitched(rows Mem, wide bool) *Stitched {
	g := newRegisterIFMA()
	s := &Stitched{}
	s.lo, s.hi = g.powerRows(rows)
	if wide {
		s.wide(g)
	}
	s.a = loadH(g)
	s.b = vec44{ZMM(), ZMM(), ZMM()}
	for k := range 3 {
		g.clear(s.b[k])
	}
	Comment("One: the multiplier 1 in the layout of the power rows, lane 0 only")
	s.one = AllocLocal(5 * 64)
	MOVQ(U32(1), s.one)
	for k := 1; k < 5; k++ {
		MOVQ(U32(0), s.one.Offset(64*k))
	}
	s.g = &ifma{zeroVec: vecZero, mask44: vecMask44, mask42: vecMask42, pad: vecPad, loIdx: ifmaLoIdx, hiIdx: ifmaHiIdx, shl8: ifmaShl8, shr24: ifmaShr24}
	return s
}

// wide emits the power rows of r³² = r¹⁶·r¹⁶, in every lane, into the
// frame.
func (s *Stitched) wide(g *ifma) {
	Comment("r³² = r¹⁶·r¹⁶ in every lane, for steps that follow another accumulator's")
	// The products read every limb before the carries write any: r16 is
	// both operands.
	var r16 vec44
	var m [3]Op
	for k := range 3 {
		r16[k] = ZMM()
		VPBROADCASTQ(s.hi.Offset(64*k), r16[k])
		m[k] = r16[k]
	}
	g.multiply(r16, m, times20(r16[1]), times20(r16[2]), false)
	s.r32 = AllocLocal(5 * 64)
	storePowers(s.r32, r16)
}

// One returns the base of the power rows whose lane 0 is the multiplier 1,
// for the first step of a call.
func (s *Stitched) One() Mem { return s.one }

// R16 returns the base of the power rows whose lane 0 is r¹⁶, for the
// other steps.
func (s *Stitched) R16() Mem { return s.hi }

// R32 returns the base of the power rows whose lane 0 is r³², for a step
// that follows sixteen blocks that another accumulator absorbed (steps
// that alternate with polymulx.StepBy), if NewStitched was asked for them.
func (s *Stitched) R32() Mem { return s.r32 }

// Step records into o (nil: emits) a step over the sixteen blocks at m:
// each accumulator multiplied by the multiplier broadcast from lane 0 of
// the power rows at mul (a register holding the address of One or R16),
// then a adds the first eight blocks, b the next eight.
func (s *Stitched) Step(o *stitch.Ops, m Mem, mul Register) {
	g := *s.g
	g.o = o
	r, s1, s2 := powers(Mem{Base: mul})
	va := g.blocks(m)
	g.mulAdd(s.a, r, s1, s2, true, &va)
	vb := g.blocks(m.Offset(128))
	g.mulAdd(s.b, r, s1, s2, true, &vb)
}

// Finish emits the end: a's lane i multiplied by r^(16-i), b's by
// r^(8-i), their sum, and its lanes summed into the accumulator of the
// function's parameter s, below 2¹³⁰ + 2⁶⁰ (storeProducts).
func (s *Stitched) Finish() {
	g := *s.g
	Comment("The last multiplication: a's lane i by r^(16-i), b's by r^(8-i); the sum of the products")
	rh, sh1, sh2 := powers(s.hi)
	rl, sl1, sl2 := powers(s.lo)
	da := g.products(s.a, rh, sh1, sh2, false, nil)
	db := g.products(s.b, rl, sl1, sl2, false, nil)
	storeProducts(&g, da, db)
}
