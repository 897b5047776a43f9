//go:build !linux

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "guest: this is the init of avx512emu's Linux guest; it runs only there")
	os.Exit(2)
}
