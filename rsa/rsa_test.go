package rsa

import (
	"bytes"
	"crypto"
	"crypto/rand"
	stdrsa "crypto/rsa"
	"crypto/sha256"
	"errors"
	"io"
	"math/big"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/mont"
)

func sha256Digest(msg string) []byte {
	d := sha256.Sum256([]byte(msg))
	return d[:]
}

func TestSignVerifyPKCS1v15(t *testing.T) {
	for _, bits := range testKeySizes {
		priv, _ := testKey(t, bits)
		pub := priv.PublicKey()
		digest := sha256Digest("message")
		sig, err := SignPKCS1v15(priv, crypto.SHA256, digest)
		if err != nil {
			t.Fatalf("%d bits: %v", bits, err)
		}
		if len(sig) != pub.Size() {
			t.Errorf("%d bits: signature of %d bytes, want %d", bits, len(sig), pub.Size())
		}
		if err := VerifyPKCS1v15(pub, crypto.SHA256, digest, sig); err != nil {
			t.Errorf("%d bits: %v", bits, err)
		}
		// Deterministic.
		sig2, _ := SignPKCS1v15(priv, crypto.SHA256, digest)
		if !bytes.Equal(sig, sig2) {
			t.Errorf("%d bits: two signatures of one digest differ", bits)
		}
		bad := bytes.Clone(sig)
		bad[len(bad)-1] ^= 1
		if err := VerifyPKCS1v15(pub, crypto.SHA256, digest, bad); err != ErrVerification {
			t.Errorf("%d bits: modified signature: %v", bits, err)
		}
		if err := VerifyPKCS1v15(pub, crypto.SHA256, sha256Digest("other"), sig); err != ErrVerification {
			t.Errorf("%d bits: other digest: %v", bits, err)
		}
		if err := VerifyPKCS1v15(pub, crypto.SHA384, digest, sig); err != ErrVerification {
			t.Errorf("%d bits: wrong hash: %v", bits, err)
		}
		if err := VerifyPKCS1v15(pub, crypto.SHA256, digest, sig[1:]); err != ErrVerification {
			t.Errorf("%d bits: short signature: %v", bits, err)
		}
		if err := VerifyPKCS1v15(pub, crypto.SHA256, digest, append([]byte{0}, sig...)); err != ErrVerification {
			t.Errorf("%d bits: long signature: %v", bits, err)
		}
	}
}

func TestPKCS1v15Errors(t *testing.T) {
	priv, _ := testKey(t, 1024)
	if _, err := SignPKCS1v15(priv, crypto.SHA256, make([]byte, 31)); err == nil {
		t.Error("digest of the wrong length: no error")
	}
	if _, err := SignPKCS1v15(priv, crypto.MD5, make([]byte, 16)); err == nil {
		t.Error("MD5: no error")
	}
	if _, err := SignPKCS1v15(priv, crypto.Hash(999), make([]byte, 16)); err == nil {
		t.Error("unknown hash: no error")
	}
	// Raw: k - 11 bytes fit, k - 10 do not.
	k := priv.PublicKey().Size()
	sig, err := SignPKCS1v15(priv, 0, make([]byte, k-11))
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyPKCS1v15(priv.PublicKey(), 0, make([]byte, k-11), sig); err != nil {
		t.Error(err)
	}
	if _, err := SignPKCS1v15(priv, 0, make([]byte, k-10)); err != ErrMessageTooLong {
		t.Errorf("raw input too long: %v", err)
	}
	// SHA-512 needs 64+19+11 = 94 bytes: fits in a 1024-bit key.
	if _, err := SignPKCS1v15(priv, crypto.SHA512, make([]byte, 64)); err != nil {
		t.Error(err)
	}
}

