package rsa

import (
	"crypto"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/mont"
)

// minGenerateBits is the smallest key GenerateKey makes: 2048 bits, the
// least NIST SP 800-57 and SP 800-131A accept for new keys (112-bit
// security). Smaller keys, down to minModulusBits, can still be imported.
const minGenerateBits = 2048

// publicExponent is the e of every generated key, F4 = 2^16 + 1.
const publicExponent = 65537

// publicExponentModulus returns publicExponent as a mont modulus, for the
// reductions modulo e of key generation.
var publicExponentModulus = sync.OnceValue(func() *mont.Modulus {
	m, err := mont.NewModulus(binary.BigEndian.AppendUint32(nil, publicExponent))
	if err != nil {
		panic("rsa: internal error: " + err.Error())
	}
	return m
})

// GenerateKey returns a new RSA key of bits bits with public exponent
// 65537, following FIPS 186-5, Appendix A.1.3: two random primes of half
// the size each, with their top two bits set so that n has exactly bits
// bits, |p-q| > 2^(bits/2-100), gcd(e, p-1) = gcd(e, q-1) = 1 and
// d > 2^(bits/2). Candidates are tested with mont's Miller–Rabin test
// (ProbablyPrime) with at least the rounds of FIPS 186-5, Table B.1.
//
// The private exponent is d = e⁻¹ mod φ(n), φ(n) = (p-1)(q-1), as in the
// original RSA paper (and crypto/rsa before Go 1.24), where FIPS 186-5 asks
// for e⁻¹ mod λ(n), λ(n) = lcm(p-1, q-1). Both are valid RSA private
// exponents, since every d ≡ e⁻¹ mod λ(n) is one, and d mod (p-1) and
// d mod (q-1), which the private-key operations use, are the same for
// both; only the value of PrivateKey.D differs, by a multiple of λ(n).
//
// bits must be between 2048 and 8192: GenerateKey refuses to make smaller
// keys, which are insecure (see "Minimum key size" in the package
// documentation). random supplies the candidates and the Miller–Rabin
// bases; nil means crypto/rand.Reader. GenerateKey returns an error,
// rather than searching forever, when random looks broken: when it
// repeats a rejected candidate, gives no prime in 24·bits/2 candidates
// (which a working source does with probability below 2^-99), gives no
// usable Miller–Rabin base in 16 draws, or gives primes that fail the
// checks on p-q and d 16 times in a row.
//
// Key generation rejects candidates as soon as they fail a test, and
// rejected values are discarded; the candidate that becomes a prime of the
// key is tested in constant time (mont's ProbablyPrime: trial division
// and Miller–Rabin rounds whose time reveals nothing of a prime but its
// length), and the arithmetic on the accepted primes (n, φ(n), d and the
// CRT values) is mont's, in constant time. Only the outcomes of the tests,
// which for the key's primes are always the same, are public.
func GenerateKey(random io.Reader, bits int) (*PrivateKey, error) {
	if bits < minGenerateBits {
		return nil, fmt.Errorf("rsa: %d-bit keys are insecure (GenerateKey makes keys of %d bits or more)", bits, minGenerateBits)
	}
	if bits > maxModulusBits {
		return nil, fmt.Errorf("rsa: %d-bit keys are too large (the maximum is %d bits)", bits, maxModulusBits)
	}
	return generateKey(random, bits)
}

// maxKeyAttempts bounds generateKey's attempts at a pair of primes. An
// attempt fails only if the primes are too close (probability about
// 2^-97) or d is too small (about 2^-(bits/2)), so sixteen failures in a
// row mean the random source is broken, as in rsa/ffdh's key generation.
const maxKeyAttempts = 16

// generateKey is GenerateKey without its lower limit on bits, for the
// tests; bits must be at least minModulusBits.
func generateKey(random io.Reader, bits int) (*PrivateKey, error) {
	if random == nil {
		random = crand.Reader
	}
	E := publicExponentModulus()
	minDiff := pow2BE(bits/2 - 100)
	minD := pow2BE(bits / 2)
	for range maxKeyAttempts {
		p, err := randomPrime(random, (bits+1)/2, E)
		if err != nil {
			return nil, err
		}
		q, err := randomPrime(random, bits/2, E)
		if err != nil {
			return nil, err
		}
		// The outcomes of the checks are public: a key whose primes fail
		// them is discarded.
		if reveal(compareBE(absDiffBE(p, q), minDiff)) <= 0 {
			continue // probability about 2^-97: a broken random source (p = q), or bad luck
		}
		P, Q := mont.NewNat().SetBigEndian(p), mont.NewNat().SetBigEndian(q)
		n, err := mont.NewNat().MulPlain(P, Q).FillBytes(make([]byte, (bits+7)/8))
		// n is the public modulus.
		declassifyBytes(n)
		if err != nil || 8*len(n)-leadingZeros8(n[0]) != bits {
			return nil, errors.New("rsa: internal error: generated modulus has the wrong size")
		}
		d, err := privateExponent(p, q, E)
		if err != nil {
			return nil, err
		}
		dBytes, err := d.FillBytes(make([]byte, len(n)))
		if err != nil {
			return nil, fmt.Errorf("rsa: internal error: %v", err) // d < φ(n) < n
		}
		if reveal(compareBE(dBytes, minD)) <= 0 {
			continue
		}
		pub, err := NewPublicKey(n, publicExponent)
		if err != nil {
			return nil, err
		}
		priv, err := newPrivateKey(pub, dBytes, p, q)
		if err != nil {
			return nil, err
		}
		if err := pairwiseCheck(random, priv); err != nil {
			return nil, err
		}
		return priv, nil
	}
	return nil, fmt.Errorf("rsa: %d pairs of primes in a row failed the checks on p-q and d: the random source looks broken", maxKeyAttempts)
}

