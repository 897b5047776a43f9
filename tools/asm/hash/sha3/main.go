// Command sha3 generates hash/sha3/keccakf_amd64.s and, with -x4,
// hash/sha3/keccakfx4_amd64.s (the four-way kernels; see x4.go).
//
// keccakF1600BMI mirrors keccakF1600Generic in hash/sha3/keccakf_generic.go
// (which this command also writes, see below): the 24 rounds of
// Keccak-f[1600] (FIPS 202, section 3.3, Keccak-p[1600, 24]) on a state of 25
// lanes, lane A[x, y] at a[x+5y]. absorbBMI mirrors absorbGeneric in
// hash/sha3/keccakf.go: for each whole rate-byte block of p, it XORs the
// block into the first rate/8 lanes and runs the same permutation, so that
// the call overhead is paid once per Write instead of once per block.
//
// The code is scalar and uses two instructions from BMI1 and BMI2, which
// leave the flags alone and do not overwrite a source:
//
//   - ANDN (BMI1) computes ¬b & c in one instruction, so χ,
//     E[x] = B[x] ⊕ (¬B[x+1] ∧ B[x+2]), takes two instructions per lane
//     without the lane-complementing transform of the Keccak team's
//     implementation overview (section 2.2), which saves NOT instructions
//     by keeping six lanes complemented.
//   - RORX (BMI2) rotates by a constant into another register, which the ρ
//     step and θ (rotations by one of the column parities) use.
//
// # Register plan
//
// A round needs, at its busiest point (χ of one output plane), the five
// rotated lanes B[0..4] of the plane, the five θ values D[0..4] (each plane
// takes one lane from every column, so all five are live until the last
// plane's B are made) and a temporary for χ: eleven registers. Add the
// pointer to the caller's state and the pointer into the round constant
// table, and 13 of the 14 general registers Go assembly may use freely (all
// but SP and BP) are taken; R15 is left alone, so that the code stays valid
// when dynamic linking makes the assembler use it for global addresses:
//
//	X  AX BX CX DX SI     one group of five
//	Y  R8 R9 R10 R11 R12  the other group of five
//	T  R13                χ's temporary, through which each new lane is stored
//	a  DI                 the caller's state, read and written in place
//	rc R14                the round constants of the current two rounds
//
// The groups X and Y swap roles every round. A round starts with the column
// parities C of its input in one group, computes D[x] = C[x-1] ⊕ rot(C[x+1],
// 1) into the other, and then uses the first group for B[0..4] of each
// output plane: B[x] = rot(A[x', y'] ⊕ D[x'], r), the lane that ρ and π bring
// there, read from memory. Once the B of the last plane are made, D is
// spent, and its group sums the column parities of the four planes already
// written (from memory, long since stored) and then of the last plane's new
// lanes as χ makes them: the next round finds its C in registers, and the
// chain from the last lane of one round to the first of the next is short.
// With two rounds per loop pass, the groups are back in place at the end of
// each pass.
//
// The 25 lanes themselves stay in memory: every lane is read once and
// written once per round, and π moves every lane but A[0, 0] to another
// position, so a lane kept in a register would have to change registers
// every round, and there are not enough registers left to keep even the
// five lanes of one plane. The rounds alternate between the caller's array
// and a 200-byte array on the stack: even rounds read a and write the stack
// copy, odd rounds the reverse, so after 24 rounds the result is in place
// without any copying. A round costs 130 arithmetic instructions (θ 55, ρ
// 24, χ 50, ι 1) and 75 loads and stores, which the CPU sustains; what it
// cannot hide is the dependence of every lane of a round on every lane of
// the round before (through θ), which drains the pipeline once a round. On
// AMD Zen 3 a permutation takes about 40 cycles a round, and SHA3-256 of 16
// KiB runs 1.2 times as fast as with the generic Go code (the same schedule,
// compiled without ANDN and RORX) and 1.3 times as fast as with the
// standard library's assembly. Keeping both
// arrays on the stack (so that all accesses are SP-relative, which some
// CPUs forward from stores faster) was measured and gained nothing.
//
// absorbBMI keeps the message pointer, the bytes left and the rate in stack
// slots during the permutation. It XORs nine lanes (the smallest rate, 72
// bytes) and then four, four, one and three more as the rate (104, 136,
// 144, 168) requires; the branches depend on the rate and the length only.
//
// Nothing branches on, or indexes memory with, the state or the message.
//
// The functions need BMI1 and BMI2; the Go code checks for them.
//
// The same file holds keccakF1600AVX512 and absorbAVX512, which mirror the
// same two Go functions with the state in five ZMM registers; avx512.go
// describes them.
//
// With -generic FILE, the command writes keccakF1600Generic, the portable Go
// version of the same schedule, to FILE instead (hash/sha3/keccakf_generic.go).
//
// With -x4, it writes keccakF1600x4AVX2 and keccakF1600x4AVX512, the
// permutation of four interleaved states with the same schedule on YMM
// registers, instead of the scalar functions; x4.go describes them.
//
// Run it with go generate in hash/sha3.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The round constants of ι, FIPS 202, section 3.2.5.
var roundConstants = [24]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
	0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
	0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// rho returns the ρ rotation offsets r[x+5y], FIPS 202, algorithm 2.