func TestDigestInfoPrefix(t *testing.T) {
	// RFC 8017, Section 9.2, note 1.
	want := map[crypto.Hash]string{
		crypto.SHA1:       "3021300906052b0e03021a05000414",
		crypto.SHA224:     "302d300d06096086480165030402040500041c",
		crypto.SHA256:     "3031300d060960864801650304020105000420",
		crypto.SHA384:     "3041300d060960864801650304020205000430",
		crypto.SHA512:     "3051300d060960864801650304020305000440",
		crypto.SHA512_224: "302d300d06096086480165030402050500041c",
		crypto.SHA512_256: "3031300d060960864801650304020605000420",
	}
	for h, w := range want {
		if got := digestInfoPrefixes[h]; !strings.EqualFold(hexString(got), w) {
			t.Errorf("%v: prefix %x, want %s", h, got, w)
		}
	}
}

func hexString(b []byte) string {
	const digits = "0123456789abcdef"
	s := make([]byte, 0, 2*len(b))
	for _, c := range b {
		s = append(s, digits[c>>4], digits[c&15])
	}
	return string(s)
}

func TestSignVerifyPSS(t *testing.T) {
	for _, bits := range []int{1024, 2048} {
		priv, _ := testKey(t, bits)
		pub := priv.PublicKey()
		digest := sha256Digest("message")
		for _, opts := range []*PSSOptions{
			nil,
			{SaltLength: PSSSaltLengthAuto},
			{SaltLength: PSSSaltLengthEqualsHash},
			{SaltLength: PSSSaltLengthZero},
			{SaltLength: 17},
			{SaltLength: 32, MGFHash: crypto.SHA1},
			{SaltLength: 20, MGFHash: crypto.SHA512},
		} {
			sig, err := SignPSS(rand.Reader, priv, crypto.SHA256, digest, opts)
			if err != nil {
				t.Fatalf("%d bits, %+v: %v", bits, opts, err)
			}
			if err := VerifyPSS(pub, crypto.SHA256, digest, sig, opts); err != nil {
				t.Errorf("%d bits, %+v: %v", bits, opts, err)
			}
			// Auto verification finds the salt length, if the MGF matches.
			auto := &PSSOptions{}
			if opts != nil {
				auto.MGFHash = opts.MGFHash
			}
			if err := VerifyPSS(pub, crypto.SHA256, digest, sig, auto); err != nil {
				t.Errorf("%d bits, %+v: auto: %v", bits, opts, err)
			}
			if err := VerifyPSS(pub, crypto.SHA256, sha256Digest("other"), sig, opts); err != ErrVerification {
				t.Errorf("%d bits, %+v: other digest: %v", bits, opts, err)
			}
			bad := bytes.Clone(sig)
			bad[0] ^= 0x80
			if err := VerifyPSS(pub, crypto.SHA256, digest, bad, opts); err != ErrVerification {
				t.Errorf("%d bits, %+v: modified signature: %v", bits, opts, err)
			}
		}
		// An explicit salt length must match.
		sig, _ := SignPSS(nil, priv, crypto.SHA256, digest, &PSSOptions{SaltLength: 20})
		for _, sl := range []int{PSSSaltLengthEqualsHash, PSSSaltLengthZero, 19, 21} {
			if err := VerifyPSS(pub, crypto.SHA256, digest, sig, &PSSOptions{SaltLength: sl}); err != ErrVerification {
				t.Errorf("%d bits: salt length 20 verified as %d: %v", bits, sl, err)
			}
		}
		// A different MGF hash must not verify.
		if err := VerifyPSS(pub, crypto.SHA256, digest, sig, &PSSOptions{MGFHash: crypto.SHA1}); err != ErrVerification {
			t.Errorf("%d bits: wrong MGF hash: %v", bits, err)
		}
		// opts.Hash overrides the hash argument when signing.
		d384 := make([]byte, 48)
		sig, err := SignPSS(nil, priv, crypto.SHA256, d384, &PSSOptions{Hash: crypto.SHA384})
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifyPSS(pub, crypto.SHA384, d384, sig, nil); err != nil {
			t.Error(err)
		}
	}
}

