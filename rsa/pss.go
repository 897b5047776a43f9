package rsa

import (
	"bytes"
	"crypto"
	crand "crypto/rand"
	"crypto/rsa"
	"fmt"
	"hash"
	"io"
)

// Special values of PSSOptions.SaltLength. The first two have the values of
// their namesakes in crypto/rsa.
const (
	// PSSSaltLengthAuto makes SignPSS use the longest salt that fits and
	// VerifyPSS accept any salt length, found from the signature.
	PSSSaltLengthAuto = 0
	// PSSSaltLengthEqualsHash makes the salt as long as the digest, which
	// is what TLS 1.3 and most other protocols require.
	PSSSaltLengthEqualsHash = -1
	// PSSSaltLengthZero asks for an empty salt, which makes signatures
	// deterministic. It exists because 0 means PSSSaltLengthAuto, as in
	// crypto/rsa; crypto/rsa has no way to express an empty salt.
	PSSSaltLengthZero = -2
)

// PSSOptions are the parameters of RSASSA-PSS signatures. It implements
// crypto.SignerOpts, so that it can be passed to PrivateKey.Sign.
type PSSOptions struct {
	// SaltLength is the length of the salt in bytes, or one of
	// PSSSaltLengthAuto, PSSSaltLengthEqualsHash and PSSSaltLengthZero.
	SaltLength int
	// Hash is the hash function that made the digest. If it is not zero,
	// it overrides the hash passed to SignPSS (as in crypto/rsa); it is the
	// hash PrivateKey.Sign uses. VerifyPSS ignores it.
	Hash crypto.Hash
	// MGFHash is the hash function of the mask generation function MGF1.
	// Zero means the digest's hash, which is nearly always what is wanted;
	// crypto/rsa cannot use any other.
	MGFHash crypto.Hash
}

// HashFunc returns opts.Hash, so that PSSOptions implements
// crypto.SignerOpts.
func (opts *PSSOptions) HashFunc() crypto.Hash { return opts.Hash }

func (opts *PSSOptions) saltLength() int {
	if opts == nil {
		return PSSSaltLengthAuto
	}
	return opts.SaltLength
}

func (opts *PSSOptions) mgfHash(h crypto.Hash) crypto.Hash {
	if opts == nil || opts.MGFHash == 0 {
		return h
	}
	return opts.MGFHash
}

// fromStdlibPSSOptions converts the standard library's options, which
// crypto/tls passes to a crypto.Signer for TLS 1.3 and PSS in TLS 1.2.
func fromStdlibPSSOptions(o *rsa.PSSOptions) (*PSSOptions, error) {
	if o.SaltLength < rsa.PSSSaltLengthEqualsHash {
		return nil, fmt.Errorf("rsa: invalid PSS salt length %d", o.SaltLength)
	}
	return &PSSOptions{SaltLength: o.SaltLength, Hash: o.Hash}, nil
}

// pssHashes returns the digest hash and the MGF1 hash of a PSS operation.
func pssHashes(h crypto.Hash, opts *PSSOptions) (hash.Hash, hash.Hash, error) {
	newHash, err := hashFunc(h)
	if err != nil {
		return nil, nil, err
	}
	newMGF, err := hashFunc(opts.mgfHash(h))
	if err != nil {
		return nil, nil, err
	}
	return newHash(), newMGF(), nil
}

// SignPSS returns the RSASSA-PSS signature (RFC 8017, Section 8.1) of
// digest, the digest of a message made with hash, under priv. opts may be
// nil, which means PSSSaltLengthAuto and MGF1 with hash; if opts.Hash is
// set, it replaces hash.
//
// random supplies the salt and the blinding of the private-key operation;
// nil means crypto/rand.Reader. The private-key operation runs in constant
// time.
func SignPSS(random io.Reader, priv *PrivateKey, hash crypto.Hash, digest []byte, opts *PSSOptions) ([]byte, error) {
	if err := priv.check(); err != nil {
		return nil, err
	}
	if random == nil {
		random = crand.Reader
	}
	if opts != nil && opts.Hash != 0 {
		hash = opts.Hash
	}
	h, mgf, err := pssHashes(hash, opts)
	if err != nil {
		return nil, err
	}
	hLen := h.Size()
	if len(digest) != hLen {
		return nil, fmt.Errorf("rsa: input must be a %v digest of %d bytes, not %d bytes", hash, hLen, len(digest))
	}
	emBits := priv.pub.n.BitLen() - 1
	emLen := (emBits + 7) / 8
	maxSalt := emLen - hLen - 2
	if maxSalt < 0 {
		return nil, ErrMessageTooLong
	}
	sLen := opts.saltLength()
	switch {
	case sLen == PSSSaltLengthAuto:
		sLen = maxSalt
	case sLen == PSSSaltLengthEqualsHash:
		sLen = hLen
	case sLen == PSSSaltLengthZero:
		sLen = 0
	case sLen < 0:
		return nil, fmt.Errorf("rsa: invalid PSS salt length %d", sLen)
	}
	if sLen > maxSalt {
		return nil, fmt.Errorf("rsa: PSS salt of %d bytes does not fit the key with %v (at most %d)", sLen, hash, maxSalt)
	}
	salt := make([]byte, sLen)
	if _, err := io.ReadFull(random, salt); err != nil {
		return nil, fmt.Errorf("rsa: reading the PSS salt: %w", err)
	}
	em := pssEncode(digest, emBits, salt, h, mgf)
	// The salt may come from a secret source, but em, and the salt in it,
	// is public as soon as the signature is: anyone who verifies it
	// computes em = sig^e mod n. The private-key operation may branch on
	// it (its range check).
	declassifyBytes(em)
	// em has at most n's bit length minus one bits, so it is below n.
	return priv.privateOp(random, em)
}

