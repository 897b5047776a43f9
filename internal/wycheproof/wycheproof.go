// Package wycheproof loads the Wycheproof test vectors for crypton's tests.
//
// The vectors are the JSON files in the testvectors_v1 directory of the Go
// module [Module] at [Version], which [Dir] downloads into the module cache
// on first use (see [cryptotest.FetchModule]). Each file names the JSON
// schema it follows; this package has a typed Go struct for each schema
// crypton tests against, such as [MACFile] for mac_test_schema_v1.json:
//
//	for _, name := range wycheproof.Files(t, "hmac_sha256") {
//		var f wycheproof.MACFile
//		wycheproof.Load(t, name, &f)
//		for _, g := range f.TestGroups {
//			for _, tc := range g.Tests {
//				// tc.Key, tc.Msg, tc.Tag, tc.Result ...
//			}
//		}
//	}
//
// Loading into one of these structs is strict: a field the struct does not
// model, a schema it does not model, a malformed hex string or result, or a
// count of tests that disagrees with the file's numberOfTests fails the
// test. This package's own tests load every file of the families crypton
// uses that way.
//
// Byte strings, whether the schema calls them HexBytes, Der, Asn or BigInt,
// are [HexBytes]. PEM texts and the base64url members of JSON Web Keys are
// kept as strings. Integers such as keySize, tagSize and ivSize, which are
// sizes in bits, are ints.
package wycheproof

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/internal/cryptotest"
)

// Module and Version identify the Go module that holds the vectors.
const (
	Module  = "github.com/C2SP/wycheproof"
	Version = "v0.0.0-20250901140545-b51abcfb8daf"
)

// Dir returns the testvectors_v1 directory of [Module] at [Version],
// downloading the module first if needed. It skips the test if there is no
// go command to download with, and fails it on any other error.
func Dir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(cryptotest.FetchModule(t, Module, Version), "testvectors_v1")
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Fatalf("wycheproof: %s@%s has no testvectors_v1 directory: %v", Module, Version, err)
	}
	return dir
}

