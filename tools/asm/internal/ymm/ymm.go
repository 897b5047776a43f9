// Package ymm holds what the AVX2 generators of the 32-bit-word stream
// ciphers (tools/asm/aead/chacha20, chacha20poly1305 and salsa20) emit
// alike: the 4×4 word transposition that turns eight blocks computed
// word-sliced (one block in each 32-bit lane) back into bytes, and the
// stores that XOR the keystream with the source and write the destination.
package ymm

import (
	"github.com/crypton-go/crypton/tools/asm/internal/stitch"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Take removes a register from the end of free and returns it.
func Take(free *[]Register) Register {
	t := (*free)[len(*free)-1]
	*free = (*free)[:len(*free)-1]
	return t
}

// Give puts registers back at the end of free.
func Give(free *[]Register, t ...Register) { *free = append(*free, t...) }

// Transpose4 transposes the 4×4 matrices of 32-bit words in the registers
// r[0..3], one matrix in each 128-bit lane: on return, register j of the
// result holds, in each 128-bit lane, word j of r[0], r[1], r[2] and r[3]
// of that lane. It takes scratch registers from free and puts back as
// many.
func Transpose4(r []Register, free *[]Register) [4]Register {
	return Transpose4Ops(nil, r, free)
}

// Transpose4Ops is Transpose4 recording its instructions into o (nil:
// emitting them); the registers are taken from free and given back at
// once, in the order of the instructions.
func Transpose4Ops(o *stitch.Ops, r []Register, free *[]Register) [4]Register {
	// Interleave words: lo01 = r0[0] r1[0] r0[1] r1[1], hi01 = r0[2] r1[2]
	// r0[3] r1[3], and the same for r2 and r3.
	hi01 := Take(free)
	o.Add(func() { VPUNPCKHDQ(r[1], r[0], hi01) })
	o.Add(func() { VPUNPCKLDQ(r[1], r[0], r[0]) })
	lo01 := r[0]
	Give(free, r[1])
	hi23 := Take(free)
	o.Add(func() { VPUNPCKHDQ(r[3], r[2], hi23) })
	o.Add(func() { VPUNPCKLDQ(r[3], r[2], r[2]) })
	lo23 := r[2]
	Give(free, r[3])

	// Interleave pairs of words: word j of r0 r1 r2 r3.
	w1 := Take(free)
	o.Add(func() { VPUNPCKHQDQ(lo23, lo01, w1) })
	o.Add(func() { VPUNPCKLQDQ(lo23, lo01, lo01) })
	Give(free, lo23)
	w3 := Take(free)
	o.Add(func() { VPUNPCKHQDQ(hi23, hi01, w3) })
	o.Add(func() { VPUNPCKLQDQ(hi23, hi01, hi01) })
	Give(free, hi23)
	return [4]Register{lo01, w1, hi01, w3}
}

// Output stores keystream XORed with the 64-byte blocks at Src into Dst,
// taking scratch registers from Free.
type Output struct {
	Src, Dst Register // the base addresses of block 0
	Free     *[]Register

	// Guard, if set, is called before the store of block j and may emit a
	// check that skips it (when the block does not exist); the function it
	// returns, if not nil, is called after the store, to place the label.
	Guard func(j int) (after func())

	// Divert, if set, is offered every 32 bytes of keystream first (r
	// holds bytes off to off+31 of block j) and reports whether it took
	// care of them, in which case nothing is stored.
	Divert func(r Register, j, off int) bool
}

// Store XORs the keystream in r with the bytes at offset off of block j of
// Src and stores the result at the same place in Dst.
func (o *Output) Store(r Register, j, off int) {
	var after func()
	if o.Guard != nil {
		after = o.Guard(j)
	}
	if o.Divert == nil || !o.Divert(r, j, off) {
		m := 64*j + off
		VPXOR(Mem{Base: o.Src, Disp: m}, r, r)
		VMOVDQU(r, Mem{Base: o.Dst, Disp: m})
	}
	if after != nil {
		after()
	}
}

// StorePair stores 32 bytes from off on of blocks j and k: lo holds their
// first 16 bytes (block j in the low lane, block k in the high one), hi the
// next 16 bytes. lo and hi are free afterwards.
func (o *Output) StorePair(lo, hi Register, j, k, off int) {
	t := Take(o.Free)
	VPERM2I128(U8(0x20), hi, lo, t)
	o.Store(t, j, off)
	Give(o.Free, t)
	VPERM2I128(U8(0x31), hi, lo, lo)
	o.Store(lo, k, off)
	Give(o.Free, lo, hi)
}

// StoreYMM stores 32 bytes, from off on, of each of eight blocks: lo[j]
// holds their first 16 bytes for blocks j (low lane) and j+4 (high lane),
// hi[j] the next 16 bytes.
func (o *Output) StoreYMM(lo, hi [4]Register, off int) {
	for j := 0; j < 4; j++ {
		o.StorePair(lo[j], hi[j], j, j+4, off)
	}
}

// RotateMask defines the 32-byte VPSHUFB mask, named name, that rotates
// each 32-bit word left by r bytes: byte k of the result is byte k-r
// (mod 4) of the word.
func RotateMask(name string, r int) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i := 0; i < 32; i += 4 {
		var w uint32
		for k := 0; k < 4; k++ {
			w |= uint32(i+(k-r+4)%4) << (8 * k)
		}
		DATA(i, U32(w))
	}
	return m
}
