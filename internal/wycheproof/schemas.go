package wycheproof

// The schemas this package models, as named in the files' "schema" field.
const (
	SchemaMAC                = "mac_test_schema_v1.json"                       // hmac_*
	SchemaHKDF               = "hkdf_test_schema_v1.json"                      // hkdf_*
	SchemaPBKDF              = "pbkdf_test_schema.json"                        // pbkdf2_*
	SchemaAEAD               = "aead_test_schema_v1.json"                      // aes_gcm, aes_gcm_siv, chacha20_poly1305, xchacha20_poly1305, ...
	SchemaECDH               = "ecdh_test_schema_v1.json"                      // ecdh_<curve>_test.json
	SchemaECDHECPoint        = "ecdh_ecpoint_test_schema_v1.json"              // ecdh_<curve>_ecpoint_test.json
	SchemaECDHPEM            = "ecdh_pem_test_schema_v1.json"                  // ecdh_<curve>_pem_test.json
	SchemaECDHWebCrypto      = "ecdh_webcrypto_test_schema_v1.json"            // ecdh_<curve>_webcrypto_test.json
	SchemaXDH                = "xdh_comp_schema_v1.json"                       // x25519_test.json, x448_test.json
	SchemaXDHASN             = "xdh_asn_comp_schema_v1.json"                   // x25519_asn_test.json, x448_asn_test.json
	SchemaXDHPEM             = "xdh_pem_comp_schema_v1.json"                   // x25519_pem_test.json, x448_pem_test.json
	SchemaXDHJWK             = "xdh_jwk_comp_schema_v1.json"                   // x25519_jwk_test.json, x448_jwk_test.json
	SchemaECDSAVerify        = "ecdsa_verify_schema_v1.json"                   // ecdsa_<curve>_<hash>_test.json
	SchemaECDSAP1363Verify   = "ecdsa_p1363_verify_schema_v1.json"             // ecdsa_<curve>_<hash>_p1363_test.json, ecdsa_<curve>_webcrypto_test.json
	SchemaECDSABitcoinVerify = "ecdsa_bitcoin_verify_schema.json"              // ecdsa_secp256k1_sha256_bitcoin_test.json
	SchemaEdDSAVerify        = "eddsa_verify_schema_v1.json"                   // ed25519_test.json, ed448_test.json
	SchemaRSAPKCS1Verify     = "rsassa_pkcs1_verify_schema_v1.json"            // rsa_signature_*
	SchemaRSAPKCS1Sign       = "rsassa_pkcs1_generate_schema_v1.json"          // rsa_pkcs1_<bits>_sig_gen_test.json
	SchemaRSAPKCS1Decrypt    = "rsaes_pkcs1_decrypt_schema_v1.json"            // rsa_pkcs1_<bits>_test.json
	SchemaRSAPSSVerify       = "rsassa_pss_verify_schema_v1.json"              // rsa_pss_*_test.json
	SchemaRSAPSSParamsVerify = "rsassa_pss_with_parameters_verify_schema.json" // rsa_pss_*_params_test.json
	SchemaRSAOAEPDecrypt     = "rsaes_oaep_decrypt_schema_v1.json"             // rsa_oaep_*, rsa_three_primes_oaep_*
	SchemaPrimality          = "primality_test_schema_v1.json"                 // primality_test.json
	SchemaMLKEM              = "mlkem_test_schema.json"                        // mlkem_test.json
	SchemaMLDSASignSeed      = "mldsa_sign_seed_schema.json"                   // mldsa_<44|65|87>_sign_seed_test.json
	SchemaMLDSASignNoSeed    = "mldsa_sign_noseed_schema.json"                 // mldsa_<44|65|87>_sign_noseed_test.json
	SchemaMLDSAVerify        = "mldsa_verify_schema.json"                      // mldsa_<44|65|87>_verify_test.json
)

// countTests returns the number of tests in groups.
func countTests[G any](groups []G, tests func(*G) int) int {
	n := 0
	for i := range groups {
		n += tests(&groups[i])
	}
	return n
}

// MAC: mac_test_schema_v1.json

// MACFile is a file of MAC tests ([SchemaMAC]): HMAC with every hash
// (hmac_*), and CMAC and others crypton does not implement.
type MACFile struct {
	File
	TestGroups []MACGroup `json:"testGroups"`
}

// MACGroup is a group of MAC tests with one key and tag size.
type MACGroup struct {
	Type    string    `json:"type"` // "MacTest"
	Source  *Source   `json:"source"`
	KeySize int       `json:"keySize"` // in bits
	TagSize int       `json:"tagSize"` // in bits; shorter than the MAC's output means a truncated tag
	Tests   []MACTest `json:"tests"`
}

// MACTest is one MAC test: the MAC of Msg under Key, truncated to the
// group's TagSize, is Tag if Result is Valid.
type MACTest struct {
	TestCase
	Key HexBytes `json:"key"`
	Msg HexBytes `json:"msg"`
	Tag HexBytes `json:"tag"`
}

