// Package args holds what the avo generators of tools/asm share about
// function arguments.
package args

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// Addr returns the frame address of the named argument of the function
// being generated (Param(name) resolved to its memory operand); it panics
// when the argument cannot be resolved, a bug in the generator.
func Addr(name string) Mem {
	b, err := Param(name).Resolve()
	if err != nil {
		panic(err)
	}
	return b.Addr
}

// Blocks loads the arguments of a stream cipher's block function,
// func(state *[16]uint32, dst, src []byte): the state pointer, the data
// pointers and the number of whole 64-byte blocks of src, and jumps to the
// label done when there are none.
func Blocks(done string) (state, dst, src, n reg.GPVirtual) {
	state = Load(Param("state"), GP64()).(reg.GPVirtual)
	dst = Load(Param("dst").Base(), GP64()).(reg.GPVirtual)
	src = Load(Param("src").Base(), GP64()).(reg.GPVirtual)
	n = GP64()
	Load(Param("src").Len(), n)
	SHRQ(U8(6), n)
	JZ(LabelRef(done))
	return state, dst, src, n
}
