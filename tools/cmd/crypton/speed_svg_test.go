package main

import (
	"bytes"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// svgDoc is the part of the chart the tests read back.
type svgDoc struct {
	XMLName xml.Name `xml:"svg"`
	Rects   []struct {
		Class string `xml:"class,attr"`
		Peer  string `xml:"data-peer,attr"`
		Ratio string `xml:"data-ratio,attr"`
		X     string `xml:"x,attr"`
		Width string `xml:"width,attr"`
	} `xml:"rect"`
	Lines []struct {
		Class string `xml:"class,attr"`
		X1    string `xml:"x1,attr"`
	} `xml:"line"`
	Texts []string `xml:"text"`
}

func parseSVG(t *testing.T, b []byte) svgDoc {
	t.Helper()
	var doc svgDoc
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("SVG does not parse: %v\n%s", err, b)
	}
	return doc
}

func (d svgDoc) bars() map[string]float64 {
	m := map[string]float64{}
	for _, r := range d.Rects {
		if r.Class != "bar" {
			continue
		}
		v, _ := strconv.ParseFloat(r.Ratio, 64)
		m[r.Peer+" "+r.Ratio] = v
	}
	return m
}

func fptr(v float64) *float64 { return &v }

func TestSpeedSVG(t *testing.T) {
	rep := speedReport{
		Machine: speedMachine{CPU: "Test CPU <&>", GOOS: "linux", GOARCH: "amd64", GoVersion: "go1.x"},
		Rows: []speedRow{
			{Algorithm: "Ahead", Unit: unitMBs, Crypton: 2, Go: fptr(1), CryptonGo: fptr(2), OpenSSL: fptr(4), CryptonOpenSSL: fptr(0.5)},
			{Algorithm: "Go only", Unit: unitUsOp, Crypton: 1, Go: fptr(3), CryptonGo: fptr(3)},
			{Algorithm: "Far & away", Unit: unitMBs, Crypton: 100, Go: fptr(1), CryptonGo: fptr(100)},
			{Algorithm: "Alone", Unit: unitUsOp, Crypton: 1},
		},
	}
	var buf bytes.Buffer
	if err := writeSpeedSVG(&buf, rep); err != nil {
		t.Fatal(err)
	}
	doc := parseSVG(t, buf.Bytes())

	var bars []string
	widths := map[string]float64{}
	xs := map[string]float64{}
	for _, r := range doc.Rects {
		if r.Class == "bar" {
			key := r.Peer + " " + r.Ratio
			bars = append(bars, key)
			widths[key], _ = strconv.ParseFloat(r.Width, 64)
			xs[key], _ = strconv.ParseFloat(r.X, 64)
		}
	}
	want := []string{"Go 2.00", "OpenSSL 0.50", "Go 3.00", "Go 100.00"}
	if strings.Join(bars, ",") != strings.Join(want, ",") {
		t.Fatalf("bars %q, want %q (one per peer with a figure, in row order)", bars, want)
	}
	// The 1.0 line: 2× ahead starts there, 0.5× ends there, both as long.
	var parity float64
	found := false
	for _, l := range doc.Lines {
		if l.Class == "parity" {
			parity, _ = strconv.ParseFloat(l.X1, 64)
			found = true
		}
	}
	if !found {
		t.Fatal("no line at 1.0")
	}
	if xs["Go 2.00"] != parity {
		t.Errorf("2× bar starts at %v, want the 1.0 line at %v", xs["Go 2.00"], parity)
	}
	if got := xs["OpenSSL 0.50"] + widths["OpenSSL 0.50"]; got != parity {
		t.Errorf("0.5× bar ends at %v, want the 1.0 line at %v", got, parity)
	}
	if widths["Go 2.00"] != widths["OpenSSL 0.50"] {
		t.Errorf("2× and 0.5× bars are %v and %v long; the log scale makes them equal", widths["Go 2.00"], widths["OpenSSL 0.50"])
	}
	if !(widths["Go 3.00"] > widths["Go 2.00"]) || !(widths["Go 100.00"] >= widths["Go 3.00"]) {
		t.Errorf("bar lengths do not grow with the ratio: %v", widths)
	}
	if xs["Go 100.00"]+widths["Go 100.00"] > svgWidth {
		t.Errorf("the 100× bar leaves the chart")
	}
	// Labels carry the peer and the ratio: no legend needed.
	all := strings.Join(doc.Texts, "\n")
	for _, s := range []string{"Ahead", "Go only", "Far & away", "Alone", "vs Go 2.00×", "vs OpenSSL 0.50×", "vs Go 100.00×", "no peer figure", "Test CPU <&>", "1.0"} {
		if !strings.Contains(all, s) {
			t.Errorf("chart text lacks %q:\n%s", s, all)
		}
	}
}

// TestSpeedSVGFlag runs speed with -svg and reads the file back.
func TestSpeedSVGFlag(t *testing.T) {
	path := filepath.Join(t.TempDir(), "speed.svg")
	out, _ := runSpeedFormat(t, "-algs", "sha256", "-format", "json", "-svg", path)
	_, lookErr := exec.LookPath("openssl")
	rep := checkSpeedJSON(t, out, lookErr == nil, []string{"SHA-256"})
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := parseSVG(t, b)
	bars := doc.bars()
	if len(rep.Rows) != 1 || rep.Rows[0].CryptonGo == nil {
		t.Fatalf("unexpected report %+v", rep)
	}
	if _, ok := bars["Go "+fmtRatio(*rep.Rows[0].CryptonGo)]; !ok {
		t.Errorf("chart bars %v lack the Go ratio %v of the JSON report", bars, *rep.Rows[0].CryptonGo)
	}
	if r := rep.Rows[0].CryptonOpenSSL; r != nil {
		if _, ok := bars["OpenSSL "+fmtRatio(*r)]; !ok {
			t.Errorf("chart bars %v lack the OpenSSL ratio %v", bars, *r)
		}
	}

	// A path that cannot be created fails before anything is measured.
	var o, e bytes.Buffer
	bad := filepath.Join(t.TempDir(), "no", "such", "dir", "x.svg")
	if code := run([]string{"speed", "-algs", "sha256", "-svg", bad}, &o, &e); code == 0 {
		t.Errorf("-svg %s succeeded", bad)
	}
	if !strings.Contains(e.String(), "-svg") || strings.Contains(e.String(), "round ") {
		t.Errorf("bad -svg path: stderr %q; want an -svg error before any round", e.String())
	}
}