// Files returns the names of the vector files in [Dir] that match pattern,
// in lexical order. A pattern containing any of the characters *?[ is a
// glob in the syntax of [path/filepath.Match] ("hmac_sha*_test.json");
// any other pattern is a prefix of the file name ("hmac_sha"). Only ".json"
// files are listed. A prefix can match more than intended: "aes_gcm"
// matches aes_gcm_siv_test.json too.
//
// Files fails the test if the pattern is malformed or matches no file, which
// is always a mistake in the calling test.
func Files(t testing.TB, pattern string) []string {
	t.Helper()
	entries, err := os.ReadDir(Dir(t))
	if err != nil {
		t.Fatalf("wycheproof: %v", err)
	}
	glob := strings.ContainsAny(pattern, `*?[\`)
	var names []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".json") {
			continue
		}
		match := strings.HasPrefix(name, pattern)
		if glob {
			match, err = filepath.Match(pattern, name)
			if err != nil {
				t.Fatalf("wycheproof: bad pattern %q: %v", pattern, err)
			}
		}
		if match {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		t.Fatalf("wycheproof: no vector file matches %q", pattern)
	}
	return names
}

// typedFile is implemented by the file structs of this package.
type typedFile interface {
	// header returns the fields common to all files.
	header() *File
	// schemas lists the schemas the struct models.
	schemas() []string
	// numTests counts the tests decoded.
	numTests() int
}

// Load decodes the vector file named file into v, which must be a pointer.
// A relative name is taken in [Dir]; [Files] returns such names.
//
// If v is one of this package's file structs (*MACFile, *AEADFile, ...),
// Load decodes strictly: it fails the test if the file has a field the
// struct does not model, if its schema is not one the struct models, or if
// its numberOfTests differs from the number of tests decoded. Any other v is
// decoded as encoding/json does, ignoring fields it does not declare.
func Load(t testing.TB, file string, v any) {
	t.Helper()
	path := file
	if !filepath.IsAbs(path) {
		path = filepath.Join(Dir(t), file)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("wycheproof: %v", err)
	}
	if err := decode(data, v); err != nil {
		t.Fatalf("wycheproof: %s: %v", file, err)
	}
}

// decode is Load without the test: it decodes data into v and, if v is a
// typedFile, checks it.
func decode(data []byte, v any) error {
	tf, typed := v.(typedFile)
	dec := json.NewDecoder(bytes.NewReader(data))
	if typed {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		// Name the schema, which is the likely reason for a mismatch.
		var h File
		if json.Unmarshal(data, &h) == nil && h.Schema != "" {
			return fmt.Errorf("decoding a file of schema %q into %T: %v", h.Schema, v, err)
		}
		return fmt.Errorf("decoding into %T: %v", v, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the top-level JSON value")
	}
	if !typed {
		return nil
	}
	h := tf.header()
	if !slices.Contains(tf.schemas(), h.Schema) {
		return fmt.Errorf("the file's schema is %q, but %T models %s", h.Schema, v, strings.Join(tf.schemas(), ", "))
	}
	if n := tf.numTests(); n != h.NumberOfTests {
		return fmt.Errorf("numberOfTests is %d, but %d tests were decoded", h.NumberOfTests, n)
	}
	return nil
}

// File holds the fields common to every vector file. The file structs of
// this package embed it.
type File struct {
	// Algorithm names the primitive tested, such as "HMACSHA256".
	Algorithm string `json:"algorithm"`
	// Schema is the file name of the JSON schema the file follows, such as
	// "mac_test_schema_v1.json".
	Schema string `json:"schema"`
	// GeneratorVersion is the version of the generator of older files;
	// newer files say it in each group's Source instead.
	GeneratorVersion string `json:"generatorVersion,omitempty"`
	// NumberOfTests is the number of tests in all groups.
	NumberOfTests int `json:"numberOfTests"`
	// Header is free-form documentation of the file.
	Header []string `json:"header,omitempty"`
	// Notes describes each flag that the tests use.
	Notes map[string]Note `json:"notes"`
}

func (f *File) header() *File { return f }

// A Note describes a flag: what the flagged tests check, and what failing
// them means.
type Note struct {
	// BugType classifies the bug, such as "BASIC", "CAN_OF_WORMS",
	// "EDGE_CASE", "MALLEABILITY", "MISSING_STEP" or "FUNCTIONALITY".
	BugType string `json:"bugType"`
	// Description says what the flagged tests do.
	Description string `json:"description,omitempty"`
	// Effect says what an implementation failing them is open to.
	Effect string `json:"effect,omitempty"`
	// Links and CVEs point to related material.
	Links []string `json:"links,omitempty"`
	CVEs  []string `json:"cves,omitempty"`
}

// Source names the generator of a test group.
type Source struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// TestCase holds the fields every test has. The test structs of this
// package embed it.
type TestCase struct {
	// TcID identifies the test in its file.
	TcID int `json:"tcId"`
	// Comment says what the test checks.
	Comment string `json:"comment"`
	// Flags are keys of the file's Notes.
	Flags []string `json:"flags"`
	// Result is the outcome a correct implementation gives.
	Result Result `json:"result"`
}

// Name returns a name for the test, "tcId=N", for use with testing.T.Run.
func (c *TestCase) Name() string { return fmt.Sprintf("tcId=%d", c.TcID) }

// HasFlag reports whether the test carries flag.
func (c *TestCase) HasFlag(flag string) bool { return slices.Contains(c.Flags, flag) }

// Result is the expected outcome of a test.
type Result string

// The results a test can expect.
const (
	// Valid means a correct implementation accepts the input and, where
	// there is one, gives the output in the test.
	Valid Result = "valid"
	// Invalid means a correct implementation rejects the input.
	Invalid Result = "invalid"
	// Acceptable means the input is legal but weak or unusual, such as a
	// small key or a signature with a legacy encoding: an implementation may
	// accept or reject it, and the test's flags say why. If it accepts it,
	// it should give the output in the test.
	Acceptable Result = "acceptable"
)

// UnmarshalJSON decodes a JSON string that is one of "valid", "invalid" and
// "acceptable", and rejects anything else.
func (r *Result) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("wycheproof: result: %v", err)
	}
	switch res := Result(s); res {
	case Valid, Invalid, Acceptable:
		*r = res
		return nil
	}
	return fmt.Errorf("wycheproof: unknown result %q", s)
}

// HexBytes is a byte string written in JSON as a string of hex digits.
type HexBytes []byte

// UnmarshalJSON decodes a JSON string of hex digits, of either case and of
// even length. JSON null leaves b unchanged.
func (b *HexBytes) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("wycheproof: hex string: %v", err)
	}
	d, err := hex.DecodeString(s)
	if err != nil {
		return fmt.Errorf("wycheproof: hex string %q: %v", abbreviate(s), err)
	}
	*b = d
	return nil
}

// MarshalJSON encodes b as a JSON string of lower-case hex digits.
func (b HexBytes) MarshalJSON() ([]byte, error) {
	return json.Marshal(hex.EncodeToString(b))
}

// Int returns b read as a big-endian two's complement integer, which is how
// Wycheproof writes the fields its schemas call BigInt (RSA moduli and
// exponents, EC coordinates, the values of primality tests): "ff" is -1,
// "00ff" is 255, and the empty string is 0.
func (b HexBytes) Int() *big.Int {
	n := new(big.Int).SetBytes(b)
	if len(b) > 0 && b[0]&0x80 != 0 {
		n.Sub(n, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
	}
	return n
}

func abbreviate(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
