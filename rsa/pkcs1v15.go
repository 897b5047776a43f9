package rsa

import (
	"crypto"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
)

// pkcs1v15Encode returns the k-byte encoding EMSA-PKCS1-v1_5 (RFC 8017,
// Section 9.2) of the digest hashed made with hash,
//
//	0x00 0x01 0xff ... 0xff 0x00 DigestInfo(hash) hashed,
//
// or, for hash 0, of hashed alone with no DigestInfo.
func pkcs1v15Encode(k int, hash crypto.Hash, hashed []byte) ([]byte, error) {
	var prefix []byte
	if hash != 0 {
		var ok bool
		prefix, ok = digestInfoPrefixes[hash]
		if !ok {
			return nil, fmt.Errorf("rsa: hash function %v is not supported by PKCS #1 v1.5 signatures", hash)
		}
		// The prefix ends with the digest length.
		if len(hashed) != int(prefix[len(prefix)-1]) {
			return nil, fmt.Errorf("rsa: input must be a %v digest of %d bytes, not %d bytes", hash, prefix[len(prefix)-1], len(hashed))
		}
	}
	tLen := len(prefix) + len(hashed)
	// At least eight 0xff bytes of padding.
	if k < tLen+11 {
		return nil, ErrMessageTooLong
	}
	em := make([]byte, k)
	em[1] = 0x01
	psEnd := k - tLen - 1
	for i := 2; i < psEnd; i++ {
		em[i] = 0xff
	}
	copy(em[psEnd+1:], prefix)
	copy(em[psEnd+1+len(prefix):], hashed)
	return em, nil
}

// SignPKCS1v15 returns the RSASSA-PKCS1-v1_5 signature (RFC 8017, Section
// 8.2) of hashed, the digest of a message made with hash, under priv. For
// hash 0, hashed is signed as it is, with no DigestInfo, as crypto/rsa
// does; this is only for protocols that need it.
//
// The supported hashes are SHA-1, SHA-224, SHA-256, SHA-384, SHA-512,
// SHA-512/224, SHA-512/256 and SHA3-224/256/384/512. The signature is
// deterministic. The private-key operation is blinded with randomness from
// crypto/rand (see PrivateKey.Sign to pass another source) and runs in
// constant time.
func SignPKCS1v15(priv *PrivateKey, hash crypto.Hash, hashed []byte) ([]byte, error) {
	return signPKCS1v15(nil, priv, hash, hashed)
}

func signPKCS1v15(random io.Reader, priv *PrivateKey, hash crypto.Hash, hashed []byte) ([]byte, error) {
	if err := priv.check(); err != nil {
		return nil, err
	}
	em, err := pkcs1v15Encode(priv.pub.Size(), hash, hashed)
	if err != nil {
		return nil, err
	}
	// em starts with 0x00 0x01, so it is below n: privateOp cannot fail
	// for its input.
	return priv.privateOp(random, em)
}

// VerifyPKCS1v15 checks that sig is a valid RSASSA-PKCS1-v1_5 signature of
// hashed, the digest of a message made with hash, under pub. It returns nil
// if it is, and ErrVerification (or an error naming an unsupported hash) if
// not. sig must be exactly pub.Size() bytes long.
//
// It recomputes the one valid encoding of hashed and compares it with
// sig^e mod n, rather than parsing the latter, so no lenient parsing can
// accept a forgery. Verification uses only public values and runs in
// variable time.
func VerifyPKCS1v15(pub *PublicKey, hash crypto.Hash, hashed, sig []byte) error {
	if err := pub.check(); err != nil {
		return err
	}
	k := pub.Size()
	want, err := pkcs1v15Encode(k, hash, hashed)
	if err != nil {
		if errors.Is(err, ErrMessageTooLong) {
			return ErrVerification
		}
		if _, ok := digestInfoPrefixes[hash]; ok || hash == 0 {
			// A digest of the wrong length cannot verify.
			return ErrVerification
		}
		return err
	}
	if len(sig) != k {
		return ErrVerification
	}
	em, err := pub.encrypt(sig)
	if err != nil {
		return ErrVerification
	}
	if subtle.ConstantTimeCompare(em, want) != 1 {
		return ErrVerification
	}
	return nil
}
