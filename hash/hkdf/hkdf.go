// Package hkdf implements the HMAC-based extract-and-expand key derivation
// function HKDF of RFC 5869.
//
// HKDF turns input keying material that is secret but not necessarily
// uniform (a Diffie-Hellman shared secret, say) into one or more
// cryptographically strong keys. It works in two steps: [Extract]
// concentrates the secret's entropy into a pseudorandom key as long as the
// hash's output, and [Expand] stretches a pseudorandom key into as much
// keying material as asked for, bound to a context string. [Key] does both.
//
// The package mirrors the standard library's crypto/hkdf (Go 1.24 and
// later): the same functions with the same signatures and results, so a
// program switches by changing an import path. The differences are in
// errors only: a negative key length is an error here, where crypto/hkdf
// panics, and the error for a key length that is too large goes on, after
// crypto/hkdf's message, to name the limit.
//
// RFC 5869 limits the output of [Expand] and [Key] to 255·HashLen bytes
// (8160 with SHA-256, 16320 with SHA-512), HashLen being the hash's output
// size; a longer request is an error, returned before anything is allocated
// for the output. That limit is the only one, and a small one: there is no
// other to raise.
//
// [Key] zeroes the pseudorandom key it extracts, and [Expand] its last block
// T(i), before they return; the HMAC states keyed with them are left to the
// garbage collector. The inputs are not modified, and the returned key
// belongs to the caller.
//
// HMAC is computed by github.com/crypton-go/crypton/hash/hmac, so the
// timing properties are those of that package and of the hash: nothing
// depends on secret values, only on lengths.
package hkdf

import (
	"errors"
	"fmt"
	"hash"

	"github.com/crypton-go/crypton/hash/hmac"
)

// maxCounter is the largest block counter of Expand: its output is at most
// 255 hash outputs long (RFC 5869, section 2.3).
const maxCounter = 255

var errNegative = errors.New("hkdf: requested key length is negative")

// checkLength returns an error if keyLength is negative or more than
// maxCounter outputs of size bytes, the output size of the hash. It cannot
// overflow, whatever size a hash reports.
func checkLength(keyLength, size int) error {
	switch {
	case keyLength < 0:
		return errNegative
	case keyLength == 0:
		return nil
	case size <= 0 || (keyLength-1)/size >= maxCounter:
		// The message begins with crypto/hkdf's. keyLength is more than
		// maxCounter·size here, which is thus an int.
		return fmt.Errorf("hkdf: requested key length too large: %d bytes exceeds 255*HashLen = %d bytes (RFC 5869)",
			keyLength, maxCounter*max(size, 0))
	}
	return nil
}

// Extract returns the pseudorandom key HMAC-Hash(salt, secret) for use with
// [Expand] (RFC 5869, section 2.2).
//
// The salt is optional: a nil or empty salt stands for a string of
// h().Size() zero bytes, as the RFC specifies (the two give the same key,
// since HMAC pads its key with zeros anyway). A random salt, if there is
// one, makes the extraction stronger.
//
// Only use Extract if the same extracted key is expanded several times with
// different info; to derive keys, even several of them, use [Key]. The error
// is always nil; it is there for compatibility with crypto/hkdf.
func Extract[H hash.Hash](h func() H, secret, salt []byte) ([]byte, error) {
	m := hmac.New(asHash(h), salt)
	m.Write(secret)
	return m.Sum(nil), nil
}

// Expand returns keyLength bytes of output keying material derived from
// pseudorandomKey and info with the hash that h makes (RFC 5869, section
// 2.3). The extraction step is skipped: pseudorandomKey should come from
// [Extract] or otherwise be uniformly random, and at least as long as the
// hash's output. Most programs want [Key] instead.
//
// keyLength may be 0, which gives an empty key. It returns an error if
// keyLength is negative or more than 255 times the hash's output size, the
// most HKDF can produce.
func Expand[H hash.Hash](h func() H, pseudorandomKey []byte, info string, keyLength int) ([]byte, error) {
	if keyLength < 0 {
		return nil, errNegative
	}
	m := hmac.New(asHash(h), pseudorandomKey)
	if err := checkLength(keyLength, m.Size()); err != nil {
		return nil, err
	}
	return expand(m, info, keyLength), nil
}

// Key derives a key of keyLength bytes from secret, salt and info with the
// hash that h makes: Expand(h, Extract(h, secret, salt), info, keyLength).
// salt and info may be empty; see [Extract] and [Expand].
//
// keyLength may be 0, which gives an empty key. It returns an error if
// keyLength is negative or more than 255 times the hash's output size.
func Key[H hash.Hash](h func() H, secret, salt []byte, info string, keyLength int) ([]byte, error) {
	if keyLength < 0 {
		return nil, errNegative
	}
	newHash := asHash(h)
	extractor := hmac.New(newHash, salt)
	if err := checkLength(keyLength, extractor.Size()); err != nil {
		return nil, err
	}
	extractor.Write(secret)
	prk := extractor.Sum(nil)
	out := expand(hmac.New(newHash, prk), info, keyLength)
	clear(prk)
	return out, nil
}

// expand computes the output keying material with m, an HMAC keyed with the
// pseudorandom key, in its initial state. keyLength must be in range.
//
//	T(0) = empty
//	T(i) = HMAC(PRK, T(i-1) || info || i), i = 1, 2, ...
//	OKM  = the first keyLength bytes of T(1) || T(2) || ...
func expand(m hash.Hash, info string, keyLength int) []byte {
	out := make([]byte, keyLength)
	infoBytes := []byte(info)
	t := make([]byte, 0, m.Size())
	var counter [1]byte
	for n := 0; n < keyLength; {
		counter[0]++
		if counter[0] > 1 {
			m.Reset()
			m.Write(t)
		}
		m.Write(infoBytes)
		m.Write(counter[:])
		t = m.Sum(t[:0])
		n += copy(out[n:], t)
	}
	clear(t)
	return out
}

// asHash adapts a constructor of some hash type to the one hmac.New takes.
func asHash[H hash.Hash](h func() H) func() hash.Hash {
	return func() hash.Hash { return h() }
}
