package rsa

import (
	"bytes"
	"compress/bzip2"
	"crypto"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The example vectors of PKCS #1 v2.1 from RSA Laboratories (pkcs-1v2-1-vec),
// in testdata: ten key pairs of 1024 to 2048 bits (among them moduli of
// 1025 to 1031 bits, whose encoded message is shorter than the modulus or
// has spare top bits) with six examples each, all with SHA-1 and MGF1-SHA-1.
// They give the salt or seed, so signing and encryption must reproduce the
// published signature and ciphertext exactly. testdata/README.md says where
// the files come from.

// rfc8017Format describes one of the two vector files.
type rfc8017Format struct {
	file   string // in testdata, bzip2-compressed
	sha256 string // of the decompressed file, as copied
	title  string // heading of each example, before "N.M"
	msg    string // labels of an example's three fields
	random string
	output string
}

var (
	rfc8017PSS = rfc8017Format{
		file:   "pss-vect.txt.bz2",
		sha256: "443a29b51800da03423d821000cf6736e6f0c640f03175ced83d2aee057e492d",
		title:  "RSASSA-PSS Signature Example",
		msg:    "Message to be signed",
		random: "Salt",
		output: "Signature",
	}
	rfc8017OAEP = rfc8017Format{
		file:   "oaep-vect.txt.bz2",
		sha256: "02c50d6a723d11b37f32faf48ac0dd090f07eeb9ca5b80c1bce1573be2123562",
		title:  "RSAES-OAEP Encryption Example",
		msg:    "Message to be encrypted",
		random: "Seed",
		output: "Encryption",
	}
)

// Both files hold 10 key pairs with 6 examples each.
const (
	rfc8017Keys        = 10
	rfc8017ExamplesPer = 6
)

// rfc8017Key is a key pair of a vector file and its examples.
type rfc8017Key struct {
	num, bits                   int // "Example num: A bits-bit RSA Key Pair"
	n, e, d, p, q, dP, dQ, qInv []byte
	examples                    []*rfc8017Example
}

// rfc8017Example is one signature or encryption example.
type rfc8017Example struct {
	name   string // "N.M"
	msg    []byte // the message
	random []byte // the salt (PSS) or the seed (OAEP)
	output []byte // the signature (PSS) or the ciphertext (OAEP)
}

// readRFC8017Vectors decompresses and parses a vector file. It fails the
// test unless the file is the one copied into testdata and parses
// completely: every line of the key pairs and examples is a heading, a
// known label, a blank line or hexadecimal octets under a label.
func readRFC8017Vectors(t *testing.T, f rfc8017Format) []*rfc8017Key {
	t.Helper()
	compressed, err := os.Open(filepath.Join("testdata", f.file))
	if err != nil {
		t.Fatal(err)
	}
	defer compressed.Close()
	data, err := io.ReadAll(bzip2.NewReader(compressed))
	if err != nil {
		t.Fatalf("%s: %v", f.file, err)
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != f.sha256 {
		t.Fatalf("%s: SHA-256 of the content is %x, want %s", f.file, sum, f.sha256)
	}

	keyHeading := regexp.MustCompile(`^Example (\d+): A (\d+)-bit RSA Key Pair$`)
	exampleHeading := regexp.MustCompile(`^` + regexp.QuoteMeta(f.title) + ` (\d+)\.(\d+)$`)
	var keys []*rfc8017Key
	var field *[]byte // the field that hexadecimal lines extend
	for i, line := range strings.Split(string(data), "\n") {
		where := fmt.Sprintf("%s:%d", f.file, i+1)
		line = strings.TrimRight(line, " \r")
		var key *rfc8017Key
		if len(keys) > 0 {
			key = keys[len(keys)-1]
		}
		switch {
		case line == "":
			field = nil

		case strings.HasPrefix(line, "#"):
			field = nil
			text := strings.TrimSpace(line[1:])
			if m := keyHeading.FindStringSubmatch(text); m != nil {
				num, bits := atoiRFC8017(t, where, m[1]), atoiRFC8017(t, where, m[2])
				if num != len(keys)+1 {
					t.Fatalf("%s: key pair %d after %d", where, num, len(keys))
				}
				keys = append(keys, &rfc8017Key{num: num, bits: bits})
				continue
			}
			if m := exampleHeading.FindStringSubmatch(text); m != nil {
				if key == nil || atoiRFC8017(t, where, m[1]) != key.num ||
					atoiRFC8017(t, where, m[2]) != len(key.examples)+1 {
					t.Fatalf("%s: example %s.%s out of order", where, m[1], m[2])
				}
				key.examples = append(key.examples, &rfc8017Example{name: m[1] + "." + m[2]})
				continue
			}
			label, isLabel := strings.CutSuffix(text, ":")
			if !isLabel || key == nil {
				continue // a rule, a heading or the introduction
			}
			var fields map[string]*[]byte
			if len(key.examples) == 0 {
				fields = map[string]*[]byte{
					"RSA modulus n":          &key.n,
					"RSA public exponent e":  &key.e,
					"RSA private exponent d": &key.d,
					"Prime p":                &key.p,
					"Prime q":                &key.q,
					"p's CRT exponent dP":    &key.dP,
					"q's CRT exponent dQ":    &key.dQ,
					"CRT coefficient qInv":   &key.qInv,
				}
			} else {
				ex := key.examples[len(key.examples)-1]
				fields = map[string]*[]byte{f.msg: &ex.msg, f.random: &ex.random, f.output: &ex.output}
			}
			if field = fields[label]; field == nil {
				t.Fatalf("%s: unexpected label %q", where, text)
			}
			if *field != nil {
				t.Fatalf("%s: %q given twice", where, label)
			}
			*field = []byte{}

		default:
			if field == nil {
				if key == nil {
					continue // the OAEP file's title, above the comments
				}
				t.Fatalf("%s: data under no label: %q", where, line)
			}
			for _, octet := range strings.Fields(line) {
				b, err := hex.DecodeString(octet)
				if err != nil || len(b) != 1 {
					t.Fatalf("%s: %q is not a hexadecimal octet", where, octet)
				}
				*field = append(*field, b...)
			}
		}
	}

	for _, key := range keys {
		for name, v := range map[string][]byte{
			"n": key.n, "e": key.e, "d": key.d, "p": key.p, "q": key.q,
			"dP": key.dP, "dQ": key.dQ, "qInv": key.qInv,
		} {
			if len(v) == 0 {
				t.Fatalf("%s: key pair %d has no %s", f.file, key.num, name)
			}
		}
		for _, ex := range key.examples {
			if len(ex.msg) == 0 || len(ex.random) == 0 || len(ex.output) == 0 {
				t.Fatalf("%s: example %s lacks a field", f.file, ex.name)
			}
		}
	}
	return keys
}

func atoiRFC8017(t *testing.T, where, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	return n
}

// checkRFC8017Counts checks the shape of a vector file: 10 key pairs, 6
// examples each.
func checkRFC8017Counts(t *testing.T, f rfc8017Format, keys []*rfc8017Key) {
	t.Helper()
	if len(keys) != rfc8017Keys {
		t.Fatalf("%s: %d key pairs, want %d", f.file, len(keys), rfc8017Keys)
	}
	for _, key := range keys {
		if len(key.examples) != rfc8017ExamplesPer {
			t.Fatalf("%s: key pair %d has %d examples, want %d", f.file, key.num, len(key.examples), rfc8017ExamplesPer)
		}
	}
}

// rfc8017PrivateKey checks that the parts of a key pair agree, as the file
// gives them, and imports it with NewPrivateKey, which must accept it.
func rfc8017PrivateKey(t *testing.T, key *rfc8017Key) *PrivateKey {
	t.Helper()
	num := func(b []byte) *big.Int { return new(big.Int).SetBytes(b) }
	one := big.NewInt(1)
	n, e, d, p, q := num(key.n), num(key.e), num(key.d), num(key.p), num(key.q)
	if n.BitLen() != key.bits {
		t.Fatalf("modulus of %d bits, the heading says %d", n.BitLen(), key.bits)
	}
	if !e.IsInt64() || e.Int64() > 1<<31 {
		t.Fatalf("public exponent %v", e)
	}
	if dP := new(big.Int).Mod(d, new(big.Int).Sub(p, one)); dP.Cmp(num(key.dP)) != 0 {
		t.Fatalf("dP is not d mod (p-1)")
	}
	if dQ := new(big.Int).Mod(d, new(big.Int).Sub(q, one)); dQ.Cmp(num(key.dQ)) != 0 {
		t.Fatalf("dQ is not d mod (q-1)")
	}
	if qInv := new(big.Int).ModInverse(q, p); qInv == nil || qInv.Cmp(num(key.qInv)) != 0 {
		t.Fatalf("qInv is not q⁻¹ mod p")
	}

	priv, err := NewPrivateKey(key.n, int(e.Int64()), key.d, key.p, key.q)
	if err != nil {
		t.Fatalf("NewPrivateKey: %v", err)
	}
	pub := priv.PublicKey()
	if !bytes.Equal(pub.N(), key.n) || pub.E() != int(e.Int64()) {
		t.Fatalf("public key (%x, %d), want (%x, %v)", pub.N(), pub.E(), key.n, e)
	}
	if num(priv.D()).Cmp(d) != 0 || num(priv.P()).Cmp(p) != 0 || num(priv.Q()).Cmp(q) != 0 {
		t.Fatalf("D, P or Q differs from the key imported")
	}
	return priv
}

// rfc8017Random returns the random source that makes an operation use the
// given salt or seed: it gives those bytes first, then crypto/rand's, for the
// blinding of a private-key operation. The bytes.Reader tells how much of the
// salt or seed was read.
func rfc8017Random(given []byte) (io.Reader, *bytes.Reader) {
	r := bytes.NewReader(given)
	return io.MultiReader(r, rand.Reader), r
}

// flipBit returns a copy of b with one bit inverted, at a position that
// varies with i.
func flipBit(b []byte, i int) []byte {
	c := bytes.Clone(b)
	c[(i*37+len(c)/2)%len(c)] ^= 1 << (i % 8)
	return c
}

func TestRFC8017PSS(t *testing.T) {
	keys := readRFC8017Vectors(t, rfc8017PSS)
	checkRFC8017Counts(t, rfc8017PSS, keys)
	processed := 0
	for _, key := range keys {
		t.Run(fmt.Sprintf("key%d-%dbits", key.num, key.bits), func(t *testing.T) {
			priv := rfc8017PrivateKey(t, key)
			pub := priv.PublicKey()
			for _, ex := range key.examples {
				processed++
				digest := sha1.Sum(ex.msg)
				opts := &PSSOptions{SaltLength: len(ex.random)}

				random, salt := rfc8017Random(ex.random)
				sig, err := SignPSS(random, priv, crypto.SHA1, digest[:], opts)
				switch {
				case err != nil:
					t.Errorf("example %s: SignPSS: %v", ex.name, err)
				case salt.Len() != 0:
					t.Errorf("example %s: SignPSS read %d of the %d salt bytes", ex.name, len(ex.random)-salt.Len(), len(ex.random))
				case !bytes.Equal(sig, ex.output):
					t.Errorf("example %s: SignPSS gave\n%x\nwant\n%x", ex.name, sig, ex.output)
				}

				if err := VerifyPSS(pub, crypto.SHA1, digest[:], ex.output, opts); err != nil {
					t.Errorf("example %s: VerifyPSS: %v", ex.name, err)
				}
				if err := VerifyPSS(pub, crypto.SHA1, digest[:], ex.output, nil); err != nil {
					t.Errorf("example %s: VerifyPSS with PSSSaltLengthAuto: %v", ex.name, err)
				}
				bad := flipBit(ex.output, processed)
				if err := VerifyPSS(pub, crypto.SHA1, digest[:], bad, opts); !errors.Is(err, ErrVerification) {
					t.Errorf("example %s: VerifyPSS of the signature with a bit flipped: %v, want ErrVerification", ex.name, err)
				}
			}
		})
	}
	if want := rfc8017Keys * rfc8017ExamplesPer; processed != want {
		t.Errorf("%d PSS examples processed, want %d", processed, want)
	}
}

func TestRFC8017OAEP(t *testing.T) {
	keys := readRFC8017Vectors(t, rfc8017OAEP)
	checkRFC8017Counts(t, rfc8017OAEP, keys)
	processed := 0
	for _, key := range keys {
		t.Run(fmt.Sprintf("key%d-%dbits", key.num, key.bits), func(t *testing.T) {
			priv := rfc8017PrivateKey(t, key)
			pub := priv.PublicKey()
			opts := &OAEPOptions{Hash: crypto.SHA1}
			for _, ex := range key.examples {
				processed++

				random, seed := rfc8017Random(ex.random)
				ct, err := EncryptOAEP(random, pub, ex.msg, opts)
				switch {
				case err != nil:
					t.Errorf("example %s: EncryptOAEP: %v", ex.name, err)
				case seed.Len() != 0:
					t.Errorf("example %s: EncryptOAEP read %d of the %d seed bytes", ex.name, len(ex.random)-seed.Len(), len(ex.random))
				case !bytes.Equal(ct, ex.output):
					t.Errorf("example %s: EncryptOAEP gave\n%x\nwant\n%x", ex.name, ct, ex.output)
				}

				msg, err := DecryptOAEP(priv, ex.output, opts)
				if err != nil {
					t.Errorf("example %s: DecryptOAEP: %v", ex.name, err)
				} else if !bytes.Equal(msg, ex.msg) {
					t.Errorf("example %s: DecryptOAEP gave %x, want %x", ex.name, msg, ex.msg)
				}
				bad := flipBit(ex.output, processed)
				if _, err := DecryptOAEP(priv, bad, opts); !errors.Is(err, ErrDecryption) {
					t.Errorf("example %s: DecryptOAEP of the ciphertext with a bit flipped: %v, want ErrDecryption", ex.name, err)
				}
			}
		})
	}
	if want := rfc8017Keys * rfc8017ExamplesPer; processed != want {
		t.Errorf("%d OAEP examples processed, want %d", processed, want)
	}
}
