// Package aesgcm implements AES in Galois/Counter Mode (GCM), the
// authenticated encryption with associated data of NIST SP 800-38D, with
// 96-bit nonces.
//
// The package mirrors the AES-GCM of the standard library's crypto/cipher:
// [New] is cipher.NewGCM(aes.NewCipher(key)), [NewWithTagSize] is
// cipher.NewGCMWithTagSize and [NewRandomNonce] is
// cipher.NewGCMWithRandomNonce, and all return a [cipher.AEAD] that seals
// and opens exactly as the standard library's does.
//
// A 96-bit nonce must never repeat under one key: a repeated nonce reveals
// the XOR of the two plaintexts and lets an attacker forge messages. Chosen
// at random, nonces are safe for about 2³² messages per key; [NewRandomNonce]
// does exactly that inside Seal.
//
// # Seal and Open
//
// Seal appends the ciphertext and the tag to dst; Open checks the tag and
// appends the plaintext. Neither allocates if dst has room for the result.
// To work in place, pass plaintext[:0] (or ciphertext[:0]) as dst;
// otherwise the output must not overlap the input, and must not overlap the
// additional data at all. As [cipher.AEAD] documents, Seal and Open panic
// if the nonce has the wrong length, and, like the standard library's GCM,
// if the buffers overlap other than exactly. Seal also panics for a
// plaintext longer than 2³⁶-32 bytes (64 GiB), the most that the 32-bit
// block counter allows. Open never panics on the contents or length of the
// ciphertext or additional data, and leaves no plaintext in dst when the
// tag is wrong: the generic code and the non-stitched amd64 kernels
// authenticate the ciphertext before they decrypt it, and the stitched
// kernels and the arm64 chunked path, which decrypt while they authenticate,
// have what they wrote zeroed (within dst's capacity, as [cipher.AEAD]
// allows).
//
// # Implementations
//
// Registered with github.com/crypton-go/crypton/cpufeat under the package
// name "aesgcm", and chosen when an AEAD is made:
//
//   - generic: portable Go and constant-time: the bitsliced AES of
//     aead/internal/aescore in counter mode, and the GHASH of
//     aead/internal/ghash, which multiplies in GF(2¹²⁸) with integer
//     multiplications on bit-spaced operands rather than with tables.
//   - "AES-NI" (amd64, AES-NI, PCLMULQDQ and SSSE3): on CPUs with AVX, a
//     kernel that runs counter mode and GHASH stitched together, eight
//     blocks per step in XMM registers: the AES rounds of eight counter
//     blocks interleaved with the GHASH of eight ciphertext blocks over the
//     powers H⁸..H¹ of the hash key, with one reduction per step. Without
//     AVX, counter mode with AESENC eight blocks at a time, then GHASH with
//     PCLMULQDQ, eight blocks per reduction, in separate passes.
//   - "VAES" (amd64, 256-bit VAES and VPCLMULQDQ, AVX2): a kernel that
//     runs counter mode and GHASH stitched together, two blocks per YMM
//     register and sixteen per step: the AES rounds of sixteen counter
//     blocks interleaved with the GHASH of sixteen ciphertext blocks over
//     the powers H¹⁶..H¹, with one reduction per step.
//   - "ARMv8-AES" (arm64 with the AES and PMULL instructions): counter mode
//     with AESE/AESMC, eight blocks in flight, and GHASH with PMULL, eight
//     blocks per reduction, in separate passes over chunks of 4 KiB. Open
//     hashes a chunk before decrypting it and clears the plaintext if the
//     tag does not match.
//
// The -tags purego build uses only the generic code.
//
// # Constant time
//
// Sealing and opening perform no branch and no memory access whose address
// depends on the key, the plaintext or the tag; the tag is compared in
// constant time. The time taken depends on the lengths of the plaintext and
// additional data, and on whether Open succeeds, which are not secret.
package aesgcm

import (
	"crypto/cipher"
	"crypto/rand"
	"crypto/subtle"
	"encoding/binary"
	"errors"

	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/alias"
	"github.com/crypton-go/crypton/aead/internal/ghash"
)

const (
	// NonceSize is the size of the nonce of [New] and [NewWithTagSize], in
	// bytes.
	NonceSize = 12

	// TagSize is the size of the tag of [New] and [NewRandomNonce], in
	// bytes.
	TagSize = 16

	// MinTagSize is the smallest tag size [NewWithTagSize] accepts, in
	// bytes; as the standard library, crypton supports 12 to 16.
	MinTagSize = 12
)

