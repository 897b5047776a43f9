package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/mod/sumdb/dirhash"
	modzip "golang.org/x/mod/zip"
)

// Content is the content of one module as a user gets it: the files that
// golang.org/x/mod/zip puts in its module zip, taken from a commit (as the
// go command takes them from a tag) or from the working tree.
type Content struct {
	Mod    *Module
	Origin string // "commit 0123abcd" or "working tree", for messages
	Commit string // the commit, or "" for the working tree
	Time   time.Time
	Hash   string // dirhash "h1:" of the files, independent of the version
	GoMod  []byte // the module's go.mod
	files  []modzip.File
}

// zipEntry is a file of a zip made by git archive.
type zipEntry struct {
	name string
	f    *zip.File
}

func (f zipEntry) Path() string                 { return f.name }
func (f zipEntry) Lstat() (os.FileInfo, error)  { return f.f.FileInfo(), nil }
func (f zipEntry) Open() (io.ReadCloser, error) { return f.f.Open() }

// diskFile is a file of the working tree.
type diskFile struct {
	name string
	path string
	info os.FileInfo
}

func (f diskFile) Path() string                 { return f.name }
func (f diskFile) Lstat() (os.FileInfo, error)  { return f.info, nil }
func (f diskFile) Open() (io.ReadCloser, error) { return os.Open(f.path) }

// dataFile is a file held in memory.
type dataFile struct {
	name string
	data []byte
}

func (f dataFile) Path() string                 { return f.name }
func (f dataFile) Lstat() (os.FileInfo, error)  { return dataInfo(f), nil }
func (f dataFile) Open() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(f.data)), nil }

type dataInfo dataFile

func (i dataInfo) Name() string       { return path.Base(i.name) }
func (i dataInfo) Size() int64        { return int64(len(i.data)) }
func (i dataInfo) Mode() fs.FileMode  { return 0o644 }
func (i dataInfo) ModTime() time.Time { return time.Time{} }
func (i dataInfo) IsDir() bool        { return false }
func (i dataInfo) Sys() any           { return nil }

// ContentAt returns module m's content at commit, as the go command would
// make its module zip from the tag <dir>/vX.Y.Z on that commit: the files
// of "git archive" under the module's directory, without nested modules,
// plus the repository's LICENSE if the module has none.
func (r *Repo) ContentAt(m *Module, commit string) (*Content, error) {
	args := []string{"-c", "core.autocrlf=input", "-c", "core.eol=lf", "archive", "--format=zip", commit}
	if m.Dir != "." {
		args = append(args, "--", m.Dir+"/")
	}
	data, err := r.gitBytes(nil, args...)
	if err != nil {
		return nil, fmt.Errorf("%s at %s: %v", m.Dir, short(commit), err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	var files []modzip.File
	for _, zf := range zr.File {
		name := zf.Name
		if m.Dir != "." {
			var ok bool
			if name, ok = strings.CutPrefix(name, m.Dir+"/"); !ok {
				continue
			}
		}
		if name == "" || strings.HasSuffix(name, "/") {
			continue
		}
		files = append(files, zipEntry{name, zf})
	}
	if m.Dir != "." && !hasFile(files, "LICENSE") {
		if lic, err := r.gitBytes(nil, "cat-file", "blob", commit+":LICENSE"); err == nil {
			files = append(files, dataFile{"LICENSE", lic})
		}
	}
	ts, err := r.git("show", "-s", "--format=%cI", commit)
	if err != nil {
		return nil, err
	}
	t, err := time.Parse(time.RFC3339, ts)
	if err != nil {
		return nil, err
	}
	return newContent(m, "commit "+short(commit), commit, t.UTC(), files)
}

// ContentWorktree returns module m's content in the working tree: the
// files git tracks or would add (not ignored), as they are on disk.
func (r *Repo) ContentWorktree(m *Module) (*Content, error) {
	pathspec := []string{"."}
	if m.Dir != "." {
		pathspec = []string{m.Dir + "/"}
	}
	out, err := r.gitBytes(nil, append([]string{"ls-files", "-z", "--cached", "--others", "--exclude-standard", "--"}, pathspec...)...)
	if err != nil {
		return nil, err
	}
	var files []modzip.File
	seen := map[string]bool{}
	for _, rel := range strings.Split(string(out), "\x00") {
		if rel == "" || seen[rel] {
			continue
		}
		seen[rel] = true
		name := rel
		if m.Dir != "." {
			name = strings.TrimPrefix(rel, m.Dir+"/")
		}
		p := filepath.Join(r.Root, filepath.FromSlash(rel))
		info, err := os.Lstat(p)
		if os.IsNotExist(err) {
			continue // deleted, not yet committed
		} else if err != nil {
			return nil, err
		}
		files = append(files, diskFile{name, p, info})
	}
	if m.Dir != "." && !hasFile(files, "LICENSE") {
		if lic, err := os.ReadFile(filepath.Join(r.Root, "LICENSE")); err == nil {
			files = append(files, dataFile{"LICENSE", lic})
		}
	}
	return newContent(m, "working tree", "", time.Now().UTC(), files)
}

// licensePath is the path of module m's own licence file, relative to the
// repository's root.
func licensePath(m *Module) string {
	if m.Dir == "." {
		return "LICENSE"
	}
	return m.Dir + "/LICENSE"
}

// HasLicenseAt reports whether module m's own directory has a LICENSE file
// at commit. The root LICENSE that ContentAt adds to a module without one
// does not count: a release must carry its licence in its directory.
func (r *Repo) HasLicenseAt(m *Module, commit string) bool {
	_, err := r.gitBytes(nil, "cat-file", "-e", commit+":"+licensePath(m))
	return err == nil
}

// HasLicenseWorktree reports whether module m's own directory has a LICENSE
// file in the working tree.
func (r *Repo) HasLicenseWorktree(m *Module) bool {
	info, err := os.Stat(filepath.Join(r.Root, filepath.FromSlash(licensePath(m))))
	return err == nil && info.Mode().IsRegular()
}

func hasFile(files []modzip.File, name string) bool {
	for _, f := range files {
		if f.Path() == name {
			return true
		}
	}
	return false
}

// newContent keeps the files that belong in the module zip and hashes them.
func newContent(m *Module, origin, commit string, t time.Time, files []modzip.File) (*Content, error) {
	cf, err := modzip.CheckFiles(files)
	if err != nil {
		return nil, fmt.Errorf("%s (%s) cannot be made into a module zip: %v", m.Dir, origin, err)
	}
	valid := map[string]bool{}
	for _, n := range cf.Valid {
		valid[n] = true
	}
	var kept []modzip.File
	byName := map[string]modzip.File{}
	for _, f := range files {
		if valid[f.Path()] {
			kept = append(kept, f)
			byName[f.Path()] = f
		}
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].Path() < kept[j].Path() })
	c := &Content{Mod: m, Origin: origin, Commit: commit, Time: t, files: kept}
	gm, ok := byName["go.mod"]
	if !ok {
		return nil, fmt.Errorf("%s (%s) has no go.mod", m.Dir, origin)
	}
	if c.GoMod, err = readFile(gm); err != nil {
		return nil, err
	}
	c.Hash, err = dirhash.Hash1(cf.Valid, func(name string) (io.ReadCloser, error) { return byName[name].Open() })
	if err != nil {
		return nil, err
	}
	return c, nil
}

