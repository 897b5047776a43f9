package wycheproof

// These tests run one file of each family against the standard library.
// They are not tests of the standard library, which runs the vectors
// itself: they show that the structs give each field its meaning (a key
// is a key and not a message), and they are examples of use.

import (
	"bytes"
	"crypto"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/mlkem"
	"crypto/pbkdf2"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/pem"
	"math/big"
	"testing"
)

// checkCounts fails the test unless at least one Valid test passed and
// every Invalid test (where checked) was rejected.
func checkCounts(t *testing.T, valid int) {
	t.Helper()
	if valid == 0 {
		t.Errorf("no valid test was checked")
	}
}

func TestStdlibHMAC(t *testing.T) {
	var f MACFile
	Load(t, "hmac_sha256_test.json", &f)
	valid := 0
	for _, g := range f.TestGroups {
		for _, tc := range g.Tests {
			m := hmac.New(sha256.New, tc.Key)
			m.Write(tc.Msg)
			tag := m.Sum(nil)[:g.TagSize/8]
			if got := hmac.Equal(tag, tc.Tag); got != (tc.Result == Valid) {
				t.Errorf("%s (%s): tag matches = %v, result %s", tc.Name(), tc.Comment, got, tc.Result)
			}
			if tc.Result == Valid {
				valid++
			}
		}
	}
	checkCounts(t, valid)
}

func TestStdlibHKDF(t *testing.T) {
	var f HKDFFile
	Load(t, "hkdf_sha256_test.json", &f)
	valid := 0
	for _, g := range f.TestGroups {
		for _, tc := range g.Tests {
			okm, err := hkdf.Key(sha256.New, tc.IKM, tc.Salt, string(tc.Info), tc.Size)
			switch tc.Result {
			case Valid:
				valid++
				if err != nil || !bytes.Equal(okm, tc.OKM) {
					t.Errorf("%s (%s): OKM %x, %v; want %x", tc.Name(), tc.Comment, okm, err, tc.OKM)
				}
			case Invalid:
				if err == nil {
					t.Errorf("%s (%s): no error", tc.Name(), tc.Comment)
				}
			}
		}
	}
	checkCounts(t, valid)
}

func TestStdlibPBKDF2(t *testing.T) {
	var f PBKDF2File
	Load(t, "pbkdf2_hmacsha256_test.json", &f)
	valid := 0
	for _, g := range f.TestGroups {
		for _, tc := range g.Tests {
			if tc.Result != Valid || tc.IterationCount > 4096 {
				continue
			}
			valid++
			dk, err := pbkdf2.Key(sha256.New, string(tc.Password), tc.Salt, tc.IterationCount, tc.DKLen)
			if err != nil || !bytes.Equal(dk, tc.DK) {
				t.Errorf("%s (%s): DK %x, %v; want %x", tc.Name(), tc.Comment, dk, err, tc.DK)
			}
		}
	}
	checkCounts(t, valid)
}

func TestStdlibAESGCM(t *testing.T) {
	var f AEADFile
	Load(t, "aes_gcm_test.json", &f)
	valid := 0
	for _, g := range f.TestGroups {
		if g.IVSize != 96 || g.TagSize != 128 {
			continue
		}
		for _, tc := range g.Tests {
			b, err := aes.NewCipher(tc.Key)
			if err != nil {
				t.Fatalf("%s: %v", tc.Name(), err)
			}
			a, err := cipher.NewGCM(b)
			if err != nil {
				t.Fatalf("%s: %v", tc.Name(), err)
			}
			ct := append(bytes.Clone(tc.CT), tc.Tag...)
			pt, err := a.Open(nil, tc.IV, ct, tc.AAD)
			switch tc.Result {
			case Valid:
				valid++
				if err != nil || !bytes.Equal(pt, tc.Msg) {
					t.Errorf("%s (%s): Open = %x, %v; want %x", tc.Name(), tc.Comment, pt, err, tc.Msg)
				}
				if got := a.Seal(nil, tc.IV, tc.Msg, tc.AAD); !bytes.Equal(got, ct) {
					t.Errorf("%s (%s): Seal = %x, want %x", tc.Name(), tc.Comment, got, ct)
				}
			case Invalid:
				if err == nil {
					t.Errorf("%s (%s): Open succeeded", tc.Name(), tc.Comment)
				}
			}
		}
	}
	checkCounts(t, valid)
}

