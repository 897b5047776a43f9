// Package chacha holds what the generators of aead/chacha20 and
// aead/chacha20poly1305 (tools/asm/aead/chacha20, chacha20poly1305) emit
// alike for ChaCha20 (RFC 8439, Section 2.3): the quarter rounds as
// indexes of the state's words, and the AVX-512 code that computes sixteen
// blocks at once, one in each 32-bit lane of the ZMM registers (register i
// holding word i of every block), and transposes them back into blocks.
package chacha

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crypton-go/crypton/tools/asm/internal/stitch"
	"github.com/crypton-go/crypton/tools/asm/internal/ymm"
)

// The quarter rounds of a column round and of a diagonal round, as indexes
// of the words a, b, c and d (RFC 8439, Section 2.2), in the order of
// blocksGeneric in aead/chacha20; the column round split into its first
// quarter round, which reads the counter, and the other three, which give
// the same words for every block of a message.
var (
	FirstColumns  = [][4]int{{0, 4, 8, 12}}
	OtherColumns  = [][4]int{{1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}}
	ColumnRound   = [][4]int{{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}}
	DiagonalRound = [][4]int{{0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}}
)

// PreWords are the words of the state that the quarter rounds of
// OtherColumns change: the same for every block, computed once per message
// and kept.
var PreWords = []int{1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15}

// Lanes emits the ChaCha rounds on words held one block in each 32-bit
// lane of ZMM registers: X[i] is the register in which word i is computed,
// and Loc[i] the register that holds its current value, which until the
// word is first written may be another one (a precomputed word, the
// counters), read in place of a copy.
type Lanes struct {
	X, Loc []Register
	// Chain, if set, orders each step of QuarterRounds quarter round by
	// quarter round: the addition, XOR and rotation of one, then of the
	// next, instead of the four additions, the four XORs, then the four
	// rotations. The rotations, which only port 0 runs for ZMM registers
	// on Intel, then come one in three rather than four in a row: ten
	// double rounds of sixteen blocks alone take 142.3 ns against 153.2
	// on an Intel Xeon (Sapphire Rapids class). Merged with the
	// general-purpose code of a key block (chachaKeyAVX512) the same
	// order measured slower (193.5 ns against 191.0), so it is a choice.
	Chain bool
}

// NewLanes returns Lanes computing word i in x[i], with every word's value
// in its register.
func NewLanes(x []Register) *Lanes {
	return &Lanes{X: x, Loc: append([]Register(nil), x...)}
}

// QuarterRounds records into o (nil: emits) the quarter rounds qs ({a, b,
// c, d} word indexes, disjoint) side by side, step by step: the four steps
// of quarterRound in aead/chacha20's chacha_generic.go, each rotation one
// VPROLD (AVX-512F).
func (k *Lanes) QuarterRounds(o *stitch.Ops, qs [][4]int) {
	k.step(o, qs, 0, 1, 3, 16) // a += b; d ^= a; d <<<= 16
	k.step(o, qs, 2, 3, 1, 12) // c += d; b ^= c; b <<<= 12
	k.step(o, qs, 0, 1, 3, 8)  // a += b; d ^= a; d <<<= 8
	k.step(o, qs, 2, 3, 1, 7)  // c += d; b ^= c; b <<<= 7
}

// step records s += t; u ^= s; u <<<= r for the words s, t and u
// (positions in the quarter rounds qs).
func (k *Lanes) step(o *stitch.Ops, qs [][4]int, s, t, u int, r uint8) {
	add := func(q [4]int) {
		src, sum, dst := k.Loc[q[t]], k.Loc[q[s]], k.X[q[s]]
		o.Add(func() { VPADDD(src, sum, dst) })
		k.Loc[q[s]] = dst
	}
	xor := func(q [4]int) {
		a, b, dst := k.Loc[q[s]], k.Loc[q[u]], k.X[q[u]]
		o.Add(func() { VPXORD(a, b, dst) })
		k.Loc[q[u]] = dst
	}
	rot := func(q [4]int) {
		x := k.X[q[u]]
		o.Add(func() { VPROLD(U8(r), x, x) })
	}
	if k.Chain {
		for _, q := range qs {
			add(q)
			xor(q)
			rot(q)
		}
		return
	}
	for _, f := range []func([4]int){add, xor, rot} {
		for _, q := range qs {
			f(q)
		}
	}
}

// Transpose turns the sixteen registers w, word i of sixteen blocks in
// w[i], into the blocks, calling store(r, j) with block j in register r
// (which store may change, not keep), in an order that frees registers
// early. It takes scratch registers from free (three suffice) and gives
// back as many; the registers of w end in free or with store.
func Transpose(w []Register, free *[]Register, store func(r Register, j int)) {
	TransposeOps(nil, w, free, store)
}

