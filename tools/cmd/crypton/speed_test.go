package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// tinySpeed are the flags that keep a speed run short in tests.
var tinySpeed = []string{"speed", "-seconds", "0.01", "-rounds", "1"}

func runSpeedFormat(t *testing.T, extra ...string) (stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	args := append(append([]string(nil), tinySpeed...), extra...)
	if code := run(args, &out, &errOut); code != 0 {
		t.Fatalf("crypton %q exited %d: %s", args, code, errOut.String())
	}
	return out.String(), errOut.String()
}

type speedJSON struct {
	Machine struct {
		CPU            string  `json:"cpu"`
		GOOS           string  `json:"goos"`
		GOARCH         string  `json:"goarch"`
		GoVersion      string  `json:"go_version"`
		OpenSSLVersion *string `json:"openssl_version"`
		Method         string  `json:"method"`
		Rounds         int     `json:"rounds"`
	} `json:"machine"`
	Rows []struct {
		Algorithm      string   `json:"algorithm"`
		Implementation string   `json:"implementation"`
		Crypton        float64  `json:"crypton"`
		Go             float64  `json:"go"`
		OpenSSL        *float64 `json:"openssl"`
		CryptonGo      float64  `json:"crypton_vs_go"`
		CryptonOpenSSL *float64 `json:"crypton_vs_openssl"`
	} `json:"rows"`
}

func checkSpeedJSON(t *testing.T, out string, wantOpenSSL bool) {
	t.Helper()
	var rep speedJSON
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("JSON does not parse: %v\n%s", err, out)
	}
	if rep.Machine.CPU == "" || rep.Machine.GOOS == "" || rep.Machine.GoVersion == "" || rep.Machine.Rounds != 1 || !strings.Contains(rep.Machine.Method, "median of 1 rounds") {
		t.Errorf("incomplete machine info: %+v", rep.Machine)
	}
	if (rep.Machine.OpenSSLVersion != nil) != wantOpenSSL {
		t.Errorf("openssl_version = %v, want present=%v", rep.Machine.OpenSSLVersion, wantOpenSSL)
	}
	if len(rep.Rows) != len(speedAlgs) {
		t.Fatalf("got %d rows, want %d:\n%s", len(rep.Rows), len(speedAlgs), out)
	}
	for i, r := range rep.Rows {
		if r.Algorithm != speedAlgs[i].name {
			t.Errorf("row %d is %q, want %q", i, r.Algorithm, speedAlgs[i].name)
		}
		if r.Implementation == "" {
			t.Errorf("%s: no implementation", r.Algorithm)
		}
		if !(r.Crypton > 0) || !(r.Go > 0) || !(r.CryptonGo > 0) {
			t.Errorf("%s: crypton %v, Go %v, ratio %v; want positive", r.Algorithm, r.Crypton, r.Go, r.CryptonGo)
		}
		if wantOpenSSL {
			if r.OpenSSL == nil || !(*r.OpenSSL > 0) || r.CryptonOpenSSL == nil || !(*r.CryptonOpenSSL > 0) {
				t.Errorf("%s: openssl %v, ratio %v; want positive", r.Algorithm, r.OpenSSL, r.CryptonOpenSSL)
			}
		} else if r.OpenSSL != nil || r.CryptonOpenSSL != nil {
			t.Errorf("%s: openssl %v, ratio %v; want null without openssl", r.Algorithm, r.OpenSSL, r.CryptonOpenSSL)
		}
	}
}

func TestSpeedFormats(t *testing.T) {
	_, lookErr := exec.LookPath("openssl")
	haveOpenSSL := lookErr == nil
	t.Run("json", func(t *testing.T) {
		t.Parallel()
		out, errOut := runSpeedFormat(t, "-format", "json")
		checkSpeedJSON(t, out, haveOpenSSL)
		if !strings.Contains(errOut, "round 1/1") {
			t.Errorf("no progress on stderr: %q", errOut)
		}
	})
	t.Run("csv", func(t *testing.T) {
		t.Parallel()
		out, _ := runSpeedFormat(t, "-format", "csv")
		recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil {
			t.Fatalf("CSV does not parse: %v\n%s", err, out)
		}
		if len(recs) != 1+len(speedAlgs) {
			t.Fatalf("got %d records, want %d:\n%s", len(recs), 1+len(speedAlgs), out)
		}
		if strings.Join(recs[0], ",") != strings.Join(speedColumns, ",") {
			t.Errorf("header %q, want %q", recs[0], speedColumns)
		}
		for i, rec := range recs[1:] {
			if len(rec) != len(speedColumns) {
				t.Errorf("record %q has %d fields, want %d", rec, len(rec), len(speedColumns))
			}
			if rec[0] != speedAlgs[i].name {
				t.Errorf("record %d is %q, want %q", i, rec[0], speedAlgs[i].name)
			}
			if (rec[4] != "") != haveOpenSSL {
				t.Errorf("%s: OpenSSL field %q with openssl present=%v", rec[0], rec[4], haveOpenSSL)
			}
		}
	})
	for _, format := range []string{"table", "markdown"} {
		t.Run(format, func(t *testing.T) {
			t.Parallel()
			out, _ := runSpeedFormat(t, "-format", format)
			for _, want := range []string{"CPU", "Platform", "OpenSSL", "CRYPTON_CPU", "median of 1 rounds, crypton, Go and OpenSSL alternated", "CRYPTON/OPENSSL"} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			for _, a := range speedAlgs {
				prefix := a.name + " "
				if format == "markdown" {
					prefix = "| " + prefix
				}
				if findLine(out, prefix) == "" {
					t.Errorf("no row for %s:\n%s", a.name, out)
				}
			}
		})
	}
}

