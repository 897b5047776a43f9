package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/pflag"
)

// sumConfig is what the options of crypton sum (or of sha256sum and friends,
// when crypton runs under their names) ask for.
type sumConfig struct {
	prog string  // prefix of messages: "crypton sum", or argv[0] as a tool
	tool string  // "" for crypton sum, or the coreutils command emulated
	alg  *sumAlg // -a

	length    uint64 // -l, in bits; 0 when absent (the full length)
	lengthArg string // the last -l as given, for messages

	check, tag, zero            bool
	status, warn, quiet, strict bool
	ignoreMissing               bool
	binary                      int // -1 unset, 0 -t, 1 -b (or --tag)

	done bool // --help or --version answered: nothing more to do
}

// sumOpt is one option in getopt_long's terms.
type sumOpt struct {
	long  string
	short string // "" or one letter
	arg   string // "" for a switch, else the argument's name in --help
	help  string // the --help text; further lines indented by 26 columns
	set   func(arg string) error
}

// sumMessage is a parse failure: lines to print after the program name on
// stderr, lines to print as they are after those, and whether to add the
// line pointing to --help. The command then exits with status 1, as
// coreutils' do.
type sumMessage struct {
	lines []string
	more  []string
	try   bool
}

func (m *sumMessage) Error() string { return strings.Join(m.lines, "; ") }

func sumFail(format string, a ...any) *sumMessage {
	return &sumMessage{lines: []string{fmt.Sprintf(format, a...)}, try: true}
}

// errSumHelp and errSumVersion stop the parsing at --help and --version,
// which getopt_long programs answer as soon as they see them.
var (
	errSumHelp    = errors.New("help requested")
	errSumVersion = errors.New("version requested")
)

// options lists the options in the order of coreutils' long option table,
// which is the order getopt_long lists the candidates of an ambiguous
// abbreviation in. sha*sum have no -l; crypton sum adds -a and -h.
func (c *sumConfig) options() []sumOpt {
	var opts []sumOpt
	if c.tool == "" || c.alg.newSize != nil {
		opts = append(opts, sumOpt{"length", "l", "BITS",
			c.lengthHelp(), c.setLength})
	}
	opts = append(opts,
		sumOpt{"check", "c", "", "read lists of checksums from the FILEs and verify\nthe files they name",
			func(string) error { c.check = true; return nil }},
		sumOpt{"ignore-missing", "", "", "skip listed files that do not exist",
			func(string) error { c.ignoreMissing = true; return nil }},
		sumOpt{"quiet", "", "", "print nothing for files that verify",
			func(string) error { c.status, c.warn, c.quiet = false, false, true; return nil }},
		sumOpt{"status", "", "", "print nothing; only the exit status tells",
			func(string) error { c.status, c.warn, c.quiet = true, false, false; return nil }},
		sumOpt{"warn", "w", "", "report each malformed line of a list",
			func(string) error { c.status, c.warn, c.quiet = false, true, false; return nil }},
		sumOpt{"strict", "", "", "exit 1 when a list has a malformed line",
			func(string) error { c.strict = true; return nil }},
		sumOpt{"tag", "", "", "print BSD-style lines: ALG (FILE) = HEX",
			func(string) error { c.tag, c.binary = true, 1; return nil }},
		sumOpt{"zero", "z", "", "end output lines with NUL instead of newline;\nnames are then printed unescaped",
			func(string) error { c.zero = true; return nil }},
	)
	if c.tool == "" {
		opts = append(opts, sumOpt{"algorithm", "a", "ALG",
			wrapWords("use ALG: "+strings.Join(sumAlgNames(), ", ")+" (default sha256)", 54), c.setAlgorithm})
	}
	opts = append(opts,
		sumOpt{"binary", "b", "", "mark each line '*', for binary mode",
			func(string) error { c.binary = 1; return nil }},
		sumOpt{"text", "t", "", "mark each line ' ', for text mode (the default)",
			func(string) error { c.binary = 0; return nil }},
	)
	help := sumOpt{"help", "", "", "print this help and exit",
		func(string) error { return errSumHelp }}
	if c.tool == "" {
		help.short = "h" // as the other crypton commands; coreutils' have no -h
	}
	opts = append(opts, help, sumOpt{"version", "", "", "print the version and exit",
		func(string) error { return errSumVersion }})
	return opts
}

