package mont

import (
	"errors"
	"io"
	"math/bits"
)

// smallPrimeProducts are products of consecutive odd primes, each below
// 2^64, covering the primes 3 to 241. A candidate sharing a factor with one
// of them is composite (unless it is that small prime).
var smallPrimeProducts = []struct {
	product uint64
	primes  []uint64
}{
	{3 * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31 * 37 * 41 * 43 * 47 * 53, []uint64{3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53}},
	{59 * 61 * 67 * 71 * 73 * 79 * 83 * 89 * 97, []uint64{59, 61, 67, 71, 73, 79, 83, 89, 97}},
	{101 * 103 * 107 * 109 * 113 * 127 * 131 * 137, []uint64{101, 103, 107, 109, 113, 127, 131, 137}},
	{139 * 149 * 151 * 157 * 163 * 167 * 173 * 179, []uint64{139, 149, 151, 157, 163, 167, 173, 179}},
	{181 * 191 * 193 * 197 * 199 * 211 * 223 * 227, []uint64{181, 191, 193, 197, 199, 211, 223, 227}},
	{229 * 233 * 239 * 241, []uint64{229, 233, 239, 241}},
}

var errRounds = errors.New("mont: Miller-Rabin needs at least one round")

// ProbablyPrimeVarTime reports whether the big-endian number w is probably
// prime: it passes trial division by the primes below 256 and rounds
// Miller–Rabin tests (FIPS 186-5, B.3.1) with bases drawn uniformly from
// [2, w-2] using rand. A composite passes one round with probability at most
// 1/4, and far less for random candidates of cryptographic size; FIPS 186-5
// Table B.1 gives the rounds for RSA primes (5 for 1024-bit primes, 4 for
// 1536-bit ones).
//
// Its time depends on w (how soon a candidate is rejected), which is the
// case for every prime-generation method: a rejected candidate is discarded,
// and the accepted one is only known to pass. The exponentiations run in
// constant time. It returns an error only if rand fails.
func ProbablyPrimeVarTime(w []byte, rounds int, rand io.Reader) (bool, error) {
	if rounds < 1 {
		return false, errRounds
	}
	x := NewNat().SetBigEndian(w).trimVarTime()
	if len(x.limbs) == 0 {
		return false, nil
	}
	if len(x.limbs) == 1 && x.limbs[0] < 256 {
		return isSmallPrime(x.limbs[0]), nil
	}
	if x.limbs[0]&1 == 0 {
		return false, nil
	}
	for _, sp := range smallPrimeProducts {
		r := x.remVarTime(sp.product)
		for _, p := range sp.primes {
			if r%p == 0 {
				return false, nil
			}
		}
	}

	m, err := newModulus(x)
	if err != nil {
		return false, nil
	}
	// w - 1 = 2^a · d with d odd.
	wMinus1 := m.Nat()
	wMinus1.limbs[0]-- // w is odd: no borrow
	a := wMinus1.TrailingZeroBitsVarTime()
	d := NewNat().Set(wMinus1).ShiftRightVarTime(a)
	dBytes := make([]byte, m.Size())
	d.fillBytes(dBytes)

	b := NewNat()
	z := NewNat()
	buf := make([]byte, m.Size())
	for range rounds {
		// A uniform base in [2, w-2] by rejection sampling.
		for {
			if _, err := io.ReadFull(rand, buf); err != nil {
				return false, err
			}
			if excess := m.Size()*8 - m.bitLen; excess > 0 {
				buf[0] &= 0xff >> excess
			}
			if _, err := b.SetBytes(buf, m); err != nil {
				continue // not below w
			}
			if b.IsZero() == 1 || b.IsOne() == 1 || b.IsMinusOne(m) == 1 {
				continue
			}
			break
		}
		z.Exp(b, dBytes, m)
		if z.IsOne() == 1 || z.IsMinusOne(m) == 1 {
			continue
		}
		passed := false
		for range a - 1 {
			z.Square(m)
			if z.IsMinusOne(m) == 1 {
				passed = true
				break
			}
			if z.IsOne() == 1 {
				return false, nil
			}
		}
		if !passed {
			return false, nil
		}
	}
	return true, nil
}

// remVarTime returns x mod d for a single-limb divisor. It uses hardware
// division, whose time may depend on the operands.
func (x *Nat) remVarTime(d uint64) uint64 {
	var r uint64
	for i := len(x.limbs) - 1; i >= 0; i-- {
		r = bits.Rem64(r, x.limbs[i], d)
	}
	return r
}

func isSmallPrime(v uint64) bool {
	if v < 2 {
		return false
	}
	for p := uint64(2); p*p <= v; p++ {
		if v%p == 0 {
			return false
		}
	}
	return true
}