func TestPSSOddModulus(t *testing.T) {
	// A modulus whose bit length is 1 mod 8 makes EM one byte shorter than
	// the signature. Generate one.
	priv, err := GenerateKey(rand.Reader, 2049)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(priv.PublicKey().N()); got != 257 {
		t.Fatalf("modulus of %d bytes", got)
	}
	digest := sha256Digest("odd")
	for _, sl := range []int{PSSSaltLengthAuto, PSSSaltLengthEqualsHash, PSSSaltLengthZero} {
		sig, err := SignPSS(nil, priv, crypto.SHA256, digest, &PSSOptions{SaltLength: sl})
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifyPSS(priv.PublicKey(), crypto.SHA256, digest, sig, &PSSOptions{SaltLength: sl}); err != nil {
			t.Errorf("salt length %d: %v", sl, err)
		}
		if err := stdrsa.VerifyPSS(priv.Stdlib().Public().(*stdrsa.PublicKey), crypto.SHA256, digest, sig, &stdrsa.PSSOptions{SaltLength: stdrsa.PSSSaltLengthAuto}); err != nil {
			t.Errorf("salt length %d: crypto/rsa: %v", sl, err)
		}
	}
}

func TestPSSErrors(t *testing.T) {
	priv, _ := testKey(t, 1024)
	digest := sha256Digest("message")
	if _, err := SignPSS(nil, priv, crypto.SHA256, digest[:31], nil); err == nil {
		t.Error("short digest: no error")
	}
	if _, err := SignPSS(nil, priv, 0, digest, nil); err == nil {
		t.Error("no hash: no error")
	}
	if _, err := SignPSS(nil, priv, crypto.SHA256, digest, &PSSOptions{SaltLength: -3}); err == nil {
		t.Error("salt length -3: no error")
	}
	// emLen = 128, so the longest salt with SHA-256 is 128-32-2 = 94.
	if _, err := SignPSS(nil, priv, crypto.SHA256, digest, &PSSOptions{SaltLength: 94}); err != nil {
		t.Errorf("salt length 94: %v", err)
	}
	if _, err := SignPSS(nil, priv, crypto.SHA256, digest, &PSSOptions{SaltLength: 95}); err == nil {
		t.Error("salt length 95: no error")
	}
	if _, err := SignPSS(errReader{}, priv, crypto.SHA256, digest, nil); err == nil {
		t.Error("failing random source: no error")
	}
	if err := VerifyPSS(priv.PublicKey(), crypto.SHA256, digest, make([]byte, 128), &PSSOptions{SaltLength: -3}); err == nil || err == ErrVerification {
		t.Errorf("salt length -3: %v", err)
	}
	if err := VerifyPSS(priv.PublicKey(), crypto.Hash(999), digest, make([]byte, 128), nil); err == nil || err == ErrVerification {
		t.Errorf("unknown hash: %v", err)
	}
}

// above31Bits returns 2^31+1 where int has 64 bits; where it has 32, the
// conversion wraps to a negative number, which is rejected too.
func above31Bits() int {
	v := int64(1)<<31 + 1
	return int(v)
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("broken random source") }

type zeroReader struct{}

func (zeroReader) Read(b []byte) (int, error) { clear(b); return len(b), nil }