// maxPlaintext is the longest plaintext one key and nonce can encrypt: the
// counter starts at 2 with a 96-bit nonce and may not wrap around to the
// first block, so 2³²-2 blocks of 16 bytes (SP 800-38D, Section 5.2.1.1).
const maxPlaintext = (1<<32 - 2) * aescore.BlockSize

var errOpen = errors.New("aesgcm: message authentication failed")

// gcm is AES-GCM with one key, nonce size and tag size.
type gcm struct {
	key       aescore.Key
	hash      ghash.Key
	impl      impl
	nonceSize int // 12 but for the tests of other sizes (newGCM)
	tagSize   int
}

// randomNonce is gcm with a nonce chosen by Seal, as NewRandomNonce
// documents.
type randomNonce struct {
	g gcm
}

// New returns AES-GCM with the given AES key (16, 24 or 32 bytes, for
// AES-128, AES-192 or AES-256), a 12-byte nonce and a 16-byte tag, or an
// error if the key has another length. It seals and opens as the standard
// library's cipher.NewGCM(aes.NewCipher(key)).
func New(key []byte) (cipher.AEAD, error) {
	return asAEAD(newGCM(key, NonceSize, TagSize))
}

// NewWithTagSize is [New] with a tag of tagSize bytes, 12 to 16, like the
// standard library's cipher.NewGCMWithTagSize. A shorter tag gives less
// protection against forgery; use it only where a protocol requires it.
// It returns an error for other tag sizes or a bad key length.
func NewWithTagSize(key []byte, tagSize int) (cipher.AEAD, error) {
	if tagSize < MinTagSize || tagSize > TagSize {
		return nil, errors.New("aesgcm: invalid tag size")
	}
	return asAEAD(newGCM(key, NonceSize, tagSize))
}

// asAEAD returns g as a cipher.AEAD, and a nil interface (not a nil *gcm
// in one) with an error.
func asAEAD(g *gcm, err error) (cipher.AEAD, error) {
	if err != nil {
		return nil, err
	}
	return g, nil
}

// NewRandomNonce returns AES-GCM with the given AES key whose Seal chooses
// a random 12-byte nonce itself, like the standard library's
// cipher.NewGCMWithRandomNonce: NonceSize is 0 and Seal and Open must be
// passed an empty nonce; Seal prepends the nonce it chose to the
// ciphertext, so that Overhead is 12 + 16 = 28 bytes, and Open reads it
// back from there. With random nonces, one key should seal no more than
// about 2³² messages. Seal panics if the system's random number generator
// fails.
func NewRandomNonce(key []byte) (cipher.AEAD, error) {
	a, err := newGCM(key, NonceSize, TagSize)
	if err != nil {
		return nil, err
	}
	return &randomNonce{g: *a}, nil
}

// newGCM returns AES-GCM with any nonce size from 1 byte up (only the
// tests use other sizes than 12: Wycheproof has such vectors) and a tag
// size of 12 to 16 bytes.
func newGCM(key []byte, nonceSize, tagSize int) (*gcm, error) {
	g := &gcm{impl: selectImpl(), nonceSize: nonceSize, tagSize: tagSize}
	var err error
	if g.impl.aes == aescore.ImplGeneric {
		err = g.key.InitGeneric(key)
	} else {
		err = g.key.Init(key)
	}
	if err != nil {
		return nil, errors.New("aesgcm: invalid key size")
	}
	var h [ghash.BlockSize]byte
	aescore.EncryptBlocksWith(g.impl.aes, &g.key, h[:], h[:])
	g.hash.Init(&h)
	return g, nil
}

// NonceSize returns the size of the nonce that Seal and Open take: 12.
func (g *gcm) NonceSize() int { return g.nonceSize }

// Overhead returns the size of the tag, by which a ciphertext is longer
// than its plaintext.
func (g *gcm) Overhead() int { return g.tagSize }

// Seal encrypts and authenticates plaintext, authenticates additionalData,
// appends the ciphertext and the tag to dst and returns the updated slice.
// It does not allocate if dst has room for the result.
//
// To encrypt in place, pass plaintext[:0] as dst; otherwise the output must
// not overlap plaintext, and must not overlap additionalData at all. Seal
// panics if the nonce does not have NonceSize bytes, if the buffers overlap
// otherwise, or if plaintext is longer than 2³⁶-32 bytes.
func (g *gcm) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if len(nonce) != g.nonceSize {
		panic("aesgcm: incorrect nonce length given to GCM")
	}
	if uint64(len(plaintext)) > maxPlaintext {
		panic("aesgcm: message too large for GCM")
	}
	ret, out := alias.SliceForAppend(dst, len(plaintext)+g.tagSize)
	if alias.InexactOverlap(out, plaintext) {
		panic("aesgcm: invalid buffer overlap")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("aesgcm: invalid buffer overlap of output and additional data")
	}
	g.seal(out, nonce, plaintext, additionalData)
	return ret
}

