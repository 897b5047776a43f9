package cpufeat

import "golang.org/x/sys/cpu"

// detect takes the arm64 features from golang.org/x/sys/cpu, which reads
// them from the kernel's hardware capability bits (HWCAP) on Linux. On
// operating systems where x/sys/cpu cannot tell, every feature stays off and
// the generic Go paths run.
func detect() {
	HasARM64ASIMD = cpu.ARM64.HasASIMD
	HasARM64AES = cpu.ARM64.HasAES
	HasARM64PMULL = cpu.ARM64.HasPMULL
	HasARM64SHA1 = cpu.ARM64.HasSHA1
	HasARM64SHA2 = cpu.ARM64.HasSHA2
	HasARM64SHA512 = cpu.ARM64.HasSHA512
	HasARM64SHA3 = cpu.ARM64.HasSHA3
}

func brand() string { return "" }

func vendor() string { return "" }
