// Command nistarm64 generates mont/internal/limbs/mul_arm64.s: Montgomery
// multiplication, squaring and repeated squaring on arm64 (MUL/UMULH and
// ADDS/ADCS chains) for any odd modulus of 4, 6 or 9 limbs, mirroring the
// portable kernels of mont/internal/limbs (montMul4/6/9 behind Mul4, ...,
// Square4, ..., SquareN4, ...).
//
// The emitter is in this package (kernel.go): a small register allocator
// over R0-R15 and R19-R25 and the carry chains, with the text written by
// tools/asm/internal/neon's Program.
package main

import "github.com/crypton-go/crypton/tools/asm/internal/neon"

const cmd = "github.com/crypton-go/crypton/tools/asm/mont/nistarm64 -out mul_arm64.s"

func generate() []byte { return kernels(cmd) }

func main() { neon.Main(generate) }
