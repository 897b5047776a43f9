package rsa

import (
	"bytes"
	"crypto"
	stdrsa "crypto/rsa"
	_ "crypto/sha1" // registered for hashing the vectors' messages
	_ "crypto/sha256"
	_ "crypto/sha3"
	_ "crypto/sha512"
	"crypto/x509"
	"fmt"
	"io"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/crypton-go/crypton/internal/wycheproof"
	"github.com/crypton-go/crypton/mont"
)

// wycheproofHash maps the hash names of the vector files to crypto.Hash.
func wycheproofHash(t *testing.T, name string) crypto.Hash {
	t.Helper()
	h, ok := map[string]crypto.Hash{
		"SHA-1":       crypto.SHA1,
		"SHA-224":     crypto.SHA224,
		"SHA-256":     crypto.SHA256,
		"SHA-384":     crypto.SHA384,
		"SHA-512":     crypto.SHA512,
		"SHA-512/224": crypto.SHA512_224,
		"SHA-512/256": crypto.SHA512_256,
		"SHA3-224":    crypto.SHA3_224,
		"SHA3-256":    crypto.SHA3_256,
		"SHA3-384":    crypto.SHA3_384,
		"SHA3-512":    crypto.SHA3_512,
	}[name]
	if !ok {
		t.Fatalf("unknown hash %q", name)
	}
	return h
}

// digestOf hashes msg with the standard library's implementation of h,
// independent of the hashes this package uses.
func digestOf(h crypto.Hash, msg []byte) []byte {
	d := h.New()
	d.Write(msg)
	return d.Sum(nil)
}

// vectorPublicKey returns the key of a verification group and checks it
// against the group's DER encoding.
func vectorPublicKey(t *testing.T, k wycheproof.RSAPublicKey, der []byte) *PublicKey {
	t.Helper()
	pub, err := NewPublicKey(k.Modulus, int(k.PublicExponent.Int().Int64()))
	if err != nil {
		t.Fatalf("NewPublicKey: %v", err)
	}
	if der != nil {
		parsed, err := x509.ParsePKIXPublicKey(der)
		if err == nil && !pub.Stdlib().Equal(parsed) {
			t.Fatalf("publicKeyDer is not the key of modulus and publicExponent")
		}
	}
	return pub
}

// vectorCounts counts the vectors run, for the assertion that some ran.
type vectorCounts struct{ valid, invalid, acceptable atomic.Int64 }

func (c *vectorCounts) add(r wycheproof.Result) {
	switch r {
	case wycheproof.Valid:
		c.valid.Add(1)
	case wycheproof.Invalid:
		c.invalid.Add(1)
	default:
		c.acceptable.Add(1)
	}
}

func (c *vectorCounts) check(t *testing.T) {
	t.Helper()
	if t.Skipped() {
		return // no vectors to run (no go command to fetch them)
	}
	v, i, a := c.valid.Load(), c.invalid.Load(), c.acceptable.Load()
	t.Logf("%d vectors: %d valid, %d invalid, %d acceptable", v+i+a, v, i, a)
	if v == 0 {
		t.Error("no valid vector ran")
	}
}

func TestWycheproofPKCS1v15Verify(t *testing.T) {
	var counts vectorCounts
	t.Cleanup(func() { counts.check(t) })
	for _, file := range wycheproof.Files(t, "rsa_signature_*_test.json") {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			var f wycheproof.RSAPKCS1VerifyFile
			wycheproof.Load(t, file, &f)
			for _, g := range f.TestGroups {
				pub := vectorPublicKey(t, g.PublicKey, g.PublicKeyDER)
				h := wycheproofHash(t, g.SHA)
				for _, tc := range g.Tests {
					counts.add(tc.Result)
					err := VerifyPKCS1v15(pub, h, digestOf(h, tc.Msg), tc.Sig)
					switch {
					case tc.Result == wycheproof.Valid && err != nil:
						t.Errorf("%s (%s): %v", tc.Name(), tc.Comment, err)
					case tc.Result == wycheproof.Invalid && err == nil:
						t.Errorf("%s (%s): invalid signature verified", tc.Name(), tc.Comment)
					case err != nil && err != ErrVerification:
						t.Errorf("%s (%s): error %v, want ErrVerification", tc.Name(), tc.Comment, err)
					}
				}
			}
		})
	}
}