func TestStdlibX25519(t *testing.T) {
	var f XDHFile
	Load(t, "x25519_test.json", &f)
	valid := 0
	for _, g := range f.TestGroups {
		if g.Curve != "curve25519" {
			t.Fatalf("curve %q", g.Curve)
		}
		for _, tc := range g.Tests {
			if tc.Result != Valid {
				continue
			}
			valid++
			priv, err := ecdh.X25519().NewPrivateKey(tc.Private)
			if err != nil {
				t.Fatalf("%s: %v", tc.Name(), err)
			}
			pub, err := ecdh.X25519().NewPublicKey(tc.Public)
			if err != nil {
				t.Fatalf("%s: %v", tc.Name(), err)
			}
			if shared, err := priv.ECDH(pub); err != nil || !bytes.Equal(shared, tc.Shared) {
				t.Errorf("%s (%s): shared %x, %v; want %x", tc.Name(), tc.Comment, shared, err, tc.Shared)
			}
		}
	}
	checkCounts(t, valid)
}

func TestStdlibECDHP256(t *testing.T) {
	var f ECDHFile
	Load(t, "ecdh_secp256r1_ecpoint_test.json", &f)
	valid := 0
	for _, g := range f.TestGroups {
		if g.Curve != "secp256r1" || g.Encoding != "ecpoint" {
			t.Fatalf("curve %q, encoding %q", g.Curve, g.Encoding)
		}
		for _, tc := range g.Tests {
			// The private scalar is a two's complement integer, sometimes
			// with a leading zero byte.
			priv, err := ecdh.P256().NewPrivateKey(tc.Private.Int().FillBytes(make([]byte, 32)))
			if err != nil {
				t.Fatalf("%s: %v", tc.Name(), err)
			}
			var shared []byte
			pub, err := ecdh.P256().NewPublicKey(tc.Public)
			if err == nil {
				shared, err = priv.ECDH(pub)
			}
			switch tc.Result {
			case Valid:
				valid++
				if err != nil || !bytes.Equal(shared, tc.Shared) {
					t.Errorf("%s (%s): shared %x, %v; want %x", tc.Name(), tc.Comment, shared, err, tc.Shared)
				}
			case Invalid:
				if err == nil {
					t.Errorf("%s (%s): no error", tc.Name(), tc.Comment)
				}
			}
		}
	}
	checkCounts(t, valid)
}

func TestStdlibECDSAP256(t *testing.T) {
	for _, name := range []string{"ecdsa_secp256r1_sha256_test.json", "ecdsa_secp256r1_sha256_p1363_test.json"} {
		t.Run(name, func(t *testing.T) {
			var f ECDSAVerifyFile
			Load(t, name, &f)
			p1363 := f.Schema == SchemaECDSAP1363Verify
			valid := 0
			for _, g := range f.TestGroups {
				if g.SHA != "SHA-256" || g.PublicKey.Curve != "secp256r1" {
					t.Fatalf("hash %q, curve %q", g.SHA, g.PublicKey.Curve)
				}
				pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), g.PublicKey.Uncompressed)
				if err != nil {
					t.Fatal(err)
				}
				if pub.X.Cmp(g.PublicKey.WX.Int()) != 0 || pub.Y.Cmp(g.PublicKey.WY.Int()) != 0 {
					t.Errorf("the uncompressed point and wx, wy disagree")
				}
				der, err := x509.ParsePKIXPublicKey(g.PublicKeyDER)
				if err != nil || !pub.Equal(der) {
					t.Errorf("publicKeyDer is not the same key: %v", err)
				}
				if blk, _ := pem.Decode([]byte(g.PublicKeyPEM)); blk == nil || !bytes.Equal(blk.Bytes, g.PublicKeyDER) {
					t.Errorf("publicKeyPem does not hold publicKeyDer")
				}
				for _, tc := range g.Tests {
					if tc.Result == Acceptable {
						continue
					}
					digest := sha256.Sum256(tc.Msg)
					var ok bool
					if !p1363 {
						ok = ecdsa.VerifyASN1(pub, digest[:], tc.Sig)
					} else if len(tc.Sig) == 64 {
						r, s := new(big.Int).SetBytes(tc.Sig[:32]), new(big.Int).SetBytes(tc.Sig[32:])
						ok = ecdsa.Verify(pub, digest[:], r, s)
					}
					if ok != (tc.Result == Valid) {
						t.Errorf("%s (%s): verifies = %v, result %s", tc.Name(), tc.Comment, ok, tc.Result)
					}
					if tc.Result == Valid {
						valid++
					}
				}
			}
			checkCounts(t, valid)
		})
	}
}

