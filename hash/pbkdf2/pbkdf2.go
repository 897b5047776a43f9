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
// count; crypto/pbkdf2 computes with a count of 1 instead).
//
// HMAC is computed by github.com/crypton-go/crypton/hash/hmac, whose
// precomputed key states make each iteration cost two compressions of the
// hash for the short messages PBKDF2 hashes. Nothing depends on secret
// values, only on lengths and the iteration count.
package pbkdf2

import (
	"errors"
	"hash"

	"github.com/crypton-go/crypton/hash/hmac"
)

// maxBlocks is the largest number of hash outputs a derived key may span: the
// block index is a 32-bit counter (RFC 8018, section 5.2, step 1).
const maxBlocks = 1<<32 - 1

var (
	errKeyLength = errors.New("pbkdf2: keyLength must be larger than 0")
	errTooLong   = errors.New("pbkdf2: keyLength too long")
	errIter      = errors.New("pbkdf2: iteration count must be larger than 0")
)

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
// hash's output size, or if iter is less than 1.
func Key[H hash.Hash](h func() H, password string, salt []byte, iter, keyLength int) ([]byte, error) {
	if keyLength <= 0 {
		return nil, errKeyLength
	}
	if iter <= 0 {
		return nil, errIter
	}
	prf := hmac.New(func() hash.Hash { return h() }, []byte(password))
	hLen := prf.Size()
	// The number of blocks, computed in 64 bits so that it cannot overflow.
	numBlocks := (int64(keyLength) + int64(hLen) - 1) / int64(hLen)
	if numBlocks > maxBlocks || keyLength > maxInt-hLen {
		return nil, errTooLong
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
