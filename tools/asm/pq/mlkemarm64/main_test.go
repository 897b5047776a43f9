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
// pq/internal/mlkem. The go:generate directive sits in ntt_arm64.go, which
// go generate reads only for GOARCH=arm64, so this is what keeps the file
// current on other machines.
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

// TestEncoderRejects checks that operands the instructions cannot encode
// stop the generator instead of producing a wrong word.
func TestEncoderRejects(t *testing.T) {
	for name, f := range map[string]func(){
		"16-bit element in v16":  func() { encElem(opMULElem, arr8H, 0, 1, 16, 0) },
		"16-bit element index 8": func() { encElem(opMULElem, arr8H, 0, 1, 2, 8) },
		"32-bit element index 4": func() { encElem(opMLSElem, arr4S, 0, 1, 2, 4) },
		"byte elements":          func() { encElem(opMULElem, arr16B, 0, 1, 2, 0) },
		"sqrdmulh on bytes":      func() { encSame(opSQRDMULH, arr16B, 0, 1, 2) },
		"mul on doublewords":     func() { encSame(opMUL, arr2D, 0, 1, 2) },
		"smull from doublewords": func() { encLong(opSMULL, arr2D, 0, 1, 2) },
		"shift by 0":             func() { encShift(opSSHR, arr8H, 0, 1, 0) },
		"shift by 17":            func() { encShift(opSSHR, arr8H, 0, 1, 17) },
		"register 32":            func() { encSame(opMUL, arr8H, 32, 1, 2) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}
