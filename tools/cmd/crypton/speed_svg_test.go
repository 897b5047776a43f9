package main

import (
	"bytes"
	"encoding/xml"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
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

// svgText is a text element of the chart, with what its extent depends on.
type svgText struct {
	X        float64 `xml:"x,attr"`
	Y        float64 `xml:"y,attr"`
	Anchor   string  `xml:"text-anchor,attr"`
	Baseline string  `xml:"dominant-baseline,attr"`
	FontSize float64 `xml:"font-size,attr"`
	Text     string  `xml:",chardata"`
}

// box is the estimated extent of a text: its width from its characters, as
// writeSpeedSVG estimates it, and its height from the font size.
func (t svgText) box() (x0, y0, x1, y1 float64) {
	w := float64(utf8.RuneCountInString(t.Text)) * t.FontSize * svgCharWidth
	switch t.Anchor {
	case "end":
		x0 = t.X - w
	case "middle":
		x0 = t.X - w/2
	default:
		x0 = t.X
	}
	if t.Baseline == "middle" {
		return x0, t.Y - t.FontSize/2, x0 + w, t.Y + t.FontSize/2
	}
	return x0, t.Y - t.FontSize, x0 + w, t.Y + t.FontSize/4
}

// TestSpeedSVGCanvas renders charts with extreme ratios, long row names and
// a long subtitle, and checks that every text lies on the canvas and that no
// bar label runs into a bar.
func TestSpeedSVGCanvas(t *testing.T) {
	// The estimate must not be narrower than real sans-serif text.
	if svgCharWidth < 0.55 {
		t.Fatalf("svgCharWidth %v underestimates text", svgCharWidth)
	}
	long := strings.Repeat("Very-long-row-name ", 4) + "sign"
	noisy := newSpeedStats([]float64{729, 54545, 1267})
	steady := newSpeedStats([]float64{100, 101, 99})
	row := func(name string, g, o float64) speedRow {
		r := speedRow{Algorithm: name, Unit: unitUsOp, Crypton: 1, Figures: speedFigures{Crypton: steady}}
		if g > 0 {
			r.Go, r.CryptonGo, r.Figures.Go = fptr(1), fptr(g), steady
		}
		if o > 0 {
			r.OpenSSL, r.CryptonOpenSSL, r.Figures.OpenSSL = fptr(1), fptr(o), steady
		}
		return r
	}
	noisyRow := row("RSA-2048 sign", 1.55, 0.42)
	noisyRow.Figures.OpenSSL, noisyRow.SpreadWarning = noisy, true
	ossl := "OpenSSL 3.0.19 27 Jan 2026 (Library: OpenSSL 3.0.19 27 Jan 2026)"
	for _, tc := range []struct {
		name    string
		cpu     string
		rows    []speedRow
		clamped bool
	}{
		{"50× and 0.02×", "AMD EPYC", []speedRow{row("ECDSA P-521 sign", 50, 0.02), row("Half", 0.5, 2), row("Level", 1, 1.0001)}, false},
		{"beyond 8×, as in docs/speed.svg", "AMD EPYC", []speedRow{row("ECDSA P-384 sign", 4.94, 16.71), row("ECDH P-521", 8.12, 1.12), row("ECDSA P-521 sign", 12.61, 4.53), noisyRow, row("FFDH-2048", 0, 1.12)}, false},
		{"behind only", "AMD EPYC", []speedRow{row("A", 0.02, 0.9), row("B", 0.5, 0)}, false},
		{"ahead only", "AMD EPYC", []speedRow{row("A", 50, 1.5)}, false},
		{"long names", strings.Repeat("Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz with a long name ", 3), []speedRow{row(long, 50, 0.02), row(long+" verify", 0, 0), row("x", 3, 0.3)}, false},
		{"clamped", "AMD EPYC", []speedRow{row("Huge", 1e9, 1e-9), row("No peers", 0, 0)}, true},
		{"no peers at all", "", []speedRow{row("Alone", 0, 0)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ver := ossl
			rep := speedReport{
				Machine: speedMachine{CPU: tc.cpu, GOOS: "linux", GOARCH: "amd64", GoVersion: "go1.26.8", OpenSSLVersion: &ver, CryptonCPU: "avx2", Rounds: 5},
				Rows:    tc.rows,
			}
			var buf bytes.Buffer
			if err := writeSpeedSVG(&buf, rep); err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Width    float64   `xml:"width,attr"`
				Height   float64   `xml:"height,attr"`
				FontSize float64   `xml:"font-size,attr"`
				Texts    []svgText `xml:"text"`
				Rects    []struct {
					Class string `xml:"class,attr"`
					Ratio string `xml:"data-ratio,attr"`
					X     string `xml:"x,attr"`
					Y     string `xml:"y,attr"`
					W     string `xml:"width,attr"`
					H     string `xml:"height,attr"`
				} `xml:"rect"`
			}
			if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
				t.Fatalf("SVG does not parse: %v\n%s", err, buf.Bytes())
			}
			if doc.Width < svgWidth || doc.Height <= 0 || doc.FontSize <= 0 {
				t.Fatalf("canvas %v×%v, font size %v", doc.Width, doc.Height, doc.FontSize)
			}
			var labels int
			for _, tx := range doc.Texts {
				if tx.FontSize == 0 {
					tx.FontSize = doc.FontSize
				}
				x0, y0, x1, y1 := tx.box()
				if x0 < 0 || y0 < 0 || x1 > doc.Width || y1 > doc.Height {
					t.Errorf("text %q spans x %.1f–%.1f, y %.1f–%.1f: off the %v×%v canvas", tx.Text, x0, x1, y0, y1, doc.Width, doc.Height)
				}
				if !strings.HasPrefix(tx.Text, "vs ") {
					continue
				}
				labels++
				for _, r := range doc.Rects {
					if r.Class != "bar" {
						continue
					}
					f := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
					rx, ry, rw, rh := f(r.X), f(r.Y), f(r.W), f(r.H)
					if x0 < rx+rw && rx < x1 && y0 < ry+rh && ry < y1 {
						t.Errorf("label %q (x %.1f–%.1f) runs into the %s× bar at x %.1f–%.1f", tx.Text, x0, x1, r.Ratio, rx, rx+rw)
					}
				}
			}
			bars := 0
			for _, r := range tc.rows {
				for _, v := range []*float64{r.CryptonGo, r.CryptonOpenSSL} {
					if v != nil {
						bars++
					}
				}
			}
			if labels != bars {
				t.Errorf("%d bar labels, want %d", labels, bars)
			}
			all := buf.String()
			if strings.Contains(all, "drawn at the edge") != tc.clamped {
				t.Errorf("note about clamped bars present = %v, want %v", !tc.clamped, tc.clamped)
			}
			if strings.Contains(all, "RSA-2048 sign "+speedSpreadMark) != strings.Contains(all, "spread above 10 %") ||
				strings.Contains(all, "RSA-2048 sign") && !strings.Contains(all, "RSA-2048 sign "+speedSpreadMark) {
				t.Errorf("the noisy row is not marked and explained:\n%s", all)
			}
		})
	}
}

