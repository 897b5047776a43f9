// Package ecc is the root of crypton's elliptic-curve module. It holds no
// code: the algorithms live in its sub-packages, each with the API of the
// standard library's package of the same name (or, for Ed448, which the
// standard library lacks, of CIRCL's), so that users can switch by changing
// an import path.
//
//   - ecdh: Elliptic Curve Diffie-Hellman over X25519 and X448 (RFC 7748)
//     and over P-256, P-384 and P-521, with the API of crypto/ecdh.
//   - ecdsa: ECDSA on P-256, P-384 and P-521 (FIPS 186-5), deterministic
//     (RFC 6979) or hedged, in ASN.1 DER or IEEE P1363 form; a private key
//     is a crypto.Signer whose public key is crypto/ecdsa's, so it works
//     with crypto/tls and crypto/x509.
//   - ed25519: Ed25519, Ed25519ctx and Ed25519ph (RFC 8032), with the API of
//     crypto/ed25519, whose PublicKey and Options types it uses, so that a
//     private key is a crypto.Signer that works with crypto/tls and
//     crypto/x509. Verification accepts exactly what the standard library
//     accepts; a private key whose public half does not match its seed is
//     refused.
//   - ed448: Ed448 and Ed448ph (RFC 8032); verification accepts exactly what
//     CIRCL's accepts.
//   - pkix: PKCS #8 private keys and PKIX (SubjectPublicKeyInfo) public keys
//     for every key type above, Ed448 and X448 included (RFC 8410), with the
//     names of crypto/x509's functions; parsing returns this module's types.
//
// The ecdsa, ecdh and ed25519 packages convert their keys to and from the
// standard library's, with Stdlib methods and FromStdlibPrivateKey and
// FromStdlibPublicKey functions, for crypto/x509 and other code that takes
// only the standard library's types.
//
// The field arithmetic is crypton's mont module (gf25519, gf448, p256,
// p384, p521: MULX/ADX assembly on amd64, portable Go elsewhere);
// operations on private keys are constant time, verification (whose inputs
// are public) is variable time.
package ecc
