package aes

import (
	"crypto/cipher"
	"crypto/subtle"
	"errors"

	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/alias"
	"github.com/crypton-go/crypton/aead/internal/gcm"
)

// The Block that NewCipher returns has the two optional methods that
// crypto/cipher looks for on a Block it does not know (its gcmAble and
// ctrAble interfaces): cipher.NewGCM, NewGCMWithNonceSize and
// NewGCMWithTagSize call NewGCM, cipher.NewCTR calls NewCTR. They give
// crypton's AES-GCM and counter mode, kernels included, where crypto/cipher
// would otherwise run its generic code block by block.

// NewGCM returns AES-GCM with the block's key, nonces of nonceSize bytes
// (at least 1) and tags of tagSize bytes (12 to 16): the AEAD that
// aead/aesgcm returns for the same key, with the implementation selected
// under "aesgcm" now. It returns an error for other sizes. crypto/cipher's
// NewGCM calls it with (12, 16), NewGCMWithNonceSize with (size, 16) and
// NewGCMWithTagSize with (12, tagSize), after checking the sizes itself.
//
// The AEAD keeps its own copy of the expanded key. Its Seal and Open
// follow aesgcm's rules, and its panics and errors say "aesgcm: ...".
func (b *block) NewGCM(nonceSize, tagSize int) (cipher.AEAD, error) {
	if nonceSize < 1 {
		return nil, errors.New("aes: invalid GCM nonce size")
	}
	if tagSize < gcm.MinTagSize || tagSize > gcm.TagSize {
		return nil, errors.New("aes: invalid GCM tag size")
	}
	return gcm.NewFromKey(&b.key, nonceSize, tagSize), nil
}

// NewCTR returns counter mode (NIST SP 800-38A, Section 6.5) with the
// block's key, from the counter block iv, as a [cipher.Stream]: the key
// stream is E(K, iv), E(K, iv+1), ..., the whole 16-byte counter block
// incremented as a big-endian integer modulo 2¹²⁸, as crypto/cipher's
// NewCTR does. iv must be BlockSize bytes long; NewCTR panics otherwise,
// as crypto/cipher's NewCTR does. The Stream copies iv; it uses the
// block's key, and the implementation selected under "aes" now.
//
// XORKeyStream may be called with any lengths: the Stream keeps the
// unused key stream of a partial block for the next call. dst and src
// may be the same slice; XORKeyStream panics if dst is shorter than src or
// if they overlap otherwise, as the cipher.Stream interface allows.
func (b *block) NewCTR(iv []byte) cipher.Stream {
	if len(iv) != BlockSize {
		panic("aes: NewCTR: IV length must equal block size")
	}
	s := &ctr{key: &b.key, impl: aescore.ImplFor(&b.key), used: BlockSize}
	copy(s.ctr[:], iv)
	return s
}

// ctr is the Stream that NewCTR returns.
type ctr struct {
	key  *aescore.Key
	impl aescore.Impl
	ctr  [BlockSize]byte // the counter block of the next key stream block
	ks   [BlockSize]byte // the key stream block before it
	used int             // the bytes of ks used, BlockSize when all are
}

// XORKeyStream XORs each byte of src with the next byte of the key stream
// into dst.
func (s *ctr) XORKeyStream(dst, src []byte) {
	if len(dst) < len(src) {
		panic("aes: output smaller than input")
	}
	dst = dst[:len(src)]
	if alias.InexactOverlap(dst, src) {
		panic("aes: invalid buffer overlap")
	}
	if s.used < BlockSize {
		n := subtle.XORBytes(dst, src, s.ks[s.used:])
		s.used += n
		dst, src = dst[n:], src[n:]
	}
	whole := len(src) &^ (BlockSize - 1)
	aescore.CTR(s.impl, s.key, &s.ctr, dst[:whole], src[:whole])
	if rest := len(src) - whole; rest > 0 {
		s.ks = [BlockSize]byte{}
		aescore.CTR(s.impl, s.key, &s.ctr, s.ks[:], s.ks[:])
		subtle.XORBytes(dst[whole:], src[whole:], s.ks[:])
		s.used = rest
	}
}
