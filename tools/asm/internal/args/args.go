// Package args holds what the avo generators of tools/asm share about
// function arguments.
package args

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
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
