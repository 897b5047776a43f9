//go:build ctgrind && amd64 && gc && !purego

package nistec

import (
	"testing"
	"unsafe"

	"github.com/crypton-go/crypton/internal/ctgrind"
	"github.com/crypton-go/crypton/mont/p256"
)

// TestCTP256Asm runs the assembly of p256_amd64.s under valgrind on secret
// coordinates (every input, and the equal-point case where H = 0), so that
// ctcheck sees it even if the scalar multiplications took the generic path.
func TestCTP256Asm(t *testing.T) {
	if !useMULX {
		t.Skip("MULX/ADX not available (under valgrind)")
	}
	var e [8]p256.Element // x, y, z, x2, y2, h, r, spare
	e[0].One()
	e[1].Add(&e[0], &e[0])
	e[2].Add(&e[1], &e[0])
	e[3].Set(&e[0])
	e[4].Set(&e[1])
	secret := func(p *p256.Element) { ctgrind.Secret(unsafe.Slice((*byte)(unsafe.Pointer(p)), 32)) }
	for i := range 5 {
		secret(&e[i])
	}
	p256DoubleJacobianMULX(limbs(&e[0]), limbs(&e[1]), limbs(&e[2]), 5)
	p256MaddMULX(limbs(&e[0]), limbs(&e[1]), limbs(&e[2]), limbs(&e[0]), limbs(&e[1]), limbs(&e[2]),
		limbs(&e[3]), limbs(&e[4]), limbs(&e[5]), limbs(&e[6]))
	// (1 : 2 : 1) + (1, 2): H = 0.
	e[0].One()
	e[1].Add(&e[0], &e[0])
	e[2].One()
	for i := range 3 {
		secret(&e[i])
	}
	p256MaddMULX(limbs(&e[0]), limbs(&e[1]), limbs(&e[2]), limbs(&e[0]), limbs(&e[1]), limbs(&e[2]),
		limbs(&e[3]), limbs(&e[4]), limbs(&e[5]), limbs(&e[6]))
	// One window of the scalar multiplications, with secret flags.
	flags := []int{1, 0}
	ctgrind.Secret(unsafe.Slice((*byte)(unsafe.Pointer(&flags[0])), 2*int(unsafe.Sizeof(flags[0]))))
	p256AddDigitMULX(limbs(&e[0]), limbs(&e[1]), limbs(&e[2]), limbs(&e[3]), limbs(&e[4]), flags[0], flags[1])
	b := e[0].Bytes()
	ctgrind.Public(b)
	t.Logf("x = %x", b)
}
