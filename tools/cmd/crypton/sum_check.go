package main

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
)

// checkLine is one line of a checksum list: improperly formatted (bad), or
// a file and its expected digest.
type checkLine struct {
	number int // from 1, counting every line
	bad    bool
	name   string
	sum    []byte
}

// checkList checks the checksum list in file listName (- for standard
// input) as coreutils' sha256sum -c does, printing its results and
// warnings, and reports whether the list was read, had properly formatted
// lines, and every listed file matched.
func (s *summer) checkList(listName string) bool {
	display := listName
	var data []byte
	var err error
	if listName == "-" {
		display = "standard input"
		data, err = io.ReadAll(sumStdin)
		if err != nil {
			s.warn("%s: read error", quoteName(display))
			return false
		}
	} else {
		var f *os.File
		if f, err = os.Open(listName); err != nil {
			s.warn("%s: %s", quoteName(listName), errText(err))
			return false
		}
		data, err = io.ReadAll(f)
		f.Close()
		if err != nil {
			s.warn("%s: read error", quoteName(listName))
			return false
		}
	}

	// Parse every line first, in order (the list format seen so far
	// decides how later lines read), then hash the listed files in
	// parallel and report in order.
	var lines []checkLine
	var jobs []sumJob
	number := 0
	for len(data) > 0 {
		number++
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(line) > 0 && line[0] == '#' {
			continue
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if len(line) == 0 {
			continue
		}
		name, sum, ok := s.parseCheckLine(string(line))
		if !ok || (listName == "-" && name == "-") {
			lines = append(lines, checkLine{number: number, bad: true})
			continue
		}
		lines = append(lines, checkLine{number: number, name: name, sum: sum})
		jobs = append(jobs, sumJob{name, len(sum)})
	}
	if len(jobs) == 0 {
		for _, l := range lines {
			s.warnMisformatted(display, l.number)
		}
		s.warn("%s: no properly formatted checksum lines found", quoteName(display))
		return false
	}

	results := s.hashJobs(jobs)
	misformatted, mismatched, unreadable, matched := 0, 0, 0, 0
	for _, l := range lines {
		if l.bad {
			misformatted++
			s.warnMisformatted(display, l.number)
			continue
		}
		r := results[0]()
		results = results[1:]
		name := l.name
		escape := !s.status && strings.Contains(name, "\n")
		if escape {
			name = `\` + escapeName(name)
		}
		switch {
		case r.err != nil && s.ignoreMissing && errors.Is(r.err, syscall.ENOENT):
			// Not there: not checked.
		case r.err != nil:
			s.warn("%s: %s", quoteName(l.name), errText(r.err))
			unreadable++
			if !s.status {
				fmt.Fprintf(s.stdout, "%s: FAILED open or read\n", name)
			}
		case !bytes.Equal(r.sum, l.sum):
			mismatched++
			if !s.status {
				fmt.Fprintf(s.stdout, "%s: FAILED\n", name)
			}
		default:
			matched++
			if !s.status && !s.quiet {
				fmt.Fprintf(s.stdout, "%s: OK\n", name)
			}
		}
	}
	if !s.status {
		if misformatted > 0 {
			s.warn("WARNING: %d %s improperly formatted", misformatted, plural(misformatted, "line is", "lines are"))
		}
		if unreadable > 0 {
			s.warn("WARNING: %d %s could not be read", unreadable, plural(unreadable, "listed file", "listed files"))
		}
		if mismatched > 0 {
			s.warn("WARNING: %d %s did NOT match", mismatched, plural(mismatched, "computed checksum", "computed checksums"))
		}
		if s.ignoreMissing && matched == 0 {
			s.warn("%s: no file was verified", quoteName(display))
		}
	}
	return matched > 0 && mismatched == 0 && unreadable == 0 && (!s.strict || misformatted == 0)
}

// warnMisformatted reports an improperly formatted line with -w.
func (s *summer) warnMisformatted(list string, number int) {
	if s.warnLines {
		s.warn("%s: %d: improperly formatted %s checksum line", quoteName(list), number, s.alg.tag)
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// parseCheckLine reads a line of a checksum list (without its line end) as
// coreutils 9.1 does: after optional blanks and a backslash that marks an
// escaped name, either "TAG (name) = hex" (BSD style, as --tag prints it) or
// "hex  name" / "hex *name" (GNU style) or "hex name" (reversed BSD style;
// a list may not mix it with GNU style). It returns the name and the
// expected digest.
func (s *summer) parseCheckLine(line string) (name string, sum []byte, ok bool) {
	i := 0
	for i < len(line) && isBlank(line[i]) {
		i++
	}
	escaped := false
	if i < len(line) && line[i] == '\\' {
		i++
		escaped = true
	}
	rest := line[i:]
	if after, ok := strings.CutPrefix(rest, s.alg.tag); ok {
		return s.parseTagged(after, escaped)
	}
	return s.parseUntagged(rest, escaped)
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// parseTagged reads "(name) = hex" after the algorithm's tag, and for
// BLAKE2b b2sum's "-BITS" before it.
func (s *summer) parseTagged(rest string, escaped bool) (string, []byte, bool) {
	size := s.alg.size
	if s.alg.newSize != nil {
		// b2sum takes "-BITS", else skips the character after the tag
		// (normally the blank before the parenthesis).
		switch {
		case rest == "":
			return "", nil, false
		case rest[0] == '-':
			bits, n, ok := parseCNumber(rest[1:])
			if !ok || bits == 0 || bits > uint64(8*s.alg.size) || bits%8 != 0 {
				return "", nil, false
			}
			size = int(bits / 8)
			rest = rest[1+n:]
		case rest[0] != '(':
			rest = rest[1:]
		}
	}
	rest = strings.TrimPrefix(rest, " ")
	rest, ok := strings.CutPrefix(rest, "(")
	if !ok {
		return "", nil, false
	}
	end := strings.LastIndexByte(rest, ')')
	if end < 0 {
		return "", nil, false
	}
	name := rest[:end]
	if escaped {
		if name, ok = unescapeName(name); !ok {
			return "", nil, false
		}
	}
	rest = strings.TrimLeft(rest[end+1:], " \t")
	if rest, ok = strings.CutPrefix(rest, "="); !ok {
		return "", nil, false
	}
	rest = strings.TrimLeft(rest, " \t")
	sum, ok := decodeHexDigest(rest, size)
	return name, sum, ok
}

// parseUntagged reads "hex  name", "hex *name" or "hex name". For BLAKE2b
// the number of hex digits gives the digest length, as in b2sum.
func (s *summer) parseUntagged(rest string, escaped bool) (string, []byte, bool) {
	size := s.alg.size
	if s.alg.newSize != nil {
		if len(rest) < 3 {
			return "", nil, false
		}
		n := 0
		for n < len(rest) && isHexDigit(rest[n]) {
			n++
		}
		if n < 2 || n%2 != 0 || n > 2*s.alg.size {
			return "", nil, false
		}
		size = n / 2
	} else if len(rest) < 2*size+2 {
		return "", nil, false
	}
	hexLen := 2 * size
	if hexLen >= len(rest) || !isBlank(rest[hexLen]) {
		return "", nil, false
	}
	sum, ok := decodeHexDigest(rest[:hexLen], size)
	if !ok {
		return "", nil, false
	}
	name := rest[hexLen+1:]
	if len(name) == 1 || (name == "" || name[0] != ' ' && name[0] != '*') {
		if s.bsdReversed == 0 {
			return "", nil, false
		}
		s.bsdReversed = 1
	} else if s.bsdReversed != 1 {
		s.bsdReversed = 0
		name = name[1:]
	}
	if escaped {
		if name, ok = unescapeName(name); !ok {
			return "", nil, false
		}
	}
	return name, sum, true
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// decodeHexDigest decodes exactly 2*size hex digits, in either case.
func decodeHexDigest(s string, size int) ([]byte, bool) {
	if len(s) != 2*size {
		return nil, false
	}
	for i := 0; i < len(s); i++ {
		if !isHexDigit(s[i]) {
			return nil, false
		}
	}
	sum, err := hex.DecodeString(s)
	return sum, err == nil
}

// parseCNumber reads an unsigned number at the start of s as C's strtoumax
// does with base 0 (leading white space, a plus sign, 0x for hex, 0 for
// octal), refusing a minus sign and overflow. It returns the value and the
// number of bytes read.
func parseCNumber(s string) (v uint64, n int, ok bool) {
	i := 0
	for i < len(s) && strings.IndexByte(" \t\n\v\f\r", s[i]) >= 0 {
		i++
	}
	if i < len(s) && s[i] == '-' {
		return 0, 0, false
	}
	if i < len(s) && s[i] == '+' {
		i++
	}
	base := uint64(10)
	if i < len(s) && s[i] == '0' {
		base = 8
		if i+2 < len(s) && (s[i+1] == 'x' || s[i+1] == 'X') && isHexDigit(s[i+2]) {
			base = 16
			i += 2
		}
	}
	start := i
	for ; i < len(s); i++ {
		var d uint64
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case 'a' <= c && c <= 'f':
			d = uint64(c-'a') + 10
		case 'A' <= c && c <= 'F':
			d = uint64(c-'A') + 10
		default:
			d = 16
		}
		if d >= base {
			break
		}
		if v > (^uint64(0)-d)/base {
			return 0, 0, false
		}
		v = v*base + d
	}
	if i == start {
		return 0, 0, false
	}
	return v, i, true
}
