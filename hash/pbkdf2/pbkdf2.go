// Package pbkdf2 implements the password-based key derivation function PBKDF2
// of RFC 8018 (PKCS #5 v2.1), section 5.2, with HMAC as its pseudorandom
// function.
//
// PBKDF2 derives a key from a password and a salt by iterating HMAC, so that
// each guess of an attacker who has the salt and a derived key costs as many
// HMAC computations as the iteration count. Use a random salt of at least 16
// bytes and as many iterations as the application can afford. Memory-hard
// functions such as scrypt and Argon2 resist hardware attacks better; PBKDF2
// is for where a standard or an existing format requires it.
//
// The package mirrors the standard library's crypto/pbkdf2 (Go 1.24 and
// later): [Key] has the same signature and gives the same keys, so a program
// switches by changing an import path. The differences are in errors only:
// an iteration count below 1 is an error here (RFC 8018 requires a positive
// count; crypto/pbkdf2 computes with a count of 1 instead), and so is a key
// longer than 1 GiB unless the caller raises that limit (see Limits below).
//
// HMAC is computed by github.com/crypton-go/crypton/hash/hmac, whose
// precomputed key states make each iteration cost two compressions of the
// hash for the short messages PBKDF2 hashes. Nothing depends on secret
// values, only on lengths and the iteration count.
//
// # Limits
//
// RFC 8018 allows keys of up to (2³² - 1)·hLen bytes, hLen being the hash's
// output size: 128 GiB with SHA-256. Key allocates the whole key at once, so
// it also refuses keys longer than [DefaultMaxKeyLength] (1 GiB), with an
// error that names the limit, rather than let a length read from untrusted
// input exhaust the process's memory; [KeyWithParams] takes a higher limit
// in [Params].MaxKeyLength. The iteration count has no limit: the time a
// call takes grows with it.
//
// # Wiping
//
// Key zeroes its copy of the password and the intermediate values U_j before
// it returns. The HMAC states keyed with the password (see
// github.com/crypton-go/crypton/hash/hmac) are left to the garbage collector
// without being cleared. The password and the salt are not modified; the
// returned key belongs to the caller.
package pbkdf2

import (
	"errors"
	"fmt"
	"hash"

	"github.com/crypton-go/crypton/hash/hmac"
)

// maxBlocks is the largest number of hash outputs a derived key may span: the
// block index is a 32-bit counter (RFC 8018, section 5.2, step 1).
const maxBlocks = 1<<32 - 1

// DefaultMaxKeyLength is the longest key, in bytes, that [Key] derives, and
// that [KeyWithParams] derives when [Params].MaxKeyLength is 0: 1 GiB.
const DefaultMaxKeyLength = 1 << 30

var (
	errKeyLength = errors.New("pbkdf2: keyLength must be larger than 0")
	errIter      = errors.New("pbkdf2: iteration count must be larger than 0")
	errMaxKey    = errors.New("pbkdf2: MaxKeyLength must not be negative")
	errHashSize  = errors.New("pbkdf2: hash output size must be larger than 0")
)

// Params are the parameters of a PBKDF2 derivation besides the hash, the
// password and the salt, for [KeyWithParams].
type Params struct {
	// Iter is the iteration count c; at least 1.
	Iter int

	// KeyLength is the length dkLen of the derived key, in bytes: at least
	// 1, and at most MaxKeyLength and (2³² - 1)·hLen.
	KeyLength int

	// MaxKeyLength is the longest key, in bytes, that the call may derive,
	// and so allocate. 0 stands for DefaultMaxKeyLength (1 GiB);
	// math.MaxInt leaves only RFC 8018's limit and what the platform can
	// address. A negative value is an error.
	MaxKeyLength int
}

// Key derives a key of keyLength bytes from password and salt with iter
// iterations of HMAC over the hash that h makes (PBKDF2-HMAC, RFC 8018). For
// example, a 32-byte key for AES-256 with HMAC-SHA-256 is
//
//	dk, err := pbkdf2.Key(sha256.New, password, salt, 600000, 32)
//
// salt should be random and at least 16 bytes long, and iter as large as the
// application's latency allows: it multiplies an attacker's work per guess.
//
// Key returns an error if keyLength is not between 1 and (2³² - 1) times the
// hash's output size, if it is more than [DefaultMaxKeyLength] (1 GiB;
// [KeyWithParams] takes a higher limit), or if iter is less than 1.
func Key[H hash.Hash](h func() H, password string, salt []byte, iter, keyLength int) ([]byte, error) {
	return KeyWithParams(h, password, salt, Params{Iter: iter, KeyLength: keyLength})
}

