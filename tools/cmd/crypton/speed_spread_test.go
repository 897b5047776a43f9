package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// tableCells splits a line of the text table into its cells, which the
// tabwriter sets at least two spaces apart (a figure and its spread are one
// space apart, in one cell).
func tableCells(line string) []string {
	return regexp.MustCompile(`\s{2,}`).Split(strings.TrimSpace(line), -1)
}

func TestSpeedStats(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9*math.Max(1, math.Abs(b)) }
	for _, tc := range []struct {
		xs                    []float64
		median, min, max      float64
		spread                float64 // -1: none
		noisy                 bool
		cell                  string // figureCell of the median
		csvSpread, csvMinimum string
	}{
		// The OpenSSL RSA-2048 signature: 729, 54545, 1267 µs.
		{[]float64{729, 54545, 1267}, 1267, 729, 54545, (54545.0 - 1267) / 1267 * 100, true, "1267.0 ±4205% †", "4205", "729.0"},
		// The spread is the larger side: here the minimum, 20 % under.
		{[]float64{100, 80, 101}, 100, 80, 101, 20, true, "100.0 ±20.0% †", "20.0", "80.0"},
		// Exactly 10 % is not above the limit; a little more is.
		{[]float64{100, 110, 90}, 100, 90, 110, 10, false, "100.0 ±10.0%", "10.0", "90.0"},
		{[]float64{100, 110.5, 100}, 100, 100, 110.5, 10.5, true, "100.0 ±10.5% †", "10.5", "100.0"},
		{[]float64{100, 110.1, 100}, 100, 100, 110.1, 10.1, true, "100.0 ±10.1% †", "10.1", "100.0"},
		// What is printed as 10.0 % is not marked.
		{[]float64{100, 110.04, 100}, 100, 100, 110.04, 10.04, false, "100.0 ±10.0%", "10.0", "100.0"},
		{[]float64{200, 202, 199, 201}, 200.5, 199, 202, 1.5 / 200.5 * 100, false, "200.5 ±0.7%", "0.7", "199.0"},
		{[]float64{5, 5}, 5, 5, 5, 0, false, "5.0 ±0.0%", "0.0", "5.0"},
		// One round: no spread, nothing marked.
		{[]float64{42}, 42, 42, 42, -1, false, "42.0", "", "42.0"},
	} {
		s := newSpeedStats(tc.xs)
		if s == nil || s.Median != tc.median || s.Min != tc.min || s.Max != tc.max || !slices.Equal(s.Rounds, tc.xs) {
			t.Errorf("newSpeedStats(%v) = %+v, want median %v, min %v, max %v and the rounds in order", tc.xs, s, tc.median, tc.min, tc.max)
			continue
		}
		switch {
		case tc.spread < 0 && s.SpreadPct != nil:
			t.Errorf("newSpeedStats(%v): spread %v, want none", tc.xs, *s.SpreadPct)
		case tc.spread >= 0 && (s.SpreadPct == nil || !near(*s.SpreadPct, tc.spread)):
			t.Errorf("newSpeedStats(%v): spread %v, want %v", tc.xs, s.SpreadPct, tc.spread)
		}
		if s.noisy() != tc.noisy {
			t.Errorf("newSpeedStats(%v).noisy() = %v, want %v", tc.xs, s.noisy(), tc.noisy)
		}
		if got := figureCell(&s.Median, s); got != tc.cell {
			t.Errorf("figureCell of %v = %q, want %q", tc.xs, got, tc.cell)
		}
		if got := optSpread(s); got != tc.csvSpread {
			t.Errorf("optSpread of %v = %q, want %q", tc.xs, got, tc.csvSpread)
		}
		if got := optMin(s); got != tc.csvMinimum {
			t.Errorf("optMin of %v = %q, want %q", tc.xs, got, tc.csvMinimum)
		}
	}
	if s := newSpeedStats(nil); s != nil || s.noisy() {
		t.Errorf("newSpeedStats(nil) = %+v, want nil and not noisy", s)
	}
	if got := figureCell(nil, nil); got != "" {
		t.Errorf("figureCell(nil) = %q, want empty", got)
	}
}

// approx reports whether a is within a millionth of b: the fake openssl
// prints rates with six decimals.
func approx(a, b float64) bool { return math.Abs(a-b) <= 1e-6*math.Abs(b) }

