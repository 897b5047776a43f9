package chacha20poly1305

import (
	"crypto/cipher"
	"errors"

	"github.com/crypton-go/crypton/aead/chacha20"
)

// xchacha20poly1305 is the AEAD of draft-irtf-cfrg-xchacha-03.
type xchacha20poly1305 struct {
	key [KeySize]byte
}

// NewX returns an XChaCha20-Poly1305 AEAD (draft-irtf-cfrg-xchacha-03) with
// the 32-byte key, or an error if the key has another length. The key is
// copied.
//
// Its Seal and Open methods take a NonceSizeX-byte nonce, which may be
// chosen at random for each message, and otherwise behave as those of
// [New]. Each message is sealed with ChaCha20-Poly1305 under the HChaCha20
// subkey of the key and the nonce's first 16 bytes, with four zero bytes
// and the nonce's last 8 bytes as the ChaCha20 nonce. Seal and Open derive
// the subkey after their checks of the buffers, and zero it before they
// return (see the package documentation for what is not cleared).
func NewX(key []byte) (cipher.AEAD, error) {
	if len(key) != KeySize {
		return nil, errors.New("chacha20poly1305: bad key length")
	}
	x := new(xchacha20poly1305)
	copy(x.key[:], key)
	return x, nil
}

// NonceSize returns [NonceSizeX].
func (*xchacha20poly1305) NonceSize() int { return NonceSizeX }

// Overhead returns [Overhead].
func (*xchacha20poly1305) Overhead() int { return Overhead }

// Seal is as for [New], with a NonceSizeX-byte nonce. The plaintext is
// limited to 2³⁸-64 bytes too: the construction would allow more, but the
// ChaCha20 block counter used here is 32 bits wide.
func (x *xchacha20poly1305) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if len(nonce) != NonceSizeX {
		panic("chacha20poly1305: bad nonce length passed to Seal")
	}
	// The checks, which may panic, come before the subkey exists.
	ret, out := sealBuffers(dst, plaintext, additionalData)
	var key [KeySize]byte
	var n [NonceSize]byte
	x.derive(&key, &n, nonce)
	seal(out, &key, &n, plaintext, additionalData)
	clear(key[:])
	return ret
}

// Open is as for [New], with a NonceSizeX-byte nonce.
func (x *xchacha20poly1305) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(nonce) != NonceSizeX {
		panic("chacha20poly1305: bad nonce length passed to Open")
	}
	// The checks, which may panic, come before the subkey exists.
	ret, out, ok := openBuffers(dst, ciphertext, additionalData)
	if !ok {
		return nil, errOpen
	}
	var key [KeySize]byte
	var n [NonceSize]byte
	x.derive(&key, &n, nonce)
	ok = open(out, &key, &n, ciphertext, additionalData)
	clear(key[:])
	if !ok {
		return nil, errOpen
	}
	return ret, nil
}

// derive sets key and n to the ChaCha20 key and nonce for the 24-byte
// XChaCha20 nonce (draft-irtf-cfrg-xchacha-03, Section 2.3). It zeroes the
// copy of the subkey that HChaCha20 returns; the caller zeroes key.
func (x *xchacha20poly1305) derive(key *[KeySize]byte, n *[NonceSize]byte, nonce []byte) {
	out, _ := chacha20.HChaCha20(x.key[:], nonce[:16]) // lengths are valid
	subkey := (*[KeySize]byte)(out)
	*key = *subkey
	*subkey = [KeySize]byte{}
	*n = [NonceSize]byte{}
	copy(n[4:], nonce[16:NonceSizeX])
}
