package ecdh

import (
	"bytes"
	"encoding/hex"
	"os"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// TestRFC7748Iterated runs the iterated test of RFC 7748, Section 5.2: k and
// u start as the base point 9, and each iteration sets k, u = X25519(k, u),
// k. It checks the results after 1 and 1,000 iterations, and after
// 1,000,000 iterations (about a minute per implementation) only when the
// environment variable CRYPTON_LONG_TESTS is 1. It calls the X25519
// function directly, without computing a public key for every new scalar.
func TestRFC7748Iterated(t *testing.T) {
	want := map[int]string{
		1:       "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
		1000:    "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51",
		1000000: "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424",
	}
	long := os.Getenv("CRYPTON_LONG_TESTS") == "1"
	cputest.TestAllImplementations(t, "gf25519", func(t *testing.T) {
		last := longIterations(t, "gf25519", long)
		k := make([]byte, 32)
		k[0] = 9
		u := bytes.Clone(k)
		for i := 1; i <= last; i++ {
			out := make([]byte, 32)
			x25519Scalar(out, k, (*[32]byte)(u))
			k, u = out, k
			if w, ok := want[i]; ok {
				if got := hex.EncodeToString(k); got != w {
					t.Fatalf("after %d iterations: %s, want %s", i, got, w)
				}
			}
		}
	})
}

// longIterations returns how many iterations an iterated RFC 7748 test runs
// in the subtest t of cputest.TestAllImplementations: 1,000, or 1,000,000
// when long is set, except on the generic implementation where an assembly
// one exists: the generic code has met the assembly's results at 1 and 1,000
// iterations, and its million would double the long run for no new
// coverage.
func longIterations(t *testing.T, pkg string, long bool) int {
	if !long {
		return 1000
	}
	if strings.HasSuffix(t.Name(), "/generic") {
		for _, name := range cpufeat.List(pkg) {
			if cpufeat.Available(pkg, name) {
				return 1000
			}
		}
	}
	return 1000000
}