// Open authenticates ciphertext (which ends with the tag) and
// additionalData, and if they are authentic decrypts the ciphertext,
// appends the plaintext to dst and returns the updated slice. It does not
// allocate if dst has room for the plaintext.
//
// If authentication fails, Open returns nil and an error, and leaves no
// plaintext in dst (see the package documentation).
//
// To decrypt in place, pass ciphertext[:0] as dst; otherwise the output must
// not overlap ciphertext, and must not overlap additionalData at all. Open
// panics if the nonce does not have NonceSize bytes or if the buffers
// overlap otherwise; any other input only makes it return an error.
func (g *gcm) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(nonce) != g.nonceSize {
		panic("aesgcm: incorrect nonce length given to GCM")
	}
	if len(ciphertext) < g.tagSize || uint64(len(ciphertext)) > maxPlaintext+uint64(g.tagSize) {
		return nil, errOpen
	}
	ret, out := alias.SliceForAppend(dst, len(ciphertext)-g.tagSize)
	if alias.InexactOverlap(out, ciphertext) {
		panic("aesgcm: invalid buffer overlap")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("aesgcm: invalid buffer overlap of output and additional data")
	}
	if !g.open(out, nonce, ciphertext, additionalData) {
		return nil, errOpen
	}
	return ret, nil
}

// counter0 computes the pre-counter block J0 of the nonce (SP 800-38D,
// Section 7.1, step 2): the nonce and a 32-bit 1 for a 96-bit nonce, its
// GHASH with its length otherwise.
func (g *gcm) counter0(j0 *[aescore.BlockSize]byte, nonce []byte) {
	if len(nonce) == NonceSize {
		copy(j0[:], nonce)
		j0[12], j0[13], j0[14], j0[15] = 0, 0, 0, 1
		return
	}
	*j0 = [aescore.BlockSize]byte{}
	g.authPadded(j0, nonce)
	var lens [ghash.BlockSize]byte
	binary.BigEndian.PutUint64(lens[8:], uint64(len(nonce))*8)
	g.impl.update(&g.hash, j0, lens[:])
}

// authPadded absorbs p into acc, the last partial block padded with zeros.
func (g *gcm) authPadded(acc *[ghash.BlockSize]byte, p []byte) {
	full := len(p) &^ (ghash.BlockSize - 1)
	g.impl.update(&g.hash, acc, p[:full])
	if full < len(p) {
		var last [ghash.BlockSize]byte
		copy(last[:], p[full:])
		g.impl.update(&g.hash, acc, last[:])
	}
}

// finish absorbs the bit lengths of the ciphertext and additional data
// into acc and turns it into the full 16-byte tag: GHASH XOR E(K, J0).
func (g *gcm) finish(tag, acc, j0 *[ghash.BlockSize]byte, ctLen, adLen int) {
	var lens [ghash.BlockSize]byte
	binary.BigEndian.PutUint64(lens[0:8], uint64(adLen)*8)
	binary.BigEndian.PutUint64(lens[8:16], uint64(ctLen)*8)
	g.impl.update(&g.hash, acc, lens[:])
	aescore.EncryptBlocksWith(g.impl.aes, &g.key, tag[:], j0[:])
	subtle.XORBytes(tag[:], tag[:], acc[:])
}

// Short messages take a path of their own (sealShort, openShort), where
// the fixed costs of the general one would dominate: the key stream and
// the encrypted pre-counter block E(K, J0) come from one call to the block
// cipher, and the additional data, the ciphertext and their lengths are
// copied together, padded, and hashed with one call to GHASH (whose
// kernels then reduce once).
const (
	shortMaxPlaintext = 15 * aescore.BlockSize
	shortMaxAD        = 4 * aescore.BlockSize
)

// shortHashInput copies additionalData and ciphertext, each padded with
// zeros to a whole number of blocks, and the block of their bit lengths,
// into buf, and returns the part of buf used.
func shortHashInput(buf *[shortMaxAD + shortMaxPlaintext + ghash.BlockSize]byte, ciphertext, additionalData []byte) []byte {
	n := copy(buf[:], additionalData)
	n = (n + ghash.BlockSize - 1) &^ (ghash.BlockSize - 1)
	n += copy(buf[n:], ciphertext)
	n = (n + ghash.BlockSize - 1) &^ (ghash.BlockSize - 1)
	binary.BigEndian.PutUint64(buf[n:], uint64(len(additionalData))*8)
	binary.BigEndian.PutUint64(buf[n+8:], uint64(len(ciphertext))*8)
	return buf[:n+ghash.BlockSize]
}

