//go:build !(amd64 && gc) && !arm64

package cpufeat

// detect leaves every feature off: crypton has accelerated code only for
// amd64 (built with the gc toolchain) and arm64.
func detect() {}

func brand() string { return "" }

func vendor() string { return "" }
