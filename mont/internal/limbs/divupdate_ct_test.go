//go:build ctgrind && amd64 && gc && !purego

package limbs

import (
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTUpdateDEFG is the constant-time case of the matrix updates in
// assembly (divupdate_amd64.s), and of the Go updates they mirror, run by
// tools/cmd/ctcheck under valgrind: the matrix and d, e, f, g of a real
// inversion batch are secret, the modulus and minv public; the results are
// marked public only for the comparison.
func TestCTUpdateDEFG(t *testing.T) {
	for _, fl := range []divupdateField{newDivupdateField("p256", f4), newDivupdateField("p384", f6), newDivupdateField("p521", newP521())} {
		st, mt := fl.batchState(rand.New(rand.NewPCG(25, uint64(fl.n))), 3)
		m := fl.m
		gs, as := st, st
		gt, at := mt, mt
		for i := range 4 {
			ctgrind.SecretValue(&gs[i])
			ctgrind.SecretValue(&as[i])
		}
		ctgrind.SecretValue(&gt)
		ctgrind.SecretValue(&at)
		updateDEFGGo(fl.n, &gs[0], &gs[1], &gs[2], &gs[3], &gt, &m, fl.minv)
		updateDEFGAsm(fl.n, &as[0], &as[1], &as[2], &as[3], &at, &m, fl.minv)
		ctgrind.PublicValue(&gs)
		ctgrind.PublicValue(&as)
		if gs != as {
			t.Errorf("%s: updateDEFG%d = %x, want %x", fl.name, fl.n, as, gs)
		}
	}
}
