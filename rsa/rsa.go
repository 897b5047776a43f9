package rsa

import (
	"crypto"
	crand "crypto/rand"
	"crypto/rsa"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/crypton-go/crypton/mont"
)

// Limits on the keys this package accepts.
const (
	// minModulusBits is the smallest modulus any function of this package
	// accepts: key import, signing, verification, encryption and
	// decryption, as crypto/rsa does since Go 1.24. Keys of 1024 to 2047
	// bits are still accepted, for existing keys and published test
	// vectors, but GenerateKey makes none below minGenerateBits.
	minModulusBits = 1024
	// maxModulusBits is the largest modulus: 8192 bits, the largest that
	// mont's kernels take (128 limbs of scratch space on the stack).
	maxModulusBits = 8192
	// maxPublicExponent keeps e within 31 bits, so that every platform,
	// whatever the size of int, accepts the same keys.
	maxPublicExponent = 1<<31 - 1
)

// Errors returned by the operations of this package. They carry no detail
// on purpose: ErrDecryption in particular must not say which check of a
// ciphertext failed.
var (
	// ErrVerification is returned by VerifyPKCS1v15 and VerifyPSS for a
	// signature that does not verify.
	ErrVerification = errors.New("rsa: verification error")
	// ErrDecryption is returned by DecryptOAEP (and PrivateKey.Decrypt) for
	// any ciphertext that does not decrypt, whatever the reason.
	ErrDecryption = errors.New("rsa: decryption error")
	// ErrMessageTooLong is returned when a message, or a digest with its
	// padding, does not fit in the key's modulus.
	ErrMessageTooLong = errors.New("rsa: message too long for RSA key size")
)

// errFault is returned by the private-key operation when its result fails
// the check with the public exponent: a computation error, whether a bug,
// a hardware fault or an induced one. Releasing such a result could reveal
// a prime factor of n (the Bellcore attack on RSA-CRT).
var errFault = errors.New("rsa: internal error: the private-key operation gave a wrong result")

// errInputTooLarge is returned by the private-key operation for an input
// that is not below n.
var errInputTooLarge = errors.New("rsa: input is not below the modulus")

// PublicKey is an RSA public key: a modulus n and a public exponent e.
// It is created by NewPublicKey, FromStdlibPublicKey or
// PrivateKey.PublicKey, is immutable, and is safe for concurrent use.
type PublicKey struct {
	n      *mont.Modulus
	nBytes []byte // n, big-endian, Size() bytes
	e      int
	// std is the same key for the standard library, built once so that
	// PrivateKey.Public does not allocate.
	std *rsa.PublicKey
}

// NewPublicKey returns the public key with the big-endian modulus n (leading
// zero bytes are ignored) and the public exponent e.
//
// n must be odd and between 1024 and 8192 bits long (see "Minimum key
// size" in the package documentation); smaller moduli are insecure and
// refused. Keys below 2048 bits are accepted for existing keys and
// published test vectors, but are not recommended. e must be odd, at
// least 3 and below 2³¹.
func NewPublicKey(n []byte, e int) (*PublicKey, error) {
	for len(n) > 0 && n[0] == 0 {
		n = n[1:]
	}
	if err := checkPublicExponent(e); err != nil {
		return nil, err
	}
	if len(n) == 0 {
		return nil, errors.New("rsa: modulus is zero")
	}
	if n[len(n)-1]&1 == 0 {
		return nil, errors.New("rsa: modulus is even")
	}
	bits := 8*len(n) - leadingZeros8(n[0])
	if err := checkKeySize(bits); err != nil {
		return nil, err
	}
	if bits > maxModulusBits {
		return nil, fmt.Errorf("rsa: modulus of %d bits is too large (the maximum is %d)", bits, maxModulusBits)
	}
	m, err := mont.NewModulus(n)
	if err != nil {
		return nil, fmt.Errorf("rsa: invalid modulus: %v", err)
	}
	nb := make([]byte, len(n))
	copy(nb, n)
	return &PublicKey{
		n:      m,
		nBytes: nb,
		e:      e,
		std:    stdPublicKey(nb, e),
	}, nil
}

