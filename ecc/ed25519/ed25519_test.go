package ed25519_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/sha512"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/ecc/ed25519"
	"github.com/crypton-go/crypton/internal/cryptotest"
	"github.com/crypton-go/crypton/internal/wycheproof"
)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func allImplementations(t *testing.T, f func(t *testing.T)) {
	cputest.TestAllImplementations(t, "gf25519", f)
}

// TestRFC8032 runs the test vectors of RFC 8032, Section 7.1 (Ed25519,
// TEST 1 to 3), 7.2 (Ed25519ctx, context "foo") and 7.3 (Ed25519ph, "abc").
func TestRFC8032(t *testing.T) {
	vectors := []struct {
		name, seed, pub, msg, sig string
		opts                      *ed25519.Options
	}{
		{"TEST 1", "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
			"d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
			"e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b", nil},
		{"TEST 2", "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
			"3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
			"92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00", nil},
		{"TEST 3", "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
			"fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
			"6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a", nil},
		{"Ed25519ctx foo", "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
			"dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292", "f726936d19c800494e3fdaff20b276a8",
			"55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d",
			&ed25519.Options{Context: "foo"}},
		{"Ed25519ph abc", "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
			"ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf", "616263",
			"98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae4131f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406",
			&ed25519.Options{Hash: crypto.SHA512}},
	}
	allImplementations(t, func(t *testing.T) {
		for _, v := range vectors {
			seed, pub, msg, want := mustHex(t, v.seed), mustHex(t, v.pub), mustHex(t, v.msg), mustHex(t, v.sig)
			priv := ed25519.NewKeyFromSeed(seed)
			if !bytes.Equal(priv[32:], pub) {
				t.Fatalf("%s: public key %x, want %x", v.name, priv[32:], pub)
			}
			opts := v.opts
			if opts == nil {
				opts = &ed25519.Options{}
			}
			if opts.Hash == crypto.SHA512 {
				h := sha512.Sum512(msg)
				msg = h[:]
			}
			sig, err := priv.Sign(nil, msg, opts)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(sig, want) {
				t.Errorf("%s: signature %x, want %x", v.name, sig, want)
			}
			// A key parsed from bytes (not through NewKeyFromSeed) too.
			parsed := ed25519.PrivateKey(append(append([]byte{}, seed...), pub...))
			if sig, _ := parsed.Sign(nil, msg, opts); !bytes.Equal(sig, want) {
				t.Errorf("%s: parsed key: signature %x", v.name, sig)
			}
			if v.opts == nil {
				if sig := ed25519.Sign(parsed, msg); !bytes.Equal(sig, want) {
					t.Errorf("%s: Sign: %x", v.name, sig)
				}
				if !ed25519.Verify(pub, msg, want) {
					t.Errorf("%s: Verify rejected", v.name)
				}
			}
			if err := ed25519.VerifyWithOptions(pub, msg, want, opts); err != nil {
				t.Errorf("%s: VerifyWithOptions: %v", v.name, err)
			}
			bad := bytes.Clone(want)
			bad[10] ^= 1
			if ed25519.VerifyWithOptions(pub, msg, bad, opts) == nil {
				t.Errorf("%s: corrupted signature accepted", v.name)
			}
		}
	})
}

// TestSignInput runs the vectors of crypto/ed25519's testdata (from
// the SUPERCOP reference implementation), read from GOROOT.
func TestSignInput(t *testing.T) {
	path := filepath.Join(runtime.GOROOT(), "src", "crypto", "ed25519", "testdata", "sign.input.gz")
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("GOROOT test data not available: %v", err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	sc := bufio.NewScanner(gz)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) < 100 {
		t.Fatalf("only %d lines", len(lines))
	}
	allImplementations(t, func(t *testing.T) {
		for i, line := range lines {
			parts := strings.Split(line, ":")
			priv := ed25519.PrivateKey(mustHex(t, parts[0]))
			pub := mustHex(t, parts[1])
			msg := mustHex(t, parts[2])
			sig := mustHex(t, parts[3])[:64]
			if got := ed25519.NewKeyFromSeed(priv[:32]); !bytes.Equal(got, priv) || !bytes.Equal(priv[32:], pub) {
				t.Fatalf("line %d: key %x", i, got)
			}
			if got := ed25519.Sign(priv, msg); !bytes.Equal(got, sig) {
				t.Fatalf("line %d: signature %x, want %x", i, got, sig)
			}
			if !ed25519.Verify(pub, msg, sig) {
				t.Fatalf("line %d: rejected", i)
			}
		}
	})
}

