package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"
)

// utf8Locale reports whether the environment selects a UTF-8 locale for
// character types, as coreutils' messages depend on: curly quotes around
// arguments, and non-ASCII letters in file names shown as they are.
func utf8Locale() bool {
	v := os.Getenv("LC_ALL")
	if v == "" {
		v = os.Getenv("LC_CTYPE")
	}
	if v == "" {
		v = os.Getenv("LANG")
	}
	v = strings.ToLower(v)
	return strings.Contains(v, "utf-8") || strings.Contains(v, "utf8")
}

// printableRune reports whether r, a character of a UTF-8 locale, is shown
// as it is in messages (glibc's iswprint, approximately).
func printableRune(r rune) bool {
	return unicode.IsGraphic(r) || unicode.In(r, unicode.Cf, unicode.Co)
}

// quoteName quotes a file name for a diagnostic as coreutils' quotef does
// (gnulib's shell-escape style, with ':' quoted too): bare when only of
// safe characters, else in shell quotes, with $'\n' and the like for
// characters that cannot be printed.
func quoteName(name string) string {
	if name == "" {
		return "''"
	}
	utf := utf8Locale()
	type piece struct {
		s         string
		printable bool
	}
	var pieces []piece
	safe, dquotable, hasQuote := true, true, false
	for i := 0; i < len(name); {
		c := name[i]
		if c < utf8.RuneSelf {
			p := c >= 0x20 && c < 0x7f
			pieces = append(pieces, piece{name[i : i+1], p})
			switch {
			case !p:
				safe, dquotable = false, false
			case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9':
			case strings.IndexByte("%+,-./@]_{}", c) >= 0:
			case (c == '#' || c == '~') && i > 0:
			case c == '\'':
				safe, hasQuote = false, true
			case strings.IndexByte("\"$`\\!", c) >= 0:
				safe, dquotable = false, false
			default:
				safe = false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(name[i:])
		if utf && n > 1 && printableRune(r) {
			pieces = append(pieces, piece{name[i : i+n], true})
		} else {
			if !utf {
				n = 1
			}
			for _, b := range []byte(name[i : i+n]) {
				pieces = append(pieces, piece{string([]byte{b}), false})
			}
			safe, dquotable = false, false
		}
		i += n
	}
	switch {
	case safe:
		return name
	case hasQuote && dquotable:
		return `"` + name + `"`
	}
	var b strings.Builder
	b.WriteByte('\'')
	inQuote := true
	for i := 0; i < len(pieces); i++ {
		p := pieces[i]
		if p.printable {
			switch {
			case p.s == "'":
				// Out of the quotes, in again.
				if inQuote {
					b.WriteByte('\'')
				}
				b.WriteString(`\''`)
			case !inQuote:
				b.WriteByte('\'')
				b.WriteString(p.s)
			default:
				b.WriteString(p.s)
			}
			inQuote = true
			continue
		}
		if inQuote {
			b.WriteByte('\'')
			inQuote = false
		}
		b.WriteString("$'")
		for ; i < len(pieces) && !pieces[i].printable; i++ {
			b.WriteString(cEscape(pieces[i].s[0]))
		}
		i--
		b.WriteByte('\'')
	}
	if inQuote {
		b.WriteByte('\'')
	}
	return b.String()
}

// cEscape is C's escape for byte c: \n, \t and the like, else octal.
func cEscape(c byte) string {
	if i := strings.IndexByte("\a\b\f\n\r\t\v", c); i >= 0 {
		return `\` + "abfnrtv"[i:i+1]
	}
	return fmt.Sprintf(`\%03o`, c)
}

// localeQuote quotes an argument in a message as gnulib's quote does:
// ‘arg’ in a UTF-8 locale, else 'arg', with C escapes for backslashes and
// characters that cannot be printed.
func localeQuote(s string) string {
	utf := utf8Locale()
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '\\':
				b.WriteString(`\\`)
			case c == '\'' && !utf:
				b.WriteString(`\'`)
			case c < 0x20 || c == 0x7f:
				b.WriteString(cEscape(c))
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if utf && n > 1 && printableRune(r) {
			b.WriteString(s[i : i+n])
		} else {
			if !utf {
				n = 1
			}
			for _, c := range []byte(s[i : i+n]) {
				b.WriteString(cEscape(c))
			}
		}
		i += n
	}
	if utf {
		return "‘" + b.String() + "’"
	}
	return "'" + b.String() + "'"
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