// KeyWithParams derives a key of p.KeyLength bytes from password and salt
// with p.Iter iterations of HMAC over the hash that h makes, as [Key] does,
// with p.MaxKeyLength as the limit on the key's length instead of
// [DefaultMaxKeyLength]. For example, a key of 2 GiB is
//
//	dk, err := pbkdf2.KeyWithParams(sha256.New, password, salt,
//		pbkdf2.Params{Iter: 1, KeyLength: 2 << 30, MaxKeyLength: 2 << 30})
//
// It returns an error if p.Iter is less than 1, if p.MaxKeyLength is
// negative, or if p.KeyLength is less than 1 or more than (2³² - 1) times
// the hash's output size, the limit, or what the platform can address. The
// errors for a key that is too long begin with "pbkdf2: keyLength too long",
// the standard library's message, and go on to name the limit.
func KeyWithParams[H hash.Hash](h func() H, password string, salt []byte, p Params) ([]byte, error) {
	keyLength, iter := p.KeyLength, p.Iter
	if keyLength <= 0 {
		return nil, errKeyLength
	}
	if iter <= 0 {
		return nil, errIter
	}
	limit := p.MaxKeyLength
	if limit < 0 {
		return nil, errMaxKey
	}
	if limit == 0 {
		limit = DefaultMaxKeyLength
	}
	key := []byte(password)
	prf := hmac.New(func() hash.Hash { return h() }, key)
	clear(key) // hmac.New keeps its own copy, in its pads
	hLen := prf.Size()
	if hLen <= 0 {
		return nil, errHashSize
	}
	// The number of blocks, ⌈keyLength / hLen⌉, computed so that it cannot
	// overflow.
	numBlocks := uint64(keyLength) / uint64(hLen)
	if keyLength%hLen != 0 {
		numBlocks++
	}
	switch {
	case numBlocks > maxBlocks:
		return nil, fmt.Errorf("pbkdf2: keyLength too long: %d bytes exceeds (2^32-1)*hLen = %d bytes (RFC 8018)",
			keyLength, maxBlocks*uint64(hLen))
	case keyLength > maxInt-hLen:
		// The blocks are computed whole, in place: numBlocks·hLen must be
		// an int. With the usual hashes, only 32-bit platforms get here.
		return nil, fmt.Errorf("pbkdf2: keyLength too long: %d bytes exceeds what this platform can address", keyLength)
	case keyLength > limit:
		return nil, fmt.Errorf("pbkdf2: keyLength too long: %d bytes exceeds the limit of %d bytes (raise it with pbkdf2.Params.MaxKeyLength)",
			keyLength, limit)
	}

	dk := make([]byte, int(numBlocks)*hLen)
	u := make([]byte, 0, hLen)
	var index [4]byte
	for i := range int(numBlocks) {
		// T_i = U_1 ^ U_2 ^ ... ^ U_iter, accumulated in place in dk.
		// U_1 = PRF(P, S || INT(i)), with i counted from 1.
		t := dk[i*hLen : (i+1)*hLen]
		n := uint32(i + 1)
		index = [4]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}
		prf.Reset()
		prf.Write(salt)
		prf.Write(index[:])
		u = prf.Sum(u[:0])
		copy(t, u)

		// U_j = PRF(P, U_{j-1}). The HMAC restores its precomputed key
		// states on Reset and Sum, and u is overwritten in place: nothing
		// is allocated per iteration.
		for range iter - 1 {
			prf.Reset()
			prf.Write(u)
			u = prf.Sum(u[:0])
			xorInto(t, u)
		}
	}
	clear(u)
	// The tail of the last block is derived material too: wipe it rather
	// than leave it behind the returned slice.
	clear(dk[keyLength:])
	return dk[:keyLength:keyLength], nil
}

// maxInt is the largest int.
const maxInt = int(^uint(0) >> 1)

// xorInto sets dst[i] ^= src[i] for every i; src is at least as long as dst.
func xorInto(dst, src []byte) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] ^= src[i]
	}
}