// stdVerify is crypto/ed25519's verdict; it panics on a public key of the
// wrong length, where this package returns an error.
func stdVerify(pub, msg, sig []byte, opts *ed25519.Options) (err error) {
	if len(pub) != ed25519.PublicKeySize {
		return errBadLength
	}
	if opts == nil {
		opts = &ed25519.Options{}
	}
	return stded25519.VerifyWithOptions(pub, msg, sig, opts)
}

var errBadLength = &lengthError{}

type lengthError struct{}

func (*lengthError) Error() string { return "bad public key length" }

// checkSame verifies with both packages and fails unless they agree, on the
// verdict and on the error message.
func checkSame(t *testing.T, what string, pub, msg, sig []byte, opts *ed25519.Options) bool {
	t.Helper()
	got := ed25519.VerifyWithOptions(pub, msg, sig, opts)
	want := stdVerify(pub, msg, sig, opts)
	if (got == nil) != (want == nil) {
		t.Fatalf("%s: pub %x msg %x sig %x opts %+v: crypton %v, crypto/ed25519 %v", what, pub, msg, sig, opts, got, want)
	}
	if got != nil && want != errBadLength && got.Error() != want.Error() {
		t.Errorf("%s: error %q, crypto/ed25519 %q", what, got, want)
	}
	if opts == nil || (opts.Hash == 0 && opts.Context == "") {
		if ed25519.Verify(pub, msg, sig) != (got == nil) {
			t.Fatalf("%s: Verify and VerifyWithOptions disagree", what)
		}
	}
	return got == nil
}

// TestWycheproof runs every test of Wycheproof's ed25519_test.json: valid
// signatures must verify and invalid ones must not (the file has no
// acceptable ones), and crypto/ed25519 must agree on each.
func TestWycheproof(t *testing.T) {
	var f wycheproof.EdDSAVerifyFile
	wycheproof.Load(t, "ed25519_test.json", &f)
	allImplementations(t, func(t *testing.T) {
		n := 0
		for _, g := range f.TestGroups {
			if g.PublicKey.Curve != "edwards25519" {
				t.Fatalf("curve %q", g.PublicKey.Curve)
			}
			for _, tc := range g.Tests {
				n++
				ok := checkSame(t, tc.Name(), g.PublicKey.PK, tc.Msg, tc.Sig, nil)
				switch tc.Result {
				case wycheproof.Valid:
					if !ok {
						t.Errorf("%s (%s): valid signature rejected", tc.Name(), tc.Comment)
					}
				case wycheproof.Invalid:
					if ok {
						t.Errorf("%s (%s): invalid signature accepted", tc.Name(), tc.Comment)
					}
				default:
					t.Errorf("%s: result %q", tc.Name(), tc.Result)
				}
			}
		}
		if n < 100 {
			t.Fatalf("only %d tests", n)
		}
	})
}