func TestWycheproofPKCS1v15Sign(t *testing.T) {
	var counts vectorCounts
	t.Cleanup(func() { counts.check(t) })
	for _, file := range wycheproof.Files(t, "rsa_pkcs1_*_sig_gen_test.json") {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			var f wycheproof.RSAPKCS1SignFile
			wycheproof.Load(t, file, &f)
			for _, g := range f.TestGroups {
				// The groups give n, e and d; the primes are in the PKCS #8
				// encoding.
				parsed, err := x509.ParsePKCS8PrivateKey(g.PrivateKeyPKCS8)
				if err != nil {
					t.Fatal(err)
				}
				std := parsed.(*stdrsa.PrivateKey)
				k := g.PrivateKey
				priv, err := NewPrivateKey(k.Modulus, int(k.PublicExponent.Int().Int64()), k.PrivateExponent, std.Primes[0].Bytes(), std.Primes[1].Bytes())
				if err != nil {
					t.Fatalf("NewPrivateKey: %v", err)
				}
				if !priv.Stdlib().Equal(std) {
					t.Fatal("privateKeyPkcs8 is not the key of the group")
				}
				h := wycheproofHash(t, g.SHA)
				for _, tc := range g.Tests {
					counts.add(tc.Result)
					digest := digestOf(h, tc.Msg)
					sig, err := SignPKCS1v15(priv, h, digest)
					switch {
					case tc.Result == wycheproof.Invalid:
						if err == nil && bytes.Equal(sig, tc.Sig) {
							t.Errorf("%s (%s): signature of an invalid test", tc.Name(), tc.Comment)
						}
					case err != nil:
						t.Errorf("%s (%s, %s): %v", tc.Name(), tc.Comment, tc.Result, err)
					case !bytes.Equal(sig, tc.Sig):
						t.Errorf("%s (%s, %s): signature\n%x, want\n%x", tc.Name(), tc.Comment, tc.Result, sig, tc.Sig)
					default:
						if err := VerifyPKCS1v15(priv.PublicKey(), h, digest, sig); err != nil {
							t.Errorf("%s: own signature does not verify: %v", tc.Name(), err)
						}
					}
				}
			}
		})
	}
}

func TestWycheproofPSS(t *testing.T) {
	var counts vectorCounts
	t.Cleanup(func() { counts.check(t) })
	for _, file := range wycheproof.Files(t, "rsa_pss_*_test.json") {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			var f wycheproof.RSAPSSVerifyFile
			wycheproof.Load(t, file, &f)
			for _, g := range f.TestGroups {
				if g.MGF != "MGF1" {
					t.Skipf("PSS with %s as hash and mask generation function (RFC 8702) is not supported: no crypto.Hash names SHAKE", g.MGF)
				}
			}
			for _, g := range f.TestGroups {
				// The _params files carry the same parameters in the
				// id-RSASSA-PSS key encoding; the group fields give them.
				pub := vectorPublicKey(t, g.PublicKey, nil)
				h := wycheproofHash(t, g.SHA)
				opts := &PSSOptions{SaltLength: g.SLen, MGFHash: wycheproofHash(t, g.MGFSHA)}
				if g.SLen == 0 {
					opts.SaltLength = PSSSaltLengthZero
				}
				for _, tc := range g.Tests {
					counts.add(tc.Result)
					digest := digestOf(h, tc.Msg)
					err := VerifyPSS(pub, h, digest, tc.Sig, opts)
					switch {
					case tc.Result == wycheproof.Valid && err != nil:
						t.Errorf("%s (%s): %v", tc.Name(), tc.Comment, err)
					case tc.Result == wycheproof.Invalid && err == nil:
						t.Errorf("%s (%s): invalid signature verified", tc.Name(), tc.Comment)
					case err != nil && err != ErrVerification:
						t.Errorf("%s (%s): error %v, want ErrVerification", tc.Name(), tc.Comment, err)
					}
					if tc.Result == wycheproof.Valid {
						// Salt length detection finds the same length.
						auto := &PSSOptions{MGFHash: opts.MGFHash}
						if err := VerifyPSS(pub, h, digest, tc.Sig, auto); err != nil {
							t.Errorf("%s (%s): with PSSSaltLengthAuto: %v", tc.Name(), tc.Comment, err)
						}
					}
				}
			}
		})
	}
}