func (*MACFile) schemas() []string { return []string{SchemaMAC} }
func (f *MACFile) numTests() int {
	return countTests(f.TestGroups, func(g *MACGroup) int { return len(g.Tests) })
}

// HKDF: hkdf_test_schema_v1.json

// HKDFFile is a file of HKDF tests ([SchemaHKDF], hkdf_*).
type HKDFFile struct {
	File
	TestGroups []HKDFGroup `json:"testGroups"`
}

// HKDFGroup is a group of HKDF tests with one input key size.
type HKDFGroup struct {
	Type    string     `json:"type"` // "HkdfTest"
	Source  *Source    `json:"source"`
	KeySize int        `json:"keySize"` // the size of IKM, in bits
	Tests   []HKDFTest `json:"tests"`
}

// HKDFTest is one HKDF test (RFC 5869): HKDF with IKM, Salt and Info gives
// the Size-byte OKM if Result is Valid. Invalid tests ask for more output
// than HKDF can give (255 times the hash size).
type HKDFTest struct {
	TestCase
	IKM  HexBytes `json:"ikm"`
	Salt HexBytes `json:"salt"`
	Info HexBytes `json:"info"`
	Size int      `json:"size"` // in bytes
	OKM  HexBytes `json:"okm"`
}

func (*HKDFFile) schemas() []string { return []string{SchemaHKDF} }
func (f *HKDFFile) numTests() int {
	return countTests(f.TestGroups, func(g *HKDFGroup) int { return len(g.Tests) })
}

// PBKDF2: pbkdf_test_schema.json

// PBKDF2File is a file of PBKDF2 tests ([SchemaPBKDF], pbkdf2_hmacsha*).
type PBKDF2File struct {
	File
	TestGroups []PBKDF2Group `json:"testGroups"`
}

// PBKDF2Group is a group of PBKDF2 tests.
type PBKDF2Group struct {
	Type  string       `json:"type"` // "PbkdfTest"
	Tests []PBKDF2Test `json:"tests"`
}

// PBKDF2Test is one PBKDF2 test (RFC 8018): PBKDF2 with Password, Salt and
// IterationCount gives the DKLen-byte DK.
type PBKDF2Test struct {
	TestCase
	Password       HexBytes `json:"password"`
	Salt           HexBytes `json:"salt"`
	IterationCount int      `json:"iterationCount"`
	DKLen          int      `json:"dkLen"` // in bytes
	DK             HexBytes `json:"dk"`
}

func (*PBKDF2File) schemas() []string { return []string{SchemaPBKDF} }
func (f *PBKDF2File) numTests() int {
	return countTests(f.TestGroups, func(g *PBKDF2Group) int { return len(g.Tests) })
}

// AEAD: aead_test_schema_v1.json

// AEADFile is a file of AEAD tests ([SchemaAEAD]): aes_gcm_test.json,
// aes_gcm_siv_test.json, chacha20_poly1305_test.json,
// xchacha20_poly1305_test.json, and others crypton does not implement.
type AEADFile struct {
	File
	TestGroups []AEADGroup `json:"testGroups"`
}

// AEADGroup is a group of AEAD tests with one key, nonce and tag size.
type AEADGroup struct {
	Type    string     `json:"type"` // "AeadTest"
	Source  *Source    `json:"source"`
	KeySize int        `json:"keySize"` // in bits
	IVSize  int        `json:"ivSize"`  // the nonce size, in bits
	TagSize int        `json:"tagSize"` // in bits
	Tests   []AEADTest `json:"tests"`
}

// AEADTest is one AEAD test: sealing Msg with Key, the nonce IV and the
// additional data AAD gives CT followed by Tag if Result is Valid, and
// opening CT||Tag fails if it is Invalid. Some invalid tests have an IV of
// a size the algorithm does not allow.
type AEADTest struct {
	TestCase
	Key HexBytes `json:"key"`
	IV  HexBytes `json:"iv"`
	AAD HexBytes `json:"aad"`
	Msg HexBytes `json:"msg"`
	CT  HexBytes `json:"ct"`
	Tag HexBytes `json:"tag"`
}

func (*AEADFile) schemas() []string { return []string{SchemaAEAD} }
func (f *AEADFile) numTests() int {
	return countTests(f.TestGroups, func(g *AEADGroup) int { return len(g.Tests) })
}

// ECDH: ecdh_test_schema_v1.json, ecdh_ecpoint_test_schema_v1.json,
// ecdh_pem_test_schema_v1.json, ecdh_webcrypto_test_schema_v1.json

// ECDHFile is a file of ECDH tests with binary keys: [SchemaECDH]
// (ecdh_<curve>_test.json), where Public is a DER SubjectPublicKeyInfo, and
// [SchemaECDHECPoint] (ecdh_<curve>_ecpoint_test.json), where Public is an
// SEC 1 encoded point. The group's Encoding says which: "asn" or "ecpoint".
type ECDHFile struct {
	File
	TestGroups []ECDHGroup `json:"testGroups"`
}

