package main

import (
	"bufio"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/crypton-go/crypton/hash/blake2b"
	"github.com/crypton-go/crypton/hash/blake2s"
	"github.com/crypton-go/crypton/hash/sha1"
	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/hash/sha3"
	"github.com/crypton-go/crypton/hash/sha512"
)

// sumStdin is what "crypton sum" reads for "-"; tests replace it.
var sumStdin io.Reader = os.Stdin

// sumArgv0 is the name the program was invoked under; tests replace it. See
// sumToolAlias.
var sumArgv0 = func() string {
	if len(os.Args) > 0 {
		return os.Args[0]
	}
	return ""
}()

// sumAlg is one algorithm "crypton sum -a" accepts.
type sumAlg struct {
	name string // -a value, e.g. "sha256"
	tag  string // coreutils' DIGEST_TYPE_STRING, e.g. "SHA256"
	size int    // digest length in bytes
	new  func() hash.Hash
	tool string // the coreutils command with the same output, if any

	// newSize, when not nil, makes a hash with a shorter digest: the
	// algorithm takes -l BITS, and check lists give each line's length as
	// b2sum's do ("BLAKE2b-256 (name) = ...", or the number of hex digits).
	newSize func(size int) hash.Hash
}

var sumAlgs = []sumAlg{
	{"sha1", "SHA1", sha1.Size, sha1.New, "sha1sum", nil},
	{"sha224", "SHA224", sha256.Size224, sha256.New224, "sha224sum", nil},
	{"sha256", "SHA256", sha256.Size, sha256.New, "sha256sum", nil},
	{"sha384", "SHA384", sha512.Size384, sha512.New384, "sha384sum", nil},
	{"sha512", "SHA512", sha512.Size, sha512.New, "sha512sum", nil},
	{"sha3-256", "SHA3-256", 32, func() hash.Hash { return sha3.New256() }, "", nil},
	{"sha3-512", "SHA3-512", 64, func() hash.Hash { return sha3.New512() }, "", nil},
	// b2sum's default: BLAKE2b-512, tagged "BLAKE2b".
	{"blake2b", "BLAKE2b", blake2b.Size, func() hash.Hash { h, _ := blake2b.New512(nil); return h }, "b2sum",
		func(size int) hash.Hash { h, _ := blake2b.New(size, nil); return h }},
	{"blake2s", "BLAKE2s", blake2s.Size, func() hash.Hash { h, _ := blake2s.New256(nil); return h }, "", nil},
}

func sumAlgNames() []string {
	var names []string
	for _, a := range sumAlgs {
		names = append(names, a.name)
	}
	return names
}

func findSumAlg(name string) *sumAlg {
	for i := range sumAlgs {
		if normAlg(name) == normAlg(sumAlgs[i].name) {
			return &sumAlgs[i]
		}
	}
	return nil
}

// sumToolAlias reports whether argv0, the name the crypton binary was
// invoked under, is that of a coreutils checksum command (sha1sum,
// sha224sum, sha256sum, sha384sum, sha512sum or b2sum, possibly as a path
// to a symbolic link), and if so which -a algorithm crypton sum uses in its
// place. main runs such an invocation as "crypton sum -a ALG ARGS...";
// crypton sum then behaves as that command: its options only, and its
// messages prefixed with argv0 as coreutils' are.
func sumToolAlias(argv0 string) (alg string, ok bool) {
	base := filepath.Base(argv0)
	if runtime.GOOS == "windows" && strings.EqualFold(filepath.Ext(base), ".exe") {
		base = base[:len(base)-len(".exe")]
	}
	for _, a := range sumAlgs {
		if a.tool != "" && a.tool == base {
			return a.name, true
		}
	}
	return "", false
}