func rho() [25]int {
	var r [25]int
	x, y := 1, 0
	for t := range 24 {
		r[x+5*y] = (t + 1) * (t + 2) / 2 % 64
		x, y = y, (2*x+3*y)%5
	}
	return r
}

var (
	gx = [5]GPPhysical{RAX, RBX, RCX, RDX, RSI}
	gy = [5]GPPhysical{R8, R9, R10, R11, R12}
	t  = R13
	st = RDI // the caller's state
	rc = R14
)

// frame is the stack layout of both functions.
type frame struct {
	e                Mem // the other 200-byte state array
	rcEnd            Mem // the end of the round constant table
	p, left, rateMem Mem // absorbBMI's message pointer, bytes left, rate
}

func newFrame() frame {
	e := AllocLocal(200)
	rest := AllocLocal(32)
	return frame{e: e, rcEnd: rest, p: rest.Offset(8), left: rest.Offset(16), rateMem: rest.Offset(24)}
}

var rcTable Mem

// source returns, for lane x of output plane y, the index x'+5y' of the
// input lane that ρ and π move there (x = y', y = 2x' + 3y' mod 5), and x'.
func source(x, y int) (i, sx int) {
	sx = (y - 3*x%5 + 10) * 3 % 5
	return sx + 5*x, sx
}

var (
	genericOut = flag.String("generic", "", "write the generic Go permutation to this `file` instead of the assembly")
	x4         = flag.Bool("x4", false, "write the four-way AVX2 and AVX-512 permutations instead of the scalar ones")
)

func main() {
	flag.Parse()
	if *genericOut != "" {
		if err := os.WriteFile(*genericOut, generic(), 0o666); err != nil {
			log.Fatal(err)
		}
		return
	}
	if *x4 {
		mainX4()
		return
	}
	Package("github.com/crypton-go/crypton/hash/sha3")
	ConstraintExpr("gc,!purego")

	rcTable = GLOBL("keccakRoundConstants", RODATA|NOPTR)
	for i, v := range roundConstants {
		DATA(8*i, U64(v))
	}

	avx512Tables()

	keccakF1600BMI()
	absorbBMI()
	keccakF1600AVX512()
	absorbAVX512()
	Generate()
}

func keccakF1600BMI() {
	TEXT("keccakF1600BMI", NOSPLIT, "func(a *[25]uint64)")
	Doc("keccakF1600BMI applies Keccak-f[1600] to a, like keccakF1600Generic.",
		"It needs BMI1 and BMI2.")
	f := newFrame()
	Load(Param("a"), st)
	LEAQ(rcTable, rc)
	LEAQ(rcTable.Offset(8*24), t)
	MOVQ(t, f.rcEnd)
	permutation(f, "rounds")
	RET()
}

