// Package hash is the root of crypton's hash module. It holds no code: the
// hash functions live in its sub-packages, each with the API of the standard
// library's or golang.org/x/crypto's package of the same name, so that users
// can switch by changing an import path.
//
//   - sha1, sha256 (SHA-224, SHA-256), sha512 (SHA-384, SHA-512,
//     SHA-512/224, SHA-512/256): FIPS 180-4, with SHA-NI, AVX2 and ARMv8
//     implementations.
//   - sha3: SHA3-224 to SHA3-512 and SHAKE (FIPS 202), cSHAKE (NIST SP
//     800-185) and legacy Keccak, with a BMI1/BMI2 implementation on amd64.
//   - blake2b and blake2s: BLAKE2 (RFC 7693), keyed or not, with AVX2
//     (BLAKE2b) and AVX (BLAKE2s) implementations on amd64.
//   - hmac (FIPS 198-1, RFC 2104), hkdf (RFC 5869), pbkdf2 (RFC 8018).
//   - scrypt (RFC 7914), on the Salsa20/8 core of crypton's aead/salsa20,
//     and argon2 (Argon2id and Argon2i, RFC 9106, with an AVX2
//     implementation on amd64): password hashing that returns errors instead
//     of panicking and computes its lanes in parallel.
package hash
