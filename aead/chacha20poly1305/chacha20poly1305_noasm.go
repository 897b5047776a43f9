package chacha20poly1305

// This file has no build constraint while the package has only the generic
// implementation. When assembly that interleaves ChaCha20 and Poly1305 is
// added, it takes the exact opposite of the constraints of the assembly
// files together (for amd64: //go:build !amd64 || !gc || purego), and each
// assembly file comes with a chacha20poly1305_<arch>.go that defines seal
// and open choosing the fastest available path.

// seal writes the ciphertext and tag of plaintext to out; see sealGeneric
// for the contract.
func seal(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, plaintext, additionalData []byte) {
	sealGeneric(out, key, nonce, plaintext, additionalData)
}

// open checks the tag of ciphertext and decrypts it into out; see
// openGeneric for the contract.
func open(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, additionalData []byte) bool {
	return openGeneric(out, key, nonce, ciphertext, additionalData)
}