func TestWycheproofOAEP(t *testing.T) {
	var counts vectorCounts
	t.Cleanup(func() { counts.check(t) })
	for _, file := range wycheproof.Files(t, "rsa_three_primes_oaep_*_test.json") {
		t.Run(file, func(t *testing.T) {
			t.Skip("keys with three primes are out of scope: this package supports two-prime keys only")
		})
	}
	for _, file := range wycheproof.Files(t, "rsa_oaep_*_test.json") {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			var f wycheproof.RSAOAEPDecryptFile
			wycheproof.Load(t, file, &f)
			// Groups in parallel: rsa_oaep_misc_test.json alone has 128
			// keys, up to 8192 bits.
			for i, g := range f.TestGroups {
				t.Run(fmt.Sprintf("group%d-%dbits", i, g.KeySize), func(t *testing.T) {
					t.Parallel()
					testOAEPGroup(t, &counts, &g)
				})
			}
		})
	}
}

func testOAEPGroup(t *testing.T, counts *vectorCounts, g *wycheproof.RSAOAEPDecryptGroup) {
	k := g.PrivateKey
	priv, err := NewPrivateKey(k.Modulus, int(k.PublicExponent.Int().Int64()), k.PrivateExponent, k.Prime1, k.Prime2)
	if err != nil {
		t.Fatalf("NewPrivateKey: %v", err)
	}
	// The precomputed CRT values agree with the file's.
	if !bytes.Equal(trim(priv.dP), trim(k.Exponent1)) || !bytes.Equal(trim(priv.dQ), trim(k.Exponent2)) ||
		!bytes.Equal(trim(priv.qInv.Bytes(priv.p)), trim(k.Coefficient)) {
		t.Errorf("dP, dQ or qInv differ from the file's")
	}
	if g.MGF != "MGF1" {
		t.Fatalf("MGF %q", g.MGF)
	}
	h, mgf := wycheproofHash(t, g.SHA), wycheproofHash(t, g.MGFSHA)
	for _, tc := range g.Tests {
		counts.add(tc.Result)
		opts := &OAEPOptions{Hash: h, MGFHash: mgf, Label: tc.Label}
		msg, err := DecryptOAEP(priv, tc.CT, opts)
		switch {
		case tc.Result == wycheproof.Invalid:
			if err != ErrDecryption {
				t.Errorf("%s (%s): %x, %v; want ErrDecryption", tc.Name(), tc.Comment, msg, err)
			}
		case err == nil && !bytes.Equal(msg, tc.Msg):
			t.Errorf("%s (%s): %x, want %x", tc.Name(), tc.Comment, msg, tc.Msg)
		case err != nil && tc.Result == wycheproof.Valid:
			t.Errorf("%s (%s): %v", tc.Name(), tc.Comment, err)
		}
	}
}

// trim drops leading zero bytes.
func trim(b []byte) []byte {
	for len(b) > 0 && b[0] == 0 {
		b = b[1:]
	}
	return b
}

// wycheproofRounds is the number of Miller–Rabin rounds for the primality
// vectors, which are built to fool primality tests: with random bases, a
// composite passes all of them with probability at most 4^-40.
const wycheproofRounds = 40

func TestWycheproofPrimality(t *testing.T) {
	var counts vectorCounts
	t.Cleanup(func() { counts.check(t) })
	var f wycheproof.PrimalityFile
	wycheproof.Load(t, "primality_test.json", &f)
	for _, g := range f.TestGroups {
		for _, tc := range g.Tests {
			counts.add(tc.Result)
			// Each vector in parallel (the large primes take all the
			// rounds), with its own fixed seed, so that a failure
			// reproduces.
			t.Run(tc.Name(), func(t *testing.T) {
				t.Parallel()
				var seed [32]byte
				copy(seed[:], fmt.Sprintf("crypton rsa primality %d", tc.TcID))
				v := tc.Value.Int()
				// The variable-time test, and the constant-time one of key
				// generation.
				for _, f := range []func([]byte, int, io.Reader) (bool, error){mont.ProbablyPrimeVarTime, mont.ProbablyPrime} {
					random := rand.NewChaCha8(seed)
					prime := false
					if v.Sign() > 0 { // negative numbers, 0 and 1 are not prime
						var err error
						prime, err = f(v.Bytes(), wycheproofRounds, random)
						if err != nil {
							t.Fatal(err)
						}
					}
					if tc.Result != wycheproof.Acceptable && prime != (tc.Result == wycheproof.Valid) {
						t.Errorf("%s (%s): %s is prime = %v", tc.Comment, strings.Join(tc.Flags, ","), abbreviateInt(v), prime)
					}
				}
			})
		}
	}
}

func abbreviateInt(v *big.Int) string {
	s := v.String()
	if len(s) > 40 {
		return s[:20] + "..." + s[len(s)-10:]
	}
	return s
}