// shortKeyStream encrypts the counter blocks J0, J0+1, ..., J0+blocks
// (inc32) into ks.
func (g *gcm) shortKeyStream(ks *[aescore.BlockSize + shortMaxPlaintext]byte, j0 *[aescore.BlockSize]byte, blocks int) []byte {
	c := binary.BigEndian.Uint32(j0[12:])
	for i := 0; i <= blocks; i++ {
		copy(ks[16*i:16*i+12], j0[:12])
		binary.BigEndian.PutUint32(ks[16*i+12:], c+uint32(i))
	}
	used := ks[:16*(blocks+1)]
	aescore.EncryptBlocksWith(g.impl.aes, &g.key, used, used)
	return used
}

// sealShort is seal for a plaintext of at most shortMaxPlaintext bytes and
// additional data of at most shortMaxAD bytes.
func (g *gcm) sealShort(out []byte, j0 *[aescore.BlockSize]byte, plaintext, additionalData []byte) {
	var ks [aescore.BlockSize + shortMaxPlaintext]byte
	stream := g.shortKeyStream(&ks, j0, (len(plaintext)+aescore.BlockSize-1)/aescore.BlockSize)
	ct := out[:len(plaintext)]
	subtle.XORBytes(ct, plaintext, stream[aescore.BlockSize:])
	var buf [shortMaxAD + shortMaxPlaintext + ghash.BlockSize]byte
	var acc [ghash.BlockSize]byte
	g.impl.update(&g.hash, &acc, shortHashInput(&buf, ct, additionalData))
	subtle.XORBytes(acc[:], acc[:], stream[:aescore.BlockSize])
	copy(out[len(plaintext):], acc[:g.tagSize])
	clear(stream)
}

// openShort is open for a ciphertext body of at most shortMaxPlaintext
// bytes and additional data of at most shortMaxAD bytes. It checks the tag
// before it writes anything.
func (g *gcm) openShort(out []byte, j0 *[aescore.BlockSize]byte, body, tag, additionalData []byte) bool {
	var buf [shortMaxAD + shortMaxPlaintext + ghash.BlockSize]byte
	var acc [ghash.BlockSize]byte
	g.impl.update(&g.hash, &acc, shortHashInput(&buf, body, additionalData))
	var ks [aescore.BlockSize + shortMaxPlaintext]byte
	stream := g.shortKeyStream(&ks, j0, (len(body)+aescore.BlockSize-1)/aescore.BlockSize)
	subtle.XORBytes(acc[:], acc[:], stream[:aescore.BlockSize])
	ok := subtle.ConstantTimeCompare(acc[:g.tagSize], tag) == 1
	declassify(&ok)
	if ok {
		subtle.XORBytes(out, body, stream[aescore.BlockSize:])
	}
	clear(stream)
	return ok
}

// seal writes the ciphertext and the tag of plaintext to out, which has
// room for exactly both.
func (g *gcm) seal(out, nonce, plaintext, additionalData []byte) {
	var j0, ctr, acc [aescore.BlockSize]byte
	g.counter0(&j0, nonce)
	if len(plaintext) <= shortMaxPlaintext && len(additionalData) <= shortMaxAD {
		g.sealShort(out, &j0, plaintext, additionalData)
		return
	}
	ctr = j0
	inc32(&ctr)
	g.authPadded(&acc, additionalData)
	ct := out[:len(plaintext)]
	// A stitched kernel, where there is one, encrypts and hashes whole
	// chunks; counter mode and GHASH finish the rest one after the other.
	done := sealBulk(g, &acc, &ctr, ct, plaintext)
	aescore.CTR32(g.impl.aes, &g.key, &ctr, ct[done:], plaintext[done:])
	g.authPadded(&acc, ct[done:])
	var t [ghash.BlockSize]byte
	g.finish(&t, &acc, &j0, len(ct), len(additionalData))
	copy(out[len(plaintext):], t[:g.tagSize])
}