// measureNoisy measures the fake RSA-2048 sign and verify rows and FFDH-2048
// for the given rounds against a fake openssl whose RSA-2048 signature takes,
// round after round, 729, 54545 and 1267 µs (the run the issue quotes), and
// whose verification and FFDH are steady. The clock is virtual, so that
// only the fake openssl's figures can spread.
func measureNoisy(t *testing.T, rounds int) speedReport {
	t.Helper()
	clock := &fakeClock{virtual: true}
	algs, err := parseSpeedAlgs("rsa2048sign,rsa2048verify,ffdh2048", fakeSpeedAlgs(map[string]int{}, clock))
	if err != nil {
		t.Fatal(err)
	}
	signs := []float64{729, 54545, 1267}
	n := 0
	openssl := func(args ...string) (string, error) {
		switch cmd := strings.Join(args, " "); cmd {
		case "speed -elapsed -mr -seconds 1 rsa2048":
			us := signs[n%len(signs)]
			n++
			return fmt.Sprintf("+F2:2:2048:%f:40000.000000\n", 1e6/us), nil
		case "speed -elapsed -mr -seconds 1 ffdh2048":
			return "+F8:0:2048:2500.000000:0.000400\n", nil
		default:
			return "", fmt.Errorf("unexpected openssl %s", cmd)
		}
	}
	rep, err := measureSpeed(algs, speedOptions{
		seconds: time.Millisecond, opSeconds: time.Millisecond, rounds: rounds,
		progress: new(strings.Builder), openssl: openssl, now: clock.now,
	})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestMeasureSpeedSpread checks the statistics measureSpeed keeps of every
// figure and the warning about a spread above 10 %.
func TestMeasureSpeedSpread(t *testing.T) {
	rep := measureNoisy(t, 3)
	if rep.Machine.SpreadLimitPct != speedSpreadLimit {
		t.Errorf("spread_limit_pct %v, want %v", rep.Machine.SpreadLimitPct, speedSpreadLimit)
	}
	for _, r := range rep.Rows {
		f := r.Figures
		if f.Crypton == nil || len(f.Crypton.Rounds) != 3 || f.Crypton.Median != r.Crypton || f.Crypton.SpreadPct == nil {
			t.Errorf("%s: crypton figures %+v, want 3 rounds whose median is the crypton figure %v", r.Algorithm, f.Crypton, r.Crypton)
		}
		if (f.Go == nil) != (r.Go == nil) || f.Go != nil && (len(f.Go.Rounds) != 3 || f.Go.Median != *r.Go) {
			t.Errorf("%s: Go figures %+v for Go figure %v", r.Algorithm, f.Go, r.Go)
		}
		if f.OpenSSL == nil || r.OpenSSL == nil || len(f.OpenSSL.Rounds) != 3 || f.OpenSSL.Median != *r.OpenSSL {
			t.Errorf("%s: OpenSSL figures %+v for OpenSSL figure %v", r.Algorithm, f.OpenSSL, r.OpenSSL)
		}
	}
	sign := rep.Rows[0]
	if sign.Algorithm != "RSA-2048 sign" {
		t.Fatalf("first row %q", sign.Algorithm)
	}
	o := sign.Figures.OpenSSL
	if !approx(o.Median, 1267) || !approx(o.Min, 729) || !approx(o.Max, 54545) || !approx(o.Rounds[1], 54545) {
		t.Errorf("OpenSSL RSA-2048 sign: %+v, want median 1267, min 729, max 54545 in round 2", o)
	}
	if !sign.SpreadWarning || rep.Rows[2].Figures.OpenSSL.noisy() {
		t.Errorf("spread warnings: sign %v, FFDH's OpenSSL figure noisy %v; want true and false", sign.SpreadWarning, rep.Rows[2].Figures.OpenSSL.noisy())
	}
	if want := []string{"RSA-2048 sign: OpenSSL ±4205% (729.0–54545.0 µs/op)"}; !slices.Equal(rep.SpreadWarnings, want) {
		t.Errorf("spread warnings %q, want %q", rep.SpreadWarnings, want)
	}

	// One round: no spread anywhere, no warning.
	one := measureNoisy(t, 1)
	for _, r := range one.Rows {
		r.Figures.each(func(name string, s *speedStats) {
			if s.SpreadPct != nil || len(s.Rounds) != 1 {
				t.Errorf("-rounds 1: %s %s: %+v, want one round and no spread", r.Algorithm, name, s)
			}
		})
		if r.SpreadWarning {
			t.Errorf("-rounds 1: %s has a spread warning", r.Algorithm)
		}
	}
	if one.SpreadWarnings == nil || len(one.SpreadWarnings) != 0 {
		t.Errorf("-rounds 1: spread warnings %#v, want empty", one.SpreadWarnings)
	}
}

// TestSpeedSpreadFormats checks that each output format carries the spread
// of every figure and the warning, and says when there is no spread.
func TestSpeedSpreadFormats(t *testing.T) {
	rep := measureNoisy(t, 3)
	one := measureNoisy(t, 1)

	t.Run("table", func(t *testing.T) {
		var b strings.Builder
		if err := writeSpeedTable(&b, rep); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if !strings.Contains(out, "Spread:      ±P% after a figure: each of its 3 rounds lies within P % of the median") {
			t.Errorf("no Spread line explaining ±P%%:\n%s", out)
		}
		cells := tableCells(findLine(out, "RSA-2048 sign "))
		if len(cells) != 8 || !strings.HasSuffix(cells[5], " ±4205% †") || !regexp.MustCompile(`^1267\.0 ±4205% †$`).MatchString(cells[5]) {
			t.Errorf("RSA-2048 sign cells %q, want 8 with OpenSSL \"1267.0 ±4205%% †\"\n%s", cells, out)
		}
		for _, c := range cells[3:5] {
			if !regexp.MustCompile(`^\d+\.\d ±\d+(\.\d)?%( †)?$`).MatchString(c) {
				t.Errorf("RSA-2048 sign: figure cell %q lacks its spread", c)
			}
		}
		ffdh := tableCells(findLine(out, "FFDH-2048 "))
		if len(ffdh) != 6 || ffdh[4] != "400.0 ±0.0%" {
			t.Errorf("FFDH-2048 cells %q, want 6 with OpenSSL \"400.0 ±0.0%%\"", ffdh)
		}
		// The warning comes right under the table, before the notes.
		w := strings.Index(out, "\n† spread above 10 %: the machine was busy while these were measured, so their figures and ratios are not to be trusted; rerun with more -rounds (or on a quieter machine):\n  RSA-2048 sign: OpenSSL ±4205% (729.0–54545.0 µs/op)\nnote: ")
		if w < 0 || w < strings.Index(out, "FFDH-2048 ") {
			t.Errorf("the warning is not between the table and the notes:\n%s", out)
		}

		b.Reset()
		if err := writeSpeedTable(&b, one); err != nil {
			t.Fatal(err)
		}
		out = b.String()
		if !strings.Contains(out, "Spread:      none: -rounds 1 measures each figure once") || strings.Contains(out, "±") || strings.Contains(out, "†") {
			t.Errorf("-rounds 1: want a Spread line saying there is none and no ± or †:\n%s", out)
		}
	})

	t.Run("markdown", func(t *testing.T) {
		var b strings.Builder
		if err := writeSpeedMarkdown(&b, rep); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		line := findLine(out, "| RSA-2048 sign |")
		if !strings.Contains(line, " | 1267.0 ±4205% † | ") || strings.Count(line, " | ") != 7 {
			t.Errorf("RSA-2048 sign row %q, want 8 cells with OpenSSL \"1267.0 ±4205%% †\"", line)
		}
		if !strings.Contains(out, "- **Spread**: ±P% after a figure") || !strings.Contains(out, "\n\n**† spread above 10 %: the machine was busy") || !strings.Contains(out, "-rounds (or on a quieter machine):**\n\n- RSA-2048 sign: OpenSSL ±4205% (729.0–54545.0 µs/op)\n") {
			t.Errorf("markdown lacks the Spread line or the warning paragraph:\n%s", out)
		}
		b.Reset()
		if err := writeSpeedMarkdown(&b, one); err != nil {
			t.Fatal(err)
		}
		if out := b.String(); !strings.Contains(out, "- **Spread**: none: -rounds 1") || strings.Contains(out, "±") {
			t.Errorf("-rounds 1 markdown:\n%s", out)
		}
	})

	t.Run("csv", func(t *testing.T) {
		var b strings.Builder
		if err := writeSpeedCSV(&b, rep); err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
		if err != nil || len(recs) != 4 {
			t.Fatalf("CSV: %v, %d records:\n%s", err, len(recs), b.String())
		}
		col := func(rec []string, name string) string { return rec[slices.Index(recs[0], name)] }
		sign, ffdh := recs[1], recs[3]
		for name, want := range map[string]string{
			"OPENSSL": "1267.0", "OPENSSL ±%": "4205", "OPENSSL MIN": "729.0", "OPENSSL MAX": "54545.0", "SPREAD WARNING": "true",
		} {
			if got := col(sign, name); got != want {
				t.Errorf("RSA-2048 sign %s = %q, want %q", name, got, want)
			}
		}
		for _, name := range []string{"CRYPTON ±%", "GO ±%", "CRYPTON MIN", "CRYPTON MAX", "GO MIN", "GO MAX"} {
			if col(sign, name) == "" {
				t.Errorf("RSA-2048 sign: %s empty", name)
			}
		}
		if col(ffdh, "GO ±%") != "" || col(ffdh, "GO MIN") != "" || col(ffdh, "OPENSSL ±%") != "0.0" || col(ffdh, "SPREAD WARNING") != "false" {
			t.Errorf("FFDH-2048 record %q: want no Go spread, OpenSSL 0.0 and no warning", ffdh)
		}
		b.Reset()
		if err := writeSpeedCSV(&b, one); err != nil {
			t.Fatal(err)
		}
		recs, _ = csv.NewReader(strings.NewReader(b.String())).ReadAll()
		if col(recs[1], "CRYPTON ±%") != "" || col(recs[1], "OPENSSL ±%") != "" || col(recs[1], "CRYPTON MIN") == "" {
			t.Errorf("-rounds 1 CSV record %q: want empty spreads and the single round as min and max", recs[1])
		}
	})

	t.Run("json", func(t *testing.T) {
		b, err := json.Marshal(rep)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Machine struct {
				SpreadLimitPct float64 `json:"spread_limit_pct"`
			} `json:"machine"`
			Rows []struct {
				Algorithm string          `json:"algorithm"`
				OpenSSL   float64         `json:"openssl"`
				Figures   map[string]*any `json:"figures"`
				Warning   bool            `json:"spread_warning"`
			} `json:"rows"`
			Warnings []string `json:"spread_warnings"`
		}
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		var sign struct {
			Rows []struct {
				Figures struct {
					OpenSSL struct {
						Median    float64   `json:"median"`
						Min       float64   `json:"min"`
						Max       float64   `json:"max"`
						SpreadPct *float64  `json:"spread_pct"`
						Rounds    []float64 `json:"rounds"`
					} `json:"openssl"`
				} `json:"figures"`
			} `json:"rows"`
		}
		json.Unmarshal(b, &sign)
		o := sign.Rows[0].Figures.OpenSSL
		if got.Machine.SpreadLimitPct != 10 || !got.Rows[0].Warning || got.Rows[2].Warning || len(got.Warnings) != 1 ||
			o.Median != got.Rows[0].OpenSSL || !approx(o.Min, 729) || !approx(o.Max, 54545) ||
			o.SpreadPct == nil || math.Round(*o.SpreadPct) != 4205 || len(o.Rounds) != 3 {
			t.Errorf("JSON lacks the spread:\n%s", b)
		}
		// Every row has all three keys; Go is null for FFDH.
		for _, r := range got.Rows {
			for _, k := range []string{"crypton", "go", "openssl"} {
				if v, ok := r.Figures[k]; !ok || (v == nil) != (k == "go" && r.Algorithm == "FFDH-2048") {
					t.Errorf("%s: figures[%q] = %v", r.Algorithm, k, v)
				}
			}
		}
		b, _ = json.Marshal(one)
		if !strings.Contains(string(b), `"spread_pct":null`) || strings.Contains(string(b), `"spread_pct":0`) || !strings.Contains(string(b), `"spread_warnings":[]`) {
			t.Errorf("-rounds 1 JSON: want null spreads and no warnings:\n%s", b)
		}
	})
}

