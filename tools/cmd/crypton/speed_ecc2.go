package main

import (
	"bytes"
	"crypto"
	goecdh "crypto/ecdh"
	goecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha512"
	"errors"
	"fmt"

	"github.com/cloudflare/circl/dh/x448"
	circled448 "github.com/cloudflare/circl/sign/ed448"

	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/ecc/ecdsa"
	"github.com/crypton-go/crypton/ecc/ed448"
)

// curve448Algs are the rows of X448 and Ed448, whose Go column is CIRCL (Go's
// standard library has neither).
func curve448Algs() []speedAlg {
	return []speedAlg{x448Alg(), ed448Alg("sign"), ed448Alg("verify")}
}

// nistAlgs are the rows of the NIST curves, against crypto/ecdh and
// crypto/ecdsa: ECDH on each curve, then ECDSA signing and verification.
func nistAlgs() []speedAlg {
	var algs []speedAlg
	for _, c := range nistCurves {
		algs = append(algs, nistECDHAlg(c))
	}
	for _, c := range nistCurves {
		algs = append(algs, ecdsaAlg(c, "sign"), ecdsaAlg(c, "verify"))
	}
	return algs
}

const circlPeer = "github.com/cloudflare/circl"

// x448Alg is the row of one X448 shared secret, as the X25519 row.
func x448Alg() speedAlg {
	return speedAlg{
		name: "X448", family: "ecc", pkg: "gf448", unit: unitUsOp, goPeer: circlPeer + "/dh/x448",
		opensslCmd: "ecdhx448", opensslPick: "op",
		setup: func() (c, g func() error, err error) {
			var seed, peerSeed x448.Key
			if _, err := rand.Read(seed[:]); err != nil {
				return nil, nil, err
			}
			if _, err := rand.Read(peerSeed[:]); err != nil {
				return nil, nil, err
			}
			var peerPub x448.Key
			x448.KeyGen(&peerPub, &peerSeed)
			ck, err := ecdh.X448().NewPrivateKey(seed[:])
			if err != nil {
				return nil, nil, err
			}
			cpub, err := ecdh.X448().NewPublicKey(peerPub[:])
			if err != nil {
				return nil, nil, err
			}
			var want x448.Key
			if !x448.Shared(&want, &seed, &peerPub) {
				return nil, nil, errors.New("circl: low-order peer key")
			}
			got, err := ck.ECDH(cpub)
			if err != nil {
				return nil, nil, fmt.Errorf("crypton: %v", err)
			}
			if !bytes.Equal(got, want[:]) {
				return nil, nil, errors.New("crypton's X448 shared secret differs from CIRCL's")
			}
			c = func() error {
				s, err := ck.ECDH(cpub)
				if err == nil {
					sink ^= s[0]
				}
				return err
			}
			g = func() error {
				var s x448.Key
				if !x448.Shared(&s, &seed, &peerPub) {
					return errors.New("circl: low-order peer key")
				}
				sink ^= s[0]
				return nil
			}
			return c, g, nil
		},
	}
}

// ed448Alg is the row of Ed448 signing or verification of a 32-byte message
// with an empty context; Ed448 is deterministic, so both sides must produce
// the same signature.
func ed448Alg(op string) speedAlg {
	return speedAlg{
		name: "Ed448 " + op, family: "ecc", pkg: "gf448", unit: unitUsOp, goPeer: circlPeer + "/sign/ed448",
		opensslCmd: "ed448", opensslPick: op,
		setup: func() (c, g func() error, err error) {
			seed := make([]byte, ed448.SeedSize)
			if _, err := rand.Read(seed); err != nil {
				return nil, nil, err
			}
			ck, gk := ed448.NewKeyFromSeed(seed), circled448.NewKeyFromSeed(seed)
			msg := []byte("crypton speed: a 32-byte message")
			sig := circled448.Sign(gk, msg, "")
			csig, err := ed448.Sign(ck, msg, "")
			if err != nil {
				return nil, nil, err
			}
			if !bytes.Equal(csig, sig) {
				return nil, nil, errors.New("crypton's Ed448 signature differs from CIRCL's")
			}
			gpub := gk.Public().(circled448.PublicKey)
			pub := ed448.PublicKey(gpub)
			bad := bytes.Clone(sig)
			bad[5] ^= 1
			if ed448.Verify(pub, msg, bad, "") {
				return nil, nil, errors.New("crypton accepts a corrupted Ed448 signature")
			}
			if op == "sign" {
				c = func() error {
					s, err := ed448.Sign(ck, msg, "")
					if err == nil {
						sink ^= s[0]
					}
					return err
				}
				g = func() error { sink ^= circled448.Sign(gk, msg, "")[0]; return nil }
				return c, g, nil
			}
			verr := errors.New("signature rejected")
			c = func() error {
				if !ed448.Verify(pub, msg, sig, "") {
					return verr
				}
				return nil
			}
			g = func() error {
				if !circled448.Verify(gpub, msg, sig, "") {
					return verr
				}
				return nil
			}
			return c, g, nil
		},
	}
}