// checkKeySize returns an error for a modulus of fewer than
// minModulusBits bits.
func checkKeySize(bits int) error {
	if bits < minModulusBits {
		return fmt.Errorf("rsa: %d-bit keys are insecure (the minimum is %d bits)", bits, minModulusBits)
	}
	return nil
}

// check returns an error unless pub is a key made by this package's
// constructors (not nil, not the zero value) with a modulus of at least
// minModulusBits bits. The constructors refuse smaller moduli already;
// every operation checks again, so that the limit holds however a key came
// to be, and a zero PublicKey gives an error rather than a panic.
func (pub *PublicKey) check() error {
	if pub == nil || pub.n == nil {
		return errors.New("rsa: missing or uninitialized key (use NewPublicKey or NewPrivateKey)")
	}
	return checkKeySize(pub.n.BitLen())
}

// check is PublicKey.check for a private key, which must also have its
// private parts.
func (priv *PrivateKey) check() error {
	if priv == nil || priv.p == nil || priv.q == nil || priv.qInv == nil || priv.blinding == nil {
		return errors.New("rsa: missing or uninitialized key (use NewPrivateKey or GenerateKey)")
	}
	return priv.pub.check()
}

func checkPublicExponent(e int) error {
	switch {
	case e < 3:
		return errors.New("rsa: public exponent is less than 3")
	case e&1 == 0:
		return errors.New("rsa: public exponent is even")
	case e > maxPublicExponent:
		return errors.New("rsa: public exponent is 2^31 or more")
	}
	return nil
}

// leadingZeros8 returns the number of leading zero bits of b.
func leadingZeros8(b byte) int {
	n := 0
	for b&0x80 == 0 && n < 8 {
		b <<= 1
		n++
	}
	return n
}

// Size returns the size of the modulus in bytes: the length of every
// signature and ciphertext made with the key.
func (pub *PublicKey) Size() int { return pub.n.Size() }

// N returns the modulus, big-endian, in Size() bytes.
func (pub *PublicKey) N() []byte {
	b := make([]byte, len(pub.nBytes))
	copy(b, pub.nBytes)
	return b
}

// E returns the public exponent.
func (pub *PublicKey) E() int { return pub.e }

// encrypt returns x^e mod n as Size() bytes, for a big-endian x below n.
// It runs in time that depends on e, which is public.
func (pub *PublicKey) encrypt(x []byte) ([]byte, error) {
	m, err := mont.NewNat().SetBytes(x, pub.n)
	if err != nil {
		return nil, errInputTooLarge
	}
	return mont.NewNat().ExpShortVarTime(m, uint64(pub.e), pub.n).Bytes(pub.n), nil
}

// PrivateKey is an RSA private key with two primes, ready for private-key
// operations by the Chinese remainder theorem. It is created by
// NewPrivateKey, FromStdlibPrivateKey or GenerateKey, is immutable, and is
// safe for concurrent use.
//
// PrivateKey implements crypto.Signer and crypto.Decrypter; its Public
// method returns the standard library's *rsa.PublicKey, so it can sign
// certificates with crypto/x509 and serve TLS with crypto/tls.
type PrivateKey struct {
	pub PublicKey
	d   []byte // the private exponent, big-endian, pub.Size() bytes

	p, q           *mont.Modulus
	pBytes, qBytes []byte // p and q, big-endian, p.Size() and q.Size() bytes
	// dP and dQ are d mod (p-1) and d mod (q-1), big-endian in exactly
	// p.Size() and q.Size() bytes, so that the exponentiations take a time
	// that depends only on the sizes of the primes.
	dP, dQ []byte
	qInv   *mont.Nat // q⁻¹ mod p, with p's length

	blinding *blinding
}

// blinding caches a blinding pair (r^e, r⁻¹) mod n. Computing r⁻¹ costs a
// modular inversion, about a sixth of a private-key operation at 2048 bits,
// so a pair is reused the way OpenSSL's BN_BLINDING does: each use squares
// both halves, which keeps them a valid pair ((r²)^e and (r²)⁻¹) without
// revealing the previous one, and a fresh random r replaces the pair every
// blindingUses operations.
type blinding struct {
	mu      sync.Mutex
	re, inv *mont.Nat
	uses    int
}

