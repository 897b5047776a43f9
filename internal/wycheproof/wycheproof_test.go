package wycheproof

import (
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
)

// typedFiles returns a new value of each file struct of the package.
func typedFiles() []typedFile {
	return []typedFile{
		new(MACFile), new(HKDFFile), new(PBKDF2File), new(AEADFile),
		new(ECDHFile), new(ECDHPEMFile), new(ECDHWebCryptoFile),
		new(XDHFile), new(XDHPEMFile), new(XDHJWKFile),
		new(ECDSAVerifyFile), new(EdDSAVerifyFile),
		new(RSAPKCS1VerifyFile), new(RSAPKCS1SignFile), new(RSAPSSVerifyFile),
		new(RSAOAEPDecryptFile), new(RSAPKCS1DecryptFile),
		new(PrimalityFile),
		new(MLKEMFile), new(MLDSASignFile), new(MLDSAVerifyFile),
	}
}

// newTyped returns a new value of the file struct that models schema, or
// nil if none does.
func newTyped(schema string) typedFile {
	for _, f := range typedFiles() {
		if slices.Contains(f.schemas(), schema) {
			return reflect.New(reflect.TypeOf(f).Elem()).Interface().(typedFile)
		}
	}
	return nil
}

// families are the groups of vector files crypton tests against, by file
// name pattern, with the schemas their files may have. Every file of every
// family is decoded strictly by TestFamilies.
var families = []struct {
	pattern string
	schemas []string
}{
	{"hmac_", []string{SchemaMAC}},
	{"hkdf_", []string{SchemaHKDF}},
	{"pbkdf2_", []string{SchemaPBKDF}},
	{"aes_gcm_test.json", []string{SchemaAEAD}},
	{"aes_gcm_siv_test.json", []string{SchemaAEAD}},
	{"chacha20_poly1305_test.json", []string{SchemaAEAD}},
	{"xchacha20_poly1305_test.json", []string{SchemaAEAD}},
	{"ecdh_secp*_test.json", []string{SchemaECDH, SchemaECDHECPoint, SchemaECDHPEM, SchemaECDHWebCrypto}},
	{"ecdh_secp*_ecpoint_test.json", []string{SchemaECDHECPoint}},
	{"x25519_", []string{SchemaXDH, SchemaXDHASN, SchemaXDHPEM, SchemaXDHJWK}},
	{"x448_", []string{SchemaXDH, SchemaXDHASN, SchemaXDHPEM, SchemaXDHJWK}},
	{"ecdsa_secp*_sha*_test.json", []string{SchemaECDSAVerify, SchemaECDSAP1363Verify, SchemaECDSABitcoinVerify}},
	{"ecdsa_secp*_sha*_p1363_test.json", []string{SchemaECDSAP1363Verify}},
	{"ecdsa_", []string{SchemaECDSAVerify, SchemaECDSAP1363Verify, SchemaECDSABitcoinVerify}},
	{"ed25519_", []string{SchemaEdDSAVerify}},
	{"ed448_", []string{SchemaEdDSAVerify}},
	{"rsa_signature_", []string{SchemaRSAPKCS1Verify}},
	{"rsa_pss_", []string{SchemaRSAPSSVerify, SchemaRSAPSSParamsVerify}},
	{"rsa_pss_*mgf1sha1_*", []string{SchemaRSAPSSVerify}},
	{"rsa_oaep_", []string{SchemaRSAOAEPDecrypt}},
	{"rsa_three_primes_oaep_", []string{SchemaRSAOAEPDecrypt}},
	{"rsa_pkcs1_", []string{SchemaRSAPKCS1Decrypt, SchemaRSAPKCS1Sign}},
	{"rsa_pkcs1_*_sig_gen_test.json", []string{SchemaRSAPKCS1Sign}},
	{"primality_", []string{SchemaPrimality}},
	{"mlkem_", []string{SchemaMLKEM}},
	{"mldsa_", []string{SchemaMLDSASignSeed, SchemaMLDSASignNoSeed, SchemaMLDSAVerify}},
	{"mldsa_*_sign_seed_test.json", []string{SchemaMLDSASignSeed}},
	{"mldsa_*_sign_noseed_test.json", []string{SchemaMLDSASignNoSeed}},
	{"mldsa_*_verify_test.json", []string{SchemaMLDSAVerify}},
}

