// Package hashtest lists crypton's hash functions beside the standard
// library's, for the tests of the constructions built on them (hmac, hkdf,
// pbkdf2). It is imported only by test files.
package hashtest

import (
	stdsha1 "crypto/sha1"
	stdsha256 "crypto/sha256"
	stdsha3 "crypto/sha3"
	stdsha512 "crypto/sha512"
	"encoding/hex"
	"hash"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/hash/sha1"
	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/hash/sha3"
	"github.com/crypton-go/crypton/hash/sha512"
)

// Func is one hash function: crypton's constructor and the standard
// library's, which tests use as the oracle.
type Func struct {
	Name string // as Wycheproof and the RFCs write it: "SHA-256"
	Pkg  string // the package's name in the cpufeat registry: "sha256"
	New  func() hash.Hash
	Std  func() hash.Hash
}

// All is every hash function crypton has that the standard library also has.
var All = []Func{
	{"SHA-1", "sha1", sha1.New, stdsha1.New},
	{"SHA-224", "sha256", sha256.New224, stdsha256.New224},
	{"SHA-256", "sha256", sha256.New, stdsha256.New},
	{"SHA-384", "sha512", sha512.New384, stdsha512.New384},
	{"SHA-512", "sha512", sha512.New, stdsha512.New},
	{"SHA-512/224", "sha512", sha512.New512_224, stdsha512.New512_224},
	{"SHA-512/256", "sha512", sha512.New512_256, stdsha512.New512_256},
	{"SHA3-224", "sha3", func() hash.Hash { return sha3.New224() }, func() hash.Hash { return stdsha3.New224() }},
	{"SHA3-256", "sha3", func() hash.Hash { return sha3.New256() }, func() hash.Hash { return stdsha3.New256() }},
	{"SHA3-384", "sha3", func() hash.Hash { return sha3.New384() }, func() hash.Hash { return stdsha3.New384() }},
	{"SHA3-512", "sha3", func() hash.Hash { return sha3.New512() }, func() hash.Hash { return stdsha3.New512() }},
}

// ByName returns the entry of All called name, failing t if there is none.
func ByName(t testing.TB, name string) Func {
	t.Helper()
	for _, h := range All {
		if h.Name == name {
			return h
		}
	}
	t.Fatalf("no hash named %q", name)
	return Func{}
}

// FromHex decodes a hexadecimal test vector, ignoring spaces. It panics on
// malformed input, which is a mistake in the test itself.
func FromHex(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}
