// Package hash is the root of crypton's hash module. The hash functions live
// in its sub-packages, each with the API of the standard library's package of
// the same name so that users can switch by changing an import path: sha1,
// sha256, sha512, sha3, blake2b, blake2s, and the constructions built on
// them, hmac, hkdf, pbkdf2, scrypt and argon2.
//
// The packages are being written; see the module's README for what exists
// today.
package hash
