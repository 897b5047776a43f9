// Command crypton shows what crypton does on this machine.
//
// Usage:
//
//	crypton cpu
//	crypton speed [-algs LIST] [-seconds S] [-op-seconds S] [-rounds N] [-format table|markdown|json|csv] [-svg FILE]
//	crypton sum [-a sha256|sha512|sha1|sha224|sha384|sha3-256|sha3-512|blake2b|blake2s] [-l BITS] [-bctwz] [--tag] [--quiet|--status] [--strict] [--ignore-missing] [FILE...]
//
// The cpu subcommand prints the processor, the CPU features crypton
// detected, the CRYPTON_CPU override in force, and for each package with
// accelerated code which implementation it selected.
//
// The speed subcommand measures crypton, Go's standard library and (when the
// openssl command is on PATH) OpenSSL side by side: hashes in MB/s over 16 KiB
// messages, and RSA signing and verification and FFDH key agreement in
// microseconds per operation. It alternates them for several rounds and
// reports the median of each figure with the spread of its rounds (marking
// spreads above 10 %), with ratios oriented so that above 1 means crypton
// is ahead.
//
// The sum subcommand prints or checks checksums with the options, output and
// exit status of coreutils' sha256sum and friends, hashing files in
// parallel. Run through a link named sha1sum, sha224sum, sha256sum,
// sha384sum, sha512sum or b2sum, crypton acts as that command.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

var commands = []command{
	{"cpu", "print CPU features and the implementation each package selects", runCPU},
	{"speed", "measure crypton beside Go's standard library and OpenSSL", runSpeed},
	{"sum", "print or check SHA checksums, like coreutils' sha256sum", runSum},
}

// errUsage reports a usage error whose message has already been printed.
var errUsage = fmt.Errorf("usage error")

// parseFlags parses a subcommand's arguments. -h or --help prints the
// command's usage (fs.Usage, which writes to fs.Output()) to stdout and
// returns flag.ErrHelp. A bad flag prints one line naming the problem and a
// hint to use -h to stderr, and returns errUsage.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	switch {
	case err == nil:
		fs.SetOutput(stderr)
		return nil
	case err == flag.ErrHelp:
		fs.SetOutput(stdout)
		fs.Usage()
		return err
	default:
		fs.SetOutput(stderr)
		return usageError(fs, "%v", err)
	}
}

// usageError prints "<command>: <message>" and a line pointing to the
// command's -h to the flag set's output, and returns errUsage.
func usageError(fs *flag.FlagSet, format string, a ...any) error {
	fmt.Fprintf(fs.Output(), fs.Name()+": "+format+"\n", a...)
	fmt.Fprintf(fs.Output(), "Run '%s -h' for usage.\n", fs.Name())
	return errUsage
}

// errReported reports a failure whose messages have already been printed:
// exit status 1 with nothing more said.
var errReported = fmt.Errorf("failure reported")

func usage(w io.Writer) {
	fmt.Fprintf(w, "usage: crypton <command> [arguments]\n\ncommands:\n")
	names := make([]string, 0, len(commands))
	for _, c := range commands {
		names = append(names, fmt.Sprintf("  %-8s %s", c.name, c.summary))
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintln(w, n)
	}
	fmt.Fprintf(w, "\nRun 'crypton <command> -h' for a command's flags.\n")
}

// run executes the command line args (without the program name) and returns
// the process exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(stdout)
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] {
			err := c.run(args[1:], stdout, stderr)
			switch {
			case err == nil:
				return 0
			case err == flag.ErrHelp:
				return 0
			case err == errUsage:
				return 2
			case err == errReported:
				return 1
			default:
				fmt.Fprintf(stderr, "crypton %s: %v\n", c.name, err)
				return 1
			}
		}
	}
	fmt.Fprintf(stderr, "crypton: unknown command %q\nRun 'crypton help' for the list of commands.\n", args[0])
	return 2
}

// commandArgs returns the arguments to run for the command line argv: its
// arguments, or, when the binary was run through a link named like a
// coreutils checksum command (sha256sum, b2sum, ...), that command's
// equivalent "sum -a ALG ...".
func commandArgs(argv []string) []string {
	args := argv[1:]
	if alg, ok := sumToolAlias(argv[0]); ok {
		args = append([]string{"sum", "-a", alg}, args...)
	}
	return args
}

func main() {
	os.Exit(run(commandArgs(os.Args), os.Stdout, os.Stderr))
}