// TestSchemasModeledOnce checks that no schema is claimed by two file
// structs, and that every family's schemas are modeled.
func TestSchemasModeledOnce(t *testing.T) {
	owner := map[string]string{}
	for _, f := range typedFiles() {
		if len(f.schemas()) == 0 {
			t.Errorf("%T models no schema", f)
		}
		for _, s := range f.schemas() {
			if o, ok := owner[s]; ok {
				t.Errorf("schema %s is modeled by both %s and %T", s, o, f)
			}
			owner[s] = fmt.Sprintf("%T", f)
		}
	}
	for _, fam := range families {
		for _, s := range fam.schemas {
			if owner[s] == "" {
				t.Errorf("family %q: no file struct models schema %s", fam.pattern, s)
			}
		}
	}
}

// TestFamilies decodes every file of every family strictly into the file
// struct of its schema, and checks that every family matches files of each
// of its schemas and that the file structs declare only fields the files
// have.
func TestFamilies(t *testing.T) {
	// The families each file belongs to.
	fileFamilies := map[string][]int{}
	for i, fam := range families {
		for _, name := range Files(t, fam.pattern) {
			fileFamilies[name] = append(fileFamilies[name], i)
		}
	}
	names := make([]string, 0, len(fileFamilies))
	for name := range fileFamilies {
		names = append(names, name)
	}
	sort.Strings(names)
	dir := Dir(t)

	var (
		mu sync.Mutex
		// familySchemas[i] holds the schemas seen in files of family i.
		familySchemas = make([]map[string]bool, len(families))
		// filled[T] holds the JSON keys of the fields of struct type T
		// that some file has.
		filled = map[reflect.Type]map[string]bool{}
	)
	for i := range familySchemas {
		familySchemas[i] = map[string]bool{}
	}

	// Decode the files in parallel, at most GOMAXPROCS at a time: the
	// generic decoding of the larger ones takes memory.
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	t.Run("files", func(t *testing.T) {
		for _, name := range names {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				sem <- struct{}{}
				defer func() { <-sem }()

				data, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				var h File
				if err := json.Unmarshal(data, &h); err != nil {
					t.Fatal(err)
				}
				for _, i := range fileFamilies[name] {
					if !slices.Contains(families[i].schemas, h.Schema) {
						t.Errorf("matches family %q, but its schema %s is not one of %v", families[i].pattern, h.Schema, families[i].schemas)
					}
				}
				v := newTyped(h.Schema)
				if v == nil {
					t.Fatalf("no file struct models schema %s", h.Schema)
				}
				if err := decode(data, v); err != nil {
					t.Fatalf("strict decoding: %v", err)
				}
				if v.numTests() == 0 {
					t.Errorf("decoded no tests")
				}
				if v.header() == nil || v.header().Schema != h.Schema || v.header().Algorithm != h.Algorithm {
					t.Errorf("the embedded File was not filled: %+v", v.header())
				}
				checkNoDuplicateIDs(t, v)

				var generic any
				if err := json.Unmarshal(data, &generic); err != nil {
					t.Fatal(err)
				}
				keys := map[reflect.Type]map[string]bool{}
				filledFields(generic, reflect.TypeOf(v), keys)

				mu.Lock()
				defer mu.Unlock()
				for _, i := range fileFamilies[name] {
					familySchemas[i][h.Schema] = true
				}
				for typ, ks := range keys {
					if filled[typ] == nil {
						filled[typ] = map[string]bool{}
					}
					for k := range ks {
						filled[typ][k] = true
					}
				}
			})
		}
	})
	if t.Failed() {
		return
	}

	for i, fam := range families {
		for _, s := range fam.schemas {
			if !familySchemas[i][s] {
				t.Errorf("family %q has no file of schema %s", fam.pattern, s)
			}
		}
	}

	// Every field of every struct type must be filled by some file: a field
	// no file has is a typo in a tag or a field that belongs to another
	// schema. (Strict decoding has already shown the converse, that the
	// structs declare every field the files have.)
	for k := range filled[nil] {
		t.Errorf("the files have the key %s, which no field's tag names exactly", k)
	}
	types := map[reflect.Type]bool{}
	for _, f := range typedFiles() {
		structTypes(reflect.TypeOf(f), types)
	}
	for typ := range types {
		var missing []string
		for _, k := range jsonFields(typ) {
			if !filled[typ][k] {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			t.Errorf("%v declares fields that no file has: %v", typ, missing)
		}
	}
}

