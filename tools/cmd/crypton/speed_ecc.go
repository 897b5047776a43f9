package main

import (
	"bytes"
	goecdh "crypto/ecdh"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/crypton-go/crypton/ecc/ecdh"
)

// eccSpeedAlgs are the per-operation (µs/op) rows of the ecc module.
//
// The X25519 row computes one shared secret from a fixed private key and a
// fixed peer public key (ECDH), the same keys on both sides, on crypton's
// GF(2^255−19) arithmetic (package gf25519).
var eccSpeedAlgs = []speedAlg{
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
}
