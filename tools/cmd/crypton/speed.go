package main

import (
	gosha1 "crypto/sha1"
	gosha256 "crypto/sha256"
	gosha3 "crypto/sha3"
	gosha512 "crypto/sha512"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	xblake2b "golang.org/x/crypto/blake2b"
	xblake2s "golang.org/x/crypto/blake2s"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/hash/blake2b"
	"github.com/crypton-go/crypton/hash/blake2s"
	"github.com/crypton-go/crypton/hash/sha1"
	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/hash/sha3"
	"github.com/crypton-go/crypton/hash/sha512"
)

// speedMsgLen is the message length the throughput figures are measured on
// unless -bytes says otherwise.
const speedMsgLen = 16384

// speedMaxMsgLen is the longest message -bytes allows.
const speedMaxMsgLen = 1 << 24

// The units a row can be measured in.
const (
	unitMBs  = "MB/s"  // throughput over speedMsgLen-byte messages; higher is better
	unitUsOp = "µs/op" // microseconds per operation; lower is better
)

// speedAlg is one row of the speed table. A row is either a throughput row
// (unit MB/s: crypton and gostd process one speedMsgLen-byte message) or a
// per-operation row (unit µs/op: setup prepares keys and returns one
// operation per side).
type speedAlg struct {
	name   string // row name, e.g. "SHA-256" or "RSA-2048 sign"
	family string // family name accepted by -algs, e.g. "hash"
	pkg    string // cpufeat packages whose active implementations the row reports (see activeImplementations)
	unit   string // unitMBs or unitUsOp

	// Throughput rows only.
	crypton func([]byte)
	gostd   func([]byte)

	// Per-operation rows only. setup runs once, before the first round and
	// outside any timing, and only when the row is selected. It returns one
	// operation for each side; gostd is nil when Go's standard library has no
	// counterpart, and noGo then says so in the notes.
	setup func() (crypton, gostd func() error, err error)
	noGo  string

	// goPeer names the Go package measured in the Go column when it is not
	// the standard library (x/crypto for ChaCha20-Poly1305); the notes say so.
	goPeer string

	// A per-operation row may have two Go peers: setupAlt then takes the
	// place of setup and returns an operation for each of the three sides,
	// none of them nil; goName names gostd's package (e.g. "crypto/mlkem")
	// and altPeer alt's (e.g. CIRCL's). Both peers are measured in every
	// round, alternately with crypton; the Go column shows the faster of
	// them by median, the ratio is crypton's against it, and a note names
	// it and gives the other's figure (speedRow.GoPeer, Figures.GoAlt).
	setupAlt func() (crypton, gostd, alt func() error, err error)
	goName   string
	altPeer  string

	// The OpenSSL counterpart. For a throughput row opensslCmd is the digest
	// of "openssl speed -evp"; for a per-operation row it is the algorithm
	// of "openssl speed -mr" (e.g. "rsa2048") and opensslPick names which of
	// that command's figures the row takes (e.g. "sign"; see opensslMRSpecs).
	// Rows sharing a command share one run of it per round. Empty
	// opensslCmd: the OpenSSL column stays blank.
	opensslCmd  string
	opensslPick string
}

// sink keeps the compiler from discarding the results being measured.
var sink byte

var speedAlgs = append(append(aeadSpeedAlgs, []speedAlg{
	{name: "SHA-1", family: "hash", pkg: "sha1", unit: unitMBs, opensslCmd: "sha1",
		crypton: func(b []byte) { d := sha1.Sum(b); sink ^= d[0] },
		gostd:   func(b []byte) { d := gosha1.Sum(b); sink ^= d[0] }},
	{name: "SHA-256", family: "hash", pkg: "sha256", unit: unitMBs, opensslCmd: "sha256",
		crypton: func(b []byte) { d := sha256.Sum256(b); sink ^= d[0] },
		gostd:   func(b []byte) { d := gosha256.Sum256(b); sink ^= d[0] }},
	{name: "SHA-512", family: "hash", pkg: "sha512", unit: unitMBs, opensslCmd: "sha512",
		crypton: func(b []byte) { d := sha512.Sum512(b); sink ^= d[0] },
		gostd:   func(b []byte) { d := gosha512.Sum512(b); sink ^= d[0] }},
	{name: "SHA3-256", family: "hash", pkg: "sha3", unit: unitMBs, opensslCmd: "sha3-256",
		crypton: func(b []byte) { d := sha3.Sum256(b); sink ^= d[0] },
		gostd:   func(b []byte) { d := gosha3.Sum256(b); sink ^= d[0] }},
	{name: "BLAKE2b", family: "hash", pkg: "blake2b", unit: unitMBs, opensslCmd: "blake2b512",
		crypton: func(b []byte) { d := blake2b.Sum512(b); sink ^= d[0] },
		gostd:   func(b []byte) { d := xblake2b.Sum512(b); sink ^= d[0] },
		goPeer:  "golang.org/x/crypto/blake2b"},
	{name: "BLAKE2s", family: "hash", pkg: "blake2s", unit: unitMBs, opensslCmd: "blake2s256",
		crypton: func(b []byte) { d := blake2s.Sum256(b); sink ^= d[0] },
		gostd:   func(b []byte) { d := xblake2s.Sum256(b); sink ^= d[0] },
		goPeer:  "golang.org/x/crypto/blake2s"},
}...), slices.Concat(eccSpeedAlgs, pkSpeedAlgs, mlkemSpeedAlgs, mldsaSpeedAlgs)...)