// ECDHGroup is a group of ECDH tests on one curve.
type ECDHGroup struct {
	Type     string     `json:"type"` // "EcdhTest" or "EcdhEcpointTest"
	Source   *Source    `json:"source"`
	Curve    string     `json:"curve"`    // such as "secp256r1"
	Encoding string     `json:"encoding"` // of Public: "asn" or "ecpoint"
	Tests    []ECDHTest `json:"tests"`
}

// ECDHTest is one ECDH test: the private scalar Private (big-endian, two's
// complement, see [HexBytes.Int]) and the peer's public key Public agree on
// Shared if Result is Valid.
type ECDHTest struct {
	TestCase
	Public  HexBytes `json:"public"`
	Private HexBytes `json:"private"`
	Shared  HexBytes `json:"shared"`
}

func (*ECDHFile) schemas() []string { return []string{SchemaECDH, SchemaECDHECPoint} }
func (f *ECDHFile) numTests() int {
	return countTests(f.TestGroups, func(g *ECDHGroup) int { return len(g.Tests) })
}

// ECDHPEMFile is a file of ECDH tests with PEM keys ([SchemaECDHPEM],
// ecdh_<curve>_pem_test.json).
type ECDHPEMFile struct {
	File
	TestGroups []ECDHPEMGroup `json:"testGroups"`
}

// ECDHPEMGroup is a group of ECDH tests with PEM keys on one curve.
type ECDHPEMGroup struct {
	Type     string                `json:"type"` // "EcdhPemTest"
	Source   *Source               `json:"source"`
	Curve    string                `json:"curve"`
	Encoding string                `json:"encoding"` // "pem"
	Tests    []PEMKeyAgreementTest `json:"tests"`
}

func (*ECDHPEMFile) schemas() []string { return []string{SchemaECDHPEM} }
func (f *ECDHPEMFile) numTests() int {
	return countTests(f.TestGroups, func(g *ECDHPEMGroup) int { return len(g.Tests) })
}

// ECDHWebCryptoFile is a file of ECDH tests with JSON Web Keys
// ([SchemaECDHWebCrypto], ecdh_<curve>_webcrypto_test.json).
type ECDHWebCryptoFile struct {
	File
	TestGroups []ECDHWebCryptoGroup `json:"testGroups"`
}

// ECDHWebCryptoGroup is a group of ECDH tests with JSON Web Keys on one
// curve.
type ECDHWebCryptoGroup struct {
	Type     string                `json:"type"` // "EcdhWebcryptoTest"
	Source   *Source               `json:"source"`
	Curve    string                `json:"curve"`
	Encoding string                `json:"encoding"` // "webcrypto"
	Tests    []JWKKeyAgreementTest `json:"tests"`
}

func (*ECDHWebCryptoFile) schemas() []string { return []string{SchemaECDHWebCrypto} }
func (f *ECDHWebCryptoFile) numTests() int {
	return countTests(f.TestGroups, func(g *ECDHWebCryptoGroup) int { return len(g.Tests) })
}

// PEMKeyAgreementTest is one key agreement test with PEM keys: the private
// key Private and the public key Public agree on Shared if Result is Valid.
type PEMKeyAgreementTest struct {
	TestCase
	Public  string   `json:"public"`  // PEM "PUBLIC KEY"
	Private string   `json:"private"` // PEM "PRIVATE KEY"
	Shared  HexBytes `json:"shared"`
}

// JWKKeyAgreementTest is one key agreement test with JSON Web Keys: the
// private key Private and the public key Public agree on Shared if Result
// is Valid.
type JWKKeyAgreementTest struct {
	TestCase
	Public  JWK      `json:"public"`
	Private JWK      `json:"private"`
	Shared  HexBytes `json:"shared"`
}

// XDH: xdh_comp_schema_v1.json, xdh_asn_comp_schema_v1.json,
// xdh_pem_comp_schema_v1.json, xdh_jwk_comp_schema_v1.json

// XDHFile is a file of X25519 or X448 tests (RFC 7748) with binary keys:
// [SchemaXDH] (x25519_test.json, x448_test.json), where Public and Private
// are the raw 32- or 56-byte strings, and [SchemaXDHASN] (x25519_asn_test.json,
// x448_asn_test.json), where they are a DER SubjectPublicKeyInfo and a DER
// PKCS #8 private key.
type XDHFile struct {
	File
	TestGroups []XDHGroup `json:"testGroups"`
}

// XDHGroup is a group of tests on one curve.
type XDHGroup struct {
	Type   string    `json:"type"` // "XdhComp" or "XdhAsnComp"
	Source *Source   `json:"source"`
	Curve  string    `json:"curve"` // "curve25519" or "curve448"
	Tests  []XDHTest `json:"tests"`
}

