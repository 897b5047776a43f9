// Package rsa will implement RSA signatures (PKCS #1 v1.5 and PSS) and OAEP
// encryption on crypton's constant-time arithmetic, and its sub-package ffdh
// the finite-field Diffie-Hellman groups of RFC 7919. Private keys will
// implement crypto.Signer and crypto.Decrypter with the standard library's
// *rsa.PublicKey as their public half.
//
// The package is being written; see the module's README for what exists
// today.
package rsa
