//go:build ctgrind && valgrind && linux && amd64

#include "textflag.h"

// func clientRequest(args *[6]uintptr) uintptr
//
// Valgrind recognises a client request on amd64 by four rotations of RDI
// that leave it unchanged (by 3, 13, 61 and 51 bits: 128 in all) followed by
// XCHGQ BX, BX, which does nothing on a real CPU. It then reads the request
// code and its arguments from the array that RAX points to and leaves its
// answer in RDX, which therefore starts at the default answer, 0.
TEXT ·clientRequest(SB), NOSPLIT, $0-16
	MOVQ args+0(FP), AX
	XORL DX, DX
	ROLQ $3, DI
	ROLQ $13, DI
	ROLQ $61, DI
	ROLQ $51, DI
	XCHGQ BX, BX
	MOVQ DX, ret+8(FP)
	RET
