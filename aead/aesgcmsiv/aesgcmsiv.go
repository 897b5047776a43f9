// Package aesgcmsiv implements AES-GCM-SIV, the nonce-misuse-resistant
// authenticated encryption with associated data of RFC 8452
// (AEAD_AES_128_GCM_SIV and AEAD_AES_256_GCM_SIV), with 16- and 32-byte
// keys, 12-byte nonces and 16-byte tags.
//
// [New] returns a [cipher.AEAD], used as the standard library's AES-GCM is;
// neither the standard library nor golang.org/x/crypto has AES-GCM-SIV.
//
// # Nonce-misuse resistance and its limits
//
// AES-GCM-SIV derives a fresh pair of keys from the key and the nonce for
// every message, authenticates the plaintext with POLYVAL, and uses the
// encrypted authenticator, the tag, as the initial counter of counter mode
// (a synthetic IV). If a nonce repeats under one key, an attacker learns
// only whether the two messages (plaintext and additional data) were
// identical, where AES-GCM would reveal the XOR of the plaintexts and let
// them forge messages. That is the whole of the resistance: nonces should
// still be unique, because a repeated nonce does reveal repeated messages,
// and the number of messages one key may seal is bounded as for any AEAD
// (RFC 8452, Section 9, and the analysis it cites, give the bounds; the
// per-nonce keys make them much more generous than AES-GCM's with random
// nonces). AES-GCM-SIV takes two passes over the plaintext, so Seal
// cannot write any ciphertext before it has read all of the plaintext. It
// does not hide the length of messages and gives no protection once the
// key is known.
//
// # Seal and Open
//
// Seal appends the ciphertext and the tag to dst; Open checks the tag and
// appends the plaintext. Neither allocates if dst has room for the result.
// To work in place, pass plaintext[:0] (or ciphertext[:0]) as dst;
// otherwise the output must not overlap the input, and must not overlap
// the additional data at all. As [cipher.AEAD] documents, Seal and Open
// panic if the nonce has the wrong length, and, like the standard library's
// AES-GCM, if the buffers overlap other than exactly. Seal also panics for a
// plaintext or additional data longer than 2³⁶ bytes (RFC 8452's P_MAX and
// A_MAX); Open returns an error for such inputs. RFC 8452 must decrypt the
// ciphertext before it can check the tag: Open decrypts into dst and, if the
// tag is wrong, zeroes what it wrote before it returns the error, so that
// no unauthenticated plaintext is left in dst.
//
// # Implementations
//
// The package is built from the AES of aead/internal/aescore and the
// POLYVAL code of aead/internal/ghash, which is its GHASH code run through
// the relation of RFC 8452, Appendix A (the same multiplication, with the
// blocks read little-endian). Implementations are registered with
// github.com/crypton-go/crypton/cpufeat under the package name
// "aesgcmsiv" and chosen when an AEAD is made:
//
//   - generic: portable Go and constant-time: the bitsliced AES of
//     aescore for key derivation and counter mode, and POLYVAL with
//     ghash's constant-time multiplication (integer multiplications on
//     bit-spaced operands, no tables).
//   - "AES-NI" (amd64, AES-NI, PCLMULQDQ and SSSE3): POLYVAL with
//     PCLMULQDQ, eight blocks per reduction; counter mode with a kernel of
//     VEX-encoded AESENC, eight blocks per iteration, on CPUs with AVX, and
//     otherwise with counter blocks written in Go and encrypted by aescore's
//     AES-NI code eight at a time.
//   - "VAES" (amd64, 256-bit VAES and VPCLMULQDQ, AVX2): POLYVAL with the
//     256-bit VPCLMULQDQ, sixteen blocks per reduction, and counter mode
//     with VAES, two blocks per YMM register and sixteen per iteration.
//     Open runs the two stitched together in one kernel: the AES rounds of
//     sixteen blocks interleaved with the POLYVAL of the sixteen plaintext
//     blocks decrypted just before.
//   - "VAES-512" (amd64, 512-bit VAES and VPCLMULQDQ, AVX-512BW, AVX2):
//     the same in ZMM registers, four blocks per register and 32 per
//     iteration or reduction, with the powers H³²..H¹ of the POLYVAL key
//     in registers: counter mode always, POLYVAL alone (the additional
//     data, and Seal's plaintext) from 2 KiB, and Open's stitched kernel
//     from 2.5 KiB, below which the 256-bit code is as fast (the 512-bit
//     kernels need sixteen more powers of the key, computed per message).
//     CRYPTON_CPU=-vaes512 keeps the 256-bit code, for CPUs that lower
//     their clock for 512-bit instructions.
//
// Seal makes two passes over the message: the tag that POLYVAL yields is
// the first counter block, so it cannot encrypt before it has hashed
// everything. Open decrypts and then hashes what it decrypted, which a
// kernel can do chunk by chunk in one pass.
//
// The -tags purego build uses only the generic code.
//
// # Constant time
//
// Sealing and opening perform no branch and no memory access whose address
// depends on the key, the nonce, the plaintext or the tag; the tag is
// compared in constant time. The time taken depends on the lengths of the
// plaintext and additional data, and on whether Open succeeds, which are not
// secret.
package aesgcmsiv

