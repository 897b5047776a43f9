// Package gcm is AES-GCM (NIST SP 800-38D) for crypton's packages: the
// implementation behind aead/aesgcm's constructors and behind the NewGCM
// method of aead/aes's cipher.Block, which crypto/cipher's NewGCM,
// NewGCMWithNonceSize and NewGCMWithTagSize call. A [GCM] is a
// cipher.AEAD with any nonce size from one byte up and a tag of 12 to 16
// bytes.
//
// The implementations (generic, "AES-NI", "VAES", "VAES-512",
// "ARMv8-AES") are registered with cpufeat under the package name
// "aesgcm", and chosen when a GCM is made; aead/aesgcm's package documentation describes them, and
// the rules of Seal and Open, which are those of every GCM here. Panics
// and errors say "aesgcm: ...", whichever package the GCM came from.
package gcm

import (
	"crypto/subtle"
	"encoding/binary"
	"errors"

	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/alias"
	"github.com/crypton-go/crypton/aead/internal/ghash"
)

const (
	// NonceSize is the standard nonce size, 96 bits, whose pre-counter
	// block is the nonce and a 32-bit 1 rather than a GHASH.
	NonceSize = 12

	// TagSize is the full tag size, and MinTagSize the smallest that New
	// takes (as the standard library, SP 800-38D's 96 bits).
	TagSize    = 16
	MinTagSize = 12
)

// MaxPlaintext is the longest plaintext one key and nonce can encrypt: the
// counter starts at 2 with a 96-bit nonce and may not wrap around to the
// first block, so 2³²-2 blocks of 16 bytes (SP 800-38D, Section 5.2.1.1).
const MaxPlaintext = (1<<32 - 2) * aescore.BlockSize

var errOpen = errors.New("aesgcm: message authentication failed")

// GCM is AES-GCM with one key, nonce size and tag size, as a cipher.AEAD.
type GCM struct {
	key       aescore.Key
	hash      ghash.Key
	impl      impl
	nonceSize int
	tagSize   int
}

// New returns AES-GCM with the AES key key (16, 24 or 32 bytes), nonces
// of nonceSize bytes and tags of tagSize, or an error if the key has
// another length. The caller checks the sizes: nonceSize ≥ 1 and
// MinTagSize ≤ tagSize ≤ TagSize; New panics otherwise. The
// implementation is the one selected now under "aesgcm".
func New(key []byte, nonceSize, tagSize int) (*GCM, error) {
	g := newGCM(nonceSize, tagSize)
	var err error
	if g.impl.aes == aescore.ImplGeneric {
		err = g.key.InitGeneric(key)
	} else {
		err = g.key.Init(key)
	}
	if err != nil {
		return nil, errors.New("aesgcm: invalid key size")
	}
	g.initHash()
	return g, nil
}

// NewFromKey is New with the expanded AES key k (of a cipher.Block of
// aead/aes), which it copies, or expands again for the generic code if k
// was made for the hardware instructions and the selection under
// "aesgcm" is the generic code. k is not modified.
func NewFromKey(k *aescore.Key, nonceSize, tagSize int) *GCM {
	g := newGCM(nonceSize, tagSize)
	g.key.InitFrom(k, g.impl.aes)
	g.initHash()
	return g
}

func newGCM(nonceSize, tagSize int) *GCM {
	if nonceSize < 1 || tagSize < MinTagSize || tagSize > TagSize {
		panic("aesgcm: internal error: bad nonce or tag size")
	}
	return &GCM{impl: selectImpl(), nonceSize: nonceSize, tagSize: tagSize}
}

// initHash computes the hash key H = E(K, 0¹²⁸) and GHASH's tables.
func (g *GCM) initHash() {
	var h [ghash.BlockSize]byte
	aescore.EncryptBlocksWith(g.impl.aes, &g.key, h[:], h[:])
	g.hash.Init(&h)
	g.initWide()
}

// NonceSize returns the size of the nonce that Seal and Open take.
func (g *GCM) NonceSize() int { return g.nonceSize }

// Overhead returns the size of the tag, by which a ciphertext is longer
// than its plaintext.
func (g *GCM) Overhead() int { return g.tagSize }

