package nistec

import (
	"unsafe"

	"github.com/crypton-go/crypton/mont/p256"
	"github.com/crypton-go/crypton/mont/p384"
	"github.com/crypton-go/crypton/mont/p521"
)

// The affine points of P-256, P-384 and P-521 are 8, 12 and 18 words, as
// the assembly scans (lookup8AVX2, lookup8NEON, ...) take them: these fail
// to compile otherwise.
var (
	_ [unsafe.Sizeof(affinePoint[p256.Element]{}) - 8*8]struct{}
	_ [8*8 - unsafe.Sizeof(affinePoint[p256.Element]{})]struct{}
	_ [unsafe.Sizeof(affinePoint[p384.Element]{}) - 12*8]struct{}
	_ [12*8 - unsafe.Sizeof(affinePoint[p384.Element]{})]struct{}
	_ [unsafe.Sizeof(affinePoint[p521.Element]{}) - 18*8]struct{}
	_ [18*8 - unsafe.Sizeof(affinePoint[p521.Element]{})]struct{}
)

// The arm64 scans are generated here, in a file of every build, so that
// go generate writes them on any host (the amd64 ones are generated from
// lookup_amd64.go).
//
//go:generate go run github.com/crypton-go/crypton/tools/asm/ecc/nistec/lookuparm64 -out lookup_arm64.s
