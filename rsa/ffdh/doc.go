// Package ffdh implements finite-field Diffie-Hellman key agreement over
// the five groups of RFC 7919, "Negotiated Finite Field Diffie-Hellman
// Ephemeral Parameters for TLS": ffdhe2048, ffdhe3072, ffdhe4096, ffdhe6144
// and ffdhe8192, the groups TLS 1.3 negotiates (RFC 8446, Section 4.2.7).
//
// Each group is a safe prime p = 2q + 1 with generator g = 2, which
// generates the subgroup of prime order q. A private key is an exponent x
// with 1 <= x < q; its public key is y = g^x mod p; two parties with keys
// (x1, y1) and (x2, y2) agree on y2^x1 = y1^x2 = g^(x1·x2) mod p.
//
// # Short exponents
//
// [Group.GenerateKey] draws exponents much shorter than q, of the sizes
// RFC 7919, Section 5.2 recommends for each group: 225, 275, 325, 375 and
// 400 bits for ffdhe2048 to ffdhe8192, the sizes OpenSSL uses too. That
// makes every exponentiation with the key several times faster than with a
// full-size exponent (2048 to 8192 bits). The exponents are uniform in
// [2, 2^k) for those sizes k.
//
// # Validation
//
// [Group.NewPublicKey] accepts only values y in [2, p-2] that lie in the
// subgroup of order q (NIST SP 800-56A Rev. 3, Section 5.6.2.3.1, full
// public key validation), so [PrivateKey.SharedSecret] never exponentiates
// an element of a small subgroup. Public keys and shared secrets are
// encoded big-endian and padded to the size of p, as in TLS 1.3.
//
// # Constant time
//
// Operations with a private exponent (computing the public key, the shared
// secret, and the range check of [Group.NewPrivateKey]) use the
// constant-time arithmetic of github.com/crypton-go/crypton/mont: they take
// time that depends on the group and on the length of the exponent's
// encoding, not on the values of the exponent, the peer's key or the
// result. The length of a generated exponent is fixed per group; see
// [Group.NewPrivateKey] for imported ones. Validating a public key takes
// time that depends on the key, which is public.
package ffdh
