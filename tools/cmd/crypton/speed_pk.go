package main

import (
	"bytes"
	"crypto"
	"crypto/rand"
	gorsa "crypto/rsa"
	gosha256 "crypto/sha256"
	"errors"
	"fmt"
	"sync"

	"github.com/crypton-go/crypton/rsa"
	"github.com/crypton-go/crypton/rsa/ffdh"
)

// pkSpeedAlgs are the per-operation (µs/op) rows of the speed table: public-key
// operations on crypton's Montgomery arithmetic (package mont), whose
// selected implementation the IMPLEMENTATION column shows.
//
// RSA rows sign and verify PKCS #1 v1.5 SHA-256 digests, with the same key on
// both sides. FFDH rows compute one shared secret with an RFC 7919 group and
// keys from crypton; Go's standard library has no FFDH.
var pkSpeedAlgs = []speedAlg{
	rsaSignAlg(2048),
	rsaSignAlg(3072),
	rsaSignAlg(4096),
	rsaVerifyAlg(2048),
	ffdhAlg(2048, ffdh.FFDHE2048),
	ffdhAlg(3072, ffdh.FFDHE3072),
	ffdhAlg(4096, ffdh.FFDHE4096),
}

// rsaKeyPair is one RSA key in both packages' types.
type rsaKeyPair struct {
	gostd   *gorsa.PrivateKey
	crypton *rsa.PrivateKey
}

// rsaKeys holds one key generation per size, shared by the rows of that size
// and run by the first of them to be set up.
var rsaKeys = map[int]func() (rsaKeyPair, error){
	2048: sync.OnceValues(func() (rsaKeyPair, error) { return newRSAKey(2048) }),
	3072: sync.OnceValues(func() (rsaKeyPair, error) { return newRSAKey(3072) }),
	4096: sync.OnceValues(func() (rsaKeyPair, error) { return newRSAKey(4096) }),
}

// newRSAKey generates a key with the standard library and imports the same
// key into crypton.
func newRSAKey(bits int) (rsaKeyPair, error) {
	gk, err := gorsa.GenerateKey(rand.Reader, bits)
	if err != nil {
		return rsaKeyPair{}, err
	}
	if len(gk.Primes) != 2 {
		return rsaKeyPair{}, fmt.Errorf("generated key has %d primes", len(gk.Primes))
	}
	ck, err := rsa.NewPrivateKey(gk.N.Bytes(), gk.E, gk.D.Bytes(), gk.Primes[0].Bytes(), gk.Primes[1].Bytes())
	if err != nil {
		return rsaKeyPair{}, fmt.Errorf("importing the key into crypton: %v", err)
	}
	return rsaKeyPair{gk, ck}, nil
}

// rsaDigest is the SHA-256 digest the RSA rows sign and verify.
func rsaDigest() []byte {
	d := gosha256.Sum256([]byte("crypton speed"))
	return d[:]
}

func rsaSignAlg(bits int) speedAlg {
	return speedAlg{
		name: fmt.Sprintf("RSA-%d sign", bits), family: "rsa", pkg: "mont/ifma|mont", unit: unitUsOp,
		opensslCmd: fmt.Sprintf("rsa%d", bits), opensslPick: "sign",
		setup: func() (c, g func() error, err error) {
			kp, err := rsaKeys[bits]()
			if err != nil {
				return nil, nil, err
			}
			gk, ck := kp.gostd, kp.crypton
			digest := rsaDigest()
			// PKCS #1 v1.5 signatures are deterministic: both sides must
			// produce the same bytes, or they are not doing the same work.
			want, err := gorsa.SignPKCS1v15(nil, gk, crypto.SHA256, digest)
			if err != nil {
				return nil, nil, fmt.Errorf("Go: %v", err)
			}
			got, err := rsa.SignPKCS1v15(ck, crypto.SHA256, digest)
			if err != nil {
				return nil, nil, fmt.Errorf("crypton: %v", err)
			}
			if !bytes.Equal(got, want) {
				return nil, nil, errors.New("crypton's signature differs from Go's")
			}
			c = func() error {
				sig, err := rsa.SignPKCS1v15(ck, crypto.SHA256, digest)
				if err == nil {
					sink ^= sig[0]
				}
				return err
			}
			g = func() error {
				sig, err := gorsa.SignPKCS1v15(nil, gk, crypto.SHA256, digest)
				if err == nil {
					sink ^= sig[0]
				}
				return err
			}
			return c, g, nil
		},
	}
}

func rsaVerifyAlg(bits int) speedAlg {
	return speedAlg{
		name: fmt.Sprintf("RSA-%d verify", bits), family: "rsa", pkg: "mont/ifma|mont", unit: unitUsOp,
		opensslCmd: fmt.Sprintf("rsa%d", bits), opensslPick: "verify",
		setup: func() (c, g func() error, err error) {
			kp, err := rsaKeys[bits]()
			if err != nil {
				return nil, nil, err
			}
			gk, ck := kp.gostd, kp.crypton
			digest := rsaDigest()
			sig, err := gorsa.SignPKCS1v15(nil, gk, crypto.SHA256, digest)
			if err != nil {
				return nil, nil, fmt.Errorf("Go: %v", err)
			}
			cpub, gpub := ck.PublicKey(), &gk.PublicKey
			// Make sure crypton's verification rejects a bad signature, so
			// the figure is not that of a check that passes everything.
			bad := bytes.Clone(sig)
			bad[len(bad)/2] ^= 1
			if rsa.VerifyPKCS1v15(cpub, crypto.SHA256, digest, bad) == nil {
				return nil, nil, errors.New("crypton accepts a corrupted signature")
			}
			c = func() error { return rsa.VerifyPKCS1v15(cpub, crypto.SHA256, digest, sig) }
			g = func() error { return gorsa.VerifyPKCS1v15(gpub, crypto.SHA256, digest, sig) }
			return c, g, nil
		},
	}
}

func ffdhAlg(bits int, group func() *ffdh.Group) speedAlg {
	return speedAlg{
		name: fmt.Sprintf("FFDH-%d", bits), family: "ffdh", pkg: "mont/ifma|mont", unit: unitUsOp,
		opensslCmd: fmt.Sprintf("ffdh%d", bits), opensslPick: "op",
		noGo: "Go's standard library has no FFDH",
		setup: func() (c, g func() error, err error) {
			grp := group()
			priv, err := grp.GenerateKey(rand.Reader)
			if err != nil {
				return nil, nil, err
			}
			peer, err := grp.GenerateKey(rand.Reader)
			if err != nil {
				return nil, nil, err
			}
			peerPub := peer.PublicKey()
			// Both parties must agree, or the operation measured is wrong.
			s1, err := priv.SharedSecret(peerPub)
			if err != nil {
				return nil, nil, err
			}
			s2, err := peer.SharedSecret(priv.PublicKey())
			if err != nil {
				return nil, nil, err
			}
			if !bytes.Equal(s1, s2) {
				return nil, nil, errors.New("the two parties' shared secrets differ")
			}
			c = func() error {
				s, err := priv.SharedSecret(peerPub)
				if err == nil {
					sink ^= s[0]
				}
				return err
			}
			return c, nil, nil
		},
	}
}