// XDHTest is one X25519 or X448 test: the private key Private and the
// peer's public key Public agree on Shared if Result is Valid or
// Acceptable. Acceptable tests have unusual public keys: points on the
// twist, non-canonical encodings, and points of low order, for which Shared
// is all zeros and which an implementation may reject.
type XDHTest struct {
	TestCase
	Public  HexBytes `json:"public"`
	Private HexBytes `json:"private"`
	Shared  HexBytes `json:"shared"`
}

func (*XDHFile) schemas() []string { return []string{SchemaXDH, SchemaXDHASN} }
func (f *XDHFile) numTests() int {
	return countTests(f.TestGroups, func(g *XDHGroup) int { return len(g.Tests) })
}

// XDHPEMFile is a file of X25519 or X448 tests with PEM keys
// ([SchemaXDHPEM], x25519_pem_test.json, x448_pem_test.json).
type XDHPEMFile struct {
	File
	TestGroups []XDHPEMGroup `json:"testGroups"`
}

// XDHPEMGroup is a group of tests with PEM keys on one curve.
type XDHPEMGroup struct {
	Type   string                `json:"type"` // "XdhPemComp"
	Source *Source               `json:"source"`
	Curve  string                `json:"curve"`
	Tests  []PEMKeyAgreementTest `json:"tests"`
}

func (*XDHPEMFile) schemas() []string { return []string{SchemaXDHPEM} }
func (f *XDHPEMFile) numTests() int {
	return countTests(f.TestGroups, func(g *XDHPEMGroup) int { return len(g.Tests) })
}

// XDHJWKFile is a file of X25519 or X448 tests with JSON Web Keys
// ([SchemaXDHJWK], x25519_jwk_test.json, x448_jwk_test.json).
type XDHJWKFile struct {
	File
	TestGroups []XDHJWKGroup `json:"testGroups"`
}

// XDHJWKGroup is a group of tests with JSON Web Keys on one curve.
type XDHJWKGroup struct {
	Type   string                `json:"type"` // "XdhJwkComp"
	Source *Source               `json:"source"`
	Curve  string                `json:"curve"`
	Tests  []JWKKeyAgreementTest `json:"tests"`
}

func (*XDHJWKFile) schemas() []string { return []string{SchemaXDHJWK} }
func (f *XDHJWKFile) numTests() int {
	return countTests(f.TestGroups, func(g *XDHJWKGroup) int { return len(g.Tests) })
}

// Signatures

// SignatureTest is one signature test: Sig is a signature of Msg under the
// group's key if Result is Valid, and is not one if Invalid.
type SignatureTest struct {
	TestCase
	Msg HexBytes `json:"msg"`
	Sig HexBytes `json:"sig"`
}

// ECDSAVerifyFile is a file of ECDSA verification tests (ecdsa_*):
// [SchemaECDSAVerify], with DER signatures; [SchemaECDSAP1363Verify], with
// IEEE P1363 signatures, r||s with each half the size of the group order
// (the _p1363 and _webcrypto files); and [SchemaECDSABitcoinVerify], with
// DER signatures that must also have s at most half the group order, as
// Bitcoin requires.
type ECDSAVerifyFile struct {
	File
	TestGroups []ECDSAVerifyGroup `json:"testGroups"`
}

// ECDSAVerifyGroup is a group of tests with one public key and hash.
type ECDSAVerifyGroup struct {
	Type         string          `json:"type"` // "EcdsaVerify", "EcdsaP1363Verify" or "EcdsaBitcoinVerify"
	Source       *Source         `json:"source"`
	PublicKey    ECPublicKey     `json:"publicKey"`
	PublicKeyDER HexBytes        `json:"publicKeyDer"` // SubjectPublicKeyInfo
	PublicKeyPEM string          `json:"publicKeyPem"`
	PublicKeyJWK *JWK            `json:"publicKeyJwk"` // in the webcrypto file only
	SHA          string          `json:"sha"`          // such as "SHA-256", "SHA3-256" or "SHAKE128"
	Tests        []SignatureTest `json:"tests"`
}

// ECPublicKey is an elliptic curve public key.
type ECPublicKey struct {
	Type         string   `json:"type"`  // "EcPublicKey"
	Curve        string   `json:"curve"` // such as "secp256r1"
	KeySize      int      `json:"keySize"`
	Uncompressed HexBytes `json:"uncompressed"` // SEC 1 uncompressed point
	WX           HexBytes `json:"wx"`           // see [HexBytes.Int]
	WY           HexBytes `json:"wy"`           // see [HexBytes.Int]
}

func (*ECDSAVerifyFile) schemas() []string {
	return []string{SchemaECDSAVerify, SchemaECDSAP1363Verify, SchemaECDSABitcoinVerify}
}
func (f *ECDSAVerifyFile) numTests() int {
	return countTests(f.TestGroups, func(g *ECDSAVerifyGroup) int { return len(g.Tests) })
}

// EdDSAVerifyFile is a file of Ed25519 or Ed448 verification tests
// ([SchemaEdDSAVerify], ed25519_test.json, ed448_test.json).
type EdDSAVerifyFile struct {
	File
	TestGroups []EdDSAVerifyGroup `json:"testGroups"`
}

