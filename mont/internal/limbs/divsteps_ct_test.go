//go:build ctgrind && amd64 && gc && !purego

package limbs

import (
	"testing"

	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTDivsteps62CTAsm is the constant-time case of divsteps62CTAsm (and of
// divsteps62CT, which it is compared with), run by tools/cmd/ctcheck under
// valgrind: zeta, f and g are secret for both, and only the results are
// made public, for the comparison. The inputs come from a fixed xorshift
// sequence, with the zeta values an inversion meets and its extremes.
func TestCTDivsteps62CTAsm(t *testing.T) {
	s := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 {
		s ^= s << 13
		s ^= s >> 7
		s ^= s << 17
		return s
	}
	zetas := []int64{-1, 0, 1, -700, 700, -1 << 63, 1<<63 - 1}
	for i := range 40 {
		in := struct {
			zeta int64
			f, g uint64
		}{zetas[i%len(zetas)], next() | 1, next()}
		want := in
		ctgrind.SecretValue(&in)
		var got [4]int64
		gotZeta := divsteps62CTAsm(in.zeta, in.f, in.g, &got)
		wantZeta, wantT := divsteps62CT(in.zeta, in.f, in.g)
		ctgrind.PublicValue(&gotZeta)
		ctgrind.PublicValue(&got)
		ctgrind.PublicValue(&wantZeta)
		ctgrind.PublicValue(&wantT)
		if gotZeta != wantZeta || got != wantT {
			t.Fatalf("divsteps62CTAsm(%d, %#x, %#x) = %d, %d, want %d, %d", want.zeta, want.f, want.g, gotZeta, got, wantZeta, wantT)
		}
	}
}