// Seal encrypts and authenticates plaintext, authenticates additionalData,
// appends the ciphertext and the tag to dst and returns the updated slice.
// It does not allocate if dst has room for the result.
//
// To encrypt in place, pass plaintext[:0] as dst; otherwise the output must
// not overlap plaintext, and must not overlap additionalData at all. Seal
// panics if the nonce does not have NonceSize() bytes, if the buffers overlap
// otherwise, or if plaintext is longer than 2³⁶-32 bytes.
func (g *GCM) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if len(nonce) != g.nonceSize {
		panic("aesgcm: incorrect nonce length given to GCM")
	}
	if uint64(len(plaintext)) > MaxPlaintext {
		panic("aesgcm: message too large for GCM")
	}
	ret, out := alias.SliceForAppend(dst, len(plaintext)+g.tagSize)
	if alias.InexactOverlap(out, plaintext) {
		panic("aesgcm: invalid buffer overlap")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("aesgcm: invalid buffer overlap of output and additional data")
	}
	g.SealTo(out, nonce, plaintext, additionalData)
	return ret
}

// Open authenticates ciphertext (which ends with the tag) and
// additionalData, and if they are authentic decrypts the ciphertext,
// appends the plaintext to dst and returns the updated slice. It does not
// allocate if dst has room for the plaintext.
//
// If authentication fails, Open returns nil and an error, and leaves no
// plaintext in dst (see OpenTo).
//
// To decrypt in place, pass ciphertext[:0] as dst; otherwise the output must
// not overlap ciphertext, and must not overlap additionalData at all. Open
// panics if the nonce does not have NonceSize() bytes or if the buffers
// overlap otherwise; any other input only makes it return an error.
func (g *GCM) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(nonce) != g.nonceSize {
		panic("aesgcm: incorrect nonce length given to GCM")
	}
	if len(ciphertext) < g.tagSize || uint64(len(ciphertext)) > MaxPlaintext+uint64(g.tagSize) {
		return nil, errOpen
	}
	ret, out := alias.SliceForAppend(dst, len(ciphertext)-g.tagSize)
	if alias.InexactOverlap(out, ciphertext) {
		panic("aesgcm: invalid buffer overlap")
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("aesgcm: invalid buffer overlap of output and additional data")
	}
	if !g.OpenTo(out, nonce, ciphertext, additionalData) {
		return nil, errOpen
	}
	return ret, nil
}

// counter0 computes the pre-counter block J0 of the nonce (SP 800-38D,
// Section 7.1, step 2): the nonce and a 32-bit 1 for a 96-bit nonce, its
// GHASH with its length otherwise.
func (g *GCM) counter0(j0 *[aescore.BlockSize]byte, nonce []byte) {
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
func (g *GCM) authPadded(acc *[ghash.BlockSize]byte, p []byte) {
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
func (g *GCM) finish(tag, acc, j0 *[ghash.BlockSize]byte, ctLen, adLen int) {
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
func (g *GCM) shortKeyStream(ks *[aescore.BlockSize + shortMaxPlaintext]byte, j0 *[aescore.BlockSize]byte, blocks int) []byte {
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
func (g *GCM) sealShort(out []byte, j0 *[aescore.BlockSize]byte, plaintext, additionalData []byte) {
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
func (g *GCM) openShort(out []byte, j0 *[aescore.BlockSize]byte, body, tag, additionalData []byte) bool {
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

// SealTo writes the ciphertext and the tag of plaintext to out, which has
// room for exactly both, with none of Seal's checks: the caller has made
// them (the nonce has NonceSize() bytes, plaintext is at most MaxPlaintext
// bytes, out overlaps plaintext exactly or not at all and additionalData
// not at all).
func (g *GCM) SealTo(out, nonce, plaintext, additionalData []byte) {
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

// OpenTo checks the tag of ciphertext and, if it is right, writes the
// plaintext to out, which has room for exactly it, and returns true. It
// makes none of Open's checks: the caller has made them (the nonce has
// NonceSize() bytes, ciphertext has a whole tag and at most MaxPlaintext
// bytes before it, and the buffers overlap as Open allows).
//
// If the tag is wrong OpenTo returns false and leaves no plaintext in out:
// the generic code and the non-stitched amd64 kernels check the tag before
// they decrypt, and a stitched kernel or the arm64 chunked path, which
// decrypt whole chunks while they hash them, have what they wrote zeroed.
func (g *GCM) OpenTo(out, nonce, ciphertext, additionalData []byte) bool {
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