// checkNoDuplicateIDs checks that the tcIds of the tests in v are unique.
func checkNoDuplicateIDs(t *testing.T, v typedFile) {
	t.Helper()
	seen := map[int]bool{}
	groups := reflect.ValueOf(v).Elem().FieldByName("TestGroups")
	for i := range groups.Len() {
		tests := groups.Index(i).FieldByName("Tests")
		for j := range tests.Len() {
			id := tests.Index(j).FieldByName("TestCase").Interface().(TestCase).TcID
			if seen[id] {
				t.Errorf("tcId %d occurs twice", id)
			}
			seen[id] = true
		}
	}
}

var (
	hexBytesType = reflect.TypeFor[HexBytes]()
	resultType   = reflect.TypeFor[Result]()
)

// field is a JSON member of a struct type: the Go struct that declares it,
// which is an embedded struct for a promoted field, and its type.
type field struct {
	owner reflect.Type
	typ   reflect.Type
}

// structFields returns the JSON members of struct type t by key, promoted
// fields of embedded structs included.
func structFields(t reflect.Type) map[string]field {
	m := map[string]field{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			for k, e := range structFields(f.Type) {
				m[k] = e
			}
			continue
		}
		if name == "" {
			name = f.Name
		}
		m[name] = field{t, f.Type}
	}
	return m
}

