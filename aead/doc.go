// Package aead is the root of crypton's symmetric-encryption module: the AES
// block cipher, AES-GCM, AES-GCM-SIV, ChaCha20, Poly1305,
// ChaCha20-Poly1305, XChaCha20-Poly1305, Salsa20 and NaCl secretbox, in
// sub-packages, each returning the standard library's cipher.Block and
// cipher.AEAD interfaces.
//
// The generic implementations are constant-time (AES is bitsliced, GHASH uses
// no tables); accelerated ones use AES-NI, VAES, VPCLMULQDQ, AVX2 and
// AVX-512 on amd64 and the ARMv8 AES and PMULL instructions on arm64.
//
// The packages are being written; see the module's README for what exists
// today.
package aead
