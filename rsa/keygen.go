package rsa

import (
	"crypto"
	crand "crypto/rand"
	"errors"
	"fmt"
	"io"
	"math/big"

	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/mont"
)

// minGenerateBits is the smallest key GenerateKey makes.
const minGenerateBits = 1024

// publicExponent is the e of every generated key, F4 = 2^16 + 1.
const publicExponent = 65537

// GenerateKey returns a new RSA key of bits bits with public exponent
// 65537, following FIPS 186-5, Appendix A.1.3: two random primes of half
// the size each, with their top two bits set so that n has exactly bits
// bits, |p-q| > 2^(bits/2-100), gcd(e, p-1) = gcd(e, q-1) = 1 and
// d = e⁻¹ mod λ(n) > 2^(bits/2). Candidates are tested with mont's
// Miller–Rabin test (ProbablyPrimeVarTime) with at least the rounds of
// FIPS 186-5, Table B.1.
//
// bits must be between 1024 and 8192; 2048 and up is recommended. random
// supplies the candidates and the Miller–Rabin bases; nil means
// crypto/rand.Reader.
//
// Key generation takes variable time: candidates are rejected as soon as
// they fail a test, and d, λ(n) and the CRT values are computed with
// math/big. The rejected values are discarded, and none of this runs again
// after the key exists.
func GenerateKey(random io.Reader, bits int) (*PrivateKey, error) {
	if bits < minGenerateBits {
		return nil, fmt.Errorf("rsa: %d-bit keys are too small (the minimum is %d bits)", bits, minGenerateBits)
	}
	if bits > maxModulusBits {
		return nil, fmt.Errorf("rsa: %d-bit keys are too large (the maximum is %d bits)", bits, maxModulusBits)
	}
	if random == nil {
		random = crand.Reader
	}
	one := big.NewInt(1)
	e := big.NewInt(publicExponent)
	minDiff := new(big.Int).Lsh(one, uint(bits/2-100))
	minD := new(big.Int).Lsh(one, uint(bits/2))
	for {
		p, err := randomPrime(random, (bits+1)/2)
		if err != nil {
			return nil, err
		}
		q, err := randomPrime(random, bits/2)
		if err != nil {
			return nil, err
		}
		diff := new(big.Int).Sub(p, q)
		if diff.Abs(diff).Cmp(minDiff) <= 0 {
			continue // probability about 2^-98: a broken random source, or bad luck
		}
		n := new(big.Int).Mul(p, q)
		if n.BitLen() != bits {
			return nil, errors.New("rsa: internal error: generated modulus has the wrong size")
		}
		// λ(n) = lcm(p-1, q-1) = (p-1)(q-1) / gcd(p-1, q-1).
		pm1 := new(big.Int).Sub(p, one)
		qm1 := new(big.Int).Sub(q, one)
		g := new(big.Int).GCD(nil, nil, pm1, qm1)
		lambda := new(big.Int).Mul(pm1, qm1)
		lambda.Quo(lambda, g)
		d := new(big.Int).ModInverse(e, lambda)
		if d == nil || d.Cmp(minD) <= 0 {
			continue
		}
		pub, err := NewPublicKey(n.Bytes(), publicExponent)
		if err != nil {
			return nil, err
		}
		priv, err := newPrivateKey(pub, d, p, q)
		if err != nil {
			return nil, err
		}
		if err := pairwiseCheck(random, priv); err != nil {
			return nil, err
		}
		return priv, nil
	}
}

// pairwiseCheck signs and verifies a fixed digest with a new key, the
// pairwise consistency test of FIPS 140-3.
func pairwiseCheck(random io.Reader, priv *PrivateKey) error {
	digest := sha256.Sum256([]byte("crypton rsa pairwise consistency test"))
	sig, err := signPKCS1v15(random, priv, crypto.SHA256, digest[:])
	if err != nil {
		return fmt.Errorf("rsa: generated key fails to sign: %w", err)
	}
	if err := VerifyPKCS1v15(priv.PublicKey(), crypto.SHA256, digest[:], sig); err != nil {
		return errors.New("rsa: internal error: generated key fails its pairwise consistency test")
	}
	return nil
}

// millerRabinRounds returns the number of Miller–Rabin rounds for a random
// prime candidate of the given size: 4 rounds from 1536 bits, 5 from 1024
// bits and 7 below, at least what FIPS 186-5, Table B.1 asks for RSA primes
// of those sizes. The bound of 1/4 per round holds for any composite;
// random candidates pass far less often.
func millerRabinRounds(bits int) int {
	switch {
	case bits >= 1536:
		return 4
	case bits >= 1024:
		return 5
	default:
		return 7
	}
}

// randomPrime returns a random prime of exactly bits bits, with its top two
// bits set and p-1 coprime to the public exponent.
func randomPrime(random io.Reader, bits int) (*big.Int, error) {
	b := make([]byte, (bits+7)/8)
	excess := uint(8*len(b) - bits)
	rounds := millerRabinRounds(bits)
	e := big.NewInt(publicExponent)
	pm1 := new(big.Int)
	for {
		if _, err := io.ReadFull(random, b); err != nil {
			return nil, fmt.Errorf("rsa: reading randomness for a prime: %w", err)
		}
		b[0] &= 0xff >> excess
		// Set bits bits-1 and bits-2 (the top two) and bit 0. The product of
		// two such numbers of a and b bits has exactly a+b bits, since
		// (3/4)² ≥ 1/2.
		setBit(b, bits-1)
		setBit(b, bits-2)
		b[len(b)-1] |= 1
		// gcd(e, p-1) = 1: e = 65537 is prime, so this is e ∤ p-1. It is
		// cheaper than a Miller–Rabin round, so it comes first.
		pm1.SetBytes(b)
		pm1.Sub(pm1, big.NewInt(1))
		if pm1.Mod(pm1, e).Sign() == 0 {
			continue
		}
		prime, err := mont.ProbablyPrimeVarTime(b, rounds, random)
		if err != nil {
			return nil, fmt.Errorf("rsa: testing a prime candidate: %w", err)
		}
		if prime {
			return new(big.Int).SetBytes(b), nil
		}
	}
}

// setBit sets bit i (0 the least significant) of the big-endian number b.
func setBit(b []byte, i int) {
	b[len(b)-1-i/8] |= 1 << (i % 8)
}
