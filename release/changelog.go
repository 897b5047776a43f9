package main

import (
	"fmt"
	"strings"
)

// Changelog is CHANGELOG.md: a "## <module directory>" section per module,
// each with a "### Unreleased" subsection and a "### vX.Y.Z - date"
// subsection per release, newest first (Keep a Changelog).
type Changelog struct {
	lines []string
}

// ParseChangelog splits the changelog into lines.
func ParseChangelog(data []byte) *Changelog {
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	s = strings.TrimSuffix(s, "\n")
	return &Changelog{lines: strings.Split(s, "\n")}
}

// Bytes returns the changelog's content.
func (c *Changelog) Bytes() []byte {
	return []byte(strings.TrimRight(strings.Join(c.lines, "\n"), "\n") + "\n")
}

// heading returns the level (2 for "##", 3 for "###", 0 for none) and the
// first word of the heading on line i, without brackets.
func (c *Changelog) heading(i int) (level int, word string) {
	l := c.lines[i]
	switch {
	case strings.HasPrefix(l, "### "):
		level = 3
	case strings.HasPrefix(l, "## "):
		level = 2
	default:
		return 0, ""
	}
	f := strings.Fields(l[level:])
	if len(f) == 0 {
		return level, ""
	}
	return level, strings.Trim(f[0], "[]`")
}

// section returns the line range [start, end) of the module section of
// dir: start is its "## dir" heading.
func (c *Changelog) section(dir string) (start, end int, ok bool) {
	start = -1
	for i := range c.lines {
		lv, w := c.heading(i)
		if lv == 2 {
			if start >= 0 {
				return start, i, true
			}
			if w == dir {
				start = i
			}
		}
	}
	if start < 0 {
		return 0, 0, false
	}
	return start, len(c.lines), true
}

// HasSection reports whether the changelog has a section for module dir.
func (c *Changelog) HasSection(dir string) bool {
	_, _, ok := c.section(dir)
	return ok
}

// subsection returns the line range [start, end) of the subsection of
// module dir whose heading's first word is name (case-insensitive).
func (c *Changelog) subsection(dir, name string) (start, end int, ok bool) {
	s, e, ok := c.section(dir)
	if !ok {
		return 0, 0, false
	}
	start = -1
	for i := s + 1; i < e; i++ {
		lv, w := c.heading(i)
		if lv != 3 {
			continue
		}
		if start >= 0 {
			return start, i, true
		}
		if strings.EqualFold(w, name) {
			start = i
		}
	}
	if start < 0 {
		return 0, 0, false
	}
	return start, e, true
}

// Unreleased returns the text of module dir's Unreleased subsection, with
// surrounding blank lines removed ("" if it is missing or empty).
func (c *Changelog) Unreleased(dir string) string {
	s, e, ok := c.subsection(dir, "Unreleased")
	if !ok {
		return ""
	}
	return strings.TrimSpace(strings.Join(c.lines[s+1:e], "\n"))
}

// HasVersion reports whether module dir's section has a heading for
// version v.
func (c *Changelog) HasVersion(dir, v string) bool {
	_, _, ok := c.subsection(dir, v)
	return ok
}

// Release moves the entries of module dir's Unreleased subsection under a
// new "### v - date" heading below it, leaving Unreleased empty.
func (c *Changelog) Release(dir, v, date string) error {
	if !c.HasSection(dir) {
		return fmt.Errorf("%s has no \"## %s\" section", ChangelogFile, dir)
	}
	if c.HasVersion(dir, v) {
		return fmt.Errorf("%s already has a \"### %s\" heading in its \"## %s\" section", ChangelogFile, v, dir)
	}
	s, e, ok := c.subsection(dir, "Unreleased")
	body := c.Unreleased(dir)
	if !ok || body == "" {
		return fmt.Errorf("%s has no entries under \"### Unreleased\" in its \"## %s\" section: write down what changed in %s first", ChangelogFile, dir, dir)
	}
	repl := []string{c.lines[s], "", fmt.Sprintf("### %s - %s", v, date), ""}
	repl = append(repl, strings.Split(body, "\n")...)
	repl = append(repl, "")
	lines := append([]string(nil), c.lines[:s]...)
	lines = append(lines, repl...)
	lines = append(lines, c.lines[e:]...)
	c.lines = lines
	return nil
}