func absorbBMI() {
	TEXT("absorbBMI", NOSPLIT, "func(a *[25]uint64, p []byte, rate int)")
	Doc("absorbBMI absorbs the whole rate-byte blocks of p into a, like",
		"absorbGeneric. rate must be 72, 104, 136, 144 or 168. It needs BMI1",
		"and BMI2.")
	f := newFrame()
	p, left, rate := RAX, RBX, RCX
	Load(Param("a"), st)
	Load(Param("p").Base(), p)
	Load(Param("p").Len(), left)
	Load(Param("rate"), rate)
	LEAQ(rcTable, rc)
	LEAQ(rcTable.Offset(8*24), t)
	MOVQ(t, f.rcEnd)
	MOVQ(rate, f.rateMem)
	CMPQ(left, rate)
	JB(LabelRef("done"))

	Label("block")
	Comment("XOR the block into the first rate/8 lanes.")
	xorLanes := func(from, to int) {
		for i := from; i < to; i++ {
			MOVQ(Mem{Base: p, Disp: 8 * i}, t)
			XORQ(t, Mem{Base: st, Disp: 8 * i})
		}
	}
	xorLanes(0, 9)
	for _, step := range []struct{ rate, to int }{{72, 13}, {104, 17}, {136, 18}, {144, 21}} {
		CMPQ(rate, U32(step.rate))
		JE(LabelRef("absorbed"))
		xorLanes((step.rate)/8, step.to)
	}
	Label("absorbed")
	ADDQ(rate, p)
	SUBQ(rate, left)
	MOVQ(p, f.p)
	MOVQ(left, f.left)

	permutation(f, "rounds")

	SUBQ(U32(8*24), rc)
	MOVQ(f.p, p)
	MOVQ(f.left, left)
	MOVQ(f.rateMem, rate)
	CMPQ(left, rate)
	JAE(LabelRef("block"))

	Label("done")
	RET()
}

// permutation emits the 24 rounds on the state at st, as a loop of two
// rounds, with rc pointing to the round constants. It leaves rc pointing to
// the end of the table.
func permutation(f frame, label string) {
	lanes := func(m Mem) func(i int) Mem {
		return func(i int) Mem { return m.Offset(8 * i) }
	}
	inPlace := lanes(Mem{Base: st})
	stack := lanes(f.e)

	Comment("The column parities of the input, for the first round.")
	for x := range 5 {
		MOVQ(inPlace(x), gx[x])
		for y := 1; y < 5; y++ {
			XORQ(inPlace(x+5*y), gx[x])
		}
	}
	Label(label)
	round(inPlace, stack, Mem{Base: rc}, gx, gy)
	round(stack, inPlace, Mem{Base: rc, Disp: 8}, gy, gx)
	ADDQ(U8(16), rc)
	CMPQ(rc, f.rcEnd)
	JNE(LabelRef(label))
}

// round emits one round from the lanes src(0..24) to dst(0..24), with the
// round constant at rcMem. It expects the column parities of src in c and
// leaves those of dst in dd; it uses dd for θ's D and c for ρ, π and χ.
func round(src, dst func(int) Mem, rcMem Mem, c, dd [5]GPPhysical) {
	r := rho()
	Comment("θ: D[x] = C[x-1] ⊕ rot(C[x+1], 1)")
	for x := range 5 {
		RORXQ(U8(63), c[(x+1)%5], dd[x])
		XORQ(c[(x+4)%5], dd[x])
	}
	b := c
	for y := range 5 {
		Comment(fmt.Sprintf("ρ and π into plane %d", y))
		for x := range 5 {
			// B[x, y] = rot(A[x', y'] ⊕ D[x'], r[x', y']) with
			// x = y' and y = 2x' + 3y'.
			i, sx := source(x, y)
			MOVQ(src(i), b[x])
			XORQ(dd[sx], b[x])
			if r[i] != 0 {
				RORXQ(U8(64-r[i]), b[x], b[x])
			}
		}
		if y == 4 {
			Comment("D is spent: the column parities of planes 0 to 3 of dst")
			for x := range 5 {
				MOVQ(dst(x), dd[x])
				for yy := 1; yy < 4; yy++ {
					XORQ(dst(x+5*yy), dd[x])
				}
			}
		}
		Comment(fmt.Sprintf("χ of plane %d", y))
		for x := range 5 {
			ANDNQ(b[(x+2)%5], b[(x+1)%5], t)
			XORQ(b[x], t)
			if x == 0 && y == 0 {
				XORQ(rcMem, t) // ι
			}
			MOVQ(t, dst(x+5*y))
			if y == 4 {
				XORQ(t, dd[x])
			}
		}
	}
}

