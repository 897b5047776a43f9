package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"hash"
	"io"
	"os"
	"runtime"
	"strings"
	"syscall"
	"time"
	"unicode"

	"github.com/crypton-go/crypton/hash/blake2b"
	"github.com/crypton-go/crypton/hash/blake2s"
	"github.com/crypton-go/crypton/hash/sha1"
	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/hash/sha3"
	"github.com/crypton-go/crypton/hash/sha512"
)

// sumStdin is what "crypton sum" reads for "-"; tests replace it.
var sumStdin io.Reader = os.Stdin

// sumAlg is one algorithm "crypton sum -a" accepts.
type sumAlg struct {
	name string // -a value, e.g. "sha256"
	tag  string // coreutils' DIGEST_TYPE_STRING, e.g. "SHA256"
	size int    // digest length in bytes
	new  func() hash.Hash
	tool string // the coreutils command with the same output, if any
}

var sumAlgs = []sumAlg{
	{"sha1", "SHA1", sha1.Size, sha1.New, "sha1sum"},
	{"sha224", "SHA224", sha256.Size224, sha256.New224, "sha224sum"},
	{"sha256", "SHA256", sha256.Size, sha256.New, "sha256sum"},
	{"sha384", "SHA384", sha512.Size384, sha512.New384, "sha384sum"},
	{"sha512", "SHA512", sha512.Size, sha512.New, "sha512sum"},
	{"sha3-256", "SHA3-256", 32, func() hash.Hash { return sha3.New256() }, ""},
	{"sha3-512", "SHA3-512", 64, func() hash.Hash { return sha3.New512() }, ""},
	// b2sum's default: BLAKE2b-512, tagged "BLAKE2b".
	{"blake2b", "BLAKE2b", blake2b.Size, func() hash.Hash { h, _ := blake2b.New512(nil); return h }, "b2sum"},
	{"blake2s", "BLAKE2s", blake2s.Size, func() hash.Hash { h, _ := blake2s.New256(nil); return h }, ""},
}

func sumAlgNames() []string {
	var names []string
	for _, a := range sumAlgs {
		names = append(names, a.name)
	}
	return names
}