// speedFormats are the values -format accepts.
var speedFormats = []string{"table", "markdown", "json", "csv"}

// speedMachine describes where and how the figures were measured.
type speedMachine struct {
	CPU            string  `json:"cpu"`
	GOOS           string  `json:"goos"`
	GOARCH         string  `json:"goarch"`
	GoVersion      string  `json:"go_version"`
	OpenSSLVersion *string `json:"openssl_version"` // null when openssl is absent
	CryptonCPU     string  `json:"crypton_cpu"`
	Method         string  `json:"method"`
	Rounds         int     `json:"rounds"`
	Seconds        float64 `json:"seconds"`    // per MB/s measurement
	OpSeconds      float64 `json:"op_seconds"` // per µs/op measurement
	OpenSSLSeconds int     `json:"openssl_seconds"`
	MessageBytes   int     `json:"message_bytes"` // of the MB/s rows
	// SpreadLimitPct is the spread above which a figure is marked and
	// warned about (see speedStats).
	SpreadLimitPct float64 `json:"spread_limit_pct"`
}

// speedRow is one measured row, in the row's unit. Missing figures are nil.
// Crypton, Go and OpenSSL are the medians of the rounds; Figures holds each
// figure's extremes, spread and rounds, and SpreadWarning says whether any
// figure's spread exceeds Machine.SpreadLimitPct. Ratios (of the medians)
// are oriented so that above 1 means crypton is ahead: crypton/peer for
// MB/s rows, peer/crypton for µs/op rows.
//
// GoPeer names the package measured in the Go column where the row names
// it: a peer outside the standard library, or the faster of a row's two
// peers; nil for the standard library's counterpart. A row with two peers
// has the other one's name in GoAltPeer and its figure in Figures.GoAlt,
// which no ratio uses.
type speedRow struct {
	Algorithm       string       `json:"algorithm"`
	Implementation  string       `json:"implementation"`
	Unit            string       `json:"unit"`
	Crypton         float64      `json:"crypton"`
	Go              *float64     `json:"go"`
	OpenSSL         *float64     `json:"openssl"`
	CryptonGo       *float64     `json:"crypton_vs_go"`
	CryptonOpenSSL  *float64     `json:"crypton_vs_openssl"`
	GoPeer          *string      `json:"go_peer"`
	GoAltPeer       *string      `json:"go_alt_peer"`
	Figures         speedFigures `json:"figures"`
	SpreadWarning   bool         `json:"spread_warning"`
	opensslProblems []string
}

// speedReport is a whole run. SpreadWarnings, printed right under the
// table after speedSpreadWarning, name the figures whose spread exceeds the
// limit, a row at a time; Notes explain the columns.
type speedReport struct {
	Machine        speedMachine `json:"machine"`
	Rows           []speedRow   `json:"rows"`
	SpreadWarnings []string     `json:"spread_warnings"`
	Notes          []string     `json:"notes"`
}

// speedUsage is the text of "crypton speed -h" between the synopsis and the
// flags. Its verbs: the message length, the spread limit and its mark, the
// rows and the families.
//
// The duration it gives was measured with the defaults on a shared 2-core
// Intel Xeon with OpenSSL 3.0.19: 3 min 12 s, of which 1 min 31 s in crypton
// and its Go peers (the same run without openssl on PATH) and the rest in
// openssl.
const speedUsage = `Measures crypton, Go's standard library and OpenSSL (when the openssl command
is on PATH): AEADs and hashes in MB/s (10^6 bytes/s) over %d-byte messages
(-bytes sets another length: -bytes 1024, -bytes 64), public-key operations
in µs/op (microseconds per operation). Where the standard library has no
counterpart, the Go column is another Go package (x/crypto, CIRCL), named in
the notes; where a row has two Go peers (ML-KEM: crypto/mlkem and CIRCL),
both are measured, the Go column shows the faster, and a note names it and
gives the other's figure (-format json: go_peer, go_alt_peer, figures.go_alt).

crypton, Go and OpenSSL run alternately for -rounds rounds. Each figure is the
median of its rounds, followed by its spread: "1267.0 ±4.2%%" means that every
round lay within 4.2 %% of 1267.0 (the larger of max−median and median−min,
over the median). A spread above %g %% is marked %s and listed under the table:
the machine was busy, so rerun with more -rounds. With -rounds 1 there is no
spread. -format json gives each figure's median, min, max, spread_pct and
rounds (rows[].figures) and lists the marked figures in spread_warnings; csv
adds a ±%% column and MIN and MAX columns per figure.

With the defaults a run of all rows takes about 3 minutes, most of it in
openssl (whole seconds per figure and round: -seconds rounded, at least 1);
-algs, -rounds and -seconds shorten it.

Rows: %s.
Families: %s.

Flags:
`

