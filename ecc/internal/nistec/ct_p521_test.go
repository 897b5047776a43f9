//go:build ctgrind && amd64 && gc && !purego

package nistec

import (
	"testing"
	"unsafe"

	"github.com/crypton-go/crypton/internal/ctgrind"
	"github.com/crypton-go/crypton/mont/p521"
)

// TestCTP521Asm runs the assembly of p521_amd64.s under valgrind on secret
// coordinates (every input, and the equal-point case where H = 0), so that
// ctcheck sees it even if the scalar multiplications took the generic path.
func TestCTP521Asm(t *testing.T) {
	if !useMULX {
		t.Skip("MULX/ADX not available (under valgrind)")
	}
	var e [8]p521.Element // x, y, z, x2, y2, h, r, spare
	e[0].One()
	e[1].Add(&e[0], &e[0])
	e[2].Add(&e[1], &e[0])
	e[3].Set(&e[0])
	e[4].Set(&e[1])
	secret := func(p *p521.Element) { ctgrind.Secret(unsafe.Slice((*byte)(unsafe.Pointer(p)), 72)) }
	for i := range 5 {
		secret(&e[i])
	}
	p521DoubleJacobianMULX(limbs9(&e[0]), limbs9(&e[1]), limbs9(&e[2]), 5)
	p521MaddMULX(limbs9(&e[0]), limbs9(&e[1]), limbs9(&e[2]), limbs9(&e[0]), limbs9(&e[1]), limbs9(&e[2]),
		limbs9(&e[3]), limbs9(&e[4]), limbs9(&e[5]), limbs9(&e[6]))
	// (1 : 2 : 1) + (1, 2): H = 0.
	e[0].One()
	e[1].Add(&e[0], &e[0])
	e[2].One()
	for i := range 3 {
		secret(&e[i])
	}
	p521MaddMULX(limbs9(&e[0]), limbs9(&e[1]), limbs9(&e[2]), limbs9(&e[0]), limbs9(&e[1]), limbs9(&e[2]),
		limbs9(&e[3]), limbs9(&e[4]), limbs9(&e[5]), limbs9(&e[6]))
	// One window of the scalar multiplications, with secret flags.
	flags := []int{1, 0}
	ctgrind.Secret(unsafe.Slice((*byte)(unsafe.Pointer(&flags[0])), 2*int(unsafe.Sizeof(flags[0]))))
	p521AddDigitMULX(limbs9(&e[0]), limbs9(&e[1]), limbs9(&e[2]), limbs9(&e[3]), limbs9(&e[4]), flags[0], flags[1])
	b := e[0].Bytes()
	ctgrind.Public(b)
	t.Logf("x = %x", b)
}