// blindingUses is how many private-key operations one random r serves.
const blindingUses = 32

// NewPrivateKey returns the private key with modulus n, public exponent e,
// private exponent d and primes p and q (all big-endian; leading zero bytes
// are ignored). It checks the public key as NewPublicKey does, and that the
// parts agree: p and q are distinct odd numbers with p·q = n, 1 < d < n,
// and e·d ≡ 1 modulo p-1 and modulo q-1. Like the standard library, it also
// rejects keys that are weak in ways key generation never produces: primes
// so close that Fermat's method factors n (|p-q| ≤ 2^(bits/2-100)) and a
// private exponent d ≤ 2^(bits/2). It does not test p and q for primality;
// every private-key operation checks its result with e instead. Since
// q⁻¹ mod p is computed as q^(p-2) mod p, which takes p to be prime, it
// checks that q^(p-1) ≡ 1 mod p, and rejects the key otherwise.
//
// NewPrivateKey precomputes d mod (p-1), d mod (q-1) and q⁻¹ mod p. The
// checks and the precomputation use mont's constant-time arithmetic: they
// take time that depends on the sizes of n, d, p and q, not on their
// values, except that a key failing a check is rejected as soon as it
// fails.
func NewPrivateKey(n []byte, e int, d, p, q []byte) (*PrivateKey, error) {
	pub, err := NewPublicKey(n, e)
	if err != nil {
		return nil, err
	}
	return newPrivateKey(pub, d, p, q)
}

// newPrivateKey checks the private parts of a key against pub and
// precomputes the values of the CRT, for the big-endian d, p and q (leading
// zero bytes are allowed).
func newPrivateKey(pub *PublicKey, d, p, q []byte) (*PrivateKey, error) {
	bits := pub.n.BitLen()
	// The byte lengths of the primes are public: they are the sizes of the
	// moduli.
	p, q = trimLeadingZeros(p), trimLeadingZeros(q)
	if !oddAtLeast3(p) || !oddAtLeast3(q) {
		return nil, errors.New("rsa: invalid prime: each prime must be odd and at least 3")
	}
	// The outcome of every check below is public: the error reveals it.
	// For a valid key, it is always the same.
	if reveal(compareBE(p, q)) == 0 {
		return nil, errors.New("rsa: the two primes are equal")
	}
	errProduct := errors.New("rsa: the primes' product is not the modulus")
	// Neither prime can be longer than n; checking it first bounds the
	// work on oversized inputs.
	if len(p) > pub.Size() || len(q) > pub.Size() {
		return nil, errProduct
	}
	P, errP := mont.NewModulus(p)
	Q, errQ := mont.NewModulus(q)
	if errP != nil || errQ != nil {
		return nil, fmt.Errorf("rsa: internal error: %v", errors.Join(errP, errQ))
	}
	pq, err := mont.NewNat().MulPlain(P.Nat(), Q.Nat()).FillBytes(make([]byte, pub.Size()))
	if err != nil || reveal(compareBE(pq, pub.nBytes)) != 0 {
		return nil, errProduct
	}
	D, err := mont.NewNat().SetBytes(d, pub.n)
	if err != nil || reveal(D.IsZero().Or(D.IsOne())) == 1 {
		return nil, errors.New("rsa: private exponent is not between 1 and the modulus")
	}

	// dP = d mod (p-1) and dQ = d mod (q-1). Then e·d ≡ 1 mod p-1 if and
	// only if e·dP ≡ 1 mod p-1, a shorter product to reduce.
	pm1 := mont.NewNat().SetBigEndian(minusOneOdd(p))
	qm1 := mont.NewNat().SetBigEndian(minusOneOdd(q))
	dP, errP := mont.NewNat().ModAny(D, pm1)
	dQ, errQ := mont.NewNat().ModAny(D, qm1)
	if errP != nil || errQ != nil {
		return nil, fmt.Errorf("rsa: internal error: %v", errors.Join(errP, errQ)) // p-1 and q-1 are at least 2
	}
	E, t := natUint(uint64(pub.e)), mont.NewNat()
	edP, errP := mont.NewNat().ModAny(t.MulPlain(E, dP), pm1)
	edQ, errQ := mont.NewNat().ModAny(t.MulPlain(E, dQ), qm1)
	if errP != nil || errQ != nil {
		return nil, fmt.Errorf("rsa: internal error: %v", errors.Join(errP, errQ))
	}
	if reveal(edP.IsOne().And(edQ.IsOne())) != 1 {
		return nil, errors.New("rsa: private exponent does not match the public exponent and primes (e·d ≢ 1 mod p-1 or q-1)")
	}

	if reveal(compareBE(absDiffBE(p, q), pow2BE(max(bits/2-100, 0)))) <= 0 {
		return nil, errors.New("rsa: the primes are too close to each other (|p-q| ≤ 2^(bits/2-100))")
	}
	dBytes := D.Bytes(pub.n)
	if reveal(compareBE(dBytes, pow2BE(bits/2))) <= 0 {
		return nil, errors.New("rsa: private exponent is too small (d ≤ 2^(bits/2))")
	}

	// qInv = q⁻¹ mod p = q^(p-2) mod p, in constant time, for a prime p.
	// q·qInv ≡ 1 mod p (q^(p-1) ≡ 1) confirms it; it fails for most
	// composite p, and if p divides q.
	qModP := mont.NewNat().Mod(Q.Nat(), P)
	qInv := mont.NewNat().InversePrime(qModP, P)
	if reveal(t.Set(qInv).Mul(qModP, P).IsOne()) != 1 {
		return nil, errors.New("rsa: the primes are not coprime, or p is not prime (q^(p-1) ≢ 1 mod p)")
	}

	dPBytes, errP := dP.FillBytes(make([]byte, P.Size()))
	dQBytes, errQ := dQ.FillBytes(make([]byte, Q.Size()))
	if errP != nil || errQ != nil {
		return nil, fmt.Errorf("rsa: internal error: %v", errors.Join(errP, errQ)) // dP < p-1, dQ < q-1
	}
	k := &PrivateKey{
		pub:    *pub,
		d:      dBytes,
		p:      P,
		q:      Q,
		pBytes: clone(p),
		qBytes: clone(q),
		dP:     dPBytes,
		dQ:     dQBytes,
		qInv:   qInv,

		blinding: new(blinding),
	}
	return k, nil
}

