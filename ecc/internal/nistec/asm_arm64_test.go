//go:build gc && !purego

package nistec

// The whole-point assembly of arm64 (p256_arm64.s) runs while useARM64 is
// set; the test bodies are those of asm_test.go, the case table that of
// p256_asm_test.go.
var (
	asmEnabled = &useARM64
	asmName    = "ARM64"
)

// p256Asm are the functions of p256_arm64.s; batchAffine's loops are
// generic on arm64.
var p256Asm = pointAsm[[4]uint64]{
	doubleN:  p256DoubleJacobianARM64,
	madd:     p256MaddARM64,
	addDigit: p256AddDigitARM64,
}