// A nistCurve names one NIST curve in crypton, the standard library and
// openssl speed.
type nistCurve struct {
	name  string // "P-256"
	pkg   string // cpufeat package of its field arithmetic
	bits  string // "256", the suffix of openssl speed's ecdhp256 / ecdsap256
	ecdh  ecdh.Curve
	goc   goecdh.Curve
	ecdsa ecdsa.Curve
	ell   elliptic.Curve
	hash  func([]byte) []byte // the digest its ECDSA rows sign
}

var nistCurves = []nistCurve{
	{"P-256", "p256", "256", ecdh.P256(), goecdh.P256(), ecdsa.P256(), elliptic.P256(),
		func(m []byte) []byte { d := sha256.Sum256(m); return d[:] }},
	{"P-384", "p384", "384", ecdh.P384(), goecdh.P384(), ecdsa.P384(), elliptic.P384(),
		func(m []byte) []byte { d := sha512.Sum384(m); return d[:] }},
	{"P-521", "p521", "521", ecdh.P521(), goecdh.P521(), ecdsa.P521(), elliptic.P521(),
		func(m []byte) []byte { d := sha512.Sum512(m); return d[:] }},
}

// nistECDHAlg is the row of one ECDH shared secret on a NIST curve, from a
// fixed private key and a fixed peer public key, the same on both sides.
func nistECDHAlg(nc nistCurve) speedAlg {
	return speedAlg{
		name: "ECDH " + nc.name, family: "ecc", pkg: nc.pkg, unit: unitUsOp,
		opensslCmd: "ecdhp" + nc.bits, opensslPick: "op",
		setup: func() (c, g func() error, err error) {
			gk, err := nc.goc.GenerateKey(rand.Reader)
			if err != nil {
				return nil, nil, err
			}
			gpeer, err := nc.goc.GenerateKey(rand.Reader)
			if err != nil {
				return nil, nil, err
			}
			ck, err := nc.ecdh.NewPrivateKey(gk.Bytes())
			if err != nil {
				return nil, nil, err
			}
			cpub, err := nc.ecdh.NewPublicKey(gpeer.PublicKey().Bytes())
			if err != nil {
				return nil, nil, err
			}
			gpub := gpeer.PublicKey()
			want, err := gk.ECDH(gpub)
			if err != nil {
				return nil, nil, fmt.Errorf("Go: %v", err)
			}
			got, err := ck.ECDH(cpub)
			if err != nil {
				return nil, nil, fmt.Errorf("crypton: %v", err)
			}
			if !bytes.Equal(got, want) {
				return nil, nil, fmt.Errorf("crypton's %s shared secret differs from Go's", nc.name)
			}
			c = func() error {
				s, err := ck.ECDH(cpub)
				if err == nil {
					sink ^= s[0]
				}
				return err
			}
			g = func() error {
				s, err := gk.ECDH(gpub)
				if err == nil {
					sink ^= s[0]
				}
				return err
			}
			return c, g, nil
		},
	}
}

// ecdsaAlg is the row of ECDSA signing (randomized on both sides: crypton
// hedges RFC 6979 with the random bytes, Go does likewise) or verification of
// one digest with one key.
func ecdsaAlg(nc nistCurve, op string) speedAlg {
	return speedAlg{
		name: "ECDSA " + nc.name + " " + op, family: "ecc", pkg: nc.pkg, unit: unitUsOp,
		opensslCmd: "ecdsap" + nc.bits, opensslPick: op,
		setup: func() (c, g func() error, err error) {
			ck, err := ecdsa.GenerateKey(nc.ecdsa, rand.Reader)
			if err != nil {
				return nil, nil, err
			}
			gk, err := goecdsa.ParseRawPrivateKey(nc.ell, ck.Bytes())
			if err != nil {
				return nil, nil, err
			}
			digest := nc.hash([]byte("crypton speed: a 32-byte message"))
			csig, err := ck.Sign(rand.Reader, digest, crypto.Hash(0))
			if err != nil {
				return nil, nil, err
			}
			gsig, err := goecdsa.SignASN1(rand.Reader, gk, digest)
			if err != nil {
				return nil, nil, err
			}
			cpub := ck.PublicKey()
			if !goecdsa.VerifyASN1(&gk.PublicKey, digest, csig) || !ecdsa.VerifyASN1(cpub, digest, gsig) {
				return nil, nil, fmt.Errorf("crypton's and Go's %s ECDSA signatures do not verify both ways", nc.name)
			}
			bad := bytes.Clone(digest)
			bad[0] ^= 1
			if ecdsa.VerifyASN1(cpub, bad, gsig) {
				return nil, nil, fmt.Errorf("crypton accepts a %s ECDSA signature of another digest", nc.name)
			}
			if op == "sign" {
				c = func() error {
					s, err := ck.Sign(rand.Reader, digest, crypto.Hash(0))
					if err == nil {
						sink ^= s[0]
					}
					return err
				}
				g = func() error {
					s, err := goecdsa.SignASN1(rand.Reader, gk, digest)
					if err == nil {
						sink ^= s[0]
					}
					return err
				}
				return c, g, nil
			}
			verr := errors.New("signature rejected")
			c = func() error {
				if !ecdsa.VerifyASN1(cpub, digest, gsig) {
					return verr
				}
				return nil
			}
			g = func() error {
				if !goecdsa.VerifyASN1(&gk.PublicKey, digest, gsig) {
					return verr
				}
				return nil
			}
			return c, g, nil
		},
	}
}