import (
	"crypto/cipher"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"strconv"

	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/alias"
	"github.com/crypton-go/crypton/aead/internal/ghash"
)

const (
	// NonceSize is the size of the nonce, in bytes.
	NonceSize = 12

	// TagSize is the size of the tag, in bytes.
	TagSize = 16
)

// maxPlaintext and maxAD are RFC 8452's P_MAX and A_MAX, 2³⁶ bytes. The
// 32-bit block counter allows 2³² blocks, exactly 2³⁶ bytes.
const (
	maxPlaintext = 1 << 36
	maxAD        = 1 << 36
)

const blockSize = aescore.BlockSize

var errOpen = errors.New("aesgcmsiv: message authentication failed")

// siv is AES-GCM-SIV with one key-generating key.
type siv struct {
	kgk     aescore.Key // the key-generating key
	keySize int         // 16 or 32
	impl    impl
}

// New returns AES-GCM-SIV (RFC 8452) with the given key-generating key: 16
// bytes for AEAD_AES_128_GCM_SIV, 32 bytes for AEAD_AES_256_GCM_SIV. Its
// nonces are 12 bytes and its tags 16. New returns an error for keys of
// any other length.
func New(key []byte) (cipher.AEAD, error) {
	if len(key) != 16 && len(key) != 32 {
		return nil, errors.New("aesgcmsiv: invalid key size " + strconv.Itoa(len(key)))
	}
	s := &siv{impl: selectImpl(), keySize: len(key)}
	s.initKey(&s.kgk, key)
	return s, nil
}

// initKey expands an AES key of a valid length for s's implementation.
func (s *siv) initKey(k *aescore.Key, key []byte) {
	var err error
	if s.impl.aes == aescore.ImplGeneric {
		err = k.InitGeneric(key)
	} else {
		err = k.Init(key)
	}
	if err != nil {
		panic("aesgcmsiv: internal error: " + err.Error())
	}
}

// NonceSize returns the size of the nonce that Seal and Open take: 12.
func (s *siv) NonceSize() int { return NonceSize }

// Overhead returns the size of the tag, 16: a ciphertext is that much
// longer than its plaintext.
func (s *siv) Overhead() int { return TagSize }

// Seal encrypts and authenticates plaintext, authenticates additionalData,
// appends the ciphertext and the tag to dst and returns the updated slice.
// It does not allocate if dst has room for the result.
//
// To encrypt in place, pass plaintext[:0] as dst; otherwise the output must
// not overlap plaintext, and must not overlap additionalData at all. Seal
// panics if the nonce does not have NonceSize bytes, if the buffers overlap
// otherwise, or if plaintext or additionalData is longer than 2³⁶ bytes.
func (s *siv) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if len(nonce) != NonceSize {
		panic("aesgcmsiv: incorrect nonce length given to AES-GCM-SIV")
	}
	if uint64(len(plaintext)) > maxPlaintext {
		panic("aesgcmsiv: message too large for AES-GCM-SIV")
	}
	if uint64(len(additionalData)) > maxAD {
		panic("aesgcmsiv: additional data too large for AES-GCM-SIV")
	}
	ret, out := alias.SliceForAppend(dst, len(plaintext)+TagSize)
	if alias.InexactOverlap(out, plaintext) {
		panic("aesgcmsiv: invalid buffer overlap")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("aesgcmsiv: invalid buffer overlap of output and additional data")
	}
	s.seal(out, nonce, plaintext, additionalData)
	return ret
}