func runSum(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("crypton sum", flag.ContinueOnError)
	algName := fs.String("a", "sha256", "`algorithm`: "+strings.Join(sumAlgNames(), ", "))
	check := fs.Bool("c", false, "read checksum lists from the FILEs and check them")
	tag := fs.Bool("tag", false, "print BSD-style checksums: ALG (name) = hex")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: crypton sum [-a %s] [-c] [--tag] [FILE...]\n\n", strings.Join(sumAlgNames(), "|"))
		fmt.Fprintf(fs.Output(), "Prints or checks checksums like coreutils' sha256sum and friends, with the\nsame output. With no FILE, or when FILE is -, reads standard input. Files are\nhashed in parallel and printed in argument order. -a blake2b is b2sum's\nBLAKE2b-512; sha3-256, sha3-512 and blake2s have no coreutils counterpart\nand use the same formats.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	var alg *sumAlg
	for i := range sumAlgs {
		if normAlg(*algName) == normAlg(sumAlgs[i].name) {
			alg = &sumAlgs[i]
		}
	}
	if alg == nil {
		return usageError(fs, "unknown algorithm %q; known: %s", *algName, strings.Join(sumAlgNames(), ", "))
	}
	if *check && *tag {
		return usageError(fs, "the --tag option is meaningless when verifying checksums")
	}
	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	s := &summer{alg: alg, stdout: bufio.NewWriter(stdout), stderr: stderr}
	defer s.stdout.Flush()
	ok := true
	if *check {
		for _, f := range files {
			if !s.checkList(f) {
				ok = false
			}
		}
	} else {
		if isTerminal(stderr) {
			if total := totalSize(files); total >= sumProgressMin {
				s.progress = startSumProgress(stderr, total, 200*time.Millisecond)
			}
		}
		ok = s.printSums(files, *tag)
	}
	if err := s.stdout.Flush(); err != nil {
		return err
	}
	if !ok {
		return errReported
	}
	return nil
}

type summer struct {
	alg    *sumAlg
	stdout *bufio.Writer
	stderr io.Writer

	// progress, when not nil, is the progress line on stderr (a terminal):
	// files count towards it as they are read, and every message to stderr
	// or stdout first clears it.
	progress *sumProgress
}

// warn prints a coreutils-style diagnostic on stderr, after what is already
// on stdout.
func (s *summer) warn(format string, a ...any) {
	s.stdout.Flush()
	s.printing(func() { fmt.Fprintf(s.stderr, "crypton sum: "+format+"\n", a...) })
}

// printing runs f, which prints, with the progress line (if any) cleared.
func (s *summer) printing(f func()) {
	if s.progress == nil {
		f()
		return
	}
	s.progress.clearWhile(f)
}

type sumResult struct {
	sum []byte
	err error
}

// hashFiles hashes names across runtime.NumCPU() workers and returns one
// channel per name, in order, each delivering that file's result. "-" is
// standard input, read only when its result is collected (so in order and
// never concurrently).
func (s *summer) hashFiles(names []string) []func() sumResult {
	out := make([]func() sumResult, len(names))
	type job struct {
		name string
		ch   chan sumResult
	}
	jobs := make(chan job, len(names))
	for i, name := range names {
		if name == "-" {
			out[i] = func() sumResult { return s.hashReader(sumStdin) }
			continue
		}
		ch := make(chan sumResult, 1)
		jobs <- job{name, ch}
		out[i] = func() sumResult { return <-ch }
	}
	close(jobs)
	workers := min(runtime.NumCPU(), len(jobs))
	for range workers {
		go func() {
			for j := range jobs {
				j.ch <- s.hashFile(j.name)
			}
		}()
	}
	return out
}

func (s *summer) hashFile(name string) sumResult {
	f, err := os.Open(name)
	if err != nil {
		return sumResult{err: err}
	}
	defer f.Close()
	return s.hashReader(f)
}

func (s *summer) hashReader(r io.Reader) sumResult {
	h := s.alg.new()
	if s.progress != nil {
		r = s.progress.reader(r)
	}
	buf := make([]byte, 64<<10)
	if _, err := io.CopyBuffer(h, struct{ io.Reader }{r}, buf); err != nil {
		return sumResult{err: err}
	}
	return sumResult{sum: h.Sum(nil)}
}

// printSums prints one line per file in coreutils' format and reports
// whether every file was read.
func (s *summer) printSums(files []string, tag bool) bool {
	if s.progress != nil {
		defer s.progress.stop()
	}
	ok := true
	for i, get := range s.hashFiles(files) {
		name := files[i]
		r := get()
		if r.err != nil {
			s.warn("%s: %s", quoteName(name), errText(r.err))
			ok = false
			continue
		}
		s.printing(func() {
			s.printSum(name, r.sum, tag)
			if s.progress != nil {
				// The line must reach the terminal before the
				// progress line is drawn again.
				s.stdout.Flush()
			}
		})
	}
	return ok
}

// printSum prints one checksum line in coreutils' format.
func (s *summer) printSum(name string, sum []byte, tag bool) {
	if strings.ContainsAny(name, "\\\n\r") {
		s.stdout.WriteByte('\\')
		name = escapeName(name)
	}
	if tag {
		fmt.Fprintf(s.stdout, "%s (%s) = %x\n", s.alg.tag, name, sum)
	} else {
		fmt.Fprintf(s.stdout, "%x  %s\n", sum, name)
	}
}

// checkLine is one properly formatted line of a checksum list.
type checkLine struct {
	name string
	sum  []byte
}

// checkList checks the checksum list in file listName (- for standard
// input), printing coreutils' results and warnings, and reports whether
// every listed file matched.
func (s *summer) checkList(listName string) bool {
	display := listName
	var data []byte
	var err error
	if listName == "-" {
		display = "standard input"
		data, err = io.ReadAll(sumStdin)
	} else {
		data, err = os.ReadFile(listName)
	}
	if err != nil {
		s.warn("%s: %s", quoteName(listName), errText(err))
		return false
	}

	var lines []checkLine
	misformatted := 0
	bsdReversed := -1 // coreutils: -1 unknown, 0 GNU "hex  name", 1 "hex name"
	text := string(data)
	text = strings.TrimSuffix(text, "\n")
	if len(data) > 0 {
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, "#") {
				continue
			}
			l, ok := s.parseCheckLine(line, &bsdReversed)
			if !ok || (listName == "-" && l.name == "-") {
				misformatted++
				continue
			}
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		s.warn("%s: no properly formatted checksum lines found", quoteName(display))
		return false
	}

	names := make([]string, len(lines))
	for i, l := range lines {
		names[i] = l.name
	}
	mismatched, unreadable := 0, 0
	for i, get := range s.hashFiles(names) {
		l := lines[i]
		r := get()
		name := l.name
		if strings.Contains(name, "\n") {
			s.stdout.WriteByte('\\')
			name = escapeName(name)
		}
		switch {
		case r.err != nil:
			s.warn("%s: %s", quoteName(l.name), errText(r.err))
			fmt.Fprintf(s.stdout, "%s: FAILED open or read\n", name)
			unreadable++
		case !bytes.Equal(r.sum, l.sum):
			fmt.Fprintf(s.stdout, "%s: FAILED\n", name)
			mismatched++
		default:
			fmt.Fprintf(s.stdout, "%s: OK\n", name)
		}
	}
	if misformatted > 0 {
		s.warn("WARNING: %d %s improperly formatted", misformatted, plural(misformatted, "line is", "lines are"))
	}
	if unreadable > 0 {
		s.warn("WARNING: %d %s could not be read", unreadable, plural(unreadable, "listed file", "listed files"))
	}
	if mismatched > 0 {
		s.warn("WARNING: %d %s did NOT match", mismatched, plural(mismatched, "computed checksum", "computed checksums"))
	}
	return mismatched == 0 && unreadable == 0
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// parseCheckLine parses a line in GNU ("hex  name", "hex *name"), BSD
// ("ALG (name) = hex") or reversed BSD ("hex name") format, following
// coreutils' split_3. *bsdReversed keeps a list from mixing GNU and reversed
// BSD lines, as coreutils does.
func (s *summer) parseCheckLine(line string, bsdReversed *int) (checkLine, bool) {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	escaped := false
	if i < len(line) && line[i] == '\\' {
		i++
		escaped = true
	}
	rest := line[i:]
	if after, ok := strings.CutPrefix(rest, s.alg.tag); ok {
		after = strings.TrimPrefix(after, " ")
		if !strings.HasPrefix(after, "(") {
			return checkLine{}, false
		}
		after = after[1:]
		end := strings.LastIndexByte(after, ')')
		if end < 0 {
			return checkLine{}, false
		}
		name := after[:end]
		digest := strings.TrimLeft(after[end+1:], " \t")
		if !strings.HasPrefix(digest, "=") {
			return checkLine{}, false
		}
		digest = strings.TrimLeft(digest[1:], " \t")
		return s.finishCheckLine(name, digest, escaped)
	}

	hexLen := 2 * s.alg.size
	if len(rest) < hexLen+2 {
		return checkLine{}, false
	}
	digest := rest[:hexLen]
	if c := rest[hexLen]; c != ' ' && c != '\t' {
		return checkLine{}, false
	}
	rest = rest[hexLen+1:]
	if len(rest) == 1 || (rest[0] != ' ' && rest[0] != '*') {
		if *bsdReversed == 0 {
			return checkLine{}, false
		}
		*bsdReversed = 1
	} else if *bsdReversed != 1 {
		*bsdReversed = 0
		rest = rest[1:]
	}
	return s.finishCheckLine(rest, digest, escaped)
}

func (s *summer) finishCheckLine(name, digest string, escaped bool) (checkLine, bool) {
	if len(digest) != 2*s.alg.size {
		return checkLine{}, false
	}
	sum, err := hex.DecodeString(digest)
	if err != nil {
		return checkLine{}, false
	}
	if escaped {
		var ok bool
		if name, ok = unescapeName(name); !ok {
			return checkLine{}, false
		}
	}
	if name == "" {
		return checkLine{}, false
	}
	return checkLine{name: name, sum: sum}, true
}

// escapeName escapes a file name as coreutils does on a line that starts
// with a backslash.
func escapeName(name string) string {
	return strings.NewReplacer(`\`, `\\`, "\n", `\n`, "\r", `\r`).Replace(name)
}

// unescapeName undoes escapeName; it reports false for any other escape.
func unescapeName(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		i++
		if i == len(s) {
			return "", false
		}
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		default:
			return "", false
		}
	}
	return b.String(), true
}

// quoteName quotes a file name for a diagnostic roughly as coreutils' quotef
// does: names of only safe characters bare, others in shell quotes.
func quoteName(name string) string {
	safe := name != ""
	for _, r := range name {
		if !(r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("%+,-./:=@^_", r))) && !(r >= unicode.MaxASCII && unicode.IsPrint(r)) {
			safe = false
			break
		}
	}
	if safe {
		return name
	}
	if !strings.ContainsAny(name, "'\n\r\t") {
		return "'" + name + "'"
	}
	return "'" + strings.NewReplacer("'", `'\''`, "\n", `'$'\n''`, "\r", `'$'\r''`, "\t", `'$'\t''`).Replace(name) + "'"
}

// errText is the C library's message for err: "No such file or directory".
func errText(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		msg := errno.Error()
		if msg != "" {
			return strings.ToUpper(msg[:1]) + msg[1:]
		}
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return err.Error()
}