func TestStdlibEd25519(t *testing.T) {
	var f EdDSAVerifyFile
	Load(t, "ed25519_test.json", &f)
	valid := 0
	for _, g := range f.TestGroups {
		if len(g.PublicKey.PK) != ed25519.PublicKeySize {
			t.Fatalf("public key of %d bytes", len(g.PublicKey.PK))
		}
		for _, tc := range g.Tests {
			if ok := ed25519.Verify(ed25519.PublicKey(g.PublicKey.PK), tc.Msg, tc.Sig); ok != (tc.Result == Valid) {
				t.Errorf("%s (%s): verifies = %v, result %s", tc.Name(), tc.Comment, ok, tc.Result)
			}
			if tc.Result == Valid {
				valid++
			}
		}
	}
	checkCounts(t, valid)
}

// rsaPublicKey returns the key of a verification group and checks that its
// encodings agree.
func rsaPublicKey(t *testing.T, k RSAPublicKey, der HexBytes) *rsa.PublicKey {
	t.Helper()
	pub := &rsa.PublicKey{N: k.Modulus.Int(), E: int(k.PublicExponent.Int().Int64())}
	parsed, err := x509.ParsePKIXPublicKey(der)
	if err != nil || !pub.Equal(parsed) {
		t.Fatalf("publicKeyDer is not the key of modulus and publicExponent: %v", err)
	}
	return pub
}

func TestStdlibRSAPKCS1Verify(t *testing.T) {
	var f RSAPKCS1VerifyFile
	Load(t, "rsa_signature_2048_sha256_test.json", &f)
	valid := 0
	for _, g := range f.TestGroups {
		pub := rsaPublicKey(t, g.PublicKey, g.PublicKeyDER)
		if g.SHA != "SHA-256" || pub.N.BitLen() != g.KeySize {
			t.Fatalf("hash %q, key size %d, modulus of %d bits", g.SHA, g.KeySize, pub.N.BitLen())
		}
		for _, tc := range g.Tests {
			if tc.Result == Acceptable {
				continue
			}
			digest := sha256.Sum256(tc.Msg)
			err := rsa.VerifyPKCS1v15(pub, crypto.SHA256, digest[:], tc.Sig)
			if (err == nil) != (tc.Result == Valid) {
				t.Errorf("%s (%s): error %v, result %s", tc.Name(), tc.Comment, err, tc.Result)
			}
			if tc.Result == Valid {
				valid++
			}
		}
	}
	checkCounts(t, valid)
}

func TestStdlibRSAPSS(t *testing.T) {
	var f RSAPSSVerifyFile
	Load(t, "rsa_pss_2048_sha256_mgf1_32_test.json", &f)
	valid := 0
	for _, g := range f.TestGroups {
		pub := rsaPublicKey(t, g.PublicKey, g.PublicKeyDER)
		if g.SHA != "SHA-256" || g.MGF != "MGF1" || g.MGFSHA != "SHA-256" || g.SLen != 32 {
			t.Fatalf("hash %q, MGF %q with %q, salt length %d", g.SHA, g.MGF, g.MGFSHA, g.SLen)
		}
		for _, tc := range g.Tests {
			if tc.Result != Valid {
				continue
			}
			valid++
			digest := sha256.Sum256(tc.Msg)
			if err := rsa.VerifyPSS(pub, crypto.SHA256, digest[:], tc.Sig, &rsa.PSSOptions{SaltLength: g.SLen}); err != nil {
				t.Errorf("%s (%s): %v", tc.Name(), tc.Comment, err)
			}
		}
	}
	checkCounts(t, valid)
}

