//go:build gc && !purego

package nistec

// The whole-point assembly of amd64 (p256_amd64.s, p521_amd64.s) runs
// while useMULX is set; its case tables are in p256_asm_test.go and
// p521_asm_test.go.
var (
	asmEnabled = &useMULX
	asmName    = "MULX/ADX"
)