// Open authenticates ciphertext (which ends with the tag) and
// additionalData, and if they are authentic appends the plaintext to dst
// and returns the updated slice. It does not allocate if dst has room for
// the plaintext.
//
// If authentication fails, Open returns nil and an error. It has then
// written to dst's spare capacity, as RFC 8452 decrypts before it
// authenticates, but zeroed all it wrote again: no plaintext is left
// there. (In place, that is where the ciphertext was.)
//
// To decrypt in place, pass ciphertext[:0] as dst; otherwise the output must
// not overlap ciphertext, and must not overlap additionalData at all. Open
// panics if the nonce does not have NonceSize bytes or if the buffers
// overlap otherwise; any other input only makes it return an error.
func (s *siv) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(nonce) != NonceSize {
		panic("aesgcmsiv: incorrect nonce length given to AES-GCM-SIV")
	}
	if len(ciphertext) < TagSize || uint64(len(ciphertext)) > maxPlaintext+TagSize ||
		uint64(len(additionalData)) > maxAD {
		return nil, errOpen
	}
	ret, out := alias.SliceForAppend(dst, len(ciphertext)-TagSize)
	if alias.InexactOverlap(out, ciphertext) {
		panic("aesgcmsiv: invalid buffer overlap")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("aesgcmsiv: invalid buffer overlap of output and additional data")
	}
	if !s.open(out, nonce, ciphertext, additionalData) {
		return nil, errOpen
	}
	return ret, nil
}

// msgKeys are the keys of one message, derived from the key-generating key
// and the nonce. seal and open leave them in their frames when they
// return, as the standard library leaves its expanded keys: zeroing the
// 1.3 KB (the AES schedule and the POLYVAL powers) cost 13 to 17 ns per
// message on an Intel Xeon (Sapphire Rapids class), 7 % of Seal at 64
// bytes. deriveKeys does zero its own small temporaries.
type msgKeys struct {
	enc aescore.Key // message-encryption key

	authKey ghash.Key // message-authentication key, as a POLYVAL key
}

// auth returns the message-authentication key.
func (mk *msgKeys) auth() *ghash.Key { return &mk.authKey }

// deriveKeys derives the message keys of nonce (RFC 8452, Section 4): the
// first eight bytes of each encryption, under the key-generating key, of
// the blocks LE32(i) ‖ nonce, i = 0..3 (AES-128) or 0..5 (AES-256), which
// are the authentication key (i = 0, 1) and the encryption key.
//
// The POLYVAL key is made for calls of at most maxBlocks blocks (see
// maxHashBlocks); for the generic code, which reads none of the powers of
// the key that the kernels use, it computes none.
func (s *siv) deriveKeys(mk *msgKeys, nonce []byte, maxBlocks int) {
	if s.impl.hash == hashGeneric {
		maxBlocks = 1
	}
	var blocks [6 * blockSize]byte
	n := 4
	if s.keySize == 32 {
		n = 6
	}
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(blocks[blockSize*i:], uint32(i))
		copy(blocks[blockSize*i+4:blockSize*i+16], nonce)
	}
	aescore.EncryptBlocksWith(s.impl.aes, &s.kgk, blocks[:blockSize*n], blocks[:blockSize*n])
	var auth [blockSize]byte
	var enc [32]byte
	copy(auth[0:8], blocks[0:8])
	copy(auth[8:16], blocks[16:24])
	for i := 2; i < n; i++ {
		copy(enc[8*(i-2):8*(i-1)], blocks[blockSize*i:blockSize*i+8])
	}
	mk.auth().InitPolyvalShort(&auth, maxBlocks)
	s.initKey(&mk.enc, enc[:s.keySize])
	clear(blocks[:])
	clear(auth[:])
	clear(enc[:])
}

// polyvalPadded absorbs p into acc, the last partial block padded with
// zeros.
func (s *siv) polyvalPadded(k *ghash.Key, acc *[blockSize]byte, p []byte) {
	full := len(p) &^ (blockSize - 1)
	s.impl.polyval(k, acc, p[:full])
	if full < len(p) {
		var last [blockSize]byte
		copy(last[:], p[full:])
		s.impl.polyval(k, acc, last[:])
		clear(last[:])
	}
}

// Messages of at most shortMaxPlaintext bytes with at most shortMaxAD bytes
// of additional data are hashed in one call (see computeTag).
const (
	shortMaxPlaintext = 15 * blockSize
	shortMaxAD        = 4 * blockSize
)

// isShort says whether a message is hashed in one call (see computeTag).
func isShort(ptLen, adLen int) bool {
	return ptLen <= shortMaxPlaintext && adLen <= shortMaxAD
}

// maxHashBlocks returns the largest number of blocks computeTag hashes in
// one call for a message with these lengths: the whole message, padded,
// with its lengths block, if it is short; otherwise any number, for which
// the key needs the sixteen powers the kernels use at most.
func maxHashBlocks(ptLen, adLen int) int {
	if isShort(ptLen, adLen) {
		return (ptLen+blockSize-1)/blockSize + (adLen+blockSize-1)/blockSize + 1
	}
	return 16
}

