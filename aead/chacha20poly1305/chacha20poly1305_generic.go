package chacha20poly1305

import (
	"crypto/subtle"
	"encoding/binary"

	"github.com/crypton-go/crypton/aead/chacha20"
	"github.com/crypton-go/crypton/aead/poly1305"
)

// sealGeneric writes the ciphertext of plaintext followed by the tag to out,
// which is exactly len(plaintext)+Overhead bytes long, for the ChaCha20 key
// and 12-byte nonce (RFC 8439, Section 2.8). out and plaintext are the same
// buffer or do not overlap; additionalData does not overlap out.
//
// It is the portable Go code that every other implementation of seal is
// tested against: block 0 of the keystream gives the one-time Poly1305 key,
// blocks 1 on encrypt, and Poly1305 authenticates the additional data and
// the ciphertext, each padded with zeros to a multiple of 16 bytes, then
// their lengths as 64-bit little-endian numbers.
func sealGeneric(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, plaintext, additionalData []byte) {
	ciphertext, tag := out[:len(plaintext)], out[len(plaintext):]

	// The Cipher is created here rather than in a helper so that it can
	// stay on the stack.
	s, _ := chacha20.NewUnauthenticatedCipher(key[:], nonce[:])
	var polyKey [32]byte
	if len(plaintext) <= shortMessage {
		// Blocks 0 and 1 in one call: the key, and the keystream of a
		// message that fits in block 1.
		var ks [128]byte
		s.XORKeyStream(ks[:], ks[:])
		copy(polyKey[:], ks[:32])
		subtle.XORBytes(ciphertext, plaintext, ks[64:64+len(plaintext)])
	} else {
		polyKey = oneTimeKey(s)
		s.XORKeyStream(ciphertext, plaintext)
	}

	mac := poly1305.New(&polyKey)
	authenticate(mac, additionalData, ciphertext)
	mac.Sum(tag[:0])
}

// openGeneric checks the tag at the end of ciphertext and, if it is right,
// writes the plaintext to out, which is exactly len(ciphertext)-Overhead
// bytes long, and returns true. Otherwise it returns false without writing
// to out. out and ciphertext are the same buffer or do not overlap;
// additionalData does not overlap out.
//
// It is the portable Go code that every other implementation of open is
// tested against. An implementation that decrypts while it authenticates
// must zero out before it returns false.
func openGeneric(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, additionalData []byte) bool {
	tag := ciphertext[len(ciphertext)-Overhead:]
	ciphertext = ciphertext[:len(ciphertext)-Overhead]

	s, _ := chacha20.NewUnauthenticatedCipher(key[:], nonce[:])
	var polyKey [32]byte
	var ks [128]byte
	short := len(ciphertext) <= shortMessage
	if short {
		// Blocks 0 and 1 in one call, as in sealGeneric.
		s.XORKeyStream(ks[:], ks[:])
		copy(polyKey[:], ks[:32])
	} else {
		polyKey = oneTimeKey(s)
	}

	mac := poly1305.New(&polyKey)
	authenticate(mac, additionalData, ciphertext)
	var want [Overhead]byte
	mac.Sum(want[:0])
	match := subtle.ConstantTimeCompare(want[:], tag)
	// Whether the tag matched is what Open reveals: only that outcome, never
	// the position of a difference, decides the branch.
	declassify(&match)
	if match != 1 {
		return false
	}

	if short {
		subtle.XORBytes(out, ciphertext, ks[64:64+len(ciphertext)])
	} else {
		s.XORKeyStream(out, ciphertext)
	}
	return true
}

// shortMessage is the longest message whose keystream (block 1) is computed
// in the same call as the one-time key (block 0).
const shortMessage = 64

// oneTimeKey returns the one-time Poly1305 key, the first 32 bytes of
// keystream block 0 of s (RFC 8439, Section 2.6), and sets the counter of s
// to 1 for the encryption. The cipher's key and nonce always have valid
// lengths here, so s is never nil.
func oneTimeKey(s *chacha20.Cipher) [32]byte {
	var polyKey [32]byte
	s.XORKeyStream(polyKey[:], polyKey[:])
	s.SetCounter(1)
	return polyKey
}

// authenticate writes to mac the message that RFC 8439 authenticates:
// the additional data and the ciphertext, each followed by zeros up to a
// multiple of 16 bytes, then the lengths of both as 64-bit little-endian
// numbers.
func authenticate(mac *poly1305.MAC, additionalData, ciphertext []byte) {
	var zeros [16]byte
	mac.Write(additionalData)
	mac.Write(zeros[:(16-len(additionalData)%16)%16])
	mac.Write(ciphertext)
	mac.Write(zeros[:(16-len(ciphertext)%16)%16])
	var lengths [16]byte
	binary.LittleEndian.PutUint64(lengths[0:8], uint64(len(additionalData)))
	binary.LittleEndian.PutUint64(lengths[8:16], uint64(len(ciphertext)))
	mac.Write(lengths[:])
}