// TestSpeedNoOpenSSL runs speed with an empty PATH: the OpenSSL column must be
// null and the run must still succeed.
func TestSpeedNoOpenSSL(t *testing.T) {
	out, errOut, code := runChild(t, []string{"PATH=/nonexistent"}, append(append([]string(nil), tinySpeed...), "-format", "json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	checkSpeedJSON(t, out, false)
	if !strings.Contains(out, "openssl is not on PATH") {
		t.Errorf("no note about the missing openssl:\n%s", out)
	}
}

func TestSpeedAlgs(t *testing.T) {
	for _, tc := range []struct {
		list string
		want []string
	}{
		{"", []string{"SHA-1", "SHA-256", "SHA-512"}},
		{"hash", []string{"SHA-1", "SHA-256", "SHA-512"}},
		{"sha256,SHA-512", []string{"SHA-256", "SHA-512"}},
		{"sha-512, sha1", []string{"SHA-1", "SHA-512"}},
		{"Sha-256", []string{"SHA-256"}},
	} {
		algs, err := parseSpeedAlgs(tc.list)
		if err != nil {
			t.Errorf("parseSpeedAlgs(%q): %v", tc.list, err)
			continue
		}
		var got []string
		for _, a := range algs {
			got = append(got, a.name)
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("parseSpeedAlgs(%q) = %q, want %q", tc.list, got, tc.want)
		}
	}
}

func TestSpeedUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"speed", "-algs", "md5"},
		{"speed", "-algs", "sha256,nosuch"},
		{"speed", "-format", "xml"},
		{"speed", "-seconds", "0"},
		{"speed", "-seconds", "abc"},
		{"speed", "-rounds", "0"},
		{"speed", "-nosuchflag"},
		{"speed", "extra"},
	} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 2 {
			t.Errorf("crypton %q exited %d, want 2", args, code)
		}
		if !strings.Contains(errOut.String(), "usage") {
			t.Errorf("crypton %q printed no usage: %q", args, errOut.String())
		}
		if strings.Contains(errOut.String(), "round ") {
			t.Errorf("crypton %q measured before rejecting its flags", args)
		}
	}
	var out, errOut bytes.Buffer
	run([]string{"speed", "-algs", "md5"}, &out, &errOut)
	for _, want := range []string{`"md5"`, "SHA-1", "SHA-256", "SHA-512", "hash"} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("unknown -algs message lacks %q: %s", want, errOut.String())
		}
	}
}

func TestParseOpenSSLSpeed(t *testing.T) {
	const full = `Doing sha256 for 1s on 16384 size blocks: 91231 sha256's in 1.00s
version: 3.0.19
built on: Tue Jan 27 00:00:00 2026 UTC
options: bn(64,64)
compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack
CPUINFO: OPENSSL_ia32cap=0xfed8320b078bffff:0x400684219c97a9
The 'numbers' are in 1000s of bytes per second processed.
type          16384 bytes
sha256         1494712.32k
`
	for _, tc := range []struct {
		out, alg string
		want     float64
	}{
		{full, "sha256", 1494.71232},
		{"sha256   1494712.32k", "sha256", 1494.71232},
		{"type 16384 bytes\nsha1            1599900.00k\n\n", "sha1", 1599.9},
		{"sha512          617312.26k\r\n", "sha512", 617.31226},
	} {
		got, err := parseOpenSSLSpeed(tc.out, tc.alg)
		if err != nil {
			t.Errorf("parseOpenSSLSpeed(%q): %v", tc.out, err)
			continue
		}
		if d := got - tc.want; d > 1e-6 || d < -1e-6 {
			t.Errorf("parseOpenSSLSpeed(%q) = %v, want %v", tc.out, got, tc.want)
		}
	}
	for _, tc := range []struct{ out, alg string }{
		{"", "sha256"},
		{"sha256", "sha256"},
		{"sha256   abc.defk", "sha256"},
		{"sha256   1494712.32", "sha256"}, // no k suffix
		{"sha256   -5.00k", "sha256"},
		{"sha1     1494712.32k", "sha256"}, // another algorithm's line
		{"The 'numbers' are in 1000s of bytes per second processed.\ntype          16384 bytes\n", "sha256"},
	} {
		if got, err := parseOpenSSLSpeed(tc.out, tc.alg); err == nil {
			t.Errorf("parseOpenSSLSpeed(%q, %q) = %v, want an error", tc.out, tc.alg, got)
		}
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		xs   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	} {
		if got := median(tc.xs); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.xs, got, tc.want)
		}
	}
}