// computeTag computes the tag of plaintext and additionalData under the
// message keys mk and the nonce (RFC 8452, Section 4): the encryption of
// POLYVAL(additional data, plaintext, lengths) XOR the nonce, with the top
// bit of its last byte cleared.
func (s *siv) computeTag(tag *[blockSize]byte, mk *msgKeys, nonce, plaintext, additionalData []byte) {
	var acc [blockSize]byte
	auth := mk.auth()
	if isShort(len(plaintext), len(additionalData)) {
		// Short messages are copied, padded, with their lengths, into one
		// buffer and hashed with one call: one reduction in the kernels.
		var buf [shortMaxAD + shortMaxPlaintext + blockSize]byte
		n := copy(buf[:], additionalData)
		n = (n + blockSize - 1) &^ (blockSize - 1)
		n += copy(buf[n:], plaintext)
		n = (n + blockSize - 1) &^ (blockSize - 1)
		putLengths(buf[n:n+blockSize], len(plaintext), len(additionalData))
		s.impl.polyval(auth, &acc, buf[:n+blockSize])
		clear(buf[:n])
	} else {
		s.polyvalPadded(auth, &acc, additionalData)
		s.polyvalPadded(auth, &acc, plaintext)
		s.absorbLengths(auth, &acc, len(plaintext), len(additionalData))
	}
	s.finishTag(tag, &acc, &mk.enc, nonce)
}

// putLengths writes RFC 8452's length block, the bit lengths of the
// additional data and the plaintext as 64-bit little-endian integers, to
// b.
func putLengths(b []byte, ptLen, adLen int) {
	binary.LittleEndian.PutUint64(b[0:8], uint64(adLen)*8)
	binary.LittleEndian.PutUint64(b[8:16], uint64(ptLen)*8)
}

// absorbLengths absorbs the length block into acc.
func (s *siv) absorbLengths(auth *ghash.Key, acc *[blockSize]byte, ptLen, adLen int) {
	var lens [blockSize]byte
	putLengths(lens[:], ptLen, adLen)
	s.impl.polyval(auth, acc, lens[:])
}

// finishTag turns the POLYVAL result acc into the tag: acc XOR the nonce,
// with the top bit of the last byte cleared, encrypted with the
// message-encryption key.
func (s *siv) finishTag(tag, acc *[blockSize]byte, enc *aescore.Key, nonce []byte) {
	subtle.XORBytes(acc[:NonceSize], acc[:NonceSize], nonce)
	acc[15] &= 0x7f
	aescore.EncryptBlocksWith(s.impl.aes, enc, tag[:], acc[:])
}

// seal writes the ciphertext and the tag of plaintext to out, which has
// room for exactly both. plaintext may be out[:len(plaintext)].
func (s *siv) seal(out, nonce, plaintext, additionalData []byte) {
	var mk msgKeys
	s.deriveKeys(&mk, nonce, maxHashBlocks(len(plaintext), len(additionalData)))
	prepareWide(s.impl, mk.auth(), max(len(plaintext), len(additionalData)))
	var tag [blockSize]byte
	s.computeTag(&tag, &mk, nonce, plaintext, additionalData)
	ctr := tag
	ctr[15] |= 0x80
	s.impl.ctr(&mk.enc, &ctr, out[:len(plaintext)], plaintext)
	copy(out[len(plaintext):], tag[:])
}

// open decrypts the body of ciphertext into out, which has room for
// exactly it, and checks the tag over the result. If the tag is wrong it
// zeroes out and returns false.
func (s *siv) open(out, nonce, ciphertext, additionalData []byte) bool {
	body := ciphertext[:len(ciphertext)-TagSize]
	var tag [blockSize]byte
	copy(tag[:], ciphertext[len(body):])
	var mk msgKeys
	s.deriveKeys(&mk, nonce, maxHashBlocks(len(body), len(additionalData)))
	ctr := tag
	ctr[15] |= 0x80
	var want [blockSize]byte
	if isShort(len(body), len(additionalData)) {
		s.impl.ctr(&mk.enc, &ctr, out, body)
		s.computeTag(&want, &mk, nonce, out, additionalData)
	} else {
		// A stitched kernel, where there is one, decrypts whole chunks
		// and hashes the plaintext together; counter mode and POLYVAL
		// finish the rest one after the other.
		var acc [blockSize]byte
		auth := mk.auth()
		prepareWide(s.impl, auth, len(additionalData))
		s.polyvalPadded(auth, &acc, additionalData)
		done := openBulk(s.impl, &mk.enc, auth, &acc, &ctr, out, body)
		s.impl.ctr(&mk.enc, &ctr, out[done:], body[done:])
		s.polyvalPadded(auth, &acc, out[done:])
		s.absorbLengths(auth, &acc, len(body), len(additionalData))
		s.finishTag(&want, &acc, &mk.enc, nonce)
	}
	ok := subtle.ConstantTimeCompare(want[:], tag[:]) == 1
	declassify(&ok)
	if !ok {
		clear(out)
	}
	return ok
}
