// Package hmac implements the keyed-hash message authentication code HMAC of
// RFC 2104 and FIPS 198-1 over any [hash.Hash].
//
// The package mirrors the standard library's crypto/hmac: [New] and [Equal]
// have the same signatures and behavior, so a program switches by changing an
// import path. It works with any hash function; crypton's own
// (github.com/crypton-go/crypton/hash/sha1, sha256, sha512) and the standard
// library's are equally welcome.
//
// A MAC is checked by recomputing it and comparing the two with [Equal],
// never with bytes.Equal, which returns as soon as a byte differs and so
// tells an attacker how many leading bytes of a forged tag are right:
//
//	// ValidMAC reports whether messageMAC is the HMAC-SHA-256 of message
//	// under key.
//	func ValidMAC(message, messageMAC, key []byte) bool {
//		mac := hmac.New(sha256.New, key)
//		mac.Write(message)
//		return hmac.Equal(messageMAC, mac.Sum(nil))
//	}
//
// # Precomputed key states
//
// HMAC(K, m) = H((K0 ^ opad) || H((K0 ^ ipad) || m)), where K0 is the key
// padded with zeros to the hash's block size (or, if longer than a block,
// its hash so padded). The two keyed prefixes are always exactly one block,
// so the hash state after absorbing each of them depends on the key alone.
// When the hash implements [encoding.BinaryMarshaler] and
// [encoding.BinaryUnmarshaler], as crypton's hashes and the standard
// library's do, [New] absorbs both blocks once and saves the two states;
// Reset and Sum then restore a saved state instead of hashing a padded key
// again, which FIPS 198-1 section 6 allows. Those saved states are as
// sensitive as the key. With a hash that cannot marshal its state, Reset and
// Sum hash the padded key block each time, which gives the same MAC.
//
// # Constant time
//
// Computing a MAC branches on and indexes by nothing but lengths, provided
// the underlying hash does the same (crypton's do). [Equal] takes a time that
// depends only on the lengths of its arguments.
package hmac

import (
	"encoding"
	"errors"
	"hash"
)

// hmac is the hash.Hash that New returns.
type hmac struct {
	// inner hashes (K0 ^ ipad) || message; outer hashes
	// (K0 ^ opad) || inner digest, and is used only inside Sum.
	inner, outer hash.Hash

	// ipad and opad are K0 ^ ipad and K0 ^ opad, one block each. They are
	// what Reset and Sum hash when no saved state is available.
	ipad, opad []byte

	// istate and ostate, when not nil, are the marshaled states of inner
	// and outer after absorbing ipad and opad; iu and ou are inner and
	// outer as unmarshalers, to restore them.
	istate, ostate []byte
	iu, ou         encoding.BinaryUnmarshaler
}

// The byte values XORed into the padded key, RFC 2104 section 2.
const (
	ipadByte = 0x36
	opadByte = 0x5c
)

// New returns a new [hash.Hash] computing the HMAC of the hash function that
// h makes, under key. h is typically a constructor such as sha256.New; it
// must return a new, distinct hash every time it is called, and New panics if
// two calls return the same value. Any key length is allowed: a key longer
// than the hash's block size is hashed first, as the standard specifies.
//
// The returned Hash also implements [hash.Cloner]; Clone returns an error
// that wraps [errors.ErrUnsupported] if the hash that h makes cannot be
// cloned. Like crypto/hmac's, it does not implement
// [encoding.BinaryMarshaler] or [encoding.BinaryUnmarshaler].
//
// The key is copied: the caller may modify it after New returns. Once New
// has returned, Write, Reset and Sum into a slice with room for the MAC do not
// allocate if the underlying hash's Write, Sum and UnmarshalBinary do not.
func New(h func() hash.Hash, key []byte) hash.Hash {
	m := &hmac{inner: h(), outer: h()}
	if sameValue(m.inner, m.outer) {
		// The two hashes must be independent: with one object, Sum would
		// overwrite the inner state with the outer one.
		panic("hmac: hash generation function does not produce unique values")
	}

	bs := m.inner.BlockSize()
	pads := make([]byte, 2*bs)
	m.ipad, m.opad = pads[:bs:bs], pads[bs:]
	var hashedKey []byte
	if len(key) > bs {
		// RFC 2104: a key longer than a block is replaced by its hash. The
		// outer hash is free to compute it.
		m.outer.Write(key)
		hashedKey = m.outer.Sum(nil)
		m.outer.Reset()
		key = hashedKey
	}
	copy(m.ipad, key)
	copy(m.opad, key)
	clear(hashedKey)
	for i := range bs {
		m.ipad[i] ^= ipadByte
		m.opad[i] ^= opadByte
	}

	m.inner.Write(m.ipad)
	m.outer.Write(m.opad)
	m.saveStates()
	return m
}

// sameValue reports whether a and b are the same value. Comparing interfaces
// panics if both hold the same type and that type is not comparable; two such
// values cannot be one pointer, so they count as different.
func sameValue(a, b hash.Hash) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