// TestSpeedSVGScale checks that bars stay proportional to the logarithm of
// their ratio up to 50× and down to 0.02×, rather than being cut at 8×.
func TestSpeedSVGScale(t *testing.T) {
	rep := speedReport{Rows: []speedRow{
		{Algorithm: "a", CryptonGo: fptr(50), CryptonOpenSSL: fptr(0.02)},
		{Algorithm: "b", CryptonGo: fptr(8), CryptonOpenSSL: fptr(0.125)},
		{Algorithm: "c", CryptonGo: fptr(2)},
	}}
	var buf bytes.Buffer
	if err := writeSpeedSVG(&buf, rep); err != nil {
		t.Fatal(err)
	}
	doc := parseSVG(t, buf.Bytes())
	w := map[string]float64{}
	for _, r := range doc.Rects {
		if r.Class == "bar" {
			w[r.Ratio], _ = strconv.ParseFloat(r.Width, 64)
		}
	}
	// Each end of a bar is rounded to half a pixel.
	unit := w["8.00"] / 3
	for ratio, doublings := range map[string]float64{"50.00": math.Log2(50), "0.02": math.Log2(50), "2.00": 1, "0.12": 3} {
		if d := w[ratio] - doublings*unit; d < -1 || d > 1 {
			t.Errorf("%s× bar is %v long, want %v (%v doublings of %v)", ratio, w[ratio], doublings*unit, doublings, unit)
		}
	}
	if !strings.Contains(strings.Join(doc.Texts, "\n"), "64×") {
		t.Errorf("the axis does not reach 64×: %q", doc.Texts)
	}
}
