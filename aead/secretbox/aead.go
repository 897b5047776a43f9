package secretbox

import (
	"crypto/cipher"
	"errors"

	"github.com/crypton-go/crypton/aead/internal/alias"
)

// The errors and panic messages of the cipher.AEAD form.
var (
	errOpen           = errors.New("secretbox: message authentication failed")
	errAdditionalData = errors.New("secretbox: additional data is not supported")
)

const (
	// KeySize is the size of a secretbox key, in bytes.
	KeySize = 32
	// NonceSize is the size of a secretbox nonce, in bytes.
	NonceSize = 24
)

// xsalsa20poly1305 is secretbox as a cipher.AEAD.
type xsalsa20poly1305 struct {
	key [KeySize]byte
}

// NewXSalsa20Poly1305 returns secretbox as a [cipher.AEAD] with the 32-byte
// key, or an error if the key has another length. The key is copied.
//
// Its NonceSize is 24 and its Overhead 16, and its Seal returns exactly
// the box that [Seal] appends, the tag first, so that the two forms open
// each other's boxes. The construction has no additional data: Open
// returns an error if additionalData is not empty, and Seal, which cannot
// return an error, panics with the same message ("secretbox: additional
// data is not supported"). Both panic, as [cipher.AEAD] documents, if the
// nonce is not 24 bytes long.
//
// Unlike [Seal] and [Open], the methods work in place: pass plaintext[:0]
// (or ciphertext[:0]) as dst. Because the tag comes first, the ciphertext
// sits 16 bytes after the plaintext, so in place the methods first move the
// input by 16 bytes and then encrypt or decrypt it where it is (separate
// buffers need no such copy). Otherwise the space appended to dst must not
// overlap the input; they panic if it does.
func NewXSalsa20Poly1305(key []byte) (cipher.AEAD, error) {
	if len(key) != KeySize {
		return nil, errors.New("secretbox: bad key length")
	}
	c := new(xsalsa20poly1305)
	copy(c.key[:], key)
	return c, nil
}

// NonceSize returns [NonceSize], 24.
func (*xsalsa20poly1305) NonceSize() int { return NonceSize }

// Overhead returns [Overhead], 16.
func (*xsalsa20poly1305) Overhead() int { return Overhead }

// Seal appends to dst the box of plaintext (the 16-byte tag, then the
// ciphertext) and returns the updated slice. It does not allocate if dst
// has room for the box.
//
// Seal panics if the nonce is not 24 bytes long, if additionalData is not
// empty, or if the space appended to dst overlaps plaintext other than by
// starting where plaintext starts (plaintext[:0] as dst, in place).
func (c *xsalsa20poly1305) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if len(nonce) != NonceSize {
		panic("secretbox: bad nonce length passed to Seal")
	}
	if len(additionalData) > 0 {
		panic(errAdditionalData.Error())
	}
	ret, box := alias.SliceForAppend(dst, len(plaintext)+Overhead)
	if alias.AnyOverlap(box, plaintext) {
		if len(plaintext) == 0 || &box[0] != &plaintext[0] {
			panic("secretbox: invalid buffer overlap")
		}
		// In place: the ciphertext goes Overhead bytes after the
		// plaintext's start. Move the plaintext there (copy handles the
		// overlap) and encrypt it where it is.
		copy(box[Overhead:], plaintext)
		plaintext = box[Overhead:]
	}
	seal(box, plaintext, (*[NonceSize]byte)(nonce), &c.key)
	return ret
}

// Open authenticates ciphertext, a box made by Seal or [Seal], and if it
// is authentic appends the plaintext to dst and returns the updated slice.
// It does not allocate if dst has room for the plaintext.
//
// If additionalData is not empty, if ciphertext is shorter than Overhead,
// or if it is not authentic, Open returns nil and an error and writes
// nothing: the tag is checked before anything is decrypted. Open panics if
// the nonce is not 24 bytes long, or if the space appended to dst overlaps
// ciphertext other than by starting where ciphertext starts
// (ciphertext[:0] as dst, in place).
func (c *xsalsa20poly1305) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(nonce) != NonceSize {
		panic("secretbox: bad nonce length passed to Open")
	}
	if len(additionalData) > 0 {
		return nil, errAdditionalData
	}
	if len(ciphertext) < Overhead {
		return nil, errOpen
	}
	var k opener
	if !k.verify(ciphertext, (*[NonceSize]byte)(nonce), &c.key) {
		return nil, errOpen
	}
	ret, msg := alias.SliceForAppend(dst, len(ciphertext)-Overhead)
	src := ciphertext[Overhead:]
	if alias.AnyOverlap(msg, ciphertext) {
		if &msg[0] != &ciphertext[0] {
			panic("secretbox: invalid buffer overlap")
		}
		// In place: the plaintext goes Overhead bytes before the
		// ciphertext. Move the ciphertext there and decrypt it where it
		// is.
		copy(msg, src)
		src = msg
	}
	k.decrypt(msg, src)
	return ret, nil
}
