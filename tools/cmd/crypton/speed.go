package main

import (
	gosha1 "crypto/sha1"
	gosha256 "crypto/sha256"
	gosha512 "crypto/sha512"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os/exec"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/hash/sha1"
	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/hash/sha512"
)

// speedMsgLen is the message length every throughput figure is measured on.
const speedMsgLen = 16384

// speedAlg is one row of the speed table.
type speedAlg struct {
	name    string // row name, e.g. "SHA-256"
	family  string // family name accepted by -algs, e.g. "hash"
	pkg     string // cpufeat package name, for the selected implementation
	openssl string // algorithm name for "openssl speed -evp"
	crypton func([]byte)
	gostd   func([]byte)
}

// sink keeps the compiler from discarding the digests being measured.
var sink byte

var speedAlgs = []speedAlg{
	{"SHA-1", "hash", "sha1", "sha1",
		func(b []byte) { d := sha1.Sum(b); sink ^= d[0] },
		func(b []byte) { d := gosha1.Sum(b); sink ^= d[0] }},
	{"SHA-256", "hash", "sha256", "sha256",
		func(b []byte) { d := sha256.Sum256(b); sink ^= d[0] },
		func(b []byte) { d := gosha256.Sum256(b); sink ^= d[0] }},
	{"SHA-512", "hash", "sha512", "sha512",
		func(b []byte) { d := sha512.Sum512(b); sink ^= d[0] },
		func(b []byte) { d := gosha512.Sum512(b); sink ^= d[0] }},
}

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
	Seconds        float64 `json:"seconds"`
	OpenSSLSeconds int     `json:"openssl_seconds"`
	MessageBytes   int     `json:"message_bytes"`
	Unit           string  `json:"unit"`
}

// speedRow is one measured row. Missing figures are nil.
type speedRow struct {
	Algorithm       string   `json:"algorithm"`
	Implementation  string   `json:"implementation"`
	Crypton         float64  `json:"crypton"`
	Go              float64  `json:"go"`
	OpenSSL         *float64 `json:"openssl"`
	CryptonGo       float64  `json:"crypton_vs_go"`
	CryptonOpenSSL  *float64 `json:"crypton_vs_openssl"`
	opensslProblems []string
}

type speedReport struct {
	Machine speedMachine `json:"machine"`
	Rows    []speedRow   `json:"rows"`
	Notes   []string     `json:"notes"`
}