func runSpeed(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("crypton speed", flag.ContinueOnError)
	algsFlag := fs.String("algs", "", "comma-separated `list` of rows (e.g. sha256,rsa-2048-sign) or families (hash, rsa); default all")
	seconds := fs.Float64("seconds", 0.5, "`S` seconds per MB/s measurement (OpenSSL: max(1, round(S)) whole seconds per figure)")
	opSeconds := fs.Float64("op-seconds", 0, "`S` seconds per µs/op measurement (default half of -seconds)")
	rounds := fs.Int("rounds", 3, "`N` rounds; each figure is the median of the rounds, and their spread is shown (none for 1)")
	format := fs.String("format", "table", "output `format`: table, markdown, json or csv")
	svgPath := fs.String("svg", "", "also write a bar chart of the ratios to `FILE` (SVG)")
	msgLen := fs.Int("bytes", speedMsgLen, "`N`-byte messages for the MB/s rows (each AEAD and hash call processes one whole message)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: crypton speed [-algs LIST] [-bytes N] [-seconds S] [-op-seconds S] [-rounds N] [-format table|markdown|json|csv] [-svg FILE]\n\n")
		fmt.Fprintf(fs.Output(), speedUsage, speedMsgLen, speedSpreadLimit, speedSpreadMark, strings.Join(speedAlgNames(speedAlgs), ", "), strings.Join(speedFamilies(speedAlgs), ", "))
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError(fs, "unexpected argument %q", fs.Arg(0))
	}
	if !(*seconds > 0) || math.IsInf(*seconds, 0) {
		return usageError(fs, "-seconds must be a positive number, not %v", *seconds)
	}
	opSet := false
	fs.Visit(func(f *flag.Flag) { opSet = opSet || f.Name == "op-seconds" })
	if !opSet {
		*opSeconds = *seconds / 2
	} else if !(*opSeconds > 0) || math.IsInf(*opSeconds, 0) {
		return usageError(fs, "-op-seconds must be a positive number, not %v", *opSeconds)
	}
	if *rounds < 1 {
		return usageError(fs, "-rounds must be at least 1, not %d", *rounds)
	}
	if *msgLen < 1 || *msgLen > speedMaxMsgLen {
		return usageError(fs, "-bytes must be from 1 to %d, not %d", speedMaxMsgLen, *msgLen)
	}
	if !contains(speedFormats, *format) {
		return usageError(fs, "unknown -format %q; known: %s", *format, strings.Join(speedFormats, ", "))
	}
	algs, err := parseSpeedAlgs(*algsFlag, speedAlgs)
	if err != nil {
		return usageError(fs, "%v", err)
	}

	// Create the chart's file before measuring, so that a bad path fails
	// at once rather than after the run.
	var svgFile *os.File
	if *svgPath != "" {
		if svgFile, err = os.Create(*svgPath); err != nil {
			return fmt.Errorf("-svg: %v", err)
		}
		defer svgFile.Close()
	}

	opts := speedOptions{
		seconds:   toDuration(*seconds),
		opSeconds: toDuration(*opSeconds),
		rounds:    *rounds,
		msgLen:    *msgLen,
		progress:  stderr,
	}
	var notes []string
	if path, err := exec.LookPath("openssl"); err != nil {
		notes = append(notes, "openssl is not on PATH: the OpenSSL column is blank")
	} else {
		opts.openssl = execOpenSSL(path)
		if v, err := opts.openssl("version"); err != nil {
			notes = append(notes, fmt.Sprintf("openssl version: %v", err))
		} else {
			v = strings.TrimSpace(v)
			opts.opensslVersion = &v
		}
	}
	rep, err := measureSpeed(algs, opts)
	if err != nil {
		return err
	}
	rep.Notes = append(notes, rep.Notes...)
	if rep.Notes == nil {
		rep.Notes = []string{}
	}
	if svgFile != nil {
		if err := writeSpeedSVG(svgFile, rep); err != nil {
			return fmt.Errorf("-svg: %v", err)
		}
		if err := svgFile.Close(); err != nil {
			return fmt.Errorf("-svg: %v", err)
		}
	}
	switch *format {
	case "json":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	case "csv":
		return writeSpeedCSV(stdout, rep)
	case "markdown":
		return writeSpeedMarkdown(stdout, rep)
	default:
		return writeSpeedTable(stdout, rep)
	}
}