// privateExponent returns d = e⁻¹ mod φ(n), φ(n) = (p-1)(q-1), for the
// big-endian odd p and q (the primes) and e = publicExponent as a modulus.
// e is prime and divides neither p-1 nor q-1.
//
// With r = φ mod e, which is not zero, and k = -r⁻¹ mod e, k·φ + 1 is a
// multiple of e, and d = (k·φ + 1)/e satisfies e·d ≡ 1 mod φ; as k < e,
// d < φ. Every step runs in constant time: the product φ and k·φ
// (MulPlain), the reduction modulo e (Mod), the inverse modulo the prime e
// (InversePrime, an exponentiation) and the exact division by e
// (DivExactWord), so no extended Euclid on secret values is needed.
func privateExponent(p, q []byte, e *mont.Modulus) (*mont.Nat, error) {
	pm1 := mont.NewNat().SetBigEndian(minusOneOdd(p))
	qm1 := mont.NewNat().SetBigEndian(minusOneOdd(q))
	phi := mont.NewNat().MulPlain(pm1, qm1)
	r := mont.NewNat().Mod(phi, e)
	k := mont.NewNat().InversePrime(r, e)
	k = mont.NewNat().SetUint(0, e).Sub(k, e) // -r⁻¹ mod e
	// k·φ is even, as φ is: adding 1 sets its lowest bit. k·φ < e·φ, and e
	// has 17 bits: 8 more bytes than p and q have hold it.
	kphi, err := mont.NewNat().MulPlain(k, phi).FillBytes(make([]byte, len(p)+len(q)+8))
	if err != nil {
		return nil, fmt.Errorf("rsa: internal error: %v", err)
	}
	kphi[len(kphi)-1] |= 1
	return mont.NewNat().SetBigEndian(kphi).DivExactWord(publicExponent), nil
}

// pairwiseCheck signs and verifies a fixed digest with a new key, the
// pairwise consistency test of FIPS 140-3.
func pairwiseCheck(random io.Reader, priv *PrivateKey) error {
	digest := sha256.Sum256([]byte("crypton rsa pairwise consistency test"))
	sig, err := signPKCS1v15(random, priv, crypto.SHA256, digest[:])
	if err != nil {
		return fmt.Errorf("rsa: generated key fails to sign: %w", err)
	}
	// A signature is public: it reveals nothing the public key does not.
	declassifyBytes(sig)
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

// primeCandidates returns the number of candidates randomPrime draws for a
// prime of bits bits before it gives up. About one random candidate in
// bits·ln(2)/2 is prime, so a working source finds none in 24·bits with
// probability exp(-48/ln 2) < 2^-99.
func primeCandidates(bits int) int { return 24 * bits }

// randomPrime returns a random prime of exactly bits bits, big-endian, with
// its top two bits set and p-1 coprime to the public exponent, given as the
// modulus e.
//
// Each candidate is tested in time that reveals nothing of a candidate
// that passes (mont's ProbablyPrime for primality; a constant-time
// reduction for e ∤ p-1): only the verdicts are public, and a rejected
// candidate is discarded. randomPrime gives up with an error when random
// looks broken: when it gives a rejected candidate a second time (a source
// that repeats itself, such as one returning constant bytes, would
// otherwise be read forever), or after primeCandidates(bits) candidates.
func randomPrime(random io.Reader, bits int, e *mont.Modulus) ([]byte, error) {
	b := make([]byte, (bits+7)/8)
	excess := uint(8*len(b) - bits)
	rounds := millerRabinRounds(bits)
	pm1, r := mont.NewNat(), mont.NewNat()
	// The rejected candidates, public once rejected.
	seen := make(map[string]struct{})
	for range primeCandidates(bits) {
		if _, err := io.ReadFull(random, b); err != nil {
			return nil, fmt.Errorf("rsa: reading randomness for a prime: %w", err)
		}
		b[0] &= 0xff >> excess
		// Set bits bits-1 and bits-2 (the top two) and bit 0. The product of
		// two such numbers of a and b bits has exactly a+b bits, since
		// (3/4)² ≥ 1/2.
		setBit(b, bits-1)
		setBit(b, bits-2)
		b[len(b)-1] &^= 1
		pm1.SetBigEndian(b)
		b[len(b)-1] |= 1
		// gcd(e, p-1) = 1: e = 65537 is prime, so this is e ∤ p-1. It is
		// cheaper than a Miller–Rabin round, so it comes first.
		if reveal(r.Mod(pm1, e).IsZero()) == 0 {
			prime, err := mont.ProbablyPrime(b, rounds, random)
			if err != nil {
				return nil, fmt.Errorf("rsa: testing a prime candidate: %w", err)
			}
			if prime {
				return b, nil
			}
		}
		declassifyBytes(b)
		if _, ok := seen[string(b)]; ok {
			return nil, errors.New("rsa: the random source repeated a prime candidate: it looks broken")
		}
		seen[string(b)] = struct{}{}
	}
	return nil, fmt.Errorf("rsa: no prime in %d random candidates of %d bits: the random source looks broken", primeCandidates(bits), bits)
}

// setBit sets bit i (0 the least significant) of the big-endian number b.
func setBit(b []byte, i int) {
	b[len(b)-1-i/8] |= 1 << (i % 8)
}
