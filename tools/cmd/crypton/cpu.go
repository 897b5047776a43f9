package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"text/tabwriter"

	"github.com/crypton-go/crypton/cpufeat"

	// Packages that choose an implementation but that no other subcommand
	// links: imported here so that "crypton cpu" lists every package that
	// registers with cpufeat (TestCPUListsEveryPackage checks the list).
	_ "github.com/crypton-go/crypton/aead/aesgcmsiv"
	_ "github.com/crypton-go/crypton/aead/salsa20"
	_ "github.com/crypton-go/crypton/hash/argon2"
)

func runCPU(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("crypton cpu", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: crypton cpu\n\nPrints the CPU features crypton detected, the %s override and the\nimplementation each package selected.\n", cpufeat.EnvVar)
	}
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError(fs, "unexpected argument %q", fs.Arg(0))
	}

	fmt.Fprintf(stdout, "CPU:          %s\n", cpuModel())
	fmt.Fprintf(stdout, "Platform:     %s/%s, %d logical CPUs, %s\n", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version())
	value, off, problems := cpufeat.Override()
	if value == "" {
		fmt.Fprintf(stdout, "%s:  not set\n", cpufeat.EnvVar)
	} else {
		fmt.Fprintf(stdout, "%s:  %q", cpufeat.EnvVar, value)
		if len(off) > 0 {
			fmt.Fprintf(stdout, " turns off %s", strings.Join(off, ", "))
		}
		fmt.Fprintln(stdout)
		for _, p := range problems {
			fmt.Fprintf(stdout, "              problem: %s\n", p)
		}
	}

	fmt.Fprintln(stdout)
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "FEATURE\tDESCRIPTION\tDETECTED\tENABLED")
	feats := cpufeat.Features()
	for _, f := range feats {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", f.Name, f.Doc, yesNo(f.Detected), yesNo(f.Enabled))
	}
	tw.Flush()
	if len(feats) == 0 {
		fmt.Fprintf(stdout, "crypton has no accelerated code for %s; every package uses its generic Go implementation.\n", runtime.GOARCH)
	}

	fmt.Fprintln(stdout)
	pkgs := cpufeat.Packages()
	if len(pkgs) == 0 {
		fmt.Fprintln(stdout, "No package in this build has registered an accelerated implementation.")
		return nil
	}
	tw = tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PACKAGE\tSELECTED\tAVAILABLE\tUNAVAILABLE")
	for _, pkg := range pkgs {
		var avail, unavail []string
		for _, name := range cpufeat.List(pkg) {
			if cpufeat.Available(pkg, name) {
				avail = append(avail, name)
			} else {
				unavail = append(unavail, name)
			}
		}
		avail = append(avail, "generic")
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", pkg, cpufeat.Active(pkg), strings.Join(avail, ", "), dash(strings.Join(unavail, ", ")))
	}
	return tw.Flush()
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// cpuModel returns the processor's name: the CPUID brand string, or on Linux
// the "model name" line of /proc/cpuinfo.
func cpuModel() string {
	if b := cpufeat.CPUBrand(); b != "" {
		return b
	}
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			k, v, ok := strings.Cut(sc.Text(), ":")
			if ok && strings.TrimSpace(k) == "model name" {
				return strings.TrimSpace(v)
			}
		}
	}
	return "unknown"
}