// speccheck holds the twelve test cases of Chalkias, Garillot and
// Nikolaenko, "Taming the many EdDSAs" (SSR 2020), from
// github.com/novifinancial/ed25519-speccheck (cases.txt): small-order and
// mixed-order A and R, S ≥ ℓ, non-canonical R and A, and cofactored versus
// cofactorless equations. want is crypto/ed25519's verdict, which this
// package must share: cases 0-3 and 5 (accepted by the cofactorless
// equation), the rest rejected.
var speccheck = []struct{ msg, pub, sig string }{
	{"8c93255d71dcab10e8f379c26200f3c7bd5f09d9bc3068d3ef4edeb4853022b6", "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa", "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a0000000000000000000000000000000000000000000000000000000000000000"},
	{"9bd9f44f4dcc75bd531b56b2cd280b0bb38fc1cd6d1230e14861d861de092e79", "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa", "f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43a5bb704786be79fc476f91d3f3f89b03984d8068dcf1bb7dfc6637b45450ac04"},
	{"aebf3f2601a0c8c5d39cc7d8911642f740b78168218da8471772b35f9d35b9ab", "f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43", "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa8c4bd45aecaca5b24fb97bc10ac27ac8751a7dfe1baff8b953ec9f5833ca260e"},
	{"9bd9f44f4dcc75bd531b56b2cd280b0bb38fc1cd6d1230e14861d861de092e79", "cdb267ce40c5cd45306fa5d2f29731459387dbf9eb933b7bd5aed9a765b88d4d", "9046a64750444938de19f227bb80485e92b83fdb4b6506c160484c016cc1852f87909e14428a7a1d62e9f22f3d3ad7802db02eb2e688b6c52fcd6648a98bd009"},
	{"e47d62c63f830dc7a6851a0b1f33ae4bb2f507fb6cffec4011eaccd55b53f56c", "cdb267ce40c5cd45306fa5d2f29731459387dbf9eb933b7bd5aed9a765b88d4d", "160a1cb0dc9c0258cd0a7d23e94d8fa878bcb1925f2c64246b2dee1796bed5125ec6bc982a269b723e0668e540911a9a6a58921d6925e434ab10aa7940551a09"},
	{"e47d62c63f830dc7a6851a0b1f33ae4bb2f507fb6cffec4011eaccd55b53f56c", "cdb267ce40c5cd45306fa5d2f29731459387dbf9eb933b7bd5aed9a765b88d4d", "21122a84e0b5fca4052f5b1235c80a537878b38f3142356b2c2384ebad4668b7e40bc836dac0f71076f9abe3a53f9c03c1ceeeddb658d0030494ace586687405"},
	{"85e241a07d148b41e47d62c63f830dc7a6851a0b1f33ae4bb2f507fb6cffec40", "442aad9f089ad9e14647b1ef9099a1ff4798d78589e66f28eca69c11f582a623", "e96f66be976d82e60150baecff9906684aebb1ef181f67a7189ac78ea23b6c0e547f7690a0e2ddcd04d87dbc3490dc19b3b3052f7ff0538cb68afb369ba3a514"},
	{"85e241a07d148b41e47d62c63f830dc7a6851a0b1f33ae4bb2f507fb6cffec40", "442aad9f089ad9e14647b1ef9099a1ff4798d78589e66f28eca69c11f582a623", "8ce5b96c8f26d0ab6c47958c9e68b937104cd36e13c33566acd2fe8d38aa19427e71f98a473474f2f13f06f97c20d58cc3f54b8bd0d272f42b695dd7e89a8c22"},
	{"9bedc267423725d473888631ebf45988bad3db83851ee85c85e241a07d148b41", "f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff03be9678ac102edcd92b0210bb34d7428d12ffc5df5f37e359941266a4e35f0f"},
	{"9bedc267423725d473888631ebf45988bad3db83851ee85c85e241a07d148b41", "f7badec5b8abeaf699583992219b7b223f1df3fbbea919844e3f7c554a43dd43", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffca8c5b64cd208982aa38d4936621a4775aa233aa0505711d8fdcfdaa943d4908"},
	{"e96b7021eb39c1a163b6da4e3093dcd3f21387da4cc4572be588fafae23c155b", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "a9d55260f765261eb9b84e106f665e00b867287a761990d7135963ee0a7d59dca5bb704786be79fc476f91d3f3f89b03984d8068dcf1bb7dfc6637b45450ac04"},
	{"39a591f5321bbe07fd5a23dc2f39d025d74526615746727ceefd6e82ae65c06f", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "a9d55260f765261eb9b84e106f665e00b867287a761990d7135963ee0a7d59dca5bb704786be79fc476f91d3f3f89b03984d8068dcf1bb7dfc6637b45450ac04"},
}

func TestSpeccheck(t *testing.T) {
	allImplementations(t, func(t *testing.T) {
		var verdicts []byte
		for i, c := range speccheck {
			ok := checkSame(t, "case "+string(rune('0'+i%10)), mustHex(t, c.pub), mustHex(t, c.msg), mustHex(t, c.sig), nil)
			v := byte('0')
			if ok {
				v = '1'
			}
			verdicts = append(verdicts, v)
		}
		t.Logf("verdicts: %s", verdicts)
		if want := "111100000001"; string(verdicts) != want {
			t.Errorf("verdicts %s, want %s", verdicts, want)
		}
	})
}

// TestCCTVVectors runs the edge cases of filippo.io/mostly-harmless/
// ed25519vectors (the C2SP/CCTV ed25519 vectors, which Go's own tests use):
// every combination of low-order, non-canonical and mixed-order A and R,
// against crypto/ed25519.
func TestCCTVVectors(t *testing.T) {
	dir := cryptotest.FetchModule(t, "filippo.io/mostly-harmless/ed25519vectors", "v0.0.0-20210322192420-30a2d7243a94")
	data, err := os.ReadFile(filepath.Join(dir, "ed25519vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var vectors []struct {
		A, R, S, M string
		Flags      []string
	}
	if err := json.Unmarshal(data, &vectors); err != nil {
		t.Fatal(err)
	}
	allImplementations(t, func(t *testing.T) {
		accepted := 0
		for i, v := range vectors {
			sig := append(mustHex(t, v.R), mustHex(t, v.S)...)
			if checkSame(t, "vector "+v.M, mustHex(t, v.A), []byte(v.M), sig, nil) {
				accepted++
			}
			_ = i
		}
		if accepted == 0 || accepted == len(vectors) {
			t.Fatalf("%d of %d accepted", accepted, len(vectors))
		}
		t.Logf("%d vectors, %d accepted", len(vectors), accepted)
	})
}

// smallOrder are the encodings of the points of order dividing 8, and
// non-canonical encodings of some of them (y ≥ p, or x = 0 with the sign
// bit).
var smallOrder = []string{
	"0100000000000000000000000000000000000000000000000000000000000000",
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	"0000000000000000000000000000000000000000000000000000000000000080",
	"0000000000000000000000000000000000000000000000000000000000000000",
	"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
	"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
	"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
	"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
	"0100000000000000000000000000000000000000000000000000000000000080",
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
}

// mutate returns a copy of b with a random edit: bit flips, a byte set, a
// small-order or non-canonical point spliced in at offset 0 or 32 of a
// signature, S replaced by S + ℓ, or a length change.
func mutate(r *rand.Rand, b []byte, isSig bool) []byte {
	b = bytes.Clone(b)
	switch r.IntN(8) {
	case 0, 1:
		if len(b) > 0 {
			b[r.IntN(len(b))] ^= 1 << r.IntN(8)
		}
	case 2:
		if len(b) > 0 {
			b[r.IntN(len(b))] = byte(r.Uint32())
		}
	case 3, 4:
		if len(b) >= 32 {
			copy(b, mustHexNoT(smallOrder[r.IntN(len(smallOrder))]))
		}
	case 5:
		if isSig && len(b) == 64 {
			addL(b[32:])
		}
	case 6:
		if len(b) > 0 && r.IntN(2) == 0 {
			b = b[:len(b)-1]
		} else {
			b = append(b, byte(r.Uint32()))
		}
	case 7:
		if len(b) > 0 {
			b[len(b)-1] ^= 0x80 // sign bit of A, or high bits of S
		}
	}
	return b
}

// addL adds ℓ to the 32-byte little-endian s, modulo 2^256.
func addL(s []byte) {
	l := mustHexNoT("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
	var c uint16
	for i := range s {
		c += uint16(s[i]) + uint16(l[i])
		s[i] = byte(c)
		c >>= 8
	}
}

func mustHexNoT(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// TestDifferentialVerify verifies mutated signatures, keys and messages in
// all three variants with both packages, and checks they agree.
func TestDifferentialVerify(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	allImplementations(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(8032, 1))
		variants := []*ed25519.Options{{}, {Context: "ctx"}, {Hash: crypto.SHA512}, {Hash: crypto.SHA512, Context: "x"}}
		accepted := 0
		for i := range n {
			seed := make([]byte, 32)
			for j := range seed {
				seed[j] = byte(r.Uint32())
			}
			priv := ed25519.NewKeyFromSeed(seed)
			pub := []byte(priv[32:])
			msg := make([]byte, r.IntN(100))
			for j := range msg {
				msg[j] = byte(r.Uint32())
			}
			opts := variants[i%len(variants)]
			if opts.Hash == crypto.SHA512 {
				h := sha512.Sum512(msg)
				msg = h[:]
			}
			sig, err := priv.Sign(nil, msg, opts)
			if err != nil {
				t.Fatal(err)
			}
			stdSig, err := stded25519.PrivateKey(priv).Sign(nil, msg, opts)
			if err != nil || !bytes.Equal(sig, stdSig) {
				t.Fatalf("signature %x, crypto/ed25519 %x (%v)", sig, stdSig, err)
			}
			if checkSame(t, "valid", pub, msg, sig, opts) {
				accepted++
			}
			switch r.IntN(4) {
			case 0:
				sig = mutate(r, sig, true)
			case 1:
				pub = mutate(r, pub, false)
			case 2:
				msg = mutate(r, msg, false)
			case 3:
				sig = mutate(r, sig, true)
				pub = mutate(r, pub, false)
			}
			if checkSame(t, "mutated", pub, msg, sig, opts) {
				accepted++
			}
		}
		if accepted < n {
			t.Fatalf("only %d accepted", accepted)
		}
	})
}

// FuzzVerify checks that crypton and crypto/ed25519 agree on any public
// key, message and signature.
func FuzzVerify(f *testing.F) {
	for _, c := range speccheck {
		f.Add(mustHexNoT(c.pub), mustHexNoT(c.msg), mustHexNoT(c.sig), uint8(0))
	}
	priv := ed25519.NewKeyFromSeed(make([]byte, 32))
	f.Add([]byte(priv[32:]), []byte("hello"), ed25519.Sign(priv, []byte("hello")), uint8(0))
	sig, _ := priv.Sign(nil, []byte("hello"), &ed25519.Options{Context: "c"})
	f.Add([]byte(priv[32:]), []byte("hello"), sig, uint8(1))
	for _, s := range smallOrder {
		f.Add(mustHexNoT(s), []byte{}, append(mustHexNoT(s), make([]byte, 32)...), uint8(0))
	}
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte, variant uint8) {
		opts := []*ed25519.Options{{}, {Context: "c"}, {Hash: crypto.SHA512}, {Hash: crypto.SHA256}}[variant%4]
		checkSame(t, "fuzz", pub, msg, sig, opts)
	})
}

