package rsa

import (
	"crypto"
	crand "crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"hash"
	"io"
)

// OAEPOptions are the parameters of RSAES-OAEP encryption. A *OAEPOptions
// is the crypto.DecrypterOpts that PrivateKey.Decrypt expects.
type OAEPOptions struct {
	// Hash is the hash function that hashes the label, and whose size sets
	// the length of the seed. It is required.
	Hash crypto.Hash
	// MGFHash is the hash function of the mask generation function MGF1.
	// Zero means Hash.
	MGFHash crypto.Hash
	// Label is bound to the ciphertext: decryption fails unless it is given
	// the label used to encrypt. It may be empty.
	Label []byte
}

// oaepHashes returns the label hash and the MGF1 hash of opts.
func oaepHashes(opts *OAEPOptions) (hash.Hash, hash.Hash, error) {
	if opts == nil {
		return nil, nil, errors.New("rsa: OAEP options are required")
	}
	if opts.Hash == 0 {
		return nil, nil, errors.New("rsa: OAEP options have no hash function")
	}
	newHash, err := hashFunc(opts.Hash)
	if err != nil {
		return nil, nil, err
	}
	mgfHash := opts.MGFHash
	if mgfHash == 0 {
		mgfHash = opts.Hash
	}
	newMGF, err := hashFunc(mgfHash)
	if err != nil {
		return nil, nil, err
	}
	return newHash(), newMGF(), nil
}

// EncryptOAEP encrypts msg for pub with RSAES-OAEP (RFC 8017, Section
// 7.1.1) and the parameters in opts, which must not be nil. msg may be at
// most pub.Size() - 2·hLen - 2 bytes long, hLen the size of opts.Hash;
// longer messages give ErrMessageTooLong. random supplies the seed; nil
// means crypto/rand.Reader.
//
// The padding is built from msg in time that depends only on the lengths,
// and the public-key operation does not depend on msg's value.
func EncryptOAEP(random io.Reader, pub *PublicKey, msg []byte, opts *OAEPOptions) ([]byte, error) {
	if err := pub.check(); err != nil {
		return nil, err
	}
	h, mgf, err := oaepHashes(opts)
	if err != nil {
		return nil, err
	}
	if random == nil {
		random = crand.Reader
	}
	k := pub.Size()
	hLen := h.Size()
	if len(msg) > k-2*hLen-2 {
		return nil, ErrMessageTooLong
	}
	// EM = 0x00 || maskedSeed || maskedDB, DB = lHash || 0x00... || 0x01 || msg.
	em := make([]byte, k)
	seed := em[1 : 1+hLen]
	db := em[1+hLen:]
	h.Write(opts.Label)
	h.Sum(db[:0])
	db[len(db)-len(msg)-1] = 0x01
	copy(db[len(db)-len(msg):], msg)
	if _, err := io.ReadFull(random, seed); err != nil {
		return nil, fmt.Errorf("rsa: reading the OAEP seed: %w", err)
	}
	mgf1XOR(db, mgf, seed)
	mgf1XOR(seed, mgf, db)
	// em starts with a zero byte and n has more than 8·(k-1) bits, so em is
	// below n.
	return pub.encrypt(em)
}

// DecryptOAEP decrypts the RSAES-OAEP ciphertext (RFC 8017, Section 7.1.2)
// with priv and the parameters in opts, which must not be nil and must be
// those used to encrypt.
//
// Every failure to decrypt gives the one error ErrDecryption. The checks
// of the padding (the leading zero byte, the label hash, the separator)
// run over the whole block in constant time, and their outcome is combined
// without branching, so neither the error nor the time taken reveals which
// one failed; only the length of the message, once it is known to be
// valid, decides how much is copied out. The private-key operation is
// blinded with randomness from crypto/rand (see PrivateKey.Decrypt to pass
// another source) and runs in constant time.
func DecryptOAEP(priv *PrivateKey, ciphertext []byte, opts *OAEPOptions) ([]byte, error) {
	return decryptOAEP(nil, priv, ciphertext, opts)
}

func decryptOAEP(random io.Reader, priv *PrivateKey, ciphertext []byte, opts *OAEPOptions) ([]byte, error) {
	if err := priv.check(); err != nil {
		return nil, err
	}
	h, mgf, err := oaepHashes(opts)
	if err != nil {
		return nil, err
	}
	k := priv.pub.Size()
	hLen := h.Size()
	// The lengths are public.
	if len(ciphertext) != k || k < 2*hLen+2 {
		return nil, ErrDecryption
	}
	em, err := priv.privateOp(random, ciphertext)
	if err != nil {
		if errors.Is(err, errInputTooLarge) || errors.Is(err, errFault) {
			return nil, ErrDecryption
		}
		return nil, err // the random source failed
	}

	h.Write(opts.Label)
	lHash := h.Sum(nil)

	seed := em[1 : 1+hLen]
	db := em[1+hLen:]
	mgf1XOR(seed, mgf, db)
	mgf1XOR(db, mgf, seed)

	// Every check below yields 1 for good and 0 for bad, and they are ANDed
	// together: nothing branches on em until the verdict.
	good := subtle.ConstantTimeByteEq(em[0], 0)
	good &= subtle.ConstantTimeCompare(db[:hLen], lHash)

	// After lHash comes zero padding, a 0x01 separator, and the message.
	// Scan all of it: found becomes 1 at the separator, whose position is
	// kept in sep; any byte other than 0x00 before it is an error.
	rest := db[hLen:]
	found, sep, stray := 0, 0, 0
	for i, b := range rest {
		isOne := subtle.ConstantTimeByteEq(b, 0x01)
		isZero := subtle.ConstantTimeByteEq(b, 0x00)
		before := found ^ 1
		sep = subtle.ConstantTimeSelect(before&isOne, i, sep)
		stray |= before & ((isOne | isZero) ^ 1)
		found |= isOne
	}
	good &= found & (stray ^ 1)
	// The verdict is what the error reveals, and the message's length what
	// a valid ciphertext reveals: only they decide branches and lengths.
	declassify(&good)
	if good != 1 {
		return nil, ErrDecryption
	}
	declassify(&sep)
	msg := make([]byte, len(rest)-sep-1)
	copy(msg, rest[sep+1:])
	return msg, nil
}