func TestOAEP(t *testing.T) {
	for _, bits := range []int{1024, 2048} {
		priv, _ := testKey(t, bits)
		pub := priv.PublicKey()
		k := pub.Size()
		for _, opts := range []*OAEPOptions{
			{Hash: crypto.SHA256},
			{Hash: crypto.SHA256, Label: []byte("label")},
			{Hash: crypto.SHA1, MGFHash: crypto.SHA512},
			{Hash: crypto.SHA512, MGFHash: crypto.SHA1, Label: []byte{0}},
		} {
			hLen := opts.Hash.Size()
			if k < 2*hLen+2 {
				if _, err := EncryptOAEP(rand.Reader, pub, nil, opts); err != ErrMessageTooLong {
					t.Errorf("%d bits, %v: key too small for the hash: %v", bits, opts.Hash, err)
				}
				continue
			}
			for _, n := range []int{0, 1, k - 2*hLen - 3, k - 2*hLen - 2} {
				msg := bytes.Repeat([]byte{0x5a}, n)
				ct, err := EncryptOAEP(rand.Reader, pub, msg, opts)
				if err != nil {
					t.Fatalf("%d bits, %v/%v, %d bytes: %v", bits, opts.Hash, opts.MGFHash, n, err)
				}
				if len(ct) != k {
					t.Errorf("ciphertext of %d bytes", len(ct))
				}
				got, err := DecryptOAEP(priv, ct, opts)
				if err != nil || !bytes.Equal(got, msg) {
					t.Errorf("%d bits, %v/%v, %d bytes: decrypted %x, %v", bits, opts.Hash, opts.MGFHash, n, got, err)
				}
				other := *opts
				other.Label = append(bytes.Clone(opts.Label), 1)
				if _, err := DecryptOAEP(priv, ct, &other); err != ErrDecryption {
					t.Errorf("wrong label: %v", err)
				}
				bad := bytes.Clone(ct)
				bad[k/2] ^= 1
				if _, err := DecryptOAEP(priv, bad, opts); err != ErrDecryption {
					t.Errorf("modified ciphertext: %v", err)
				}
			}
			if _, err := EncryptOAEP(rand.Reader, pub, make([]byte, k-2*hLen-1), opts); err != ErrMessageTooLong {
				t.Errorf("message too long: %v", err)
			}
		}
	}
	priv, _ := testKey(t, 1024)
	ct, _ := EncryptOAEP(nil, priv.PublicKey(), []byte("x"), &OAEPOptions{Hash: crypto.SHA256})
	if _, err := DecryptOAEP(priv, ct[1:], &OAEPOptions{Hash: crypto.SHA256}); err != ErrDecryption {
		t.Errorf("short ciphertext: %v", err)
	}
	if _, err := DecryptOAEP(priv, priv.PublicKey().N(), &OAEPOptions{Hash: crypto.SHA256}); err != ErrDecryption {
		t.Errorf("ciphertext n: %v", err)
	}
	if _, err := DecryptOAEP(priv, ct, nil); err == nil || err == ErrDecryption {
		t.Errorf("nil options: %v", err)
	}
	if _, err := EncryptOAEP(nil, priv.PublicKey(), nil, &OAEPOptions{}); err == nil {
		t.Error("no hash: no error")
	}
	if _, err := EncryptOAEP(errReader{}, priv.PublicKey(), nil, &OAEPOptions{Hash: crypto.SHA256}); err == nil {
		t.Error("failing random source: no error")
	}
	// A 1024-bit key is too small for OAEP with SHA-512 (2·64+2 > 128).
	if _, err := EncryptOAEP(nil, priv.PublicKey(), nil, &OAEPOptions{Hash: crypto.SHA512}); err != ErrMessageTooLong {
		t.Errorf("SHA-512, empty message: %v", err)
	}
	if _, err := DecryptOAEP(priv, ct, &OAEPOptions{Hash: crypto.SHA512}); err != ErrDecryption {
		t.Errorf("SHA-512 decryption with a 1024-bit key: %v", err)
	}
}

