// Package hash is the root of crypton's hash module. It holds no code: the
// hash functions live in its sub-packages, each with the API of the standard
// library's package of the same name, so that users can switch by changing
// an import path.
//
//   - sha1, sha256 (SHA-224, SHA-256), sha512 (SHA-384, SHA-512,
//     SHA-512/224, SHA-512/256): FIPS 180-4, with SHA-NI, AVX2 and ARMv8
//     implementations.
//   - hmac (FIPS 198-1, RFC 2104), hkdf (RFC 5869), pbkdf2 (RFC 8018).
//
// SHA-3, BLAKE2, scrypt and Argon2 are planned.
package hash