// PublicKey returns the public half of the key.
func (priv *PrivateKey) PublicKey() *PublicKey { return &priv.pub }

// D returns the private exponent, big-endian, in Size() bytes of the
// public key.
func (priv *PrivateKey) D() []byte { return clone(priv.d) }

// P returns the first prime, big-endian.
func (priv *PrivateKey) P() []byte { return clone(priv.pBytes) }

// Q returns the second prime, big-endian.
func (priv *PrivateKey) Q() []byte { return clone(priv.qBytes) }

func clone(b []byte) []byte {
	c := make([]byte, len(b))
	copy(c, b)
	return c
}

// Public returns the public key as the standard library's *rsa.PublicKey,
// which is what crypto/tls and crypto/x509 expect of a crypto.Signer. The
// same value is returned on every call; it must not be modified.
func (priv *PrivateKey) Public() crypto.PublicKey { return priv.pub.std }

// maxBlindingTries bounds the search for a blinding value: a candidate is
// rejected only if it is zero or shares a factor with n, which for a
// working random source has a negligible probability; sixteen failures in
// a row mean the random source is broken, as in rsa/ffdh's key
// generation.
const maxBlindingTries = 16

// privateOp returns x^d mod n as Size() bytes, for a big-endian x below n
// (errInputTooLarge otherwise). It is the one private-key operation, used by
// signing and decryption, and it runs in time independent of x, d, p and q:
//
//   - Blinding: x is multiplied by r^e for a random r in [1, n), so that
//     the exponentiations work on a value the caller neither chose nor
//     knows. The result is multiplied by r⁻¹ at the end. r is drawn from
//     random (crypto/rand when nil) every blindingUses operations and
//     squared in between (see blinding). r and r⁻¹ are secret too: with
//     them, every blinded value of the pair's uses could be unblinded. r⁻¹
//     comes from mont's constant-time Inverse, and r is drawn without a
//     comparison that depends on it (see blindingPair).
//   - CRT: the exponentiations are Exp(x mod p, dP, p) and Exp(x mod q, dQ,
//     q), constant time with exponents of the fixed lengths of p and q,
//     run together by mont's ExpPair and combined by Garner's formula
//     (mont's RecombineCRT).
//   - Fault check: the result raised to e must give x back before it is
//     released; otherwise privateOp returns errFault. A faulty CRT result
//     would reveal a prime factor of n.
func (priv *PrivateKey) privateOp(random io.Reader, x []byte) ([]byte, error) {
	N := priv.pub.n
	e := uint64(priv.pub.e)
	c, err := mont.NewNat().SetBytes(x, N)
	if err != nil {
		return nil, errInputTooLarge
	}
	blind, rInv, err := priv.nextBlinding(random)
	if err != nil {
		return nil, err
	}
	blind.Mul(c, N) // c·r^e mod n

	mp, mq := mont.NewNat().Mod(blind, priv.p), mont.NewNat().Mod(blind, priv.q)
	mont.ExpPair(mp, mp, priv.dP, priv.p, mq, mq, priv.dQ, priv.q)
	m := mont.NewNat().RecombineCRT(mp, priv.p, mq, priv.q, priv.qInv, N)
	m.Mul(rInv, N) // (c·r^e)^d·r⁻¹ = c^d

	check := mont.NewNat().ExpShortVarTime(m, e, N)
	// Whether the check passed is public: the error says it.
	ok := check.Equal(c)
	declassify(&ok)
	if ok != 1 {
		return nil, errFault
	}
	return m.Bytes(N), nil
}

