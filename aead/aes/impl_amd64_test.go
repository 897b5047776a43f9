//go:build gc && !purego

package aes

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations states, independently of the package's own
// conditions, which implementations a CPU with these features must have.
var wantImplementations = cputest.Requirements{
	"AES-NI":   {"aesni"},
	"VAES":     {"vaes", "avx2"},
	"VAES-512": {"vaes512", "avx512bw", "avx2"},
}
