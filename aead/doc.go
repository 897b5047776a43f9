// Package aead is the root of crypton's symmetric-encryption module. It
// holds no code: the ciphers live in its sub-packages, each with the API of
// its golang.org/x/crypto or standard-library counterpart, returning the
// standard library's cipher.Stream, cipher.Block and cipher.AEAD:
//
//   - chacha20 (ChaCha20 of RFC 8439, XChaCha20, HChaCha20), poly1305, and
//     chacha20poly1305 (ChaCha20-Poly1305 with New, XChaCha20-Poly1305 with
//     NewX);
//   - salsa20 (Salsa20/20, XSalsa20, HSalsa20 and the Salsa20/8 core that
//     scrypt uses) and secretbox (NaCl's XSalsa20-Poly1305, also as a
//     cipher.AEAD);
//   - aes (the AES block cipher of FIPS 197), aesgcm (AES-GCM of NIST SP
//     800-38D, with 12- to 16-byte tags and a random-nonce form) and
//     aesgcmsiv (the nonce-misuse-resistant AES-GCM-SIV of RFC 8452).
//
// The generic implementations are constant-time: AES is bitsliced and GHASH
// and POLYVAL use no tables. On amd64, accelerated ones use AVX2 (ChaCha20,
// Salsa20), MULX (Poly1305), AES-NI with PCLMULQDQ, and VAES with
// VPCLMULQDQ (AES, AES-GCM, AES-GCM-SIV); on arm64, NEON (ChaCha20), the
// 64-bit multiplier (Poly1305) and the AES and PMULL instructions (AES,
// AES-GCM, AES-GCM-SIV). Each is registered with crypton's cpufeat, so that
// CRYPTON_CPU can turn it off; the module's README lists them.
package aead