// open checks the tag of ciphertext and, if it is right, writes the
// plaintext to out, which has room for exactly it, and returns true. If the
// tag is wrong it returns false and leaves no plaintext in out: the generic
// code and the non-stitched amd64 kernels check the tag before they
// decrypt, and a stitched kernel or the arm64 chunked path, which decrypt
// whole chunks while they hash them, have what they wrote zeroed.
func (g *gcm) open(out, nonce, ciphertext, additionalData []byte) bool {
	var j0, ctr, acc [aescore.BlockSize]byte
	g.counter0(&j0, nonce)
	body := ciphertext[:len(ciphertext)-g.tagSize]
	if len(body) <= shortMaxPlaintext && len(additionalData) <= shortMaxAD {
		return g.openShort(out, &j0, body, ciphertext[len(body):], additionalData)
	}
	ctr = j0
	inc32(&ctr)
	g.authPadded(&acc, additionalData)
	done := openBulk(g, &acc, &ctr, out, body)
	g.authPadded(&acc, body[done:])
	var t [ghash.BlockSize]byte
	g.finish(&t, &acc, &j0, len(body), len(additionalData))
	ok := subtle.ConstantTimeCompare(t[:g.tagSize], ciphertext[len(body):]) == 1
	declassify(&ok)
	if !ok {
		clear(out[:done])
		return false
	}
	aescore.CTR32(g.impl.aes, &g.key, &ctr, out[done:], body[done:])
	return true
}

// inc32 adds one to the last 32 bits of a counter block, modulo 2³².
func inc32(b *[aescore.BlockSize]byte) {
	binary.BigEndian.PutUint32(b[12:], binary.BigEndian.Uint32(b[12:])+1)
}

// NonceSize returns 0: Seal chooses the nonce.
func (*randomNonce) NonceSize() int { return 0 }

// Overhead returns 28: the 12-byte nonce and the 16-byte tag.
func (*randomNonce) Overhead() int { return NonceSize + TagSize }

// Seal chooses a random 12-byte nonce, and appends it, the ciphertext of
// plaintext and the tag to dst, as the standard library's
// cipher.NewGCMWithRandomNonce does. nonce must be empty. The rules for
// dst, in-place use and overlaps are those of [New]'s Seal; Seal panics if
// the nonce is not empty or if the random number generator fails.
func (r *randomNonce) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if len(nonce) != 0 {
		panic("aesgcm: non-empty nonce passed to GCM with random nonces")
	}
	if uint64(len(plaintext)) > maxPlaintext {
		panic("aesgcm: message too large for GCM")
	}
	ret, out := alias.SliceForAppend(dst, NonceSize+len(plaintext)+TagSize)
	if alias.InexactOverlap(out, plaintext) {
		panic("aesgcm: invalid buffer overlap")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("aesgcm: invalid buffer overlap of output and additional data")
	}
	var n [NonceSize]byte
	if _, err := rand.Read(n[:]); err != nil {
		panic("aesgcm: random number generator failed: " + err.Error())
	}
	// In place, out and plaintext start at the same byte (the overlap is
	// exact, checked above), but the ciphertext goes NonceSize bytes
	// further: move the plaintext there first and seal it in place.
	if alias.AnyOverlap(out, plaintext) {
		copy(out[NonceSize:], plaintext)
		plaintext = out[NonceSize : NonceSize+len(plaintext)]
	}
	r.g.seal(out[NonceSize:], n[:], plaintext, additionalData)
	copy(out, n[:])
	return ret
}

// Open reads the nonce from the front of ciphertext and opens the rest as
// [New]'s Open does. nonce must be empty (Open panics otherwise).
func (r *randomNonce) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(nonce) != 0 {
		panic("aesgcm: non-empty nonce passed to GCM with random nonces")
	}
	if len(ciphertext) < NonceSize+TagSize || uint64(len(ciphertext)) > maxPlaintext+NonceSize+TagSize {
		return nil, errOpen
	}
	ret, out := alias.SliceForAppend(dst, len(ciphertext)-NonceSize-TagSize)
	if alias.InexactOverlap(out, ciphertext) {
		panic("aesgcm: invalid buffer overlap")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("aesgcm: invalid buffer overlap of output and additional data")
	}
	var n [NonceSize]byte
	copy(n[:], ciphertext)
	body := ciphertext[NonceSize:]
	if alias.AnyOverlap(out, body) {
		// In place: out starts NonceSize bytes before the ciphertext
		// body, so counter mode would overwrite ciphertext it has not
		// read yet; decrypt where the body is, then move it down.
		if !r.g.open(body[:len(out)], n[:], body, additionalData) {
			return nil, errOpen
		}
		copy(out, body[:len(out)])
		return ret, nil
	}
	if !r.g.open(out, n[:], body, additionalData) {
		return nil, errOpen
	}
	return ret, nil
}
