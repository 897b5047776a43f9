// Package rsa implements RSA signatures and encryption as specified in
// PKCS #1 v2.2 (RFC 8017), on crypton's constant-time arithmetic (package
// mont):
//
//   - RSASSA-PKCS1-v1_5 signatures: SignPKCS1v15, VerifyPKCS1v15;
//   - RSASSA-PSS signatures, with MGF1: SignPSS, VerifyPSS;
//   - RSAES-OAEP encryption, with MGF1: EncryptOAEP, DecryptOAEP;
//   - keys: GenerateKey, NewPublicKey, NewPrivateKey, and conversion from
//     and to the standard library's keys.
//
// Left out on purpose: RSAES-PKCS1-v1_5 encryption (and decryption), a
// legacy scheme whose decryption is hard to make safe against padding
// oracles; keys with more than two primes; the raw RSA primitive; and
// SHAKE as the hash or mask generation function of PSS (RFC 8702). The
// sub-package ffdh, in this module, holds the finite-field Diffie-Hellman
// groups of RFC 7919.
//
// # Constant time
//
// Every private-key operation (signing and decryption) runs in time
// independent of the key and the input: exponentiations modulo p and q
// with exponents of fixed length (the Chinese remainder theorem) and
// constant-time recombination, with no branch or memory index that depends
// on a secret. The input is also blinded with a random value (a new one
// every 32 operations, squared in between, as OpenSSL does), and
// the result is checked with the public exponent before it is released, so
// that a fault in the computation cannot reveal a factor of n. OAEP
// decryption checks the padding in constant time and fails with the single
// error ErrDecryption.
//
// The blinding value r and its inverse are secret too (with them, the
// blinded values could be unblinded): r is drawn without a comparison that
// depends on it and inverted with mont's constant-time Inverse.
//
// Operations on public values only (verification, encryption) use the
// faster variable-time exponentiation by the public exponent. Key
// generation takes variable time as it rejects prime candidates and
// discards them, but the candidates that become the key's primes are
// tested in constant time (mont's ProbablyPrime: trial division and
// Miller–Rabin rounds whose time reveals nothing of a prime but its
// length). The rest of the arithmetic on a key, in key generation (n, the
// private exponent, the CRT values) as in key import (the checks of
// NewPrivateKey and the CRT values), is mont's constant-time arithmetic:
// its time depends on the sizes of the values, not on the values, and only
// the outcome of each check is revealed. Key generation gives up with an
// error, instead of searching forever, when the random source looks broken
// (see GenerateKey).
//
// # Interoperability with crypto/rsa
//
// Signatures and ciphertexts are those of crypto/rsa: each package
// verifies and decrypts what the other makes, and PKCS #1 v1.5 signatures
// are identical byte for byte. PSSOptions and the salt length constants
// mean what they mean in crypto/rsa, with two additions: an MGF1 hash that
// differs from the digest's hash (PSSOptions.MGFHash), and an explicitly
// empty salt (PSSSaltLengthZero). *PrivateKey implements crypto.Signer and
// crypto.Decrypter, and its Public method returns a *rsa.PublicKey from
// crypto/rsa, so a key of this package can sign X.509 certificates with
// crypto/x509 and serve TLS with crypto/tls (which passes the standard
// library's *rsa.PSSOptions; Sign accepts those too). FromStdlibPublicKey,
// FromStdlibPrivateKey and the Stdlib methods convert keys, for parsing
// and marshaling with crypto/x509.
//
// # Minimum key size
//
// Every function of the package refuses keys with a modulus of fewer than
// 1024 bits, as crypto/rsa does since Go 1.24: NewPublicKey,
// NewPrivateKey and the conversions from crypto/rsa return an error for
// them, and so do signing, verification, encryption and decryption. Keys
// of 1024 to 2047 bits are accepted, for existing keys and published test
// vectors, but are not recommended; GenerateKey makes keys of 2048 bits or
// more only. Unlike crypto/rsa's GODEBUG setting rsa1024min=0, there is no
// way to lift the limit: tests need keys of 1024 bits or more (those of
// Wycheproof and RFC 8017 all are). The largest modulus is 8192 bits. The
// public exponent must be odd and between 3 and 2³¹-1.
//
// SHA-1 and the SHA-2 family come from crypton's hash module; other
// hashes, such as SHA-3, from the implementation registered with package
// crypto (import crypto/sha3 to make them available).
package rsa