// rsaPrivateKey returns the key of a decryption group, built from its
// components, and checks that its PKCS #8 encoding is the same key.
func rsaPrivateKey(t *testing.T, k RSAPrivateKey, pkcs8 HexBytes) *rsa.PrivateKey {
	t.Helper()
	priv := &rsa.PrivateKey{
		PublicKey: rsa.PublicKey{N: k.Modulus.Int(), E: int(k.PublicExponent.Int().Int64())},
		D:         k.PrivateExponent.Int(),
		Primes:    []*big.Int{k.Prime1.Int(), k.Prime2.Int()},
	}
	if err := priv.Validate(); err != nil {
		t.Fatalf("the key's components: %v", err)
	}
	priv.Precompute()
	if priv.Precomputed.Dp.Cmp(k.Exponent1.Int()) != 0 || priv.Precomputed.Dq.Cmp(k.Exponent2.Int()) != 0 || priv.Precomputed.Qinv.Cmp(k.Coefficient.Int()) != 0 {
		t.Errorf("exponent1, exponent2 or coefficient is not the CRT value")
	}
	parsed, err := x509.ParsePKCS8PrivateKey(pkcs8)
	if err != nil || !priv.Equal(parsed) {
		t.Fatalf("privateKeyPkcs8 is not the key of the components: %v", err)
	}
	return priv
}

func TestStdlibRSAOAEP(t *testing.T) {
	var f RSAOAEPDecryptFile
	Load(t, "rsa_oaep_2048_sha256_mgf1sha256_test.json", &f)
	valid := 0
	for _, g := range f.TestGroups {
		priv := rsaPrivateKey(t, g.PrivateKey, g.PrivateKeyPKCS8)
		if g.SHA != "SHA-256" || g.MGFSHA != "SHA-256" {
			t.Fatalf("hash %q, MGF1 hash %q", g.SHA, g.MGFSHA)
		}
		for _, tc := range g.Tests {
			msg, err := priv.Decrypt(nil, tc.CT, &rsa.OAEPOptions{Hash: crypto.SHA256, MGFHash: crypto.SHA256, Label: tc.Label})
			switch tc.Result {
			case Valid:
				valid++
				if err != nil || !bytes.Equal(msg, tc.Msg) {
					t.Errorf("%s (%s): %x, %v; want %x", tc.Name(), tc.Comment, msg, err, tc.Msg)
				}
			case Invalid:
				if err == nil {
					t.Errorf("%s (%s): no error", tc.Name(), tc.Comment)
				}
			}
		}
	}
	checkCounts(t, valid)
}

func TestStdlibRSAPKCS1Decrypt(t *testing.T) {
	var f RSAPKCS1DecryptFile
	Load(t, "rsa_pkcs1_2048_test.json", &f)
	valid := 0
	for _, g := range f.TestGroups {
		priv := rsaPrivateKey(t, g.PrivateKey, g.PrivateKeyPKCS8)
		for _, tc := range g.Tests {
			msg, err := rsa.DecryptPKCS1v15(nil, priv, tc.CT)
			switch tc.Result {
			case Valid:
				valid++
				if err != nil || !bytes.Equal(msg, tc.Msg) {
					t.Errorf("%s (%s): %x, %v; want %x", tc.Name(), tc.Comment, msg, err, tc.Msg)
				}
			case Invalid:
				if err == nil {
					t.Errorf("%s (%s): no error", tc.Name(), tc.Comment)
				}
			}
		}
	}
	checkCounts(t, valid)
}

func TestStdlibRSAPKCS1Sign(t *testing.T) {
	var f RSAPKCS1SignFile
	Load(t, "rsa_pkcs1_2048_sig_gen_test.json", &f)
	valid := 0
	for _, g := range f.TestGroups {
		if g.SHA != "SHA-256" {
			continue
		}
		// These files give only n, e and d; the primes are in the PKCS #8
		// encoding.
		parsed, err := x509.ParsePKCS8PrivateKey(g.PrivateKeyPKCS8)
		if err != nil {
			t.Fatal(err)
		}
		priv := parsed.(*rsa.PrivateKey)
		if priv.N.Cmp(g.PrivateKey.Modulus.Int()) != 0 || priv.D.Cmp(g.PrivateKey.PrivateExponent.Int()) != 0 {
			t.Fatalf("privateKeyPkcs8 is not the key of modulus and privateExponent")
		}
		if pub, err := x509.ParsePKIXPublicKey(g.KeyDER); err != nil || !priv.PublicKey.Equal(pub) {
			t.Fatalf("keyDer is not the public key: %v", err)
		}
		for _, tc := range g.Tests {
			if tc.Result != Valid {
				continue
			}
			valid++
			digest := sha256.Sum256(tc.Msg)
			if sig, err := rsa.SignPKCS1v15(nil, priv, crypto.SHA256, digest[:]); err != nil || !bytes.Equal(sig, tc.Sig) {
				t.Errorf("%s (%s): signature %x, %v; want %x", tc.Name(), tc.Comment, sig, err, tc.Sig)
			}
		}
	}
	checkCounts(t, valid)
}

