// Command release is crypton's release tool: the one way a crypton module
// gets a version. Run it from the repository root:
//
//	go run ./release status                      # every module: last release, changes, API change, next version
//	go run ./release check [-short] [module...]   # what CI runs (with -short); non-zero exit on any problem
//	go run ./release prepare [-commit rev] [-dry-run] (-all | module...) [version]
//	go run ./release tag [-dry-run=false]        # create the missing <dir>/vX.Y.Z tags
//	go run ./release tidy [-require v] [module...] # go mod tidy outside the workspace
//	go run ./release proxy DIR                   # write the local module proxy of all recorded releases
//
// The committed file versions.txt at the repository root records every
// release (module directory, version, commit) and is the source of truth;
// git tags are derived from it. See README.md in this directory.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
)

const usage = `usage: go run ./release [-C dir] <command> [arguments]

Commands:
  status                 table of every module: last release, commits since,
                         API change since, suggested next version, changelog entry
  check [-tests=false] [-short] [module...]
                         the release checks (CI); exits non-zero on any problem
  prepare [-commit rev] [-dry-run] (-all | module...) [version]
                         record the next release of modules (at HEAD by default)
  tag [-dry-run=false]   create the missing <dir>/vX.Y.Z tags (dry run by default)
  tidy [-require version] [module...]
                         go mod tidy outside the workspace (siblings from the
                         recorded releases), written back; maps go.work
  proxy DIR              write a GOPROXY directory holding every recorded release

See release/README.md.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Environ(), os.Args[1:], os.Stdout, os.Stderr))
}

// errFailed is returned by a command that has already reported its
// problems; run exits with status 1 without printing anything more.
var errFailed = errors.New("failed")

// errUsage is returned for a command line that cannot be understood.
var errUsage = errors.New("usage")

// run runs the tool with the command line args and the environment env (of
// the form key=value), and returns the exit status.
func run(ctx context.Context, env, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage) }
	dir := fs.String("C", "", "run in `dir` instead of the current directory")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd, args := fs.Arg(0), fs.Args()[1:]
	if cmd == "help" || cmd == "-h" {
		fmt.Fprint(stdout, usage)
		return 0
	}
	t := &tool{ctx: ctx, env: env, out: stdout, errOut: stderr}
	var err error
	switch cmd {
	case "status":
		err = t.withRepo(*dir, func() error { return t.status(args) })
	case "check":
		err = t.withRepo(*dir, func() error { return t.check(args) })
	case "prepare":
		err = t.withRepo(*dir, func() error { return t.prepare(args) })
	case "tag":
		err = t.withRepo(*dir, func() error { return t.tag(args) })
	case "tidy":
		err = t.withRepo(*dir, func() error { return t.tidy(args) })
	case "proxy":
		err = t.withRepo(*dir, func() error { return t.proxyCmd(args) })
	default:
		fmt.Fprintf(stderr, "release: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "release %s: %v\n", cmd, strings.TrimPrefix(err.Error(), "usage: "))
		return 2
	case errors.Is(err, errFailed):
		return 1
	default:
		fmt.Fprintf(stderr, "release %s: %v\n", cmd, err)
		return 1
	}
}

// usageError returns an error wrapping errUsage with a message.
func usageError(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errUsage, fmt.Sprintf(format, args...))
}

// tool holds what every command needs.
type tool struct {
	ctx    context.Context
	env    []string // environment for the commands the tool runs
	out    io.Writer
	errOut io.Writer
	repo   *Repo
	tmp    string // scratch directory of this run, removed at the end
}

// withRepo loads the repository around dir (or the current directory),
// makes the scratch directory, runs f and cleans up.
func (t *tool) withRepo(dir string, f func() error) error {
	r, err := LoadRepo(t.ctx, t.env, dir)
	if err != nil {
		return err
	}
	t.repo = r
	tmp, err := os.MkdirTemp(t.tempDir(), "crypton-release-")
	if err != nil {
		return err
	}
	t.tmp = tmp
	defer removeAll(tmp)
	return f()
}

// tempDir returns the directory for temporary files: $TMPDIR of the
// tool's environment, or the system's.
func (t *tool) tempDir() string {
	if d := getenv(t.env, "TMPDIR"); d != "" {
		return d
	}
	return os.TempDir()
}

func (t *tool) printf(format string, args ...any) {
	fmt.Fprintf(t.out, format, args...)
}

// parseFlags parses args with fs, allowing flags after the positional
// arguments too ("prepare -all v0.1.0 -dry-run"), and returns the
// positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, errUsage
		}
		args = fs.Args()
		for len(args) > 0 && !strings.HasPrefix(args[0], "-") {
			pos = append(pos, args[0])
			args = args[1:]
		}
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
	}
}
