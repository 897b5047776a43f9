// Package ecc is the root of crypton's elliptic-curve module. It holds no
// code: the algorithms live in its sub-packages, each with the API of the
// standard library's package of the same name, so that users can switch by
// changing an import path.
//
//   - ecdh: Elliptic Curve Diffie-Hellman over X25519 (RFC 7748), with the
//     API of crypto/ecdh. X448 and the NIST curves P-256, P-384 and P-521
//     are planned.
//   - ed25519: Ed25519, Ed25519ctx and Ed25519ph (RFC 8032), with the API of
//     crypto/ed25519, whose PublicKey and Options types it uses, so that a
//     private key is a crypto.Signer that works with crypto/tls and
//     crypto/x509. Verification accepts exactly what the standard library
//     accepts; a private key whose public half does not match its seed is
//     refused.
//
// The field arithmetic is crypton's mont/gf25519 (MULX/ADX assembly on
// amd64, portable Go elsewhere); operations on private keys are constant
// time. ECDSA on the NIST curves and Ed448 are planned; see the module's
// README for what exists today.
package ecc