// TestMismatchedPrivateKey checks that a private key whose public half is
// not the public key of its seed is never used to sign: crypto/ed25519
// signs with it, and two such signatures of one message reveal the scalar.
func TestMismatchedPrivateKey(t *testing.T) {
	good := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{1}, 32))
	other := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{2}, 32))
	bad := ed25519.PrivateKey(append(good.Seed(), other[32:]...))
	if _, err := bad.Sign(nil, []byte("m"), crypto.Hash(0)); err == nil {
		t.Fatal("signed with a mismatched key")
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("Sign did not panic on a mismatched key")
			}
		}()
		ed25519.Sign(bad, []byte("m"))
	}()
	// A key whose public half is changed after it was used (and cached)
	// is checked again.
	k := bytes.Clone(good)
	if _, err := ed25519.PrivateKey(k).Sign(nil, []byte("m"), crypto.Hash(0)); err != nil {
		t.Fatal(err)
	}
	copy(k[32:], other[32:])
	if _, err := ed25519.PrivateKey(k).Sign(nil, []byte("m"), crypto.Hash(0)); err == nil {
		t.Fatal("signed after the public half changed")
	}
	copy(k[32:], good[32:])
	if _, err := ed25519.PrivateKey(k).Sign(nil, []byte("m"), crypto.Hash(0)); err != nil {
		t.Fatal(err)
	}
	// The seed changed, the public half not.
	k[0] ^= 1
	if _, err := ed25519.PrivateKey(k).Sign(nil, []byte("m"), crypto.Hash(0)); err == nil {
		t.Fatal("signed after the seed changed")
	}
}