// saveStates marshals the states of inner and outer, which have just absorbed
// ipad and opad, so that restore can return to them. It leaves istate and
// ostate nil if either hash cannot marshal its state.
func (m *hmac) saveStates() {
	im, ok1 := m.inner.(encoding.BinaryMarshaler)
	om, ok2 := m.outer.(encoding.BinaryMarshaler)
	iu, ok3 := m.inner.(encoding.BinaryUnmarshaler)
	ou, ok4 := m.outer.(encoding.BinaryUnmarshaler)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return
	}
	istate, err := im.MarshalBinary()
	if err != nil {
		return
	}
	ostate, err := om.MarshalBinary()
	if err != nil {
		return
	}
	m.istate, m.ostate, m.iu, m.ou = istate, ostate, iu, ou
}

// restore puts d, which is m.inner or m.outer, into the state after absorbing
// pad: from the saved state if there is one, else by hashing pad again. If
// the hash refuses a state it marshaled itself, hashing pad still gives the
// right state, so that is not an error worth a panic.
func restore(d hash.Hash, u encoding.BinaryUnmarshaler, state, pad []byte) {
	if state != nil && u.UnmarshalBinary(state) == nil {
		return
	}
	d.Reset()
	d.Write(pad)
}

// Write adds p to the message being authenticated. It never returns an error.
func (m *hmac) Write(p []byte) (int, error) {
	return m.inner.Write(p)
}

// Sum appends the MAC of the message written so far to b and returns the
// resulting slice. It does not change the state: more of the message can be
// written afterwards.
func (m *hmac) Sum(b []byte) []byte {
	n := len(b)
	// The inner digest goes where the MAC will be: the outer hash copies
	// it in, and then its own digest replaces it.
	b = m.inner.Sum(b)
	restore(m.outer, m.ou, m.ostate, m.opad)
	m.outer.Write(b[n:])
	return m.outer.Sum(b[:n])
}

// Reset discards the message written so far; the key remains.
func (m *hmac) Reset() {
	restore(m.inner, m.iu, m.istate, m.ipad)
}

// Size returns the size of the MAC, that of the underlying hash's digest.
func (m *hmac) Size() int { return m.outer.Size() }

// BlockSize returns the underlying hash's block size.
func (m *hmac) BlockSize() int { return m.inner.BlockSize() }

// errCloneUnsupported is returned by Clone when the underlying hash cannot be
// cloned. It wraps errors.ErrUnsupported and, if there is one, the error of
// the underlying hash's Clone.
type errCloneUnsupported struct{ cause error }

func (e errCloneUnsupported) Error() string {
	if e.cause != nil {
		return "hmac: cannot clone the underlying hash: " + e.cause.Error()
	}
	return "hmac: the underlying hash does not implement hash.Cloner"
}

func (e errCloneUnsupported) Unwrap() []error {
	if e.cause != nil {
		return []error{errors.ErrUnsupported, e.cause}
	}
	return []error{errors.ErrUnsupported}
}

// Clone returns an independent copy of the HMAC in its current state. It
// returns an error wrapping [errors.ErrUnsupported] if the underlying hash
// does not implement [hash.Cloner] or its Clone fails.
func (m *hmac) Clone() (hash.Cloner, error) {
	ic, ok := m.inner.(hash.Cloner)
	if !ok {
		return nil, errCloneUnsupported{}
	}
	oc, ok := m.outer.(hash.Cloner)
	if !ok {
		return nil, errCloneUnsupported{}
	}
	inner, err := ic.Clone()
	if err != nil {
		return nil, errCloneUnsupported{err}
	}
	outer, err := oc.Clone()
	if err != nil {
		return nil, errCloneUnsupported{err}
	}
	// The pads and saved states are never modified after New, so the clone
	// shares them.
	c := *m
	c.inner, c.outer = inner, outer
	c.iu, c.ou = nil, nil
	if c.istate != nil {
		iu, ok1 := inner.(encoding.BinaryUnmarshaler)
		ou, ok2 := outer.(encoding.BinaryUnmarshaler)
		if ok1 && ok2 {
			c.iu, c.ou = iu, ou
		} else {
			// A clone of another type than the original: fall back to
			// hashing the pads.
			c.istate, c.ostate = nil, nil
		}
	}
	return &c, nil
}

// Equal reports whether mac1 and mac2 are equal, in a time that depends on
// their lengths but not on their contents. Use it, and not bytes.Equal, to
// check a MAC. The lengths of MACs are public (they are those of the hash
// functions), so MACs of different lengths are unequal at once.
func Equal(mac1, mac2 []byte) bool {
	if len(mac1) != len(mac2) {
		return false
	}
	mac2 = mac2[:len(mac1)]
	// Accumulate every difference, without stopping at the first one.
	var diff byte
	for i := range mac1 {
		diff |= mac1[i] ^ mac2[i]
	}
	// diff-1 wraps around, setting bit 31, exactly when diff is zero.
	return (uint32(diff)-1)>>31 == 1
}
