package main

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// cpioWriter writes an initramfs: a cpio archive in the "newc" format that
// the Linux kernel unpacks into its root file system (the kernel's
// Documentation/driver-api/early-userspace/buffer-format.rst). Every entry
// is owned by root; directories are created before the entries in them.
type cpioWriter struct {
	w    *bufio.Writer
	ino  int
	dirs map[string]bool
	err  error
}

func newCPIOWriter(w io.Writer) *cpioWriter {
	return &cpioWriter{w: bufio.NewWriter(w), ino: 1, dirs: map[string]bool{".": true, "/": true, "": true}}
}

const (
	modeDir  = 0o040000
	modeFile = 0o100000
)

// header writes the header of one entry: the magic "070701", thirteen
// 8-digit hexadecimal fields, the NUL-terminated name, and padding to a
// multiple of four bytes.
func (c *cpioWriter) header(name string, mode, size int) {
	if c.err != nil {
		return
	}
	c.ino++
	nlink := 1
	if mode&modeDir != 0 {
		nlink = 2
	}
	// ino mode uid gid nlink mtime filesize devmajor devminor rdevmajor rdevminor namesize check
	_, c.err = fmt.Fprintf(c.w, "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%s\x00",
		c.ino, mode, 0, 0, nlink, 0, size, 0, 0, 0, 0, len(name)+1, 0, name)
	c.pad(110 + len(name) + 1)
}

func (c *cpioWriter) pad(n int) {
	if c.err == nil && n%4 != 0 {
		_, c.err = c.w.Write(make([]byte, 4-n%4))
	}
}

// mkdirAll adds name and its parent directories that are not in the
// archive yet.
func (c *cpioWriter) mkdirAll(name string) {
	name = strings.TrimPrefix(path.Clean(name), "/")
	if c.dirs[name] {
		return
	}
	c.mkdirAll(path.Dir(name))
	c.dirs[name] = true
	c.header(name, modeDir|0o755, 0)
}

// file adds a regular file named name with the given permission bits.
func (c *cpioWriter) file(name string, perm int, data []byte) {
	name = strings.TrimPrefix(path.Clean(name), "/")
	c.mkdirAll(path.Dir(name))
	c.header(name, modeFile|perm, len(data))
	if c.err == nil {
		_, c.err = c.w.Write(data)
	}
	c.pad(len(data))
}

// copyFile adds the host file src as name, keeping its execute bits.
func (c *cpioWriter) copyFile(name, src string) {
	if c.err != nil {
		return
	}
	data, err := os.ReadFile(src)
	if err != nil {
		c.err = err
		return
	}
	perm := 0o644
	if fi, err := os.Stat(src); err == nil && fi.Mode()&0o111 != 0 {
		perm = 0o755
	}
	c.file(name, perm, data)
}

// copyTree adds the regular files below the host directory src under name,
// in a fixed order.
func (c *cpioWriter) copyTree(name, src string) {
	if c.err != nil {
		return
	}
	var files []string
	c.err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, p)
		}
		return err
	})
	sort.Strings(files)
	c.mkdirAll(name)
	for _, f := range files {
		rel, _ := filepath.Rel(src, f)
		c.copyFile(path.Join(name, filepath.ToSlash(rel)), f)
	}
}

// close writes the trailer and flushes the archive.
func (c *cpioWriter) close() error {
	c.header("TRAILER!!!", 0, 0)
	if c.err != nil {
		return c.err
	}
	return c.w.Flush()
}