func TestBadInputs(t *testing.T) {
	priv := ed25519.NewKeyFromSeed(make([]byte, 32))
	pub := priv.Public().(stded25519.PublicKey)
	sig := ed25519.Sign(priv, []byte("m"))
	for _, n := range []int{0, 31, 33} {
		if ed25519.Verify(make([]byte, n), []byte("m"), sig) {
			t.Errorf("Verify accepted a %d-byte key", n)
		}
		if err := ed25519.VerifyWithOptions(make([]byte, n), []byte("m"), sig, nil); err == nil {
			t.Errorf("VerifyWithOptions accepted a %d-byte key", n)
		}
	}
	if _, err := priv.Sign(nil, []byte("m"), crypto.SHA256); err == nil {
		t.Error("Sign accepted SHA-256")
	}
	if _, err := priv.Sign(nil, []byte("short"), crypto.SHA512); err == nil {
		t.Error("Sign accepted a short Ed25519ph digest")
	}
	long := strings.Repeat("c", 256)
	if _, err := priv.Sign(nil, []byte("m"), &ed25519.Options{Context: long}); err == nil {
		t.Error("Sign accepted a 256-byte context")
	}
	if _, err := priv.Sign(nil, make([]byte, 64), &ed25519.Options{Hash: crypto.SHA512, Context: long}); err == nil {
		t.Error("Sign accepted a 256-byte Ed25519ph context")
	}
	if _, err := ed25519.PrivateKey(make([]byte, 63)).Sign(nil, []byte("m"), crypto.Hash(0)); err == nil {
		t.Error("Sign accepted a 63-byte key")
	}
	for _, n := range []int{0, 31, 33} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewKeyFromSeed accepted %d bytes", n)
				}
			}()
			ed25519.NewKeyFromSeed(make([]byte, n))
		}()
	}
	// Ed25519ctx with a 255-byte context works and matches crypto/ed25519.
	ctx := strings.Repeat("c", 255)
	s1, err1 := priv.Sign(nil, []byte("m"), &ed25519.Options{Context: ctx})
	s2, err2 := stded25519.PrivateKey(priv).Sign(nil, []byte("m"), &stded25519.Options{Context: ctx})
	if err1 != nil || err2 != nil || !bytes.Equal(s1, s2) {
		t.Errorf("255-byte context: %v %v", err1, err2)
	}
	if !ed25519.Verify(pub, []byte("m"), sig) {
		t.Error("rejected")
	}
}