// generic returns the source of hash/sha3/keccakf_generic.go: the schedule
// of round, in Go.
func generic() []byte {
	var w bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&w, format, args...) }
	r := rho()
	p(`// Code generated by command: go run github.com/crypton-go/crypton/tools/asm/hash/sha3 -generic %s. DO NOT EDIT.

package sha3

import "math/bits"

// keccakF1600Generic applies the 24 rounds of Keccak-f[1600] (FIPS 202,
// section 3.3, Keccak-p[1600, 24]) to the state a, whose lane A[x, y] is
// a[x+5*y].
//
// Each pass of the loop runs two rounds, the first from a into the local
// array e and the second from e back into a, so no lane is copied between
// rounds. A round computes θ's D[x] = C[x-1] ⊕ rot(C[x+1], 1) from the
// column parities c0..c4; then, for each output plane, ρ and π gather the
// five rotated lanes b0..b4 that χ combines into the plane's new lanes, with
// ι applied to lane 0. The column parities of the output, which the next
// round needs, are summed while the last plane is written, from the four
// planes already stored and the new lanes as they are made, so that the
// next round can start without reading the whole state again. The
// temporaries (c, d, b: eleven live at a time) fit in the registers of most
// 64-bit CPUs; the lanes stay in memory. It is the schedule of the amd64
// assembly, from the same generator.
func keccakF1600Generic(a *[25]uint64) {
	var (
		e                  [25]uint64
		c0, c1, c2, c3, c4 uint64
		d0, d1, d2, d3, d4 uint64
		b0, b1, b2, b3, b4 uint64
		t                  uint64
	)
`, *genericOut)
	for x := range 5 {
		p("c%d = a[%d] ^ a[%d] ^ a[%d] ^ a[%d] ^ a[%d]\n", x, x, x+5, x+10, x+15, x+20)
	}
	p("for r := 0; r < 24; r += 2 {\n")
	round := func(src, dst, rc string) {
		p("// θ\n")
		for x := range 5 {
			p("d%d = c%d ^ bits.RotateLeft64(c%d, 1)\n", x, (x+4)%5, (x+1)%5)
		}
		for y := range 5 {
			p("// ρ and π into plane %d, then χ\n", y)
			for x := range 5 {
				i, sx := source(x, y)
				if r[i] == 0 {
					p("b%d = %s[%d] ^ d%d\n", x, src, i, sx)
				} else {
					p("b%d = bits.RotateLeft64(%s[%d]^d%d, %d)\n", x, src, i, sx, r[i])
				}
			}
			if y == 4 {
				for x := range 5 {
					p("c%d = %s[%d] ^ %s[%d] ^ %s[%d] ^ %s[%d]\n", x, dst, x, dst, x+5, dst, x+10, dst, x+15)
				}
			}
			for x := range 5 {
				v := fmt.Sprintf("b%d ^ (b%d &^ b%d)", x, (x+2)%5, (x+1)%5)
				if x == 0 && y == 0 {
					v += " ^ " + rc // ι
				}
				if y == 4 {
					p("t = %s\n%s[%d] = t\nc%d ^= t\n", v, dst, x+5*y, x)
				} else {
					p("%s[%d] = %s\n", dst, x+5*y, v)
				}
			}
		}
	}
	round("a", "e", "roundConstants[r]")
	p("\n")
	round("e", "a", "roundConstants[r+1]")
	p("}\n}\n")
	out, err := format.Source(w.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	return out
}