// TestSpeedSpreadRun runs the command itself for two rounds of one hash and
// checks that every format shows the spread.
func TestSpeedSpreadRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs openssl for whole seconds")
	}
	for _, format := range []string{"table", "markdown", "csv", "json"} {
		t.Run(format, func(t *testing.T) {
			t.Parallel()
			out, _ := runSpeedFormat(t, "-rounds", "2", "-algs", "sha256", "-format", format)
			var ok bool
			switch format {
			case "table", "markdown":
				ok = regexp.MustCompile(`SHA-256 \|? *\S+ +\|? *MB/s +\|? *\d+\.\d ±\d+(\.\d)?%( †)? +\|? *\d+\.\d ±`).MatchString(out)
			case "csv":
				recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
				ok = err == nil && len(recs) == 2 && recs[1][slices.Index(speedColumns, "CRYPTON ±%")] != "" && recs[1][slices.Index(speedColumns, "GO ±%")] != ""
			case "json":
				ok = regexp.MustCompile(`"spread_pct": \d`).MatchString(out) && strings.Contains(out, `"rounds": [`)
			}
			if !ok {
				t.Errorf("no spread in the %s output:\n%s", format, out)
			}
		})
	}
}

// TestSpeedUsageSpread checks that -h explains the spread and its mark.
func TestSpeedUsageSpread(t *testing.T) {
	var out, errOut strings.Builder
	if code := run([]string{"speed", "-h"}, &out, &errOut); code != 0 {
		t.Fatalf("speed -h exited %d: %s", code, errOut.String())
	}
	for _, want := range []string{"\"1267.0 ±4.2%\" means that every\nround lay within 4.2 % of 1267.0", "above 10 % is marked †", "With -rounds 1 there is no\nspread", "spread_pct", "spread_warnings", "about 3 minutes"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("speed -h lacks %q:\n%s", want, out.String())
		}
	}
}