// TestInterop checks the key types against crypto/ed25519 and crypto/x509.
func TestInterop(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	seedReader := readerFunc(func(b []byte) (int, error) {
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return len(b), nil
	})
	pub, priv, err := ed25519.GenerateKey(seedReader)
	if err != nil {
		t.Fatal(err)
	}
	var signer crypto.Signer = priv
	stdPub, ok := signer.Public().(stded25519.PublicKey)
	if !ok || !stdPub.Equal(pub) {
		t.Fatalf("Public() = %T", signer.Public())
	}
	if !bytes.Equal(stded25519.NewKeyFromSeed(priv.Seed()), priv) {
		t.Fatal("key differs from crypto/ed25519's")
	}
	if !priv.Equal(stded25519.PrivateKey(bytes.Clone(priv))) || !priv.Equal(ed25519.PrivateKey(bytes.Clone(priv))) || priv.Equal(pub) {
		t.Fatal("Equal")
	}
	if _, err := x509.MarshalPKIXPublicKey(priv.Public()); err != nil {
		t.Fatal(err)
	}
	if _, err := x509.MarshalPKCS8PrivateKey(stded25519.PrivateKey(priv)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ed25519.GenerateKey(nil); err != nil {
		t.Fatal(err)
	}
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(b []byte) (int, error) { return f(b) }

func TestAllocations(t *testing.T) {
	priv := ed25519.NewKeyFromSeed(make([]byte, 32))
	pub := []byte(priv[32:])
	msg := []byte("message")
	sig := ed25519.Sign(priv, msg)
	if n := testing.AllocsPerRun(20, func() { ed25519.Sign(priv, msg) }); n > 2 {
		t.Errorf("Sign: %v allocations", n)
	}
	if n := testing.AllocsPerRun(20, func() { ed25519.Verify(pub, msg, sig) }); n > 1 {
		t.Errorf("Verify: %v allocations", n)
	}
}

// globalKey is a private key outside the heap (in the data segment), which
// signs like any other: the key cache never refers to the key's memory.
var globalKey [64]byte

func TestGlobalKey(t *testing.T) {
	copy(globalKey[:], ed25519.NewKeyFromSeed(bytes.Repeat([]byte{9}, 32)))
	msg := []byte("m")
	for range 3 {
		sig := ed25519.Sign(globalKey[:], msg)
		if !bytes.Equal(sig, stded25519.Sign(globalKey[:], msg)) {
			t.Fatal("signature differs from crypto/ed25519's")
		}
	}
	var stackKey [64]byte
	copy(stackKey[:], globalKey[:])
	if sig := ed25519.Sign(stackKey[:], msg); !ed25519.Verify(ed25519.PublicKey(stackKey[32:]), msg, sig) {
		t.Fatal("rejected")
	}
}

// FuzzSign checks that crypton's signatures equal crypto/ed25519's for any
// seed, message and variant.
func FuzzSign(f *testing.F) {
	f.Add(make([]byte, 32), []byte("hello"), "", uint8(0))
	f.Add(bytes.Repeat([]byte{0xff}, 32), []byte{}, "ctx", uint8(1))
	f.Add(bytes.Repeat([]byte{0x80}, 32), make([]byte, 64), "", uint8(2))
	f.Fuzz(func(t *testing.T, seed, msg []byte, ctx string, variant uint8) {
		if len(seed) != 32 {
			return
		}
		opts := &ed25519.Options{Context: ctx}
		if variant%2 == 1 {
			opts.Hash = crypto.SHA512
		}
		priv := ed25519.NewKeyFromSeed(seed)
		std := stded25519.NewKeyFromSeed(seed)
		if !bytes.Equal(priv, std) {
			t.Fatalf("key %x, crypto/ed25519 %x", priv, std)
		}
		sig, err := priv.Sign(nil, msg, opts)
		stdSig, stdErr := std.Sign(nil, msg, opts)
		if (err == nil) != (stdErr == nil) || !bytes.Equal(sig, stdSig) {
			t.Fatalf("signature %x (%v), crypto/ed25519 %x (%v)", sig, err, stdSig, stdErr)
		}
		if err == nil {
			checkSame(t, "signed", priv[32:], msg, sig, opts)
		}
	})
}