// pssEncode returns EMSA-PSS-ENCODE(mHash, emBits) of RFC 8017, Section
// 9.1.1, with the given salt, in ⌈emBits/8⌉ bytes:
//
//	maskedDB || H || 0xbc, H = h(0x00×8 || mHash || salt),
//	maskedDB = (0x00... 0x01 || salt) XOR MGF1(H), top bits cleared.
//
// The caller has checked that the lengths fit.
func pssEncode(mHash []byte, emBits int, salt []byte, h, mgf hash.Hash) []byte {
	hLen := h.Size()
	emLen := (emBits + 7) / 8
	em := make([]byte, emLen)
	db := em[:emLen-hLen-1]
	H := pssHash(h, mHash, salt, em[emLen-hLen-1:emLen-1])
	db[len(db)-len(salt)-1] = 0x01
	copy(db[len(db)-len(salt):], salt)
	mgf1XOR(db, mgf, H)
	db[0] &= 0xff >> (8*emLen - emBits)
	em[emLen-1] = 0xbc
	return em
}

// pssHash writes h(0x00×8 || mHash || salt) into out[:0] and returns it.
func pssHash(h hash.Hash, mHash, salt, out []byte) []byte {
	var zeros [8]byte
	h.Reset()
	h.Write(zeros[:])
	h.Write(mHash)
	h.Write(salt)
	return h.Sum(out[:0])
}

// VerifyPSS checks that sig is a valid RSASSA-PSS signature of digest, the
// digest of a message made with hash, under pub. It returns nil if it is,
// and ErrVerification (or an error naming a problem with the parameters) if
// not. opts may be nil, which means PSSSaltLengthAuto and MGF1 with hash;
// opts.Hash is ignored. sig must be exactly pub.Size() bytes long.
//
// Verification uses only public values and runs in variable time.
func VerifyPSS(pub *PublicKey, hash crypto.Hash, digest, sig []byte, opts *PSSOptions) error {
	if err := pub.check(); err != nil {
		return err
	}
	h, mgf, err := pssHashes(hash, opts)
	if err != nil {
		return err
	}
	sLen := opts.saltLength()
	switch {
	case sLen == PSSSaltLengthEqualsHash:
		sLen = h.Size()
	case sLen == PSSSaltLengthZero:
		sLen = 0
	case sLen == PSSSaltLengthAuto:
		sLen = -1 // found from the encoding
	case sLen < 0:
		return fmt.Errorf("rsa: invalid PSS salt length %d", sLen)
	}
	k := pub.Size()
	if len(sig) != k {
		return ErrVerification
	}
	em, err := pub.encrypt(sig)
	if err != nil {
		return ErrVerification
	}
	emBits := pub.n.BitLen() - 1
	emLen := (emBits + 7) / 8
	// When n's bit length is 1 mod 8, EM is one byte shorter than n, and
	// the integer must fit in it.
	if emLen < k {
		if em[0] != 0 {
			return ErrVerification
		}
		em = em[k-emLen:]
	}
	if !pssVerify(digest, em, emBits, sLen, h, mgf) {
		return ErrVerification
	}
	return nil
}

// pssVerify is EMSA-PSS-VERIFY of RFC 8017, Section 9.1.2: it reports
// whether em is an encoding of mHash with a salt of sLen bytes, or of any
// length if sLen is negative.
func pssVerify(mHash, em []byte, emBits, sLen int, h, mgf hash.Hash) bool {
	hLen := h.Size()
	emLen := len(em)
	if len(mHash) != hLen || emLen < hLen+max(sLen, 0)+2 {
		return false
	}
	if em[emLen-1] != 0xbc {
		return false
	}
	topMask := byte(0xff >> (8*emLen - emBits))
	if em[0]&^topMask != 0 {
		return false
	}
	H := em[emLen-hLen-1 : emLen-1]
	db := bytes.Clone(em[:emLen-hLen-1])
	mgf1XOR(db, mgf, H)
	db[0] &= topMask
	// db is zero padding, 0x01, then the salt.
	sep := 0
	for sep < len(db) && db[sep] == 0 {
		sep++
	}
	if sep == len(db) || db[sep] != 0x01 {
		return false
	}
	if sLen >= 0 && sep != len(db)-sLen-1 {
		return false
	}
	salt := db[sep+1:]
	return bytes.Equal(pssHash(h, mHash, salt, make([]byte, 0, hLen)), H)
}
