package main

import (
	"bytes"
	goecdh "crypto/ecdh"
	goed25519 "crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/crypton-go/crypton/ecc/ecdh"
	"github.com/crypton-go/crypton/ecc/ed25519"
)

// eccSpeedAlgs are the per-operation (µs/op) rows of the ecc module.
//
// The Ed25519 rows sign and verify a 32-byte message with one key, the same
// on both sides (Ed25519 signatures are deterministic, so both must produce
// the same bytes).
//
// The X25519 row computes one shared secret from a fixed private key and a
// fixed peer public key (ECDH), the same keys on both sides, on crypton's
// GF(2^255−19) arithmetic (package gf25519).
var eccSpeedAlgs = append([]speedAlg{
	{
		name: "X25519", family: "ecc", pkg: "gf25519", unit: unitUsOp,
		opensslCmd: "ecdhx25519", opensslPick: "op",
		setup: func() (c, g func() error, err error) {
			var seed, peerSeed [32]byte
			if _, err := rand.Read(seed[:]); err != nil {
				return nil, nil, err
			}
			if _, err := rand.Read(peerSeed[:]); err != nil {
				return nil, nil, err
			}
			ck, err := ecdh.X25519().NewPrivateKey(seed[:])
			if err != nil {
				return nil, nil, err
			}
			gk, err := goecdh.X25519().NewPrivateKey(seed[:])
			if err != nil {
				return nil, nil, err
			}
			gpeer, err := goecdh.X25519().NewPrivateKey(peerSeed[:])
			if err != nil {
				return nil, nil, err
			}
			cpub, err := ecdh.X25519().NewPublicKey(gpeer.PublicKey().Bytes())
			if err != nil {
				return nil, nil, err
			}
			gpub := gpeer.PublicKey()
			// Both libraries must compute the same secret, or they are not
			// doing the same work.
			want, err := gk.ECDH(gpub)
			if err != nil {
				return nil, nil, fmt.Errorf("Go: %v", err)
			}
			got, err := ck.ECDH(cpub)
			if err != nil {
				return nil, nil, fmt.Errorf("crypton: %v", err)
			}
			if !bytes.Equal(got, want) {
				return nil, nil, errors.New("crypton's X25519 shared secret differs from Go's")
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
	},
	ed25519Alg("sign"),
	ed25519Alg("verify"),
}, append(curve448Algs(), nistAlgs()...)...)

// ed25519Alg is the row of Ed25519 signing or verification.
func ed25519Alg(op string) speedAlg {
	return speedAlg{
		name: "Ed25519 " + op, family: "ecc", pkg: "gf25519", unit: unitUsOp,
		opensslCmd: "ed25519", opensslPick: op,
		setup: func() (c, g func() error, err error) {
			seed := make([]byte, ed25519.SeedSize)
			if _, err := rand.Read(seed); err != nil {
				return nil, nil, err
			}
			ck, gk := ed25519.NewKeyFromSeed(seed), goed25519.NewKeyFromSeed(seed)
			msg := []byte("crypton speed: a 32-byte message")
			sig := goed25519.Sign(gk, msg)
			if !bytes.Equal(ed25519.Sign(ck, msg), sig) {
				return nil, nil, errors.New("crypton's Ed25519 signature differs from Go's")
			}
			pub := gk.Public().(goed25519.PublicKey)
			bad := bytes.Clone(sig)
			bad[5] ^= 1
			if ed25519.Verify(pub, msg, bad) {
				return nil, nil, errors.New("crypton accepts a corrupted Ed25519 signature")
			}
			if op == "sign" {
				c = func() error { sink ^= ed25519.Sign(ck, msg)[0]; return nil }
				g = func() error { sink ^= goed25519.Sign(gk, msg)[0]; return nil }
				return c, g, nil
			}
			verr := errors.New("signature rejected")
			c = func() error {
				if !ed25519.Verify(pub, msg, sig) {
					return verr
				}
				return nil
			}
			g = func() error {
				if !goed25519.Verify(pub, msg, sig) {
					return verr
				}
				return nil
			}
			return c, g, nil
		},
	}
}