func TestNewPublicKey(t *testing.T) {
	_, std := testKey(t, 2048)
	n := std.N.Bytes()
	pub, err := NewPublicKey(append([]byte{0, 0}, n...), 65537)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pub.N(), n) || pub.E() != 65537 || pub.Size() != 256 {
		t.Errorf("N %x, E %d, Size %d", pub.N(), pub.E(), pub.Size())
	}
	if !pub.Stdlib().Equal(&std.PublicKey) {
		t.Error("Stdlib() differs")
	}
	even := bytes.Clone(n)
	even[len(even)-1] &^= 1
	small := make([]byte, 63)
	small[0], small[62] = 0xff, 1
	big8193 := make([]byte, 1025)
	big8193[0], big8193[1024] = 1, 1
	for _, tc := range []struct {
		name string
		n    []byte
		e    int
	}{
		{"empty modulus", nil, 65537},
		{"zero modulus", []byte{0, 0}, 65537},
		{"even modulus", even, 65537},
		{"504-bit modulus", small, 65537},
		{"8193-bit modulus", big8193, 65537},
		{"e = 1", n, 1},
		{"e = 0", n, 0},
		{"e = -3", n, -3},
		{"even e", n, 65536},
		{"e = 2^31+1", n, above31Bits()},
	} {
		if _, err := NewPublicKey(tc.n, tc.e); err == nil {
			t.Errorf("%s: no error", tc.name)
		} else if !strings.HasPrefix(err.Error(), "rsa: ") {
			t.Errorf("%s: error %q does not name the package", tc.name, err)
		}
	}
	if _, err := NewPublicKey(n, 3); err != nil {
		t.Errorf("e = 3: %v", err)
	}
	if _, err := NewPublicKey(n, 1<<31-1); err != nil {
		t.Errorf("e = 2^31-1: %v", err)
	}
	if _, err := FromStdlibPublicKey(nil); err == nil {
		t.Error("nil stdlib key: no error")
	}
	if _, err := FromStdlibPublicKey(&stdrsa.PublicKey{N: big.NewInt(-5), E: 3}); err == nil {
		t.Error("negative modulus: no error")
	}
}

func TestNewPrivateKey(t *testing.T) {
	priv, std := testKey(t, 2048)
	n, e, d, p, q := priv.PublicKey().N(), priv.PublicKey().E(), priv.D(), priv.P(), priv.Q()
	k, err := NewPrivateKey(n, e, d, p, q)
	if err != nil {
		t.Fatal(err)
	}
	if !k.Stdlib().Equal(std) {
		t.Error("round trip through the accessors changed the key")
	}
	// The primes in either order.
	if _, err := NewPrivateKey(n, e, d, q, p); err != nil {
		t.Errorf("swapped primes: %v", err)
	}
	// Leading zeros are ignored.
	if _, err := NewPrivateKey(append([]byte{0}, n...), e, append([]byte{0}, d...), append([]byte{0, 0}, p...), q); err != nil {
		t.Errorf("leading zeros: %v", err)
	}
	// d modulo φ(n) rather than λ(n) is as good.
	P, Q, D := new(big.Int).SetBytes(p), new(big.Int).SetBytes(q), new(big.Int).SetBytes(d)
	one := big.NewInt(1)
	phi := new(big.Int).Mul(new(big.Int).Sub(P, one), new(big.Int).Sub(Q, one))
	dPhi := new(big.Int).ModInverse(big.NewInt(int64(e)), phi)
	if _, err := NewPrivateKey(n, e, dPhi.Bytes(), p, q); err != nil {
		t.Errorf("d mod φ(n): %v", err)
	}

	dPlus2 := new(big.Int).Add(D, big.NewInt(2)).Bytes()
	pPlus2 := new(big.Int).Add(P, big.NewInt(2)).Bytes()
	nEven := bytes.Clone(n)
	nEven[len(nEven)-1] ^= 1
	other, _ := testKey(t, 1024)
	for _, tc := range []struct {
		name          string
		n             []byte
		e             int
		d, p, q       []byte
		messageSubstr string
	}{
		{"wrong d", n, e, dPlus2, p, q, "private exponent"},
		{"d = 1", n, e, []byte{1}, p, q, "private exponent"},
		{"d = 0", n, e, nil, p, q, "private exponent"},
		{"d = n", n, e, n, p, q, "private exponent"},
		{"wrong e", n, 3, d, p, q, "private exponent"},
		{"e = 1", n, 1, d, p, q, "public exponent"},
		{"even e", n, 65536, d, p, q, "public exponent"},
		{"p·q ≠ n", n, e, d, pPlus2, q, "product"},
		{"even n", nEven, e, d, p, q, "even"},
		{"p = q", n, e, d, p, p, "equal"},
		{"p = 1", n, e, d, []byte{1}, n, "prime"},
		{"p = 0", n, e, d, nil, q, "prime"},
		{"p even", n, e, d, []byte{2}, q, "prime"},
		{"other key's primes", n, e, d, other.P(), other.Q(), "product"},
	} {
		_, err := NewPrivateKey(tc.n, tc.e, tc.d, tc.p, tc.q)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		if !strings.HasPrefix(err.Error(), "rsa: ") || !strings.Contains(err.Error(), tc.messageSubstr) {
			t.Errorf("%s: error %q, want one mentioning %q", tc.name, err, tc.messageSubstr)
		}
	}
	if _, err := FromStdlibPrivateKey(nil); err == nil {
		t.Error("nil stdlib key: no error")
	}
	threePrimes := *std
	threePrimes.Primes = append(threePrimes.Primes, big.NewInt(7))
	if _, err := FromStdlibPrivateKey(&threePrimes); err == nil {
		t.Error("three primes: no error")
	}
}

