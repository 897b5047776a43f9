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
// pq/internal/mlkem, so that a generator changed without go generate
// fails its tests.
func TestCheckedIn(t *testing.T) {
	path := filepath.Join("..", "..", "..", "..", "pq", "internal", "mlkem", "ntt_arm64.s")
	have, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		t.Skipf("%s is not here (a standalone copy of the tools/asm module?)", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, generate()) {
		t.Fatalf("%s is out of date: run go run github.com/crypton-go/crypton/tools/asm/pq/mlkemarm64 -out ntt_arm64.s in pq/internal/mlkem", path)
	}
}

// TestFunctions checks that the file defines the four kernels with the
// argument sizes of their Go declarations.
func TestFunctions(t *testing.T) {
	text := string(generate())
	for _, f := range []string{
		"TEXT ·nttNEON(SB), NOSPLIT, $0-8\n",
		"TEXT ·inverseNTTNEON(SB), NOSPLIT, $0-8\n",
		"TEXT ·dotNTTNEON(SB), NOSPLIT, $0-40\n",
		"TEXT ·rejSampleNEON(SB), NOSPLIT, $0-56\n",
	} {
		if strings.Count(text, f) != 1 {
			t.Errorf("the file does not define %q once", strings.TrimSpace(f))
		}
	}
}
