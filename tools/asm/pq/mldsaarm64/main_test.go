package main

import (
	"testing"

	"github.com/crypton-go/crypton/tools/asm/internal/neon"
	"github.com/crypton-go/crypton/tools/asm/internal/neon/neontest"
)

func TestDeterministic(t *testing.T) { neontest.Deterministic(t, generate) }

// TestCheckedIn compares the generator's output with the file in
// pq/internal/mldsa.
func TestCheckedIn(t *testing.T) {
	neontest.CheckedIn(t, generate, "pq/internal/mldsa", "ntt_arm64.s",
		"github.com/crypton-go/crypton/tools/asm/pq/mldsaarm64 -out ntt_arm64.s")
}

// TestFunctions checks that the file defines the five kernels with the
// argument sizes of their Go declarations.
func TestFunctions(t *testing.T) {
	neontest.NoReservedRegisters(t, generate())
	neontest.Functions(t, generate(),
		neontest.Func{Name: "nttNEON", ArgSize: 8},
		neontest.Func{Name: "inverseNTTScaledNEON", ArgSize: 12},
		neontest.Func{Name: "mulAccNEON", ArgSize: 72},
		neontest.Func{Name: "mulNTTNEON", ArgSize: 24},
		neontest.Func{Name: "rejSampleNEON", ArgSize: 56},
	)
}

// TestTables checks the factor tables against their definitions: the
// twiddle factors against FIPS 204, Appendix B (ζ^BitRev₈(m)·2³² mod q),
// and every companion against its factor.
func TestTables(t *testing.T) {
	want := map[int]uint64{1: 4808194, 2: 3765607, 15: 7159240, 255: 7648983}
	for m, w := range want {
		if got := uint64(int64(zetasMont[m])+q) % q; got != w<<32%q {
			t.Errorf("zetasMont[%d] = %d, want %d·2³² mod q", m, zetasMont[m], w)
		}
	}
	g := newGenerator()
	word := func(tb *neon.Table, i int) int32 {
		d := tb.Data[4*i:]
		return int32(uint32(d[0]) | uint32(d[1])<<8 | uint32(d[2])<<16 | uint32(d[3])<<24)
	}
	for _, tb := range []*neon.Table{g.fwdCols, g.invCols} {
		for m := range 16 {
			z, zq := word(tb, m), word(tb, 16+m)
			if uint32(z)*qInv != uint32(zq) {
				t.Errorf("%s: companion %d of %d is wrong", tb.Name, zq, z)
			}
		}
	}
	for _, tb := range []*neon.Table{g.fwdBlocks, g.invBlocks} {
		for v := 0; v < len(tb.Data)/16; v += 2 {
			for i := range 4 {
				z, zq := word(tb, 4*v+i), word(tb, 4*v+4+i)
				if uint32(z)*qInv != uint32(zq) {
					t.Errorf("%s: companion %d of %d is wrong", tb.Name, zq, z)
				}
				if z > (q-1)/2 || z < -(q-1)/2 {
					t.Errorf("%s: factor %d is not centered", tb.Name, z)
				}
			}
		}
	}
}