func TestNewPrivateKeyWeak(t *testing.T) {
	// Primes too close: p and q the two primes after 2^511·1.5.
	start := new(big.Int).Lsh(big.NewInt(3), 510)
	p := nextPrime(start)
	q := nextPrime(new(big.Int).Add(p, big.NewInt(2)))
	n := new(big.Int).Mul(p, q)
	one := big.NewInt(1)
	lambda := new(big.Int).Mul(new(big.Int).Sub(p, one), new(big.Int).Sub(q, one))
	d := new(big.Int).ModInverse(big.NewInt(65537), lambda)
	if d == nil {
		t.Skip("65537 not invertible for this pair")
	}
	_, err := NewPrivateKey(n.Bytes(), 65537, d.Bytes(), p.Bytes(), q.Bytes())
	if err == nil || !strings.Contains(err.Error(), "too close") {
		t.Errorf("close primes: %v", err)
	}
}

func nextPrime(x *big.Int) *big.Int {
	x = new(big.Int).Set(x)
	x.SetBit(x, 0, 1)
	for !x.ProbablyPrime(20) {
		x.Add(x, big.NewInt(2))
	}
	return x
}

func TestGenerateKey(t *testing.T) {
	for _, bits := range []int{2048, 2049} {
		priv, err := GenerateKey(rand.Reader, bits)
		if err != nil {
			t.Fatalf("%d bits: %v", bits, err)
		}
		std := priv.Stdlib()
		if std.N.BitLen() != bits {
			t.Errorf("%d bits: modulus of %d bits", bits, std.N.BitLen())
		}
		if std.E != 65537 {
			t.Errorf("%d bits: e = %d", bits, std.E)
		}
		if err := std.Validate(); err != nil {
			t.Errorf("%d bits: crypto/rsa rejects the key: %v", bits, err)
		}
		for _, pr := range std.Primes {
			if !pr.ProbablyPrime(20) {
				t.Errorf("%d bits: composite prime %v", bits, pr)
			}
		}
		digest := sha256Digest("generated")
		sig, err := SignPKCS1v15(priv, crypto.SHA256, digest)
		if err != nil {
			t.Fatal(err)
		}
		if err := stdrsa.VerifyPKCS1v15(&std.PublicKey, crypto.SHA256, digest, sig); err != nil {
			t.Errorf("%d bits: %v", bits, err)
		}
	}
	for _, bits := range []int{-1, 0, 512, 1023, 1024, 2047, 8193} {
		if _, err := GenerateKey(rand.Reader, bits); err == nil {
			t.Errorf("%d bits: no error", bits)
		}
	}
	if _, err := GenerateKey(errReader{}, 2048); err == nil {
		t.Error("failing random source: no error")
	}
}