// TransposeOps is Transpose recording its shuffles into o (nil: emitting
// them); store, called in order, records its own instructions.
func TransposeOps(o *stitch.Ops, w []Register, free *[]Register, store func(r Register, j int)) {
	var u [4][4]Register
	for q := 0; q < 4; q++ {
		u[q] = ymm.Transpose4Ops(o, w[4*q:4*q+4], free)
	}
	// u[q][m] holds, in 128-bit lane l, words 4q to 4q+3 of block 4l+m:
	// for each m, a 4×4 transposition of 128-bit lanes gives blocks m,
	// 4+m, 8+m and 12+m.
	for m := 0; m < 4; m++ {
		u0, u1, u2, u3 := u[0][m], u[1][m], u[2][m], u[3][m]
		// a = u0.0 u0.1 u1.0 u1.1, b = u0.2 u0.3 u1.2 u1.3, and c and d
		// the same from u2 and u3.
		a := ymm.Take(free)
		o.Add(func() { VSHUFI32X4(U8(0x44), u1, u0, a) })
		o.Add(func() { VSHUFI32X4(U8(0xee), u1, u0, u1) })
		b := u1
		ymm.Give(free, u0)
		c := ymm.Take(free)
		o.Add(func() { VSHUFI32X4(U8(0x44), u3, u2, c) })
		o.Add(func() { VSHUFI32X4(U8(0xee), u3, u2, u3) })
		d := u3
		ymm.Give(free, u2)
		// Block 4l+m is lane l of u0, u1, u2 and u3: lanes 0 and 2, or 1
		// and 3, of a and c (l = 0, 1), or of b and d (l = 2, 3).
		for l, p := range [][2]Register{{a, c}, {a, c}, {b, d}, {b, d}} {
			imm := U8(0x88)
			if l%2 == 1 {
				imm = 0xdd
			}
			r := ymm.Take(free)
			o.Add(func() { VSHUFI32X4(imm, p[1], p[0], r) })
			store(r, 4*l+m)
			ymm.Give(free, r)
		}
		ymm.Give(free, a, b, c, d)
	}
}

// FirstDoubleRound emits the first double round of sixteen blocks into the
// registers x: words 0, 4 and 8 broadcast from word(i), the memory
// operand of word i of the input state, the counters (word 12) read from
// counters, the words of PreWords from pre, where the quarter rounds of
// OtherColumns left them; then the first column's quarter round and the
// diagonal round. It returns the Lanes with every word in its register of
// x, for the other nine double rounds.
func FirstDoubleRound(x, pre []Register, counters Register, word func(i int) Mem) *Lanes {
	VPBROADCASTD(word(0), x[0])
	VPBROADCASTD(word(4), x[4])
	VPBROADCASTD(word(8), x[8])
	k := NewLanes(x)
	k.Loc[12] = counters
	for j, w := range PreWords {
		k.Loc[w] = pre[j]
	}

	Comment("The rest of the first column round, then the first diagonal round.")
	k.QuarterRounds(nil, FirstColumns)
	k.QuarterRounds(nil, DiagonalRound)
	for i := range x {
		if k.Loc[i] != x[i] {
			panic("every word must be in its register after the first double round")
		}
	}
	return k
}

// AddInput emits the addition of the input state to the words in x after
// the rounds: word(i) broadcast, the counters for word 12.
func AddInput(x []Register, counters Register, word func(i int) Mem) {
	AddInputOps(nil, x, counters, word)
}

// AddInputOps is AddInput recording into o (nil: emitting).
func AddInputOps(o *stitch.Ops, x []Register, counters Register, word func(i int) Mem) {
	if o == nil {
		Comment("Add the input.")
	}
	for w := 0; w < 16; w++ {
		if w == 12 {
			o.Add(func() { VPADDD(counters, x[w], x[w]) })
		} else {
			o.Add(func() { VPADDD_BCST(word(w), x[w], x[w]) })
		}
	}
}

// LaneOffsets16 emits read-only data named name, the words 0, 1, …, 15:
// what the sixteen lanes add to the block counter.
func LaneOffsets16(name string) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i := 0; i < 16; i++ {
		DATA(4*i, U32(i))
	}
	return m
}

// Scalar emits the ChaCha rounds on one block in general-purpose
// registers: W[i] holds word i, a 32-bit register, except that words 8 to
// 11 (the c of both rounds' quarter rounds) may be 32-bit memory operands,
// for when the registers run out (sixteen words, fifteen registers). Such
// a word costs its quarter rounds a store and a load in their chain.
type Scalar struct {
	W [16]Op
}

// QuarterRounds records into o (nil: emits) the quarter rounds qs side by
// side, step by step, each rotation one ROLL.
func (k *Scalar) QuarterRounds(o *stitch.Ops, qs [][4]int) {
	k.step(o, qs, 0, 1, 3, 16)
	k.step(o, qs, 2, 3, 1, 12)
	k.step(o, qs, 0, 1, 3, 8)
	k.step(o, qs, 2, 3, 1, 7)
}

// step records s += t; u ^= s; u <<<= r for the words s, t and u
// (positions in the quarter rounds qs); only s may be in memory.
func (k *Scalar) step(o *stitch.Ops, qs [][4]int, s, t, u int, r uint8) {
	for _, q := range qs {
		sum, src := k.W[q[s]], k.W[q[t]]
		o.Add(func() { ADDL(src, sum) })
	}
	for _, q := range qs {
		sum, dst := k.W[q[s]], k.W[q[u]]
		o.Add(func() { XORL(sum, dst) })
	}
	for _, q := range qs {
		dst := k.W[q[u]]
		o.Add(func() { ROLL(U8(r), dst) })
	}
}