func (c *sumConfig) lengthHelp() string {
	if c.tool == "" {
		return "BLAKE2b digest length in bits: a multiple of 8\nup to 512 (0 or 512 for the full length)"
	}
	return "digest length in bits: a multiple of 8 up to 512\n(0 or 512 for the full length)"
}

// setLength takes -l as b2sum does: a decimal number that may have leading
// white space and a plus sign, a multiple of 8. Its maximum is checked once
// all options are read.
func (c *sumConfig) setLength(arg string) error {
	n, err := parseSumUint(arg)
	if err != "" {
		if err == "invalid" {
			return &sumMessage{lines: []string{"invalid length: " + localeQuote(arg)}}
		}
		return &sumMessage{lines: []string{"invalid length: " + localeQuote(arg) + ": " + err}}
	}
	if n%8 != 0 {
		return &sumMessage{lines: []string{"invalid length: " + localeQuote(arg), "length is not a multiple of 8"}}
	}
	c.length, c.lengthArg = n, arg
	return nil
}

// parseSumUint parses s as strtoumax does in base 10 when nothing may
// follow the number. It returns "" on success, else "invalid" or the text
// of the range error.
func parseSumUint(s string) (uint64, string) {
	i := 0
	for i < len(s) && strings.IndexByte(" \t\n\v\f\r", s[i]) >= 0 {
		i++
	}
	if i < len(s) && s[i] == '+' {
		i++
	}
	digits := s[i:]
	if digits == "" {
		return 0, "invalid"
	}
	for j := 0; j < len(digits); j++ {
		if digits[j] < '0' || digits[j] > '9' {
			return 0, "invalid"
		}
	}
	var n uint64
	for j := 0; j < len(digits); j++ {
		d := uint64(digits[j] - '0')
		if n > (math.MaxUint64-d)/10 {
			return 0, "Value too large for defined data type"
		}
		n = n*10 + d
	}
	return n, ""
}

// setAlgorithm takes -a, with cksum's message for an unknown name.
func (c *sumConfig) setAlgorithm(arg string) error {
	if a := findSumAlg(arg); a != nil {
		c.alg = a
		return nil
	}
	m := sumFail("invalid argument %s for %s", localeQuote(arg), localeQuote("--algorithm"))
	m.more = append(m.more, "Valid arguments are:")
	for _, n := range sumAlgNames() {
		m.more = append(m.more, "  - "+localeQuote(n))
	}
	return m
}