func TestPrivateOpFault(t *testing.T) {
	priv, _ := testKey(t, 1024)
	// A key with a corrupted CRT exponent gives wrong results, which the
	// check with e must catch.
	bad := *priv
	bad.dP = bytes.Clone(priv.dP)
	bad.dP[len(bad.dP)-1] ^= 2
	if _, err := SignPKCS1v15(&bad, crypto.SHA256, sha256Digest("fault")); err != errFault {
		t.Errorf("faulty signature: %v", err)
	}
	ct, _ := EncryptOAEP(nil, priv.PublicKey(), []byte("x"), &OAEPOptions{Hash: crypto.SHA256})
	if _, err := DecryptOAEP(&bad, ct, &OAEPOptions{Hash: crypto.SHA256}); err != ErrDecryption {
		t.Errorf("faulty decryption: %v", err)
	}
	bad = *priv
	bad.qInv = mont.NewNat().Set(bad.qInv)
	if _, err := bad.qInv.SetBytes([]byte{3}, bad.p); err != nil {
		t.Fatal(err)
	}
	if _, err := SignPKCS1v15(&bad, crypto.SHA256, sha256Digest("fault")); err != errFault {
		t.Errorf("faulty qInv: %v", err)
	}
}

func TestBlinding(t *testing.T) {
	shared, _ := testKey(t, 1024)
	// fresh returns the key with no cached blinding pair, so that the next
	// operation draws r from its random source.
	fresh := func() *PrivateKey {
		k := *shared
		k.blinding = new(blinding)
		return &k
	}
	digest := sha256Digest("blinding")
	// A failing source is an error, not a panic or an unblinded operation.
	if _, err := fresh().Sign(errReader{}, digest, crypto.SHA256); err == nil {
		t.Error("failing random source: no error")
	}
	// A source of zeros gives no usable r.
	if _, err := fresh().Sign(zeroReader{}, digest, crypto.SHA256); err == nil {
		t.Error("all-zero random source: no error")
	}
	// A short source fails cleanly.
	if _, err := fresh().Sign(io.LimitReader(rand.Reader, 10), digest, crypto.SHA256); err == nil {
		t.Error("short random source: no error")
	}
	// A pair serves blindingUses operations, each with a different r^e,
	// then is drawn again; every signature is the deterministic one.
	k := fresh()
	want, err := SignPKCS1v15(k, crypto.SHA256, digest)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i := range 2*blindingUses + 3 {
		k.blinding.mu.Lock()
		re := string(k.blinding.re.Bytes(k.pub.n))
		uses := k.blinding.uses
		k.blinding.mu.Unlock()
		if uses != i%blindingUses+1 {
			t.Fatalf("after %d operations the pair has served %d, want %d", i+1, uses, i%blindingUses+1)
		}
		if seen[re] {
			t.Fatalf("operation %d reused a blinding value", i+1)
		}
		seen[re] = true
		sig, err := SignPKCS1v15(k, crypto.SHA256, digest)
		if err != nil || !bytes.Equal(sig, want) {
			t.Fatalf("signature %d differs: %v", i+2, err)
		}
	}
	priv := shared
	// An r that shares a factor with n (here p, or n + q read as 64 bits
	// more than n, which reduces to q) has no inverse, and is replaced.
	for _, v := range [][]byte{priv.P(), new(big.Int).Add(new(big.Int).SetBytes(priv.pub.N()), new(big.Int).SetBytes(priv.Q())).Bytes()} {
		first := make([]byte, priv.pub.Size()+8)
		new(big.Int).SetBytes(v).FillBytes(first)
		r, rInv, err := blindingPair(io.MultiReader(bytes.NewReader(first), rand.Reader), priv.pub.n)
		if err != nil {
			t.Fatal(err)
		}
		if g := new(big.Int).GCD(nil, nil, new(big.Int).SetBytes(r.Bytes(priv.pub.n)), new(big.Int).SetBytes(priv.pub.N())); g.Cmp(big.NewInt(1)) != 0 {
			t.Fatalf("blinding value shares the factor %x with n", g)
		}
		if mont.NewNat().Set(r).Mul(rInv, priv.pub.n).IsOne() != 1 {
			t.Fatal("bad blinding pair")
		}
	}
	// Each r is in [1, n) and r·r⁻¹ = 1.
	for range 20 {
		r, rInv, err := blindingPair(nil, priv.pub.n)
		if err != nil {
			t.Fatal(err)
		}
		if r.IsZero() == 1 || mont.NewNat().Set(r).Mul(rInv, priv.pub.n).IsOne() != 1 {
			t.Fatal("bad blinding pair")
		}
	}
}

