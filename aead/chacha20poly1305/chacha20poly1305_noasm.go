//go:build !amd64 || !gc || purego

package chacha20poly1305

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