func toDuration(secs float64) time.Duration {
	return time.Duration(secs * float64(time.Second))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func speedAlgNames(all []speedAlg) []string {
	var names []string
	for _, a := range all {
		names = append(names, a.name)
	}
	return names
}

// speedFamilies lists the families of all in table order, once each.
func speedFamilies(all []speedAlg) []string {
	var fams []string
	for _, a := range all {
		if !contains(fams, a.family) {
			fams = append(fams, a.family)
		}
	}
	return fams
}

// normAlg folds a row name for comparison: "SHA-256", "sha256" and "Sha_256"
// are the same row, and so are "RSA-2048 sign" and "rsa2048sign".
func normAlg(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.NewReplacer("-", "", "_", "", " ", "").Replace(s)
}

// parseSpeedAlgs resolves the -algs value to rows of all, in table order.
func parseSpeedAlgs(list string, all []speedAlg) ([]speedAlg, error) {
	if strings.TrimSpace(list) == "" {
		return all, nil
	}
	want := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		n := normAlg(name)
		if n == "" {
			continue
		}
		found := false
		for _, a := range all {
			if n == normAlg(a.name) || n == a.family {
				want[a.name] = true
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown algorithm %q in -algs; known: %s (or a family: %s)", strings.TrimSpace(name), strings.Join(speedAlgNames(all), ", "), strings.Join(speedFamilies(all), ", "))
		}
	}
	var algs []speedAlg
	for _, a := range all {
		if want[a.name] {
			algs = append(algs, a)
		}
	}
	if len(algs) == 0 {
		return nil, fmt.Errorf("-algs %q names no algorithm", list)
	}
	return algs, nil
}

// opensslSeconds is the whole number of seconds passed to openssl speed.
func opensslSeconds(d time.Duration) int {
	return max(1, int(math.Round(d.Seconds())))
}

// speedOptions says how measureSpeed measures.
type speedOptions struct {
	seconds   time.Duration // per MB/s measurement
	opSeconds time.Duration // per µs/op measurement
	rounds    int
	msgLen    int       // bytes per message of the MB/s rows; 0 means speedMsgLen
	progress  io.Writer // receives one line per row and round

	// openssl runs the openssl command with the given arguments and returns
	// its standard output; nil when openssl is not available.
	openssl        func(args ...string) (string, error)
	opensslVersion *string

	// now is the clock the measurements read; nil means time.Now. Tests
	// give a clock that the fake operations advance, so that what they
	// check does not depend on the machine's load.
	now func() time.Time
}

// clock returns opts.now, or time.Now if it is nil.
func (opts speedOptions) clock() func() time.Time {
	if opts.now != nil {
		return opts.now
	}
	return time.Now
}

// speedSide measures one side of a row for about d, in the row's unit.
type speedSide func(d time.Duration) (float64, error)

// speedBench is a selected row ready to be measured.
type speedBench struct {
	alg            speedAlg
	crypton, gostd speedSide // gostd nil: no Go counterpart
	alt            speedSide // nil: no second Go peer
	d              time.Duration
}

// prepareSpeed turns a selected row into a speedBench, running its setup and
// one warm-up call of each side, outside any timing.
func prepareSpeed(a speedAlg, opts speedOptions, buf []byte) (speedBench, error) {
	b := speedBench{alg: a}
	switch a.unit {
	case unitMBs:
		b.d = opts.seconds
		a.crypton(buf)
		a.gostd(buf)
		now := opts.clock()
		b.crypton = func(d time.Duration) (float64, error) { return throughput(now, a.crypton, buf, d), nil }
		b.gostd = func(d time.Duration) (float64, error) { return throughput(now, a.gostd, buf, d), nil }
	case unitUsOp:
		b.d = opts.opSeconds
		start := time.Now()
		var c, g, alt func() error
		var err error
		if a.setupAlt != nil {
			c, g, alt, err = a.setupAlt()
			if err == nil && (c == nil || g == nil || alt == nil) {
				err = errors.New("an operation is missing")
			}
		} else {
			c, g, err = a.setup()
		}
		if err != nil {
			return b, fmt.Errorf("%s: setup: %v", a.name, err)
		}
		if err := c(); err != nil {
			return b, fmt.Errorf("%s: crypton: %v", a.name, err)
		}
		now := opts.clock()
		b.crypton = func(d time.Duration) (float64, error) { return perOp(now, c, d) }
		if g != nil {
			if err := g(); err != nil {
				return b, fmt.Errorf("%s: Go: %v", a.name, err)
			}
			b.gostd = func(d time.Duration) (float64, error) { return perOp(now, g, d) }
		}
		if alt != nil {
			if err := alt(); err != nil {
				return b, fmt.Errorf("%s: %s: %v", a.name, a.altPeer, err)
			}
			b.alt = func(d time.Duration) (float64, error) { return perOp(now, alt, d) }
		}
		fmt.Fprintf(opts.progress, "setup %s: %.2f s\n", a.name, time.Since(start).Seconds())
	default:
		return b, fmt.Errorf("%s: unknown unit %q", a.name, a.unit)
	}
	return b, nil
}

// speedRatio orients a crypton-versus-peer ratio so that above 1 means
// crypton is ahead.
func speedRatio(unit string, crypton, peer float64) float64 {
	if unit == unitUsOp {
		return peer / crypton
	}
	return crypton / peer
}

// opensslResult is the outcome of one openssl command: its figures by pick.
type opensslResult struct {
	figures map[string]float64
	err     error
}

// runOpenSSLFor runs the openssl command of a row and returns its figures, in
// the row's unit, keyed by pick ("" for a throughput row). It passes
// -elapsed, so that OpenSSL, like crypton and Go, is timed by the wall
// clock (by default openssl speed divides by its user CPU time, which a busy
// machine inflates less than the wall clock, favouring OpenSSL).
func runOpenSSLFor(run func(args ...string) (string, error), a speedAlg, secs, msgLen int) (map[string]float64, error) {
	if a.unit == unitMBs {
		out, err := run("speed", "-elapsed", "-evp", a.opensslCmd, "-bytes", strconv.Itoa(msgLen), "-seconds", strconv.Itoa(secs))
		if err != nil {
			return nil, err
		}
		v, err := parseOpenSSLSpeed(out, a.opensslCmd)
		if err != nil {
			return nil, err
		}
		return map[string]float64{"": v}, nil
	}
	out, err := run("speed", "-elapsed", "-mr", "-seconds", strconv.Itoa(secs), a.opensslCmd)
	if err != nil {
		return nil, err
	}
	return parseOpenSSLSpeedMR(out, a.opensslCmd)
}

// timedSide is a side of a row in a round: how to measure it, and where
// its figure goes.
type timedSide struct {
	measure speedSide
	out     *float64
}

func measureSpeed(algs []speedAlg, opts speedOptions) (speedReport, error) {
	osslSecs := opensslSeconds(opts.seconds)
	msgLen := opts.msgLen
	if msgLen == 0 {
		msgLen = speedMsgLen
	}
	m := speedMachine{
		CPU:            cpuModel(),
		GOOS:           runtime.GOOS,
		GOARCH:         runtime.GOARCH,
		GoVersion:      runtime.Version(),
		OpenSSLVersion: opts.opensslVersion,
		Method:         fmt.Sprintf("median of %d rounds, crypton, Go and OpenSSL alternated", opts.rounds),
		Rounds:         opts.rounds,
		Seconds:        opts.seconds.Seconds(),
		OpSeconds:      opts.opSeconds.Seconds(),
		OpenSSLSeconds: osslSecs,
		MessageBytes:   msgLen,
		SpreadLimitPct: speedSpreadLimit,
	}
	m.CryptonCPU, _, _ = cpufeat.Override()

	buf := make([]byte, msgLen)
	for i := range buf {
		buf[i] = byte(i)
	}
	benches := make([]speedBench, len(algs))
	width := 0
	for i, a := range algs {
		b, err := prepareSpeed(a, opts, buf)
		if err != nil {
			return speedReport{}, err
		}
		benches[i] = b
		width = max(width, len(a.name))
	}

	cr := make([][]float64, len(algs))
	gr := make([][]float64, len(algs))
	ar := make([][]float64, len(algs)) // the second Go peer's
	or := make([][]float64, len(algs))
	rows := make([]speedRow, len(algs))
	for r := 0; r < opts.rounds; r++ {
		// Each distinct openssl command runs once per round; the rows that
		// share it take their figures from this cache.
		ossl := map[string]opensslResult{}
		for i, b := range benches {
			a := b.alg
			// Rotate which in-process side goes first from round to round:
			// crypton, Go (and the second Go peer) in round 1, Go first in
			// round 2, and so on.
			var c, g, x float64
			sides := []timedSide{{b.crypton, &c}}
			if b.gostd != nil {
				sides = append(sides, timedSide{b.gostd, &g})
			}
			if b.alt != nil {
				sides = append(sides, timedSide{b.alt, &x})
			}
			for k := range sides {
				s := sides[(k+r)%len(sides)]
				v, err := s.measure(b.d)
				if err != nil {
					return speedReport{}, fmt.Errorf("%s: %v", a.name, err)
				}
				*s.out = v
			}
			cr[i] = append(cr[i], c)
			line := fmt.Sprintf("round %d/%d %-*s crypton %9.1f %s", r+1, opts.rounds, width, a.name, c, a.unit)
			if b.gostd != nil {
				gr[i] = append(gr[i], g)
				line += fmt.Sprintf("  Go %9.1f %s", g, a.unit)
			}
			if b.alt != nil {
				ar[i] = append(ar[i], x)
				line += fmt.Sprintf("  Go alt %9.1f %s", x, a.unit)
			}
			if opts.openssl != nil && a.opensslCmd != "" {
				key := a.unit + " " + a.opensslCmd
				res, ok := ossl[key]
				if !ok {
					res.figures, res.err = runOpenSSLFor(opts.openssl, a, osslSecs, msgLen)
					ossl[key] = res
				}
				o, found := res.figures[a.opensslPick]
				switch {
				case res.err != nil:
					rows[i].opensslProblems = append(rows[i].opensslProblems, res.err.Error())
					line += "  OpenSSL error: " + res.err.Error()
				case !found:
					err := fmt.Sprintf("openssl speed %s gives no %q figure", a.opensslCmd, a.opensslPick)
					rows[i].opensslProblems = append(rows[i].opensslProblems, err)
					line += "  OpenSSL error: " + err
				default:
					or[i] = append(or[i], o)
					line += fmt.Sprintf("  OpenSSL %9.1f %s", o, a.unit)
				}
			}
			fmt.Fprintln(opts.progress, line)
		}
	}

	var notes []string
	noGo := map[string][]string{} // note -> rows
	var noGoOrder []string
	var goNotes []string
	for i, b := range benches {
		a := b.alg
		row := &rows[i]
		row.Algorithm = a.name
		row.Implementation = activeImplementations(a.pkg)
		row.Unit = a.unit
		row.Figures.Crypton = newSpeedStats(cr[i])
		row.Crypton = row.Figures.Crypton.Median
		if len(gr[i]) > 0 {
			row.Figures.Go = newSpeedStats(gr[i])
			switch {
			case len(ar[i]) > 0:
				// Two peers: the Go column shows the faster.
				row.Figures.GoAlt = newSpeedStats(ar[i])
				shown, other := a.goName, a.altPeer
				if speedRatio(a.unit, row.Figures.GoAlt.Median, row.Figures.Go.Median) > 1 {
					row.Figures.Go, row.Figures.GoAlt = row.Figures.GoAlt, row.Figures.Go
					shown, other = other, shown
				}
				row.GoPeer, row.GoAltPeer = &shown, &other
				goNotes = append(goNotes, fmt.Sprintf("%s: the Go column is %s, the faster of two peers; %s: %s", a.name, shown, other, statsText(row.Figures.GoAlt, a.unit)))
			case a.goPeer != "":
				peer := a.goPeer
				row.GoPeer = &peer
				goNotes = append(goNotes, fmt.Sprintf("%s: the Go column is %s (the standard library has none)", a.name, a.goPeer))
			}
			g := row.Figures.Go.Median
			ratio := speedRatio(a.unit, row.Crypton, g)
			row.Go, row.CryptonGo = &g, &ratio
		} else {
			n := a.noGo
			if n == "" {
				n = "Go's standard library has no counterpart"
			}
			if _, ok := noGo[n]; !ok {
				noGoOrder = append(noGoOrder, n)
			}
			noGo[n] = append(noGo[n], a.name)
		}
		if len(or[i]) > 0 {
			row.Figures.OpenSSL = newSpeedStats(or[i])
			o := row.Figures.OpenSSL.Median
			ratio := speedRatio(a.unit, row.Crypton, o)
			row.OpenSSL, row.CryptonOpenSSL = &o, &ratio
		}
		row.Figures.each(func(_ string, s *speedStats) { row.SpreadWarning = row.SpreadWarning || s.noisy() })
		if len(row.opensslProblems) > 0 {
			notes = append(notes, fmt.Sprintf("%s: openssl speed failed in %d of %d rounds: %s", a.name, len(row.opensslProblems), opts.rounds, row.opensslProblems[0]))
		}
	}
	for _, n := range noGoOrder {
		goNotes = append(goNotes, fmt.Sprintf("%s: the Go column is blank for %s", n, strings.Join(noGo[n], ", ")))
	}
	notes = append(goNotes, notes...)
	if notes == nil {
		notes = []string{}
	}
	return speedReport{Machine: m, Rows: rows, SpreadWarnings: speedSpreadWarnings(rows), Notes: notes}, nil
}

// throughput calls f on buf repeatedly for about d, as the clock now tells
// time, and returns MB/s (10^6 bytes per second).
func throughput(now func() time.Time, f func([]byte), buf []byte, d time.Duration) float64 {
	var n int
	start := now()
	var elapsed time.Duration
	// The clock is read after each batch of calls, which doubles while a
	// batch takes less than d/64: reading it costs tens of nanoseconds on
	// some machines, a fifth of a short message's time, which a figure
	// must not include (openssl speed does not).
	batch := 1
	for {
		for range batch {
			f(buf)
		}
		n += batch
		if elapsed = now().Sub(start); elapsed >= d {
			break
		}
		if elapsed < d/64 {
			batch *= 2
		}
	}
	return float64(n) * float64(len(buf)) / elapsed.Seconds() / 1e6
}

// perOp calls op repeatedly for about d (at least once), as the clock now
// tells time, and returns the microseconds per call.
func perOp(now func() time.Time, op func() error, d time.Duration) (float64, error) {
	var n int
	start := now()
	var elapsed time.Duration
	for {
		if err := op(); err != nil {
			return 0, err
		}
		n++
		if elapsed = now().Sub(start); elapsed >= d {
			break
		}
	}
	return elapsed.Seconds() * 1e6 / float64(n), nil
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// execOpenSSL returns a function that runs the openssl binary at path and
// returns its standard output; a failure carries the first line of its
// standard error.
func execOpenSSL(path string) func(args ...string) (string, error) {
	return func(args ...string) (string, error) {
		out, err := exec.Command(path, args...).Output()
		if err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) && len(ee.Stderr) > 0 {
				return "", fmt.Errorf("%v: %s", err, firstLine(string(ee.Stderr)))
			}
			return "", err
		}
		return string(out), nil
	}
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// parseOpenSSLSpeed parses the output of "openssl speed -bytes N" for one
// block size: the last non-empty line, such as "sha256   1494712.32k", whose
// figure is in thousands of bytes per second. It returns MB/s.
func parseOpenSSLSpeed(out, alg string) (float64, error) {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	fields := strings.Fields(last)
	if len(fields) < 2 {
		return 0, fmt.Errorf("unexpected openssl speed output for %s: %q", alg, last)
	}
	if !strings.EqualFold(fields[0], alg) {
		return 0, fmt.Errorf("openssl speed output names %q, want %q: %q", fields[0], alg, last)
	}
	v := fields[len(fields)-1]
	num, ok := strings.CutSuffix(v, "k")
	if !ok {
		return 0, fmt.Errorf("openssl speed figure %q lacks the k suffix: %q", v, last)
	}
	k, err := strconv.ParseFloat(num, 64)
	if err != nil || !(k > 0) || math.IsInf(k, 0) {
		return 0, fmt.Errorf("bad openssl speed figure %q: %q", v, last)
	}
	return k * 1000 / 1e6, nil
}

// opensslMRSpec describes the result line "openssl speed -mr" prints for a
// family of public-key algorithms (OpenSSL 3.0): the line's tag and, for each
// figure a row can pick, the index of its field in the ':'-separated line,
// a rate in operations per second. Field 1 is an index and field 2 the key
// size in bits.
type opensslMRSpec struct {
	tag    string
	fields int            // number of ':'-separated fields
	picks  map[string]int // pick -> field holding its operations per second

	// bits maps the size in the algorithm's name to the bit count that the
	// result line's third field holds, where they differ (x25519: 253).
	bits map[string]string
	// name, when not empty, is the algorithm name that the result line's
	// fourth field must hold (the EdDSA line names its curve).
	name map[string]string
}

// opensslMRSpecs maps the alphabetic prefix of an "openssl speed" algorithm
// (the "rsa" of "rsa2048") to its result line.
var opensslMRSpecs = map[string]opensslMRSpec{
	// +F2:<idx>:<bits>:<sign/s>:<verify/s>
	"rsa": {tag: "+F2", fields: 5, picks: map[string]int{"sign": 3, "verify": 4}},
	// +F8:<idx>:<bits>:<ops/s>:<s/op>
	"ffdh": {tag: "+F8", fields: 5, picks: map[string]int{"op": 3}},
	// +F5:<idx>:<bits>:<ops/s>:<s/op>, for ecdhp256 ... and ecdhx25519, ecdhx448
	"ecdhp": {tag: "+F5", fields: 5, picks: map[string]int{"op": 3}},
	"ecdhx": {tag: "+F5", fields: 5, picks: map[string]int{"op": 3}, bits: map[string]string{"25519": "253", "448": "448"}},
	// +F4:<idx>:<bits>:<sign/s>:<verify/s>
	"ecdsap": {tag: "+F4", fields: 5, picks: map[string]int{"sign": 3, "verify": 4}},
	// +F6:<idx>:<bits>:<name>:<sign/s>:<verify/s>
	"ed": {tag: "+F6", fields: 6, picks: map[string]int{"sign": 4, "verify": 5},
		bits: map[string]string{"25519": "253", "448": "456"}, name: map[string]string{"25519": "Ed25519", "448": "Ed448"}},
}

// splitOpenSSLAlg splits an "openssl speed" algorithm such as "rsa2048" into
// its alphabetic prefix and numeric suffix.
func splitOpenSSLAlg(alg string) (prefix, size string) {
	i := strings.IndexAny(alg, "0123456789")
	if i < 0 {
		return alg, ""
	}
	return alg[:i], alg[i:]
}

// parseOpenSSLSpeedMR parses the standard output of "openssl speed -mr alg"
// for a public-key algorithm such as rsa2048 or ffdh3072 and returns its
// figures in µs/op, keyed by pick (see opensslMRSpecs).
func parseOpenSSLSpeedMR(out, alg string) (map[string]float64, error) {
	prefix, size := splitOpenSSLAlg(alg)
	spec, ok := opensslMRSpecs[prefix]
	if !ok {
		return nil, fmt.Errorf("no parser for openssl speed -mr %s", alg)
	}
	var line string
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, spec.tag+":") {
			continue
		}
		if line != "" {
			return nil, fmt.Errorf("openssl speed -mr %s printed more than one %s line: %q and %q", alg, spec.tag, line, l)
		}
		line = l
	}
	if line == "" {
		return nil, fmt.Errorf("openssl speed -mr %s printed no %s line: %q", alg, spec.tag, firstLine(out))
	}
	f := strings.Split(line, ":")
	if len(f) != spec.fields {
		return nil, fmt.Errorf("openssl speed -mr %s: %d fields in %q, want %d", alg, len(f), line, spec.fields)
	}
	wantBits := size
	if b, ok := spec.bits[size]; ok {
		wantBits = b
	}
	if size != "" && f[2] != wantBits {
		return nil, fmt.Errorf("openssl speed -mr %s: result is for %s bits: %q", alg, f[2], line)
	}
	if n, ok := spec.name[size]; ok && f[3] != n {
		return nil, fmt.Errorf("openssl speed -mr %s: result is for %s: %q", alg, f[3], line)
	}
	figs := map[string]float64{}
	for pick, i := range spec.picks {
		rate, err := strconv.ParseFloat(f[i], 64)
		if err != nil || !(rate > 0) || math.IsInf(rate, 0) {
			return nil, fmt.Errorf("openssl speed -mr %s: bad %s rate %q: %q", alg, pick, f[i], line)
		}
		figs[pick] = 1e6 / rate
	}
	return figs, nil
}