// nextBlinding returns copies of the key's current blinding pair (r^e mod n,
// r⁻¹ mod n), refreshing it from random when it has served blindingUses
// operations and advancing it (squaring both halves) otherwise.
func (priv *PrivateKey) nextBlinding(random io.Reader) (re, rInv *mont.Nat, err error) {
	b := priv.blinding
	N := priv.pub.n
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.re == nil || b.uses >= blindingUses {
		r, inv, err := blindingPair(random, N)
		if err != nil {
			return nil, nil, err
		}
		b.re = r.ExpShortVarTime(r, uint64(priv.pub.e), N)
		b.inv = inv
		b.uses = 0
	} else {
		b.re.Square(N)
		b.inv.Square(N)
	}
	b.uses++
	return mont.NewNat().Set(b.re), mont.NewNat().Set(b.inv), nil
}

// blindingPair returns a random r in [1, n) that is invertible modulo n,
// and r⁻¹ mod n. A nil random means crypto/rand.
//
// r is read as 64 bits more than n has and reduced modulo n (mont's
// constant-time Mod), so that no comparison of the secret r with n decides
// a branch, as rejection sampling would; its distribution is within 2^-64
// of uniform. r⁻¹ comes from mont's constant-time Inverse. The only
// outcomes that decide branches, r = 0 and r not invertible (r shares a
// factor with n), have negligible probabilities for a working source and
// lead to r being discarded.
func blindingPair(random io.Reader, N *mont.Modulus) (r, rInv *mont.Nat, err error) {
	if random == nil {
		random = crand.Reader
	}
	buf := make([]byte, N.Size()+8)
	wide, r, rInv := mont.NewNat(), mont.NewNat(), mont.NewNat()
	for range maxBlindingTries {
		if _, err := io.ReadFull(random, buf); err != nil {
			return nil, nil, fmt.Errorf("rsa: reading blinding randomness: %w", err)
		}
		r.Mod(wide.SetBigEndian(buf), N)
		if reveal(r.IsZero()) == 1 {
			continue
		}
		if _, ok := rInv.Inverse(r, N); !ok {
			continue
		}
		return r, rInv, nil
	}
	return nil, nil, errors.New("rsa: the random source gave no usable blinding value; it looks broken")
}
