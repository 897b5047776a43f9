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
	// The loops of batchAffine, where the curve has them, on secret points.
	if a.prefix != nil {
		var pts [4][4]E // x, y, z and the prefix products of 4 points
		var out [4]affinePoint[E]
		for k := range 4 {
			PE(&pts[0][k]).Set(&e[k%3])
			PE(&pts[1][k]).Set(&e[(k+1)%3])
			PE(&pts[2][k]).Add(&e[k%3], &e[k%3])
		}
		for i := range 3 {
			for k := range pts[i] {
				secret(&pts[i][k])
			}
		}
		a.prefix(l(&pts[3][0]), l(&pts[2][0]), 4)
		a.backSubst(l(&out[0].x), l(&pts[0][0]), l(&pts[1][0]), l(&pts[2][0]), l(&pts[3][0]), l(&e[0]), 4)
		PE(&e[0]).Add(&e[0], &out[3].y)
	}
	b := PE(&e[0]).FillBytes(make([]byte, params[E, C]().elementSize))
	ctgrind.Public(b)
	t.Logf("x = %x", b)
}