func runSpeed(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("crypton speed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	algsFlag := fs.String("algs", "", "comma-separated `list` of rows (e.g. sha256,sha-512) or a family (hash); default all")
	seconds := fs.Float64("seconds", 0.5, "`S` seconds per measurement (OpenSSL: max(1, round(S)) whole seconds)")
	rounds := fs.Int("rounds", 3, "`N` rounds; each figure is the median of the rounds")
	format := fs.String("format", "table", "output `format`: table, markdown, json or csv")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: crypton speed [-algs LIST] [-seconds S] [-rounds N] [-format table|markdown|json|csv]\n\n")
		fmt.Fprintf(stderr, "Measures throughput in MB/s (10^6 bytes/s) over %d-byte messages for crypton,\nGo's standard library and OpenSSL (when the openssl command is on PATH).\n\nRows: %s; families: hash.\n\nFlags:\n", speedMsgLen, strings.Join(speedAlgNames(), ", "))
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError(fs, "unexpected argument %q", fs.Arg(0))
	}
	if !(*seconds > 0) || math.IsInf(*seconds, 0) {
		return usageError(fs, "-seconds must be a positive number, not %v", *seconds)
	}
	if *rounds < 1 {
		return usageError(fs, "-rounds must be at least 1, not %d", *rounds)
	}
	if !contains(speedFormats, *format) {
		return usageError(fs, "unknown -format %q; known: %s", *format, strings.Join(speedFormats, ", "))
	}
	algs, err := parseSpeedAlgs(*algsFlag)
	if err != nil {
		return usageError(fs, "%v", err)
	}

	rep := measureSpeed(algs, time.Duration(*seconds*float64(time.Second)), *rounds, stderr)
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

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func speedAlgNames() []string {
	var names []string
	for _, a := range speedAlgs {
		names = append(names, a.name)
	}
	return names
}

// normAlg folds a row name for comparison: "SHA-256", "sha256" and "Sha_256"
// are the same row.
func normAlg(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.NewReplacer("-", "", "_", "").Replace(s)
}

// parseSpeedAlgs resolves the -algs value to rows in table order.
func parseSpeedAlgs(list string) ([]speedAlg, error) {
	if strings.TrimSpace(list) == "" {
		return speedAlgs, nil
	}
	want := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		n := normAlg(name)
		if n == "" {
			continue
		}
		found := false
		for _, a := range speedAlgs {
			if n == normAlg(a.name) || n == a.family {
				want[a.name] = true
				found = true
			}
		}
		if !found {
			fams := map[string]bool{}
			for _, a := range speedAlgs {
				fams[a.family] = true
			}
			var fl []string
			for f := range fams {
				fl = append(fl, f)
			}
			sort.Strings(fl)
			return nil, fmt.Errorf("unknown algorithm %q in -algs; known: %s (or a family: %s)", strings.TrimSpace(name), strings.Join(speedAlgNames(), ", "), strings.Join(fl, ", "))
		}
	}
	var algs []speedAlg
	for _, a := range speedAlgs {
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

func measureSpeed(algs []speedAlg, d time.Duration, rounds int, progress io.Writer) speedReport {
	osslSecs := opensslSeconds(d)
	m := speedMachine{
		CPU:            cpuModel(),
		GOOS:           runtime.GOOS,
		GOARCH:         runtime.GOARCH,
		GoVersion:      runtime.Version(),
		Method:         fmt.Sprintf("median of %d rounds, crypton, Go and OpenSSL alternated", rounds),
		Rounds:         rounds,
		Seconds:        d.Seconds(),
		OpenSSLSeconds: osslSecs,
		MessageBytes:   speedMsgLen,
		Unit:           "MB/s",
	}
	m.CryptonCPU, _, _ = cpufeat.Override()
	var notes []string
	ossl, err := exec.LookPath("openssl")
	if err != nil {
		ossl = ""
		notes = append(notes, "openssl is not on PATH: the OpenSSL column is blank")
	} else if v, err := opensslVersion(ossl); err != nil {
		notes = append(notes, fmt.Sprintf("openssl version: %v", err))
	} else {
		m.OpenSSLVersion = &v
	}

	buf := make([]byte, speedMsgLen)
	for i := range buf {
		buf[i] = byte(i)
	}
	cr := make([][]float64, len(algs))
	gr := make([][]float64, len(algs))
	or := make([][]float64, len(algs))
	rows := make([]speedRow, len(algs))
	for r := 0; r < rounds; r++ {
		for i, a := range algs {
			if r == 0 {
				a.crypton(buf) // warm up
				a.gostd(buf)
			}
			// Alternate which in-process side goes first from round to round.
			var c, g float64
			if r%2 == 0 {
				c = throughput(a.crypton, buf, d)
				g = throughput(a.gostd, buf, d)
			} else {
				g = throughput(a.gostd, buf, d)
				c = throughput(a.crypton, buf, d)
			}
			cr[i] = append(cr[i], c)
			gr[i] = append(gr[i], g)
			line := fmt.Sprintf("round %d/%d %-8s crypton %8.1f MB/s  Go %8.1f MB/s", r+1, rounds, a.name, c, g)
			if ossl != "" {
				o, err := opensslSpeed(ossl, a.openssl, osslSecs)
				if err != nil {
					rows[i].opensslProblems = append(rows[i].opensslProblems, err.Error())
					line += "  OpenSSL error: " + err.Error()
				} else {
					or[i] = append(or[i], o)
					line += fmt.Sprintf("  OpenSSL %8.1f MB/s", o)
				}
			}
			fmt.Fprintln(progress, line)
		}
	}
	for i, a := range algs {
		row := &rows[i]
		row.Algorithm = a.name
		row.Implementation = cpufeat.Active(a.pkg)
		row.Crypton = median(cr[i])
		row.Go = median(gr[i])
		row.CryptonGo = row.Crypton / row.Go
		if len(or[i]) > 0 {
			o := median(or[i])
			ratio := row.Crypton / o
			row.OpenSSL, row.CryptonOpenSSL = &o, &ratio
		}
		if len(row.opensslProblems) > 0 {
			notes = append(notes, fmt.Sprintf("%s: openssl speed failed in %d of %d rounds: %s", a.name, len(row.opensslProblems), rounds, row.opensslProblems[0]))
		}
	}
	if notes == nil {
		notes = []string{}
	}
	return speedReport{Machine: m, Rows: rows, Notes: notes}
}

// throughput calls f on buf repeatedly for about d and returns MB/s
// (10^6 bytes per second).
func throughput(f func([]byte), buf []byte, d time.Duration) float64 {
	var n int
	start := time.Now()
	var elapsed time.Duration
	for {
		f(buf)
		n++
		if elapsed = time.Since(start); elapsed >= d {
			break
		}
	}
	return float64(n) * float64(len(buf)) / elapsed.Seconds() / 1e6
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

func opensslVersion(path string) (string, error) {
	out, err := exec.Command(path, "version").Output()
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// opensslSpeed runs "openssl speed -evp alg" on speedMsgLen-byte messages and
// returns its figure in MB/s.
func opensslSpeed(path, alg string, secs int) (float64, error) {
	cmd := exec.Command(path, "speed", "-evp", alg, "-bytes", strconv.Itoa(speedMsgLen), "-seconds", strconv.Itoa(secs))
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && len(ee.Stderr) > 0 {
			return 0, fmt.Errorf("%v: %s", err, firstLine(string(ee.Stderr)))
		}
		return 0, err
	}
	return parseOpenSSLSpeed(string(out), alg)
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

func fmtMBs(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

func fmtRatio(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

func optMBs(v *float64) string {
	if v == nil {
		return ""
	}
	return fmtMBs(*v)
}

func optRatio(v *float64) string {
	if v == nil {
		return ""
	}
	return fmtRatio(*v)
}

var speedColumns = []string{"ALGORITHM", "IMPLEMENTATION", "CRYPTON", "GO", "OPENSSL", "CRYPTON/GO", "CRYPTON/OPENSSL"}

func (r speedRow) cells() []string {
	return []string{r.Algorithm, r.Implementation, fmtMBs(r.Crypton), fmtMBs(r.Go), optMBs(r.OpenSSL), fmtRatio(r.CryptonGo), optRatio(r.CryptonOpenSSL)}
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
		{"Method", fmt.Sprintf("%s; %s-byte messages, %g s per measurement (OpenSSL: %d s)", m.Method, strconv.Itoa(m.MessageBytes), m.Seconds, m.OpenSSLSeconds)},
		{"Units", "MB/s (10^6 bytes per second); ratios above 1 mean crypton is ahead"},
	}
}

func writeSpeedTable(w io.Writer, rep speedReport) error {
	for _, l := range rep.Machine.lines() {
		fmt.Fprintf(w, "%-12s %s\n", l[0]+":", l[1])
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(speedColumns, "\t"))
	for _, r := range rep.Rows {
		fmt.Fprintln(tw, strings.Join(r.cells(), "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
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
	fmt.Fprintf(w, "| %s |\n", strings.Join(speedColumns, " | "))
	fmt.Fprintf(w, "|---|---|%s\n", strings.Repeat("--:|", len(speedColumns)-2))
	for _, r := range rep.Rows {
		fmt.Fprintf(w, "| %s |\n", strings.Join(r.cells(), " | "))
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
		cw.Write(r.cells())
	}
	cw.Flush()
	return cw.Error()
}