func TestStdlibPrimality(t *testing.T) {
	t.Parallel() // testing the large primes takes a while
	var f PrimalityFile
	Load(t, "primality_test.json", &f)
	valid := 0
	for _, g := range f.TestGroups {
		for _, tc := range g.Tests {
			if tc.Result == Acceptable {
				continue
			}
			n := tc.Value.Int()
			prime := n.Sign() > 0 && n.ProbablyPrime(0) // Baillie-PSW
			if prime != (tc.Result == Valid) {
				t.Errorf("%s (%s): %v is prime = %v, result %s", tc.Name(), tc.Comment, n, prime, tc.Result)
			}
			if tc.Result == Valid {
				valid++
			}
		}
	}
	checkCounts(t, valid)
}

// mlkemKey is what TestStdlibMLKEM needs of a crypto/mlkem decapsulation key.
type mlkemKey struct {
	ek          []byte
	decapsulate func(c []byte) ([]byte, error)
}

func TestStdlibMLKEM(t *testing.T) {
	var f MLKEMFile
	Load(t, "mlkem_test.json", &f)
	valid, invalid := 0, 0
	for _, g := range f.TestGroups {
		var (
			newKey  func(seed []byte) (mlkemKey, error)
			checkEK func(ek []byte) error
		)
		switch g.ParameterSet {
		case "ML-KEM-768":
			newKey = func(seed []byte) (mlkemKey, error) {
				dk, err := mlkem.NewDecapsulationKey768(seed)
				if err != nil {
					return mlkemKey{}, err
				}
				return mlkemKey{dk.EncapsulationKey().Bytes(), dk.Decapsulate}, nil
			}
			checkEK = func(ek []byte) error { _, err := mlkem.NewEncapsulationKey768(ek); return err }
		case "ML-KEM-1024":
			newKey = func(seed []byte) (mlkemKey, error) {
				dk, err := mlkem.NewDecapsulationKey1024(seed)
				if err != nil {
					return mlkemKey{}, err
				}
				return mlkemKey{dk.EncapsulationKey().Bytes(), dk.Decapsulate}, nil
			}
			checkEK = func(ek []byte) error { _, err := mlkem.NewEncapsulationKey1024(ek); return err }
		default:
			continue // crypto/mlkem has no ML-KEM-512
		}
		for _, tc := range g.Tests {
			switch g.Type {
			case "MLKEMTest":
				if tc.Result != Valid {
					continue
				}
				valid++
				dk, err := newKey(tc.Seed)
				if err != nil {
					t.Fatalf("%s: %v", tc.Name(), err)
				}
				if !bytes.Equal(dk.ek, tc.EK) {
					t.Errorf("%s (%s): the seed gives another encapsulation key", tc.Name(), tc.Comment)
				}
				if k, err := dk.decapsulate(tc.C); err != nil || !bytes.Equal(k, tc.K) {
					t.Errorf("%s (%s): K %x, %v; want %x", tc.Name(), tc.Comment, k, err, tc.K)
				}
			case "MLKEMEncapsTest":
				// crypto/mlkem cannot encapsulate with a given m: check
				// only that the invalid keys are rejected.
				if tc.Result != Invalid {
					continue
				}
				invalid++
				if err := checkEK(tc.EK); err == nil {
					t.Errorf("%s (%s): encapsulation key accepted", tc.Name(), tc.Comment)
				}
			default:
				t.Fatalf("group of type %q", g.Type)
			}
		}
	}
	checkCounts(t, valid)
	if invalid == 0 {
		t.Errorf("no invalid test was checked")
	}
}
