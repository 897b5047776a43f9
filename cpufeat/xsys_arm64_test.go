package cpufeat

import (
	"testing"

	"golang.org/x/sys/cpu"
)

func TestAgreesWithXSys(t *testing.T) {
	for name, xsys := range map[string]bool{
		"aes": cpu.ARM64.HasAES, "pmull": cpu.ARM64.HasPMULL, "sha1": cpu.ARM64.HasSHA1,
		"sha2": cpu.ARM64.HasSHA2, "sha512": cpu.ARM64.HasSHA512, "sha3": cpu.ARM64.HasSHA3,
	} {
		if f := lookup(name); f.detected != xsys {
			t.Errorf("%s: cpufeat detected %v, x/sys/cpu says %v", name, f.detected, xsys)
		}
	}
}
