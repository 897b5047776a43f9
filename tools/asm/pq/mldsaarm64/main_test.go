package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDeterministic: go generate must reproduce the file byte for byte.
func TestDeterministic(t *testing.T) {
	if !bytes.Equal(generate(), generate()) {
		t.Fatal("two runs of the generator differ")
	}
}

// TestCheckedIn compares the generator's output with the file in
// pq/internal/mldsa, so that a generator changed without go generate
// fails its tests.
func TestCheckedIn(t *testing.T) {
	path := filepath.Join("..", "..", "..", "..", "pq", "internal", "mldsa", "ntt_arm64.s")
	have, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		t.Skipf("%s is not here (a standalone copy of the tools/asm module?)", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, generate()) {
		t.Fatalf("%s is out of date: run go run github.com/crypton-go/crypton/tools/asm/pq/mldsaarm64 -out ntt_arm64.s in pq/internal/mldsa", path)
	}
}

// TestFunctions checks that the file defines the five kernels with the
// argument sizes of their Go declarations.
func TestFunctions(t *testing.T) {
	text := string(generate())
	for _, f := range []string{
		"TEXT ·nttNEON(SB), NOSPLIT, $0-8\n",
		"TEXT ·inverseNTTScaledNEON(SB), NOSPLIT, $0-12\n",
		"TEXT ·mulAccNEON(SB), NOSPLIT, $0-72\n",
		"TEXT ·mulNTTNEON(SB), NOSPLIT, $0-24\n",
		"TEXT ·rejSampleNEON(SB), NOSPLIT, $0-56\n",
	} {
		if strings.Count(text, f) != 1 {
			t.Errorf("the file does not define %q once", strings.TrimSpace(f))
		}
	}
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
	word := func(tb *table, i int) int32 {
		d := tb.data[4*i:]
		return int32(uint32(d[0]) | uint32(d[1])<<8 | uint32(d[2])<<16 | uint32(d[3])<<24)
	}
	for _, tb := range []*table{g.fwdCols, g.invCols} {
		for m := range 16 {
			z, zq := word(tb, m), word(tb, 16+m)
			if uint32(z)*qInv != uint32(zq) {
				t.Errorf("%s: companion %d of %d is wrong", tb.name, zq, z)
			}
		}
	}
	for _, tb := range []*table{g.fwdBlocks, g.invBlocks} {
		for v := 0; v < len(tb.data)/16; v += 2 {
			for i := range 4 {
				z, zq := word(tb, 4*v+i), word(tb, 4*v+4+i)
				if uint32(z)*qInv != uint32(zq) {
					t.Errorf("%s: companion %d of %d is wrong", tb.name, zq, z)
				}
				if z > (q-1)/2 || z < -(q-1)/2 {
					t.Errorf("%s: factor %d is not centered", tb.name, z)
				}
			}
		}
	}
}
