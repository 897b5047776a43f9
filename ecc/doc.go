// Package ecc is the root of crypton's elliptic-curve module: ECDH on
// X25519, X448, P-256, P-384 and P-521 (package ecdh), ECDSA on the NIST
// curves (package ecdsa), and the Ed25519 and Ed448 signature schemes
// (packages ed25519 and ed448). Private keys implement crypto.Signer with
// the standard library's public key types, so they work with crypto/tls and
// crypto/x509.
//
// The packages are being written; see the module's README for what exists
// today.
package ecc
