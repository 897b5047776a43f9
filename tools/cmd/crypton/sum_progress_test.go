package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSumProgressLine(t *testing.T) {
	var out bytes.Buffer
	p := startSumProgress(&out, 4<<20, time.Millisecond)
	r := p.reader(bytes.NewReader(make([]byte, 2<<20)))
	if n, err := r.Read(make([]byte, 3<<20)); n != 2<<20 || err != nil {
		t.Fatalf("Read = %d, %v", n, err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		p.mu.Lock()
		seen := strings.Contains(out.String(), "(50%)")
		p.mu.Unlock()
		if seen || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	p.stop()
	s := out.String()
	if !strings.Contains(s, "\rcrypton sum: 0.0 of 0.0 GB (50%)") {
		t.Errorf("progress output %q lacks the 50%% line", s)
	}
	if !strings.HasSuffix(s, "\r\x1b[K") {
		t.Errorf("progress output %q does not end by erasing the line", s)
	}
}

// TestSumWithProgress hashes files with the progress line on: the checksums
// are unchanged and every checksum line is preceded by an erase of the
// progress line.
func TestSumWithProgress(t *testing.T) {
	dir := t.TempDir()
	var names []string
	var want strings.Builder
	for i := range 3 {
		name := filepath.Join(dir, fmt.Sprintf("f%d", i))
		data := bytes.Repeat([]byte{byte(i)}, 1<<20+i)
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
		fmt.Fprintf(&want, "%x  %s\n", sha256.Sum256(data), name)
	}
	names = append(names, filepath.Join(dir, "missing"))

	var stdout, stderr bytes.Buffer
	s := &summer{alg: &sumAlgs[2], stdout: bufio.NewWriter(&stdout), stderr: &stderr}
	if s.alg.name != "sha256" {
		t.Fatalf("sumAlgs[2] is %s", s.alg.name)
	}
	total := totalSize(names)
	if total != 3<<20+3 {
		t.Fatalf("totalSize = %d, want %d", total, 3<<20+3)
	}
	s.progress = startSumProgress(&stderr, total, time.Millisecond)
	if s.printSums(names, false) {
		t.Error("printSums reported success with a missing file")
	}
	s.stdout.Flush()
	if stdout.String() != want.String() {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout.String(), want.String())
	}
	if got := s.progress.done.Load(); got != total {
		t.Errorf("progress counted %d bytes, want %d", got, total)
	}
	e := stderr.String()
	if !strings.Contains(e, "\r\x1b[Kcrypton sum: ") || !strings.Contains(e, "missing") {
		t.Errorf("stderr %q: want the warning about the missing file after an erase", e)
	}
	if strings.Count(e, "\r\x1b[K") < 4 {
		t.Errorf("stderr %q: want an erase before each of 3 lines and the warning", e)
	}
}

func TestIsTerminal(t *testing.T) {
	if isTerminal(&bytes.Buffer{}) {
		t.Error("a bytes.Buffer is a terminal")
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Error("a regular file is a terminal")
	}
}