// EdDSAVerifyGroup is a group of tests with one public key.
type EdDSAVerifyGroup struct {
	Type         string          `json:"type"` // "EddsaVerify"
	Source       *Source         `json:"source"`
	PublicKey    EdDSAPublicKey  `json:"publicKey"`
	PublicKeyDER HexBytes        `json:"publicKeyDer"` // SubjectPublicKeyInfo
	PublicKeyPEM string          `json:"publicKeyPem"`
	PublicKeyJWK *JWK            `json:"publicKeyJwk"`
	Tests        []SignatureTest `json:"tests"`
}

// EdDSAPublicKey is an Ed25519 or Ed448 public key.
type EdDSAPublicKey struct {
	Type    string   `json:"type"`  // "EDDSAPublicKey"
	Curve   string   `json:"curve"` // "edwards25519" or "edwards448"
	KeySize int      `json:"keySize"`
	PK      HexBytes `json:"pk"` // the encoded point
}

func (*EdDSAVerifyFile) schemas() []string { return []string{SchemaEdDSAVerify} }
func (f *EdDSAVerifyFile) numTests() int {
	return countTests(f.TestGroups, func(g *EdDSAVerifyGroup) int { return len(g.Tests) })
}

// RSAPublicKey is an RSA public key.
type RSAPublicKey struct {
	Modulus        HexBytes `json:"modulus"`        // see [HexBytes.Int]
	PublicExponent HexBytes `json:"publicExponent"` // see [HexBytes.Int]
}

// RSAPrivateKey is an RSA private key, with the fields of PKCS #1's
// RSAPrivateKey. The files of RSA PKCS #1 v1.5 signature generation tests
// have only Modulus, PublicExponent and PrivateExponent.
type RSAPrivateKey struct {
	Modulus         HexBytes `json:"modulus"`
	PublicExponent  HexBytes `json:"publicExponent"`
	PrivateExponent HexBytes `json:"privateExponent"`
	Prime1          HexBytes `json:"prime1"`
	Prime2          HexBytes `json:"prime2"`
	Exponent1       HexBytes `json:"exponent1"`
	Exponent2       HexBytes `json:"exponent2"`
	Coefficient     HexBytes `json:"coefficient"`
	// OtherPrimeInfos holds, for a multi-prime key, one [prime, exponent,
	// coefficient] triple for each prime after the second.
	OtherPrimeInfos [][]HexBytes `json:"otherPrimeInfos"`
}

// RSAPKCS1VerifyFile is a file of RSASSA-PKCS1-v1_5 verification tests
// ([SchemaRSAPKCS1Verify], rsa_signature_*).
type RSAPKCS1VerifyFile struct {
	File
	TestGroups []RSAPKCS1VerifyGroup `json:"testGroups"`
}

// RSAPKCS1VerifyGroup is a group of tests with one public key and hash.
type RSAPKCS1VerifyGroup struct {
	Type         string          `json:"type"` // "RsassaPkcs1Verify"
	Source       *Source         `json:"source"`
	KeySize      int             `json:"keySize"` // in bits
	SHA          string          `json:"sha"`
	PublicKey    RSAPublicKey    `json:"publicKey"`
	PublicKeyASN HexBytes        `json:"publicKeyAsn"` // PKCS #1 RSAPublicKey
	PublicKeyDER HexBytes        `json:"publicKeyDer"` // SubjectPublicKeyInfo
	PublicKeyPEM string          `json:"publicKeyPem"`
	KeyJWK       *JWK            `json:"keyJwk"`
	Tests        []SignatureTest `json:"tests"`
}

func (*RSAPKCS1VerifyFile) schemas() []string { return []string{SchemaRSAPKCS1Verify} }
func (f *RSAPKCS1VerifyFile) numTests() int {
	return countTests(f.TestGroups, func(g *RSAPKCS1VerifyGroup) int { return len(g.Tests) })
}

// RSAPKCS1SignFile is a file of RSASSA-PKCS1-v1_5 signature generation
// tests ([SchemaRSAPKCS1Sign], rsa_pkcs1_<bits>_sig_gen_test.json): signing
// Msg with the group's private key gives Sig, which is deterministic. The
// tests with small keys (1024 and 1536 bits) or SHA-1 are Acceptable.
type RSAPKCS1SignFile struct {
	File
	TestGroups []RSAPKCS1SignGroup `json:"testGroups"`
}