func readFile(f modzip.File) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// Zip returns the module zip of the content at version v.
func (c *Content) Zip(v string) ([]byte, error) {
	var b bytes.Buffer
	if err := modzip.Create(&b, module.Version{Path: c.Mod.Path, Version: v}, c.files); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// placeholderVersion is the version of working copies' zips, which never
// reach a proxy: only the files matter.
const placeholderVersion = "v0.0.0-00010101000000-000000000000"

// Extract makes a copy of the content in the new directory dir the way a
// user gets it: it creates the module zip and unpacks it. Unlike the
// module cache, the copy is writable.
func (c *Content) Extract(dir string) error {
	data, err := c.Zip(placeholderVersion)
	if err != nil {
		return err
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return err
	}
	prefix := c.Mod.Path + "@" + placeholderVersion + "/"
	for _, zf := range zr.File {
		name, ok := strings.CutPrefix(zf.Name, prefix)
		if !ok {
			return fmt.Errorf("module zip entry %s outside %s", zf.Name, prefix)
		}
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		rc, err := zf.Open()
		if err != nil {
			return err
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return err
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return err
		}
	}
	return os.MkdirAll(dir, 0o755)
}

// Proxy is a local file-system module proxy (the layout of "go help
// goproxy": <module>/@v/list, <version>.info, .mod, .zip), used with
// GOPROXY=file://<dir>.
type Proxy struct {
	Dir  string
	have map[module.Version]bool
}

// NewProxy returns an empty proxy in dir.
func NewProxy(dir string) *Proxy {
	return &Proxy{Dir: dir, have: map[module.Version]bool{}}
}

// Has reports whether the proxy holds m.
func (p *Proxy) Has(m module.Version) bool { return p.have[m] }

// Add puts content c into the proxy as version v of its module.
func (p *Proxy) Add(c *Content, v string) error {
	mv := module.Version{Path: c.Mod.Path, Version: v}
	if p.have[mv] {
		return nil
	}
	esc, err := module.EscapePath(mv.Path)
	if err != nil {
		return err
	}
	dir := filepath.Join(p.Dir, filepath.FromSlash(esc), "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	zdata, err := c.Zip(v)
	if err != nil {
		return err
	}
	info, _ := json.Marshal(struct {
		Version string
		Time    time.Time
	}{v, c.Time})
	for ext, data := range map[string][]byte{".info": info, ".mod": c.GoMod, ".zip": zdata} {
		if err := os.WriteFile(filepath.Join(dir, v+ext), data, 0o644); err != nil {
			return err
		}
	}
	p.have[mv] = true
	var vers []string
	for m := range p.have {
		if m.Path == mv.Path {
			vers = append(vers, m.Version)
		}
	}
	semver.Sort(vers)
	return os.WriteFile(filepath.Join(dir, "list"), []byte(strings.Join(vers, "\n")+"\n"), 0o644)
}

// URL returns the proxy's GOPROXY entry.
func (p *Proxy) URL() string {
	return "file://" + filepath.ToSlash(p.Dir)
}

func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}