func runSum(args []string, stdout, stderr io.Writer) error {
	c := &sumConfig{prog: "crypton sum", alg: findSumAlg("sha256"), binary: -1}
	if alg, ok := sumToolAlias(sumArgv0); ok && len(args) >= 2 && args[0] == "-a" && args[1] == alg {
		// Invoked as sha256sum and so on: main put "-a ALG" first.
		c.prog = sumArgv0
		c.alg = findSumAlg(alg)
		c.tool = c.alg.tool
		args = args[2:]
	}
	files, err := c.parse(args, stdout, stderr)
	if err != nil || c.done {
		return err
	}
	if len(files) == 0 {
		files = []string{"-"}
	}

	s := &summer{
		alg:           c.alg,
		prog:          c.prog,
		stdout:        bufio.NewWriter(stdout),
		stderr:        stderr,
		binary:        c.binary == 1,
		zero:          c.zero,
		status:        c.status,
		warnLines:     c.warn,
		quiet:         c.quiet,
		strict:        c.strict,
		ignoreMissing: c.ignoreMissing,
		bsdReversed:   -1,
	}
	if c.length != 0 {
		s.size = int(c.length / 8)
	}
	ok := true
	if c.check {
		for _, f := range files {
			if !s.checkList(f) {
				ok = false
			}
		}
	} else {
		if isTerminal(stderr) {
			if total := totalSize(files); total >= sumProgressMin {
				s.progress = startSumProgressAs(stderr, s.progName(), total, 200*time.Millisecond)
			}
		}
		ok = s.printSums(files, c.tag)
	}
	if err := s.stdout.Flush(); err != nil {
		fmt.Fprintf(stderr, "%s: write error: %s\n", s.progName(), errText(err))
		return errReported
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

	prog string // prefix of messages; "" is "crypton sum"
	size int    // digest length when printing, 0 for alg.size (-l)

	binary bool // print '*' before names (-b)
	zero   bool // end lines with NUL and do not escape names (-z)

	// Check mode (-c).
	status        bool // print nothing on stdout, nor the summary warnings
	warnLines     bool // warn about each improperly formatted line
	quiet         bool // do not print "name: OK"
	strict        bool // fail on improperly formatted lines
	ignoreMissing bool // skip the listed files that do not exist

	// bsdReversed is coreutils' memory of the list format, across all the
	// lists checked: -1 unknown, 0 GNU ("hex  name"), 1 reversed BSD
	// ("hex name"). Once one is seen, lines of the other are misformatted.
	bsdReversed int

	// progress, when not nil, is the progress line on stderr (a terminal):
	// files count towards it as they are read, and every message to stderr
	// or stdout first clears it.
	progress *sumProgress
}

func (s *summer) progName() string {
	if s.prog == "" {
		return "crypton sum"
	}
	return s.prog
}

// digestSize is the length of the digests printed.
func (s *summer) digestSize() int {
	if s.size != 0 {
		return s.size
	}
	return s.alg.size
}

func (s *summer) newHash(size int) hash.Hash {
	if size == s.alg.size || s.alg.newSize == nil {
		return s.alg.new()
	}
	return s.alg.newSize(size)
}

// warn prints a coreutils-style diagnostic on stderr, after what is already
// on stdout.
func (s *summer) warn(format string, a ...any) {
	s.stdout.Flush()
	s.printing(func() { fmt.Fprintf(s.stderr, s.progName()+": "+format+"\n", a...) })
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

// sumJob is a file to hash and the digest length wanted.
type sumJob struct {
	name string
	size int
}

// hashFiles hashes names with the printed digest length; see hashJobs.
func (s *summer) hashFiles(names []string) []func() sumResult {
	jobs := make([]sumJob, len(names))
	for i, n := range names {
		jobs[i] = sumJob{n, s.digestSize()}
	}
	return s.hashJobs(jobs)
}

// hashJobs hashes the files across runtime.NumCPU() workers and returns one
// function per job, in order, each waiting for and returning that file's
// result. "-" is standard input, read only when its result is collected (so
// in order and never concurrently).
func (s *summer) hashJobs(jobs []sumJob) []func() sumResult {
	out := make([]func() sumResult, len(jobs))
	type work struct {
		sumJob
		ch chan sumResult
	}
	queue := make(chan work, len(jobs))
	for i, j := range jobs {
		if j.name == "-" {
			out[i] = func() sumResult { return s.hashReader(sumStdin, j.size) }
			continue
		}
		ch := make(chan sumResult, 1)
		queue <- work{j, ch}
		out[i] = func() sumResult { return <-ch }
	}
	close(queue)
	workers := min(runtime.NumCPU(), len(queue))
	for range workers {
		go func() {
			for w := range queue {
				w.ch <- s.hashFile(w.name, w.size)
			}
		}()
	}
	return out
}

func (s *summer) hashFile(name string, size int) sumResult {
	f, err := os.Open(name)
	if err != nil {
		return sumResult{err: err}
	}
	defer f.Close()
	return s.hashReader(f, size)
}

func (s *summer) hashReader(r io.Reader, size int) sumResult {
	h := s.newHash(size)
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

// printSum prints one checksum line in coreutils' format: "hex  name",
// "hex *name" with -b, or "TAG (name) = hex" with --tag. Unless the line
// ends with NUL (-z), a name with a backslash, newline or carriage return
// is escaped and the line starts with a backslash.
func (s *summer) printSum(name string, sum []byte, tag bool) {
	if !s.zero && strings.ContainsAny(name, "\\\n\r") {
		s.stdout.WriteByte('\\')
		name = escapeName(name)
	}
	if tag {
		fmt.Fprintf(s.stdout, "%s (%s) = %x", s.tagName(), name, sum)
	} else {
		mode := byte(' ')
		if s.binary {
			mode = '*'
		}
		fmt.Fprintf(s.stdout, "%x %c%s", sum, mode, name)
	}
	if s.zero {
		s.stdout.WriteByte(0)
	} else {
		s.stdout.WriteByte('\n')
	}
}

// tagName is the algorithm's name in --tag lines: b2sum's "BLAKE2b-256"
// for a digest shorter than the algorithm's.
func (s *summer) tagName() string {
	if n := s.digestSize(); n != s.alg.size {
		return fmt.Sprintf("%s-%d", s.alg.tag, 8*n)
	}
	return s.alg.tag
}

// escapeName escapes a file name as coreutils does on a line that starts
// with a backslash.
func escapeName(name string) string {
	return strings.NewReplacer(`\`, `\\`, "\n", `\n`, "\r", `\r`).Replace(name)
}

// unescapeName undoes escapeName; it reports false for any other escape,
// a backslash at the end and a NUL.
func unescapeName(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
		case 0:
			return "", false
		default:
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