// RSAPKCS1SignGroup is a group of tests with one private key and hash.
type RSAPKCS1SignGroup struct {
	Type            string          `json:"type"` // "RsassaPkcs1Generate"
	Source          *Source         `json:"source"`
	KeySize         int             `json:"keySize"` // in bits
	SHA             string          `json:"sha"`
	PrivateKey      RSAPrivateKey   `json:"privateKey"`
	PrivateKeyPEM   string          `json:"privateKeyPem"`
	PrivateKeyPKCS8 HexBytes        `json:"privateKeyPkcs8"`
	PrivateKeyJWK   *JWK            `json:"privateKeyJwk"`
	KeyASN          HexBytes        `json:"keyAsn"` // the public key, PKCS #1 RSAPublicKey
	KeyDER          HexBytes        `json:"keyDer"` // the public key, SubjectPublicKeyInfo
	KeyPEM          string          `json:"keyPem"` // the public key
	KeyJWK          *JWK            `json:"keyJwk"` // the public key
	Tests           []SignatureTest `json:"tests"`
}

func (*RSAPKCS1SignFile) schemas() []string { return []string{SchemaRSAPKCS1Sign} }
func (f *RSAPKCS1SignFile) numTests() int {
	return countTests(f.TestGroups, func(g *RSAPKCS1SignGroup) int { return len(g.Tests) })
}

// RSAPSSVerifyFile is a file of RSASSA-PSS verification tests (rsa_pss_*):
// [SchemaRSAPSSVerify], and [SchemaRSAPSSParamsVerify] (the _params files),
// whose PublicKeyDER carries the PSS parameters in an id-RSASSA-PSS
// SubjectPublicKeyInfo.
type RSAPSSVerifyFile struct {
	File
	TestGroups []RSAPSSVerifyGroup `json:"testGroups"`
}

// RSAPSSVerifyGroup is a group of tests with one public key and one set of
// PSS parameters.
type RSAPSSVerifyGroup struct {
	Type         string          `json:"type"` // "RsassaPssVerify" or "RsassaPssWithParametersVerify"
	Source       *Source         `json:"source"`
	KeySize      int             `json:"keySize"` // in bits
	SHA          string          `json:"sha"`     // the message hash
	MGF          string          `json:"mgf"`     // "MGF1", or "SHAKE128" or "SHAKE256"
	MGFSHA       string          `json:"mgfSha"`  // the hash of MGF1, which may differ from SHA
	SLen         int             `json:"sLen"`    // the salt length, in bytes
	PublicKey    RSAPublicKey    `json:"publicKey"`
	PublicKeyASN HexBytes        `json:"publicKeyAsn"` // PKCS #1 RSAPublicKey
	PublicKeyDER HexBytes        `json:"publicKeyDer"` // SubjectPublicKeyInfo
	PublicKeyPEM string          `json:"publicKeyPem"`
	PublicKeyJWK *JWK            `json:"publicKeyJwk"`
	Tests        []SignatureTest `json:"tests"`
}

func (*RSAPSSVerifyFile) schemas() []string {
	return []string{SchemaRSAPSSVerify, SchemaRSAPSSParamsVerify}
}
func (f *RSAPSSVerifyFile) numTests() int {
	return countTests(f.TestGroups, func(g *RSAPSSVerifyGroup) int { return len(g.Tests) })
}

// RSAOAEPDecryptFile is a file of RSAES-OAEP decryption tests
// ([SchemaRSAOAEPDecrypt], rsa_oaep_* and rsa_three_primes_oaep_*, whose keys
// have three primes).
type RSAOAEPDecryptFile struct {
	File
	TestGroups []RSAOAEPDecryptGroup `json:"testGroups"`
}

// RSAOAEPDecryptGroup is a group of tests with one private key and one set
// of OAEP parameters.
type RSAOAEPDecryptGroup struct {
	Type            string               `json:"type"` // "RsaesOaepDecrypt"
	Source          *Source              `json:"source"`
	KeySize         int                  `json:"keySize"` // in bits
	SHA             string               `json:"sha"`     // the label hash
	MGF             string               `json:"mgf"`     // "MGF1"
	MGFSHA          string               `json:"mgfSha"`  // the hash of MGF1, which may differ from SHA
	PrivateKey      RSAPrivateKey        `json:"privateKey"`
	PrivateKeyPEM   string               `json:"privateKeyPem"`
	PrivateKeyPKCS8 HexBytes             `json:"privateKeyPkcs8"`
	PrivateKeyJWK   *JWK                 `json:"privateKeyJwk"`
	Tests           []RSAOAEPDecryptTest `json:"tests"`
}

// RSAOAEPDecryptTest is one OAEP test: decrypting CT with the group's key
// and Label gives Msg if Result is Valid, and fails if it is Invalid.
type RSAOAEPDecryptTest struct {
	TestCase
	Msg   HexBytes `json:"msg"`
	CT    HexBytes `json:"ct"`
	Label HexBytes `json:"label"`
}

func (*RSAOAEPDecryptFile) schemas() []string { return []string{SchemaRSAOAEPDecrypt} }
func (f *RSAOAEPDecryptFile) numTests() int {
	return countTests(f.TestGroups, func(g *RSAOAEPDecryptGroup) int { return len(g.Tests) })
}