// jsonFields returns the JSON keys of the fields that struct type t itself
// declares, not those it embeds.
func jsonFields(t reflect.Type) []string {
	var keys []string
	for k, f := range structFields(t) {
		if f.owner == t {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// structTypes adds to out every struct type that t is or contains.
func structTypes(t reflect.Type, out map[reflect.Type]bool) {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map:
		if t != hexBytesType {
			structTypes(t.Elem(), out)
		}
	case reflect.Struct:
		if out[t] {
			return
		}
		out[t] = true
		for _, f := range structFields(t) {
			out[f.owner] = true
			structTypes(f.typ, out)
		}
	}
}

// filledFields walks the decoded JSON value v together with the Go type t
// it decodes into and records in out, for each struct type, the JSON keys
// that v has for it. Keys that match no field exactly are recorded, as
// "Type.key", under the nil type.
func filledFields(v any, t reflect.Type, out map[reflect.Type]map[string]bool) {
	if t == hexBytesType || t == resultType {
		return
	}
	switch t.Kind() {
	case reflect.Pointer:
		filledFields(v, t.Elem(), out)
	case reflect.Slice:
		if a, ok := v.([]any); ok {
			for _, e := range a {
				filledFields(e, t.Elem(), out)
			}
		}
	case reflect.Map:
		if m, ok := v.(map[string]any); ok {
			for _, e := range m {
				filledFields(e, t.Elem(), out)
			}
		}
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		fields := structFields(t)
		for k, e := range m {
			f, ok := fields[k]
			if !ok {
				// encoding/json matches keys without regard to case, so
				// strict decoding accepts a tag that differs in case only.
				if out[nil] == nil {
					out[nil] = map[string]bool{}
				}
				out[nil][fmt.Sprintf("%v.%s", t, k)] = true
				continue
			}
			if out[f.owner] == nil {
				out[f.owner] = map[string]bool{}
			}
			out[f.owner][k] = true
			filledFields(e, f.typ, out)
		}
	}
}

// TestMLKEMKinds checks that the tests of each kind of ML-KEM group have
// the fields of their kind, and nil for those of the other.
func TestMLKEMKinds(t *testing.T) {
	var f MLKEMFile
	Load(t, "mlkem_test.json", &f)
	kinds := map[string]int{}
	for _, g := range f.TestGroups {
		kinds[g.Type] += len(g.Tests)
		for _, tc := range g.Tests {
			var ok bool
			switch g.Type {
			case "MLKEMTest":
				ok = tc.Seed != nil && tc.M == nil
			case "MLKEMEncapsTest":
				ok = tc.Seed == nil && tc.M != nil
			default:
				t.Fatalf("group of type %q", g.Type)
			}
			if !ok || tc.EK == nil || tc.C == nil || tc.K == nil {
				t.Errorf("%s %s: seed %d, m %d, ek %d, c %d, K %d bytes (nil: %v %v %v %v %v)", g.Type, tc.Name(),
					len(tc.Seed), len(tc.M), len(tc.EK), len(tc.C), len(tc.K),
					tc.Seed == nil, tc.M == nil, tc.EK == nil, tc.C == nil, tc.K == nil)
			}
		}
	}
	if kinds["MLKEMTest"] == 0 || kinds["MLKEMEncapsTest"] == 0 {
		t.Errorf("tests by kind: %v", kinds)
	}
}

// TestMLDSAKeys checks that the groups of ML-DSA signing tests have the
// private key their schema says, and that tests without a context have a
// nil Ctx.
func TestMLDSAKeys(t *testing.T) {
	for _, name := range Files(t, "mldsa_*_sign_*") {
		var f MLDSASignFile
		Load(t, name, &f)
		seed := f.Schema == SchemaMLDSASignSeed
		for _, g := range f.TestGroups {
			if (g.PrivateSeed != nil) != seed || (g.PrivateKey != nil) == seed {
				t.Errorf("%s: schema %s, group with a %d-byte seed and a %d-byte key", name, f.Schema, len(g.PrivateSeed), len(g.PrivateKey))
			}
		}
	}
	for _, name := range Files(t, "mldsa_*_verify_test.json") {
		var f MLDSAVerifyFile
		Load(t, name, &f)
		withCtx, withoutCtx := 0, 0
		for _, g := range f.TestGroups {
			if len(g.PublicKey) == 0 {
				t.Errorf("%s: group without a public key", name)
			}
			for _, tc := range g.Tests {
				if tc.Ctx == nil {
					withoutCtx++
				} else {
					withCtx++
				}
			}
		}
		if withCtx == 0 || withoutCtx == 0 {
			t.Errorf("%s: %d tests with a context, %d without", name, withCtx, withoutCtx)
		}
	}
}

func TestFiles(t *testing.T) {
	prefix := Files(t, "hmac_sha")
	glob := Files(t, "hmac_sha*_test.json")
	if !slices.Equal(prefix, glob) {
		t.Errorf("Files(hmac_sha) = %v, Files(hmac_sha*_test.json) = %v; want the same", prefix, glob)
	}
	if !slices.IsSorted(prefix) {
		t.Errorf("Files(hmac_sha) = %v, not sorted", prefix)
	}
	if !slices.Contains(prefix, "hmac_sha256_test.json") || slices.Contains(prefix, "hmac_sm3_test.json") {
		t.Errorf("Files(hmac_sha) = %v", prefix)
	}
	if got := Files(t, "aes_gcm_test.json"); !slices.Equal(got, []string{"aes_gcm_test.json"}) {
		t.Errorf("Files(aes_gcm_test.json) = %v", got)
	}
	for _, name := range Files(t, "*") {
		if !strings.HasSuffix(name, ".json") {
			t.Errorf("Files(*) lists %s", name)
		}
	}

	for _, pattern := range []string{"no_such_file_", "[", "x25519_*.txt"} {
		r := &recorder{TB: t}
		r.run(func(tb testing.TB) { Files(tb, pattern) })
		if !r.failed {
			t.Errorf("Files(%q) did not fail the test", pattern)
		}
	}
}

func TestLoad(t *testing.T) {
	// Typed, with an absolute path.
	var f MACFile
	Load(t, filepath.Join(Dir(t), "hmac_sha256_test.json"), &f)
	if f.Schema != SchemaMAC || f.Algorithm != "HMACSHA256" || len(f.TestGroups) == 0 || f.TestGroups[0].TagSize == 0 {
		t.Errorf("Load(hmac_sha256_test.json): schema %q, algorithm %q, %d groups", f.Schema, f.Algorithm, len(f.TestGroups))
	}
	tc := f.TestGroups[0].Tests[0]
	if tc.TcID != 1 || tc.Name() != "tcId=1" || tc.Result == "" || len(tc.Key) == 0 {
		t.Errorf("first test: %+v", tc)
	}
	for flag := range f.Notes {
		if f.Notes[flag].BugType == "" {
			t.Errorf("note %s has no bug type", flag)
		}
	}

	// A caller's own struct is decoded leniently.
	var mine struct {
		Algorithm  string
		TestGroups []struct {
			Tests []struct {
				TcID int      `json:"tcId"`
				Tag  HexBytes `json:"tag"`
			}
		}
	}
	Load(t, "hmac_sha256_test.json", &mine)
	if mine.Algorithm != "HMACSHA256" || len(mine.TestGroups[0].Tests[0].Tag) == 0 {
		t.Errorf("lenient Load into a partial struct: %+v", mine.TestGroups[0].Tests[0])
	}

	// A typed struct of another schema fails, naming the schema.
	r := &recorder{TB: t}
	r.run(func(tb testing.TB) { Load(tb, "hmac_sha256_test.json", new(AEADFile)) })
	if !r.failed || !strings.Contains(r.msg, SchemaMAC) {
		t.Errorf("Load of a MAC file into *AEADFile: failed = %v, message %q", r.failed, r.msg)
	}
	r = &recorder{TB: t}
	r.run(func(tb testing.TB) { Load(tb, "no_such_test.json", new(MACFile)) })
	if !r.failed {
		t.Errorf("Load of a missing file did not fail")
	}
}

func TestDecodeChecks(t *testing.T) {
	const good = `{"algorithm":"X","schema":"primality_test_schema_v1.json","numberOfTests":2,"notes":{},
		"testGroups":[{"type":"PrimalityTest","tests":[
			{"tcId":1,"comment":"","flags":[],"value":"07","result":"valid"},
			{"tcId":2,"comment":"","flags":[],"value":"ff","result":"invalid"}]}]}`
	var f PrimalityFile
	if err := decode([]byte(good), &f); err != nil {
		t.Fatalf("decode: %v", err)
	}
	if got := f.TestGroups[0].Tests[1]; got.Value.Int().Int64() != -1 || got.Result != Invalid {
		t.Errorf("second test: %+v", got)
	}
	for _, c := range []struct{ name, from, to, want string }{
		{"count", `"numberOfTests":2`, `"numberOfTests":3`, "numberOfTests is 3, but 2 tests"},
		{"schema", `primality_test_schema_v1.json`, `mac_test_schema_v1.json`, `models primality_test_schema_v1.json`},
		{"unknown field", `"value":"07"`, `"value":"07","extra":1`, `unknown field "extra"`},
		{"odd hex", `"value":"07"`, `"value":"070"`, "odd length"},
		{"bad hex", `"value":"07"`, `"value":"0g"`, "invalid byte"},
		{"hex not a string", `"value":"07"`, `"value":7`, "hex string"},
		{"result", `"result":"valid"`, `"result":"maybe"`, `unknown result "maybe"`},
		{"trailing data", `]}]}`, `]}]}{}`, "data after"},
	} {
		data := strings.Replace(good, c.from, c.to, 1)
		if data == good {
			t.Fatalf("%s: the replacement did not apply", c.name)
		}
		err := decode([]byte(data), new(PrimalityFile))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: decode returned %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

func TestHexBytes(t *testing.T) {
	for _, c := range []struct {
		json string
		want string // hex
		int  int64
	}{
		{`""`, "", 0},
		{`"00"`, "00", 0},
		{`"7f"`, "7f", 127},
		{`"80"`, "80", -128},
		{`"ff"`, "ff", -1},
		{`"00ff"`, "00ff", 255},
		{`"FFFE"`, "fffe", -2},
		{`"0100"`, "0100", 256},
	} {
		var b HexBytes
		if err := json.Unmarshal([]byte(c.json), &b); err != nil {
			t.Errorf("Unmarshal(%s): %v", c.json, err)
			continue
		}
		if got := fmt.Sprintf("%x", []byte(b)); got != c.want {
			t.Errorf("Unmarshal(%s) = %s, want %s", c.json, got, c.want)
		}
		if got := b.Int(); got.Cmp(big.NewInt(c.int)) != 0 {
			t.Errorf("Unmarshal(%s).Int() = %v, want %d", c.json, got, c.int)
		}
		out, err := json.Marshal(b)
		if err != nil || string(out) != `"`+c.want+`"` {
			t.Errorf("Marshal(%x) = %s, %v", []byte(b), out, err)
		}
	}
	b := HexBytes{1}
	if err := json.Unmarshal([]byte("null"), &b); err != nil || len(b) != 1 {
		t.Errorf("Unmarshal(null) = %x, %v; want it to leave the value alone", []byte(b), err)
	}
}

func TestResult(t *testing.T) {
	for _, s := range []Result{Valid, Invalid, Acceptable} {
		var r Result
		if err := json.Unmarshal([]byte(`"`+string(s)+`"`), &r); err != nil || r != s {
			t.Errorf("Unmarshal(%q) = %q, %v", s, r, err)
		}
	}
	for _, bad := range []string{`"Valid"`, `""`, `1`, `null`} {
		var r Result
		if err := json.Unmarshal([]byte(bad), &r); err == nil {
			t.Errorf("Unmarshal(%s) = %q, want an error", bad, r)
		}
	}
}

func TestTestCase(t *testing.T) {
	c := TestCase{TcID: 7, Flags: []string{"A", "B"}}
	if c.Name() != "tcId=7" || !c.HasFlag("B") || c.HasFlag("C") {
		t.Errorf("Name() = %q, HasFlag(B) = %v, HasFlag(C) = %v", c.Name(), c.HasFlag("B"), c.HasFlag("C"))
	}
}

// recorder is a testing.TB that records FailNow and SkipNow instead of
// acting on them; use it from its own goroutine.
type recorder struct {
	testing.TB
	failed, skipped bool
	msg             string
}

func (r *recorder) Helper() {}
func (r *recorder) Logf(format string, args ...any) {
	r.msg += fmt.Sprintf(format, args...) + "\n"
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = true
	r.Logf(format, args...)
	runtime.Goexit()
}
func (r *recorder) Skipf(format string, args ...any) {
	r.skipped = true
	r.Logf(format, args...)
	runtime.Goexit()
}

// run calls f with r in a new goroutine and waits for it.
func (r *recorder) run(f func(testing.TB)) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
}