func TestSigner(t *testing.T) {
	priv, std := testKey(t, 2048)
	if !std.PublicKey.Equal(priv.Public()) {
		t.Error("Public() is not the stdlib public key")
	}
	if priv.Public() != priv.Public() {
		t.Error("Public() allocates a new key on each call")
	}
	digest := sha256Digest("signer")
	sig, err := priv.Sign(rand.Reader, digest, crypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	if err := stdrsa.VerifyPKCS1v15(&std.PublicKey, crypto.SHA256, digest, sig); err != nil {
		t.Errorf("PKCS #1 v1.5: %v", err)
	}
	for _, opts := range []crypto.SignerOpts{
		&PSSOptions{Hash: crypto.SHA256, SaltLength: PSSSaltLengthEqualsHash},
		&stdrsa.PSSOptions{Hash: crypto.SHA256, SaltLength: stdrsa.PSSSaltLengthEqualsHash},
		&stdrsa.PSSOptions{Hash: crypto.SHA256, SaltLength: stdrsa.PSSSaltLengthAuto},
	} {
		sig, err := priv.Sign(rand.Reader, digest, opts)
		if err != nil {
			t.Fatalf("%T: %v", opts, err)
		}
		if err := stdrsa.VerifyPSS(&std.PublicKey, crypto.SHA256, digest, sig, &stdrsa.PSSOptions{SaltLength: stdrsa.PSSSaltLengthAuto}); err != nil {
			t.Errorf("%T %+v: %v", opts, opts, err)
		}
	}
	for _, opts := range []crypto.SignerOpts{
		nil,
		(*PSSOptions)(nil),
		(*stdrsa.PSSOptions)(nil),
		&stdrsa.PSSOptions{Hash: crypto.SHA256, SaltLength: -2},
		&PSSOptions{},
	} {
		if _, err := priv.Sign(rand.Reader, digest, opts); err == nil {
			t.Errorf("%T %v: no error", opts, opts)
		}
	}
}

func TestDecrypter(t *testing.T) {
	priv, std := testKey(t, 2048)
	msg := []byte("decrypter")
	ct, err := stdrsa.EncryptOAEP(sha256.New(), rand.Reader, &std.PublicKey, msg, []byte("L"))
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []crypto.DecrypterOpts{
		&OAEPOptions{Hash: crypto.SHA256, Label: []byte("L")},
		&stdrsa.OAEPOptions{Hash: crypto.SHA256, Label: []byte("L")},
		&stdrsa.OAEPOptions{Hash: crypto.SHA256, MGFHash: crypto.SHA256, Label: []byte("L")},
	} {
		got, err := priv.Decrypt(rand.Reader, ct, opts)
		if err != nil || !bytes.Equal(got, msg) {
			t.Errorf("%T: %q, %v", opts, got, err)
		}
	}
	for _, opts := range []crypto.DecrypterOpts{
		nil,
		(*OAEPOptions)(nil),
		(*stdrsa.OAEPOptions)(nil),
		&stdrsa.PKCS1v15DecryptOptions{},
		"OAEP",
	} {
		if _, err := priv.Decrypt(rand.Reader, ct, opts); err == nil || err == ErrDecryption {
			t.Errorf("%T: %v", opts, err)
		}
	}
}

func TestConcurrentUse(t *testing.T) {
	priv, _ := testKey(t, 1024)
	digest := sha256Digest("concurrent")
	want, _ := SignPKCS1v15(priv, crypto.SHA256, digest)
	done := make(chan error)
	for range 4 {
		go func() {
			for range 10 {
				sig, err := SignPKCS1v15(priv, crypto.SHA256, digest)
				if err == nil && !bytes.Equal(sig, want) {
					err = errors.New("different signature")
				}
				if err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
