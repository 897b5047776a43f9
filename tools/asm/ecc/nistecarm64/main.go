// Command nistecarm64 generates ecc/internal/nistec/p256_arm64.s: whole
// P-256 point operations on arm64, one assembly function each, with the
// field arithmetic of mont/p256 written out in them:
// p256DoubleJacobianARM64, p256MaddARM64 and p256AddDigitARM64, mirroring
// jacobianDoubleNGeneric, maddGeneric and addDigitGeneric of
// ecc/internal/nistec. The code is emitted by tools/asm/internal/arm64p256,
// which also emits mont/p256/p256_arm64.s (tools/asm/mont/p256arm64).
package main

import (
	"github.com/crypton-go/crypton/tools/asm/internal/arm64p256"
	"github.com/crypton-go/crypton/tools/asm/internal/neon"
)

const cmd = "github.com/crypton-go/crypton/tools/asm/ecc/nistecarm64 -out p256_arm64.s"

func generate() []byte { return arm64p256.Points(cmd) }

func main() { neon.Main(generate) }
