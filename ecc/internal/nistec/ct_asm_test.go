//go:build ctgrind && amd64 && gc && !purego

package nistec

import (
	"testing"
	"unsafe"

	"github.com/crypton-go/crypton/internal/ctgrind"
	"github.com/crypton-go/crypton/mont/p256"
	"github.com/crypton-go/crypton/mont/p521"
)

// TestCTP256Asm and TestCTP521Asm run the whole-point assembly of
// p256_amd64.s and p521_amd64.s under valgrind on secret coordinates
// (every input, and the equal-point case where H = 0), so that ctcheck
// sees it even if the scalar multiplications took the generic path.
func TestCTP256Asm(t *testing.T) { ctPointAsm[p256.Element, *p256.Element, p256Curve](t, p256Asm) }
func TestCTP521Asm(t *testing.T) { ctPointAsm[p521.Element, *p521.Element, p521Curve](t, p521Asm) }

func ctPointAsm[E any, PE fieldElement[E], C curveParams[E], L any](t *testing.T, a pointAsm[L]) {
	if !useMULX {
		t.Skip("MULX/ADX not available (under valgrind)")
	}
	var e [8]E // x, y, z, x2, y2, h, r, spare
	l := limbsOf[L, E]
	PE(&e[0]).One()
	PE(&e[1]).Add(&e[0], &e[0])
	PE(&e[2]).Add(&e[1], &e[0])
	PE(&e[3]).Set(&e[0])
	PE(&e[4]).Set(&e[1])
	secret := func(p *E) { ctgrind.Secret(unsafe.Slice((*byte)(unsafe.Pointer(p)), unsafe.Sizeof(*p))) }
	for i := range 5 {
		secret(&e[i])
	}
	a.doubleN(l(&e[0]), l(&e[1]), l(&e[2]), 5)
	a.madd(l(&e[0]), l(&e[1]), l(&e[2]), l(&e[0]), l(&e[1]), l(&e[2]), l(&e[3]), l(&e[4]), l(&e[5]), l(&e[6]))
	// (1 : 2 : 1) + (1, 2): H = 0.
	PE(&e[0]).One()
	PE(&e[1]).Add(&e[0], &e[0])
	PE(&e[2]).One()
	for i := range 3 {
		secret(&e[i])
	}
	a.madd(l(&e[0]), l(&e[1]), l(&e[2]), l(&e[0]), l(&e[1]), l(&e[2]), l(&e[3]), l(&e[4]), l(&e[5]), l(&e[6]))
	// One window of the scalar multiplications, with secret flags.
	flags := []int{1, 0}
	ctgrind.Secret(unsafe.Slice((*byte)(unsafe.Pointer(&flags[0])), 2*int(unsafe.Sizeof(flags[0]))))
	a.addDigit(l(&e[0]), l(&e[1]), l(&e[2]), l(&e[3]), l(&e[4]), flags[0], flags[1])
	b := PE(&e[0]).FillBytes(make([]byte, params[E, C]().elementSize))
	ctgrind.Public(b)
	t.Logf("x = %x", b)
}