// parse reads the options and returns the file operands. On --help and
// --version it prints the answer and sets c.done; on a bad option it prints
// what coreutils would and returns errReported.
func (c *sumConfig) parse(args []string, stdout, stderr io.Writer) ([]string, error) {
	opts := c.options()
	fs := pflag.NewFlagSet(c.prog, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.SortFlags = false
	for _, o := range opts {
		if o.arg == "" {
			fs.BoolFuncP(o.long, o.short, o.help, o.set)
		} else {
			fs.FuncP(o.long, o.short, o.help, o.set)
		}
	}
	// pflag knows neither abbreviations nor getopt's messages: the options
	// are first rewritten in full ("--name" or "--name=ARG"), up to the
	// first bad one, whose message comes after those of the options
	// before it.
	canon, bad := getoptCanon(opts, args, os.Getenv("POSIXLY_CORRECT") != "")
	err := fs.Parse(canon)
	if err == nil && bad != nil {
		err = bad
	}
	var m *sumMessage
	switch {
	case err == nil:
	case errors.Is(err, errSumHelp):
		c.printHelp(stdout, opts)
		c.done = true
		return nil, nil
	case errors.Is(err, errSumVersion):
		c.printVersion(stdout)
		c.done = true
		return nil, nil
	case errors.As(err, &m):
		c.report(stderr, m)
		return nil, errReported
	default:
		c.report(stderr, sumFail("%v", err))
		return nil, errReported
	}
	if m := c.validate(); m != nil {
		c.report(stderr, m)
		return nil, errReported
	}
	return fs.Args(), nil
}

// validate checks the options together, in coreutils' order.
func (c *sumConfig) validate() *sumMessage {
	if c.length != 0 && c.alg.newSize == nil {
		return &sumMessage{lines: []string{"--length is only supported with --algorithm=blake2b"}}
	}
	if c.length > uint64(8*c.alg.size) {
		return &sumMessage{lines: []string{
			"invalid length: " + localeQuote(c.lengthArg),
			fmt.Sprintf("maximum digest length for %s is %d bits", localeQuote(c.alg.tag), 8*c.alg.size),
		}}
	}
	switch {
	case c.tag && c.binary == 0:
		return sumFail("--tag does not support --text mode")
	case c.zero && c.check:
		return sumFail("the --zero option is not supported when verifying checksums")
	case c.tag && c.check:
		return sumFail("the --tag option is meaningless when verifying checksums")
	case c.binary >= 0 && c.check:
		return sumFail("the --binary and --text options are meaningless when verifying checksums")
	}
	for _, o := range []struct {
		set  bool
		name string
	}{
		{c.ignoreMissing, "ignore-missing"},
		{c.status, "status"},
		{c.warn, "warn"},
		{c.quiet, "quiet"},
		{c.strict, "strict"},
	} {
		if o.set && !c.check {
			return sumFail("the --%s option is meaningful only when verifying checksums", o.name)
		}
	}
	return nil
}

// report prints m on stderr.
func (c *sumConfig) report(stderr io.Writer, m *sumMessage) {
	var b strings.Builder
	for _, l := range m.lines {
		b.WriteString(c.prog + ": " + l + "\n")
	}
	for _, l := range m.more {
		b.WriteString(l + "\n")
	}
	if m.try {
		fmt.Fprintf(&b, "Try '%s --help' for more information.\n", c.prog)
	}
	io.WriteString(stderr, b.String())
}

// getoptCanon rewrites args as getopt_long would read them with opts:
// each option in full, as "--name" or "--name=ARG", operands as they are
// and, after the options, "--" and the remaining operands. Abbreviations of
// long options are expanded. Reading stops at the first bad option, for
// which it returns getopt's message; with posix (POSIXLY_CORRECT), at the
// first operand.
func getoptCanon(opts []sumOpt, args []string, posix bool) (canon []string, bad *sumMessage) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(canon, args[i:]...), nil
		case len(a) < 2 || a[0] != '-':
			if posix {
				return append(append(canon, "--"), args[i:]...), nil
			}
			canon = append(canon, a)
		case a[1] == '-':
			name, value, hasValue := strings.Cut(a[2:], "=")
			o, msg := findLongOpt(opts, name, a)
			if msg != nil {
				return canon, msg
			}
			switch {
			case o.arg == "" && hasValue:
				return canon, sumFail("option '--%s' doesn't allow an argument", o.long)
			case o.arg == "":
				canon = append(canon, "--"+o.long)
			case hasValue:
				canon = append(canon, "--"+o.long+"="+value)
			case i+1 < len(args):
				i++
				canon = append(canon, "--"+o.long+"="+args[i])
			default:
				return canon, sumFail("option '--%s' requires an argument", o.long)
			}
		default:
			for j := 1; j < len(a); j++ {
				o := findShortOpt(opts, a[j])
				if o == nil {
					return canon, sumFail("invalid option -- '%s'", a[j:j+1])
				}
				if o.arg == "" {
					canon = append(canon, "--"+o.long)
					continue
				}
				switch {
				case j+1 < len(a):
					canon = append(canon, "--"+o.long+"="+a[j+1:])
				case i+1 < len(args):
					i++
					canon = append(canon, "--"+o.long+"="+args[i])
				default:
					return canon, sumFail("option requires an argument -- '%s'", a[j:j+1])
				}
				break
			}
		}
	}
	return canon, nil
}

