package cryptotest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// fetched caches the outcome of FetchModule for each "path@version" for the
// lifetime of the process. The values are *fetchResult.
var fetched sync.Map

// fetchResult is the outcome of downloading one module version. After once
// has run, exactly one of dir, skip and err is set.
type fetchResult struct {
	once sync.Once
	dir  string // module directory in the module cache
	skip string // reason to skip: no go command
	err  error  // any other failure, with the command's output
}

// FetchModule returns the directory holding the source tree of the module
// path at version in the module cache, downloading it first if needed with
// "go mod download -json path@version".
//
// The go command is the one in runtime.GOROOT()/bin, or else the first "go"
// in $PATH. It runs in an empty temporary directory with GOWORK=off and
// GOFLAGS=-mod=mod, so that neither the workspace nor the module of the
// calling test changes what is downloaded; the rest of the environment,
// GOPROXY, GOMODCACHE and GONOSUMDB among them, is passed on unchanged.
//
// If no go command can be found, FetchModule skips the test (t.SkipNow).
// Any other failure, such as a network error or an unknown version, fails
// the test (t.FailNow) with the command's error output.
//
// The outcome, a failure too, is cached for each path@version in the
// process, so calling FetchModule from many tests costs one download at
// most. It is safe for concurrent use.
func FetchModule(t testing.TB, path, version string) string {
	t.Helper()
	key := path + "@" + version
	v, _ := fetched.LoadOrStore(key, new(fetchResult))
	r := v.(*fetchResult)
	r.once.Do(func() { r.dir, r.skip, r.err = fetch(path, version) })
	switch {
	case r.skip != "":
		t.Skipf("cryptotest: cannot fetch %s: %s", key, r.skip)
	case r.err != nil:
		t.Fatalf("cryptotest: cannot fetch %s: %v", key, r.err)
	}
	return r.dir
}

// goCommand returns the path of the go command to run, or "" if there is none.
func goCommand() string {
	// runtime.GOROOT is deprecated and empty in a binary built with
	// -trimpath, but otherwise names the toolchain that built the test
	// binary, which is the go command to use. "go test" also puts that
	// toolchain's bin directory first in $PATH, so the fallback usually
	// finds the same command.
	if root := runtime.GOROOT(); root != "" {
		name := "go"
		if runtime.GOOS == "windows" {
			name = "go.exe"
		}
		if p, err := exec.LookPath(filepath.Join(root, "bin", name)); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return ""
}

// fetch runs "go mod download -json path@version" and returns the module's
// directory. skip is set, and the others empty, when there is no go command.
func fetch(path, version string) (dir, skip string, err error) {
	gocmd := goCommand()
	if gocmd == "" {
		return "", "no go command found (looked in GOROOT/bin and $PATH)", nil
	}
	tmp, err := os.MkdirTemp("", "cryptotest-fetch-")
	if err != nil {
		return "", "", err
	}
	defer os.RemoveAll(tmp)

	cmd := exec.Command(gocmd, "mod", "download", "-json", path+"@"+version)
	cmd.Dir = tmp
	// Later entries win in os/exec, so these override the caller's settings.
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	runErr := cmd.Run()

	// On failure, go mod download -json still prints a JSON object whose
	// Error field says what went wrong; report it together with stderr.
	var info struct {
		Dir   string
		Error string
	}
	jsonErr := json.Unmarshal(stdout.Bytes(), &info)
	if runErr != nil || jsonErr != nil || info.Error != "" || info.Dir == "" {
		var msg []string
		msg = append(msg, fmt.Sprintf("%s mod download -json %s@%s", gocmd, path, version))
		switch {
		case runErr != nil:
			msg = append(msg, runErr.Error())
		case jsonErr != nil:
			msg = append(msg, "cannot decode its output: "+jsonErr.Error())
		case info.Error == "" && info.Dir == "":
			msg = append(msg, "its output has no Dir")
		}
		if info.Error != "" {
			msg = append(msg, info.Error)
		}
		if s := strings.TrimSpace(stderr.String()); s != "" {
			msg = append(msg, "stderr:\n"+s)
		}
		if jsonErr != nil {
			if s := strings.TrimSpace(stdout.String()); s != "" {
				msg = append(msg, "stdout:\n"+s)
			}
		}
		return "", "", errors.New(strings.Join(msg, ": "))
	}
	if _, err := os.Stat(info.Dir); err != nil {
		return "", "", fmt.Errorf("go mod download reported directory %s: %v", info.Dir, err)
	}
	return info.Dir, "", nil
}