// RSAPKCS1DecryptFile is a file of RSAES-PKCS1-v1_5 decryption tests
// ([SchemaRSAPKCS1Decrypt], rsa_pkcs1_<bits>_test.json).
type RSAPKCS1DecryptFile struct {
	File
	TestGroups []RSAPKCS1DecryptGroup `json:"testGroups"`
}

// RSAPKCS1DecryptGroup is a group of tests with one private key.
type RSAPKCS1DecryptGroup struct {
	Type            string                `json:"type"` // "RsaesPkcs1Decrypt"
	Source          *Source               `json:"source"`
	KeySize         int                   `json:"keySize"` // in bits
	PrivateKey      RSAPrivateKey         `json:"privateKey"`
	PrivateKeyPEM   string                `json:"privateKeyPem"`
	PrivateKeyPKCS8 HexBytes              `json:"privateKeyPkcs8"`
	PrivateKeyJWK   *JWK                  `json:"privateKeyJwk"`
	Tests           []RSAPKCS1DecryptTest `json:"tests"`
}

// RSAPKCS1DecryptTest is one PKCS #1 v1.5 decryption test: decrypting CT
// with the group's key gives Msg if Result is Valid, and fails if it is
// Invalid.
type RSAPKCS1DecryptTest struct {
	TestCase
	Msg HexBytes `json:"msg"`
	CT  HexBytes `json:"ct"`
}

func (*RSAPKCS1DecryptFile) schemas() []string { return []string{SchemaRSAPKCS1Decrypt} }
func (f *RSAPKCS1DecryptFile) numTests() int {
	return countTests(f.TestGroups, func(g *RSAPKCS1DecryptGroup) int { return len(g.Tests) })
}

// PrimalityFile is a file of primality tests ([SchemaPrimality],
// primality_test.json).
type PrimalityFile struct {
	File
	TestGroups []PrimalityGroup `json:"testGroups"`
}

// PrimalityGroup is a group of primality tests.
type PrimalityGroup struct {
	Type   string          `json:"type"` // "PrimalityTest"
	Source *Source         `json:"source"`
	Tests  []PrimalityTest `json:"tests"`
}

// PrimalityTest is one primality test: Value, a two's complement integer
// (see [HexBytes.Int]), is prime if Result is Valid and is not if Invalid.
// Negative values, 0 and 1 are not prime.
type PrimalityTest struct {
	TestCase
	Value HexBytes `json:"value"`
}

func (*PrimalityFile) schemas() []string { return []string{SchemaPrimality} }
func (f *PrimalityFile) numTests() int {
	return countTests(f.TestGroups, func(g *PrimalityGroup) int { return len(g.Tests) })
}

// ML-KEM: mlkem_test_schema.json

// MLKEMFile is a file of FIPS 203 ML-KEM tests ([SchemaMLKEM],
// mlkem_test.json), with groups of two kinds, which the group's Type names:
// "MLKEMTest", tests of key generation and decapsulation, and
// "MLKEMEncapsTest", tests of encapsulation.
type MLKEMFile struct {
	File
	TestGroups []MLKEMGroup `json:"testGroups"`
}

// MLKEMGroup is a group of ML-KEM tests of one kind and parameter set.
type MLKEMGroup struct {
	Type         string      `json:"type"` // "MLKEMTest" or "MLKEMEncapsTest"
	Source       *Source     `json:"source"`
	ParameterSet string      `json:"parameterSet"` // "ML-KEM-512", "ML-KEM-768" or "ML-KEM-1024"
	Tests        []MLKEMTest `json:"tests"`
}

// MLKEMTest is one ML-KEM test, of the kind its group's Type names.
//
// In an "MLKEMTest" group, ML-KEM.KeyGen_internal with the seed d||z gives
// the encapsulation key EK, and ML-KEM.Decaps with the decapsulation key of
// the seed and the ciphertext C gives the shared secret K, if Result is
// Valid. C may be a ciphertext that decapsulation implicitly rejects, in
// which case K is the rejection secret. M is nil.
//
// In an "MLKEMEncapsTest" group, ML-KEM.Encaps_internal with EK and the
// randomness M gives the ciphertext C and the shared secret K if Result is
// Valid; if it is Invalid, EK fails the modulus check of FIPS 203, section
// 7.2, encapsulation must fail, and C and K are empty. Seed is nil. (In
// mlkem_test.json every encapsulation test is Invalid, and its M is 64
// bytes, not the 32 that encapsulation takes.)
type MLKEMTest struct {
	TestCase
	Seed HexBytes `json:"seed"` // d||z, 64 bytes
	EK   HexBytes `json:"ek"`   // the encapsulation key
	M    HexBytes `json:"m"`    // the randomness m of encapsulation
	C    HexBytes `json:"c"`    // the ciphertext
	K    HexBytes `json:"K"`    // the shared secret
}

func (*MLKEMFile) schemas() []string { return []string{SchemaMLKEM} }
func (f *MLKEMFile) numTests() int {
	return countTests(f.TestGroups, func(g *MLKEMGroup) int { return len(g.Tests) })
}

