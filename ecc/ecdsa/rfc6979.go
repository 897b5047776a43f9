package ecdsa

import (
	"crypto"
	"errors"
	"hash"

	"github.com/crypton-go/crypton/hash/hmac"
	"github.com/crypton-go/crypton/hash/sha1"
	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/hash/sha3"
	"github.com/crypton-go/crypton/hash/sha512"
)

// hashFunc returns the constructor of crypton's implementation of h, or an
// error naming the problem if there is none.
func hashFunc(h crypto.Hash) (func() hash.Hash, error) {
	switch h {
	case crypto.SHA1:
		return sha1.New, nil
	case crypto.SHA224:
		return sha256.New224, nil
	case crypto.SHA256:
		return sha256.New, nil
	case crypto.SHA384:
		return sha512.New384, nil
	case crypto.SHA512:
		return sha512.New, nil
	case crypto.SHA512_224:
		return sha512.New512_224, nil
	case crypto.SHA512_256:
		return sha512.New512_256, nil
	case crypto.SHA3_224:
		return func() hash.Hash { return sha3.New224() }, nil
	case crypto.SHA3_256:
		return func() hash.Hash { return sha3.New256() }, nil
	case crypto.SHA3_384:
		return func() hash.Hash { return sha3.New384() }, nil
	case crypto.SHA3_512:
		return func() hash.Hash { return sha3.New512() }, nil
	case 0:
		return nil, errors.New("ecdsa: deterministic signing (nil rand) needs opts.HashFunc() to name the hash of the digest")
	}
	return nil, errors.New("ecdsa: unsupported hash function " + h.String() + " for deterministic signing")
}

// drbg is the HMAC_DRBG of NIST SP 800-90A Rev. 1, Section 10.1.2, in the
// use RFC 6979, Section 3.2 makes of it to derive the per-message secret k:
// instantiated afresh for each signature, it is asked for one candidate of
// k, and for another only if the previous one was out of range (or, with a
// probability far below 2⁻²⁰⁰, gave r = 0 or s = 0).
//
// With the private key, the key K and the chain value V are secret. HMAC
// runs in time independent of its key and message contents.
type drbg struct {
	h   func() hash.Hash
	mac hash.Hash // HMAC keyed with K
	v   []byte    // V
	// stale is set when K has been updated by HMAC_K(V ‖ 0x00) after a
	// generate, but mac and V not yet moved on: RFC 6979 3.2 h.3 is only
	// needed if another candidate is asked for, which is rare, so the new
	// HMAC key is set up then.
	stale bool
	k     []byte // the new K, if stale
}

// newDRBG instantiates the DRBG with the seed material the caller passes as
// parts, which are written one after another, and returns it. In
// block-aligned mode (draft-irtf-cfrg-det-sigs-with-noise-04, Section 4)
// each part after the first starts at a block boundary of the hash: the
// bytes hashed before it, counted from the start of the HMAC message V ‖
// 0x00 ‖ parts, are padded with zero bytes to a multiple of the block size.
func newDRBG(h func() hash.Hash, blockAligned bool, parts ...[]byte) *drbg {
	size := h().Size()
	d := &drbg{h: h, v: make([]byte, size)}
	for i := range d.v {
		d.v[i] = 0x01
	}
	k := make([]byte, size) // K = 0x00 0x00 ... 0x00
	m := hmac.New(h, k)
	// RFC 6979 3.2 d. to g.: two rounds of K = HMAC_K(V ‖ b ‖ seed),
	// V = HMAC_K(V), with b = 0x00 and then 0x01.
	for _, b := range []byte{0x00, 0x01} {
		m.Reset()
		m.Write(d.v)
		m.Write([]byte{b})
		written := len(d.v) + 1
		for i, p := range parts {
			if blockAligned && i > 0 {
				if rem := written % m.BlockSize(); rem != 0 {
					m.Write(make([]byte, m.BlockSize()-rem))
				}
				written = 0
			}
			m.Write(p)
			written += len(p)
		}
		k = m.Sum(k[:0])
		m = hmac.New(h, k)
		m.Write(d.v)
		d.v = m.Sum(d.v[:0])
	}
	clear(k)
	d.mac = m
	return d
}

// generate fills out with the next output of the DRBG (RFC 6979 3.2 h.2,
// T = V ‖ V ‖ ... after V = HMAC_K(V) for each block), then updates K as
// step h.3 does before the next candidate (and V, lazily: see stale).
func (d *drbg) generate(out []byte) {
	if d.stale {
		d.mac = hmac.New(d.h, d.k)
		clear(d.k)
		d.mac.Write(d.v)
		d.v = d.mac.Sum(d.v[:0])
		d.stale = false
	}
	for n := 0; n < len(out); {
		d.mac.Reset()
		d.mac.Write(d.v)
		d.v = d.mac.Sum(d.v[:0])
		n += copy(out[n:], d.v)
	}
	d.mac.Reset()
	d.mac.Write(d.v)
	d.mac.Write([]byte{0x00})
	d.k = d.mac.Sum(d.k[:0])
	d.stale = true
}

// shiftRight shifts the big-endian integer b right by 0 to 7 bits in
// place: bits2int of RFC 6979, Section 2.3.2 (and FIPS 186-5, Section
// 6.4.1, step 2) for a string one byte longer than the order when the
// order's bit length is not a multiple of 8 (P-521). It runs in time that
// depends only on len(b) and shift, which are public.
func shiftRight(b []byte, shift uint) {
	if shift == 0 {
		return
	}
	for i := len(b) - 1; i > 0; i-- {
		b[i] = b[i]>>shift | b[i-1]<<(8-shift)
	}
	b[0] >>= shift
}
