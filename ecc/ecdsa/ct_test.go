//go:build ctgrind

package ecdsa_test

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/ecc/ecdsa"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTSign is the constant-time case of key generation and signing, run
// by tools/cmd/ctcheck under valgrind on each curve and each implementation
// of its field arithmetic: the private scalar is secret from NewPrivateKey
// (range check and fixed-base multiplication) through deterministic and
// hedged signing (the HMAC_DRBG derivation of k, k·G, the inversion of k
// and s = k⁻¹(e + r·d)). What the protocol reveals is declassified inside
// the package: whether d and each candidate k are in range, the public key,
// the x-coordinate of k·G (whose reduction is r), whether r or s is zero,
// and the signature.
func TestCTSign(t *testing.T) {
	for i, tc := range testCurves {
		pkg := []string{"p256", "p384", "p521"}[i]
		t.Run(tc.c.String(), func(t *testing.T) {
			cputest.TestAllImplementations(t, pkg, func(t *testing.T) { ctSign(t, tc) })
		})
	}
}

func ctSign(t *testing.T, tc testCurve) {
	d := bytes.Repeat([]byte{0x42}, tc.size)
	d[0] = 0x01
	ctgrind.Secret(d)
	priv, err := ecdsa.NewPrivateKey(tc.c, d)
	if err != nil {
		t.Fatal(err)
	}
	digest := sha256.Sum256([]byte("constant time"))
	sig1, err := priv.Sign(nil, digest[:], crypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	sig2, err := priv.SignRaw(seededReader(1), digest[:], nil)
	if err != nil {
		t.Fatal(err)
	}
	ctgrind.Public(sig1)
	ctgrind.Public(sig2)
	if bytes.Equal(sig1, sig2) {
		t.Error("hedged signature equals the deterministic one")
	}
	if !ecdsa.VerifyASN1(priv.PublicKey(), digest[:], sig1) || !ecdsa.VerifyRaw(priv.PublicKey(), digest[:], sig2) {
		t.Error("signature rejected")
	}
}
