package ecdsa

import (
	"bytes"
	"crypto"
	"crypto/subtle"
	"encoding"
	"errors"
	"hash"

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
// The HMAC is computed here on two hashes of the caller's function, the
// inner and the outer, rather than with hash/hmac: the key changes after
// every one or two MACs, and hmac.New allocates its own hashes, pads and
// saved states at each change. When the hash can save and restore its
// state (encoding.BinaryAppender and BinaryUnmarshaler, as crypton's and
// the standard library's hashes do), setKey absorbs the two padded key
// blocks once and saves both states into the drbg, and each MAC under the
// key restores them, as FIPS 198-1, Section 6 allows; otherwise each MAC
// hashes the padded key blocks again. Either way the drbg allocates
// nothing but itself and its two hashes.
//
// With the private key, K, V, the pads and the saved states are secret;
// wipe clears them. HMAC runs in time independent of its key and message
// contents, and so does everything here: only lengths decide branches.
type drbg struct {
	inner, outer hash.Hash
	ia, oa       encoding.BinaryAppender    // nil: no saved states
	iu, ou       encoding.BinaryUnmarshaler // nil: no saved states
	size         int                        // bytes of a digest, of K and of V
	blockSize    int
	// reseed is set after a generate: RFC 6979 3.2 h.3 (K = HMAC_K(V ‖
	// 0x00), V = HMAC_K(V)) is needed only if another candidate is asked
	// for, which is rare, so it is done then.
	reseed bool
	// innerKeyed and outerKeyed are set while the hashes are still in the
	// states setKey left, which the next MAC need not restore.
	innerKeyed, outerKeyed bool

	k, v, t        [maxHashSize]byte // K, V, and the inner digest of a MAC
	ipad, opad     [maxBlockSize]byte
	istate, ostate []byte // the saved states, in ibuf and obuf unless too long
	ibuf, obuf     [maxStateSize]byte
}

const (
	maxHashSize  = 64  // SHA-512's digest
	maxBlockSize = 144 // SHA3-224's rate
	maxStateSize = 256 // crypton's SHA-512 saves 204 bytes, SHA-3 207
)

// zeroBlock is the zero padding of block-aligned seeding; ipadBlock and
// opadBlock are the HMAC pads of the zero key (RFC 2104, Section 2).
var (
	zeroBlock [maxBlockSize]byte
	ipadBlock = bytes.Repeat([]byte{0x36}, maxBlockSize)
	opadBlock = bytes.Repeat([]byte{0x5c}, maxBlockSize)
)

// newDRBG returns a new DRBG instantiated with h and the seed material
// parts: see init.
func newDRBG(h func() hash.Hash, blockAligned bool, parts ...[]byte) *drbg {
	d := new(drbg)
	d.init(h, blockAligned, parts...)
	return d
}

// init instantiates the DRBG with the seed material the caller passes as
// parts, which are written one after another. In block-aligned mode
// (draft-irtf-cfrg-det-sigs-with-noise-04, Section 4) each part after the
// first starts at a block boundary of the hash: the bytes hashed before
// it, counted from the start of the HMAC message V ‖ 0x00 ‖ parts, are
// padded with zero bytes to a multiple of the block size.
func (d *drbg) init(h func() hash.Hash, blockAligned bool, parts ...[]byte) {
	d.inner, d.outer = h(), h()
	d.size, d.blockSize = d.inner.Size(), d.inner.BlockSize()
	if d.size > maxHashSize || d.blockSize > maxBlockSize || d.size > d.blockSize {
		panic("ecdsa: internal error: unexpected hash size")
	}
	d.ia, d.oa, d.iu, d.ou = nil, nil, nil, nil
	ia, ok1 := d.inner.(encoding.BinaryAppender)
	oa, ok2 := d.outer.(encoding.BinaryAppender)
	iu, ok3 := d.inner.(encoding.BinaryUnmarshaler)
	ou, ok4 := d.outer.(encoding.BinaryUnmarshaler)
	if ok1 && ok2 && ok3 && ok4 {
		d.ia, d.oa, d.iu, d.ou = ia, oa, iu, ou
	}
	d.reseed = false
	v := d.v[:d.size]
	for i := range v {
		v[i] = 0x01
	}
	// K = 0x00 0x00 ... 0x00, for one MAC: no states to save.
	clear(d.k[:])
	d.setKey(false)
	// RFC 6979 3.2 d. to g.: two rounds of K = HMAC_K(V ‖ b ‖ seed),
	// V = HMAC_K(V), with b = 0x00 and then 0x01.
	for b := range byte(2) {
		d.begin()
		d.inner.Write(v)
		d.t[0] = b
		d.inner.Write(d.t[:1])
		written := d.size + 1
		for i, p := range parts {
			if blockAligned && i > 0 {
				if rem := written % d.blockSize; rem != 0 {
					d.inner.Write(zeroBlock[:d.blockSize-rem])
				}
				written = 0
			}
			d.inner.Write(p)
			written += len(p)
		}
		d.end(d.k[:0])
		d.setKey(true)
		d.macV()
	}
}

// setKey makes K the key of the MACs that follow: it absorbs K ⊕ ipad
// into the inner hash and K ⊕ opad into the outer one and, if save is
// set and the hashes allow it, saves both states for begin and end to
// restore.
func (d *drbg) setKey(save bool) {
	ipad, opad := d.ipad[:d.blockSize], d.opad[:d.blockSize]
	copy(ipad, ipadBlock[:])
	copy(opad, opadBlock[:])
	subtle.XORBytes(ipad, ipad, d.k[:d.size]) // K is shorter than a block
	subtle.XORBytes(opad, opad, d.k[:d.size])
	d.inner.Reset()
	d.inner.Write(ipad)
	d.outer.Reset()
	d.outer.Write(opad)
	// The states of the previous key, in ibuf and obuf unless they were
	// too long for them.
	clear(d.istate)
	clear(d.ostate)
	d.istate, d.ostate = nil, nil
	if save && d.iu != nil {
		ist, err1 := d.ia.AppendBinary(d.ibuf[:0])
		ost, err2 := d.oa.AppendBinary(d.obuf[:0])
		if err1 == nil && err2 == nil {
			d.istate, d.ostate = ist, ost
		}
	}
	// The hashes are in the keyed states: the first MAC restores neither.
	d.innerKeyed, d.outerKeyed = true, true
}

// begin starts a MAC under the current key: the message follows as writes
// to d.inner.
func (d *drbg) begin() {
	if !d.innerKeyed {
		restore(d.inner, d.iu, d.istate, d.ipad[:d.blockSize])
	}
	d.innerKeyed = false
}

// end finishes the MAC that begin started and appends it to out, which must
// not overlap d.t, and returns the result.
func (d *drbg) end(out []byte) []byte {
	t := d.inner.Sum(d.t[:0])
	if !d.outerKeyed {
		restore(d.outer, d.ou, d.ostate, d.opad[:d.blockSize])
	}
	d.outerKeyed = false
	d.outer.Write(t)
	return d.outer.Sum(out)
}

// restore puts h back into its state after absorbing pad: the saved state
// if there is one, else by hashing pad again. (A hash that refuses a state
// it saved itself gets the second way, which gives the same state.)
func restore(h hash.Hash, u encoding.BinaryUnmarshaler, state, pad []byte) {
	if state != nil && u.UnmarshalBinary(state) == nil {
		return
	}
	h.Reset()
	h.Write(pad)
}

// macV sets V = HMAC_K(V).
func (d *drbg) macV() {
	d.begin()
	d.inner.Write(d.v[:d.size])
	d.end(d.v[:0])
}

// generate fills out with the next output of the DRBG (RFC 6979 3.2 h.2,
// T = V ‖ V ‖ ... after V = HMAC_K(V) for each block). Before a second
// candidate it first updates K and V as step h.3 says.
func (d *drbg) generate(out []byte) {
	if d.reseed {
		d.begin()
		d.inner.Write(d.v[:d.size])
		d.inner.Write(zeroBlock[:1])
		d.end(d.k[:0])
		d.setKey(true)
		d.macV()
	}
	for n := 0; n < len(out); {
		d.macV()
		n += copy(out[n:], d.v[:d.size])
	}
	d.reseed = true
}

// wipe clears the secrets of the DRBG: K, V, the pads and the saved states,
// and resets both hashes. Reset leaves a hash's block buffer as it was, so
// it may still hold the last HMAC input (a V) or the inner digest of it:
// neither gives k or the private key without K, which is cleared.
func (d *drbg) wipe() {
	clear(d.istate)
	clear(d.ostate)
	d.istate, d.ostate = nil, nil
	clear(d.k[:])
	clear(d.v[:])
	clear(d.t[:])
	clear(d.ipad[:])
	clear(d.opad[:])
	clear(d.ibuf[:])
	clear(d.obuf[:])
	if d.inner != nil {
		d.inner.Reset()
		d.outer.Reset()
	}
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