// ML-DSA: mldsa_sign_seed_schema.json, mldsa_sign_noseed_schema.json,
// mldsa_verify_schema.json

// MLDSATest is one ML-DSA test (FIPS 204) of signing or verification, with
// the key of its group. In a file of signing tests ([MLDSASignFile]), the
// deterministic variant of ML-DSA.Sign (rnd all zeros) of Msg with the
// context string Ctx gives Sig if Result is Valid; if it is Invalid, the
// key or the context is invalid, signing must fail, and Sig is empty. In a
// file of verification tests ([MLDSAVerifyFile]), ML-DSA.Verify of Msg, Ctx
// and Sig accepts if Result is Valid and rejects if it is Invalid.
type MLDSATest struct {
	TestCase
	Msg HexBytes `json:"msg"`
	// Ctx is the context string, at most 255 bytes in a Valid test. It is
	// nil if the test gives none, which means the empty context.
	Ctx HexBytes `json:"ctx"`
	Sig HexBytes `json:"sig"`
}

// MLDSASignFile is a file of ML-DSA signing tests: [SchemaMLDSASignSeed]
// (mldsa_<44|65|87>_sign_seed_test.json), whose groups give the private key
// as the seed of key generation, and [SchemaMLDSASignNoSeed]
// (mldsa_<44|65|87>_sign_noseed_test.json), whose groups give it encoded.
// The file's Algorithm names the parameter set: "ML-DSA-44", "ML-DSA-65" or
// "ML-DSA-87".
type MLDSASignFile struct {
	File
	TestGroups []MLDSASignGroup `json:"testGroups"`
}

// MLDSASignGroup is a group of signing tests with one private key, which
// is either PrivateSeed or PrivateKey, as the file's schema says; the other
// is nil.
type MLDSASignGroup struct {
	Type   string  `json:"type"` // "MlDsaSign"
	Source *Source `json:"source"`
	// PrivateSeed is the 32-byte seed ξ from which ML-DSA.KeyGen_internal
	// derives the private key ([SchemaMLDSASignSeed]).
	PrivateSeed HexBytes `json:"privateSeed"`
	// PrivateKey is the private key in the encoding of ML-DSA.skEncode
	// ([SchemaMLDSASignNoSeed]). It may have the wrong length or
	// coefficients out of range, and then every test is Invalid.
	PrivateKey HexBytes    `json:"privateKey"`
	Tests      []MLDSATest `json:"tests"`
}

func (*MLDSASignFile) schemas() []string {
	return []string{SchemaMLDSASignSeed, SchemaMLDSASignNoSeed}
}
func (f *MLDSASignFile) numTests() int {
	return countTests(f.TestGroups, func(g *MLDSASignGroup) int { return len(g.Tests) })
}

// MLDSAVerifyFile is a file of ML-DSA verification tests
// ([SchemaMLDSAVerify], mldsa_<44|65|87>_verify_test.json). The file's
// Algorithm names the parameter set: "ML-DSA-44", "ML-DSA-65" or
// "ML-DSA-87".
type MLDSAVerifyFile struct {
	File
	TestGroups []MLDSAVerifyGroup `json:"testGroups"`
}

// MLDSAVerifyGroup is a group of verification tests with one public key.
// Its groups have no source.
type MLDSAVerifyGroup struct {
	Type string `json:"type"` // "MlDsaVerify"
	// PublicKey is the public key in the encoding of ML-DSA.pkEncode. It
	// may have the wrong length, and then every test is Invalid. (The
	// schema calls it public_key; the files, publicKey.)
	PublicKey HexBytes    `json:"publicKey"`
	Tests     []MLDSATest `json:"tests"`
}

func (*MLDSAVerifyFile) schemas() []string { return []string{SchemaMLDSAVerify} }
func (f *MLDSAVerifyFile) numTests() int {
	return countTests(f.TestGroups, func(g *MLDSAVerifyGroup) int { return len(g.Tests) })
}

// JWK is a JSON Web Key (RFC 7517), for elliptic curve ("EC"), octet key
// pair ("OKP") and RSA keys. Its binary members are base64url strings, kept
// as in the file.
type JWK struct {
	Kty string `json:"kty"`           // "EC", "OKP" or "RSA"
	Crv string `json:"crv,omitempty"` // EC and OKP: the curve
	Alg string `json:"alg,omitempty"` // the algorithm, such as "RS256"
	Kid string `json:"kid,omitempty"`
	X   string `json:"x,omitempty"` // EC and OKP: the public key
	Y   string `json:"y,omitempty"` // EC
	D   string `json:"d,omitempty"` // EC, OKP and RSA: the private key
	N   string `json:"n,omitempty"` // RSA
	E   string `json:"e,omitempty"`
	P   string `json:"p,omitempty"`
	Q   string `json:"q,omitempty"`
	DP  string `json:"dp,omitempty"`
	DQ  string `json:"dq,omitempty"`
	QI  string `json:"qi,omitempty"`
}