// findLongOpt finds the option named name or, failing that, the only one
// whose name starts with it. arg is the whole argument, for messages.
func findLongOpt(opts []sumOpt, name, arg string) (*sumOpt, *sumMessage) {
	var found []*sumOpt
	for i := range opts {
		if opts[i].long == name {
			return &opts[i], nil
		}
		if strings.HasPrefix(opts[i].long, name) {
			found = append(found, &opts[i])
		}
	}
	switch len(found) {
	case 0:
		return nil, sumFail("unrecognized option '%s'", arg)
	case 1:
		return found[0], nil
	}
	msg := fmt.Sprintf("option '%s' is ambiguous; possibilities:", arg)
	for _, o := range found {
		msg += " '--" + o.long + "'"
	}
	return nil, sumFail("%s", msg)
}

func findShortOpt(opts []sumOpt, c byte) *sumOpt {
	for i := range opts {
		if opts[i].short != "" && opts[i].short[0] == c {
			return &opts[i]
		}
	}
	return nil
}

func (c *sumConfig) printHelp(w io.Writer, opts []sumOpt) {
	var b strings.Builder
	fmt.Fprintf(&b, "Usage: %s [OPTION]... [FILE]...\n", c.prog)
	if c.tool == "" {
		b.WriteString(`Print or check checksums, SHA256 by default, with the output of coreutils'
sha256sum (sha1sum, sha224sum, sha384sum, sha512sum and b2sum for the other
algorithms). Files are hashed in parallel and printed in argument order.
`)
	} else {
		fmt.Fprintf(&b, "Print or check %s (%d-bit) checksums.\n", c.alg.tag, 8*c.alg.size)
	}
	b.WriteString("\nWith no FILE, or when FILE is -, read standard input.\n")
	for _, o := range opts {
		if o.arg != "" {
			b.WriteString("\nAn option that takes an argument needs it in its short and long forms.\n")
			break
		}
	}
	// coreutils' order: the options that print or check, those for
	// checking, then help and version.
	byName := map[string]sumOpt{}
	for _, o := range opts {
		byName[o.long] = o
	}
	section := func(width int, names ...string) {
		for _, n := range names {
			o, ok := byName[n]
			if !ok {
				continue
			}
			left := "      --" + o.long
			if o.short != "" {
				left = "  -" + o.short + ", --" + o.long
			}
			if o.arg != "" {
				left += "=" + o.arg
			}
			lines := strings.Split(o.help, "\n")
			fmt.Fprintf(&b, "%-*s%s\n", width, left, lines[0])
			for _, l := range lines[1:] {
				fmt.Fprintf(&b, "%26s%s\n", "", l)
			}
		}
	}
	section(24, "algorithm", "binary", "check", "length", "tag", "text", "zero")
	b.WriteString("\nFor checking (-c) only:\n")
	section(24, "ignore-missing", "quiet", "status", "strict", "warn")
	b.WriteString("\n")
	section(20, "help", "version")
	b.WriteString(`
Each line printed is the checksum in hex, a space, a mode mark (' ' or
'*') and the file name; a name holding a backslash, newline or carriage
return is written escaped (\\, \n, \r) on a line that starts with a
backslash. A list to check holds such lines or BSD-style (--tag) ones.
`)
	if c.tool == "" {
		b.WriteString(`
-a blake2b is b2sum's BLAKE2b-512; sha3-256, sha3-512 and blake2s have no
coreutils command and use the same formats, tagged SHA3-256, SHA3-512 and
BLAKE2s. Invoked through a link named sha1sum, sha224sum, sha256sum,
sha384sum, sha512sum or b2sum, crypton behaves as that command.
`)
	} else {
		fmt.Fprintf(&b, "\nThis is crypton's %s, also run as: crypton sum -a %s\n", c.tool, c.alg.name)
	}
	b.WriteString("\nBinary and text mode read a file the same way; only the mark differs.\n")
	io.WriteString(w, b.String())
}

// wrapWords breaks s into lines of at most width bytes at spaces.
func wrapWords(s string, width int) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(s) {
		switch {
		case i == 0:
		case n+1+len(w) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}

func (c *sumConfig) printVersion(w io.Writer) {
	name := "crypton sum"
	if c.tool != "" {
		name = c.tool
	}
	fmt.Fprintf(w, "%s (crypton tools) %s\n", name, sumVersion())
}

// sumVersion is the version of the module crypton was built from, or
// "devel" for a build from a work tree.
func sumVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		if v := info.Main.Version; v != "" && v != "(devel)" {
			return v
		}
	}
	return "devel"
}