func fmtValue(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

func fmtRatio(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

func optValue(v *float64) string {
	if v == nil {
		return ""
	}
	return fmtValue(*v)
}

func optRatio(v *float64) string {
	if v == nil {
		return ""
	}
	return fmtRatio(*v)
}

// speedTableColumns are the columns of the text and Markdown tables, whose
// figure cells carry their spread (figureCell).
var speedTableColumns = []string{"ALGORITHM", "IMPLEMENTATION", "UNIT", "CRYPTON", "GO", "OPENSSL", "CRYPTON/GO", "CRYPTON/OPENSSL"}

// speedColumns are the columns of the CSV: those of the table with bare
// medians, then each figure's spread in percent, its extremes, and whether
// a spread exceeds the limit. A figure measured once has no spread: empty.
// Then the Go column's package where the row names it (speedRow.GoPeer),
// and for a row with two Go peers the other one's package and figure.
var speedColumns = slices.Concat(speedTableColumns, []string{
	"CRYPTON ±%", "GO ±%", "OPENSSL ±%",
	"CRYPTON MIN", "CRYPTON MAX", "GO MIN", "GO MAX", "OPENSSL MIN", "OPENSSL MAX",
	"SPREAD WARNING",
	"GO PEER", "GO ALT PEER", "GO ALT", "GO ALT ±%", "GO ALT MIN", "GO ALT MAX",
})

// tableCells are the cells of a row of the text and Markdown tables.
func (r speedRow) tableCells() []string {
	c := r.Crypton
	return []string{r.Algorithm, r.Implementation, r.Unit,
		figureCell(&c, r.Figures.Crypton), figureCell(r.Go, r.Figures.Go), figureCell(r.OpenSSL, r.Figures.OpenSSL),
		optRatio(r.CryptonGo), optRatio(r.CryptonOpenSSL)}
}

// csvCells are the fields of a row of the CSV (speedColumns).
func (r speedRow) csvCells() []string {
	f := r.Figures
	return []string{r.Algorithm, r.Implementation, r.Unit, fmtValue(r.Crypton), optValue(r.Go), optValue(r.OpenSSL), optRatio(r.CryptonGo), optRatio(r.CryptonOpenSSL),
		optSpread(f.Crypton), optSpread(f.Go), optSpread(f.OpenSSL),
		optMin(f.Crypton), optMax(f.Crypton), optMin(f.Go), optMax(f.Go), optMin(f.OpenSSL), optMax(f.OpenSSL),
		strconv.FormatBool(r.SpreadWarning),
		optString(r.GoPeer), optString(r.GoAltPeer), optMedian(f.GoAlt), optSpread(f.GoAlt), optMin(f.GoAlt), optMax(f.GoAlt)}
}

func optString(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func (m speedMachine) lines() [][2]string {
	ossl := "not found on PATH (OpenSSL column blank)"
	if m.OpenSSLVersion != nil {
		ossl = *m.OpenSSLVersion
	}
	env := "not set"
	if m.CryptonCPU != "" {
		env = strconv.Quote(m.CryptonCPU)
	}
	return [][2]string{
		{"CPU", m.CPU},
		{"Platform", m.GOOS + "/" + m.GOARCH},
		{"Go", m.GoVersion},
		{"OpenSSL", ossl},
		{cpufeat.EnvVar, env},
		{"Method", fmt.Sprintf("%s; MB/s rows: %d-byte messages, %g s per measurement; µs/op rows: %g s per measurement; OpenSSL: %d s per figure, wall clock (openssl speed -elapsed)", m.Method, m.MessageBytes, m.Seconds, m.OpSeconds, m.OpenSSLSeconds)},
		{"Units", "MB/s = 10^6 bytes per second (higher is better); µs/op = microseconds per operation (lower is better); ratios above 1 mean crypton is ahead (crypton/peer for MB/s, peer/crypton for µs/op)"},
		{"Spread", speedSpreadLine(m.Rounds)},
	}
}

func writeSpeedTable(w io.Writer, rep speedReport) error {
	for _, l := range rep.Machine.lines() {
		fmt.Fprintf(w, "%-12s %s\n", l[0]+":", l[1])
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(speedTableColumns, "\t"))
	for _, r := range rep.Rows {
		fmt.Fprintln(tw, strings.Join(r.tableCells(), "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(rep.SpreadWarnings) > 0 {
		fmt.Fprintln(w, speedSpreadWarning)
		for _, n := range rep.SpreadWarnings {
			fmt.Fprintf(w, "  %s\n", n)
		}
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	return nil
}

func writeSpeedMarkdown(w io.Writer, rep speedReport) error {
	for _, l := range rep.Machine.lines() {
		fmt.Fprintf(w, "- **%s**: %s\n", l[0], l[1])
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "| %s |\n", strings.Join(speedTableColumns, " | "))
	// Name, implementation and unit left-aligned; figures right-aligned.
	fmt.Fprintf(w, "|---|---|---|%s\n", strings.Repeat("--:|", len(speedTableColumns)-3))
	for _, r := range rep.Rows {
		fmt.Fprintf(w, "| %s |\n", strings.Join(r.tableCells(), " | "))
	}
	if len(rep.SpreadWarnings) > 0 {
		fmt.Fprintf(w, "\n**%s**\n\n", speedSpreadWarning)
		for _, n := range rep.SpreadWarnings {
			fmt.Fprintf(w, "- %s\n", n)
		}
	}
	if len(rep.Notes) > 0 {
		fmt.Fprintln(w)
		for _, n := range rep.Notes {
			fmt.Fprintf(w, "Note: %s\n", n)
		}
	}
	return nil
}

func writeSpeedCSV(w io.Writer, rep speedReport) error {
	cw := csv.NewWriter(w)
	cw.Write(speedColumns)
	for _, r := range rep.Rows {
		cw.Write(r.csvCells())
	}
	cw.Flush()
	return cw.Error()
}

// activeImplementations names the implementation selected for each of the
// comma-separated cpufeat packages of a row, joined with "+" (ChaCha20 and
// Poly1305 are chosen separately). An entry "a|b" names a's implementation
// unless that is the generic one, and then b's: mont's exponentiations run
// on "mont/ifma" where the CPU has it and on "mont" otherwise. A list
// "p;list" names p's implementation unless it is the generic one, and then
// the list's: ChaCha20-Poly1305 runs on its own stitched kernel where it
// can, and on ChaCha20's and Poly1305's otherwise. A name that repeats the
// one before it is left out: ML-KEM's row, on its NTT and on SHA-3, reads
// "AVX-512" where both chose AVX-512, and "AVX-512+BMI" where they differ.
func activeImplementations(pkgs string) string {
	if first, rest, ok := strings.Cut(pkgs, ";"); ok {
		if name := cpufeat.Active(first); name != "generic" {
			return name
		}
		pkgs = rest
	}
	var names []string
	for _, p := range strings.Split(pkgs, ",") {
		name := "generic"
		for _, alt := range strings.Split(p, "|") {
			if name = cpufeat.Active(alt); name != "generic" {
				break
			}
		}
		names = append(names, name)
	}
	return strings.Join(slices.Compact(names), "+")
}
