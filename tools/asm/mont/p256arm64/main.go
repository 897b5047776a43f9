// Command p256arm64 generates mont/p256/p256_arm64.s: the Montgomery
// multiplication, squaring and repeated squaring modulo the P-256 prime
// on arm64 (MUL/UMULH, the reduction by p's special form), mirroring
// limbs.Mul4, limbs.Square4 and limbs.SquareN4 of mont/internal/limbs. The
// code is emitted by tools/asm/internal/arm64p256, which also emits the
// whole-point assembly of ecc/internal/nistec (tools/asm/ecc/nistecarm64).
package main

import (
	"github.com/crypton-go/crypton/tools/asm/internal/arm64p256"
	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

const cmd = "github.com/crypton-go/crypton/tools/asm/mont/p256arm64 -out p256_arm64.s"

func generate() []byte { return arm64p256.Kernels(cmd) }

func main() { neon.Main(generate) }
