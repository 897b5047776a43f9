package ffdh_test

import (
	"math/big"
	"testing"
)

// rfc7919X is the constant X of each group's defining formula, as printed
// in RFC 7919, Appendix A.
var rfc7919X = map[string]int64{
	"ffdhe2048": 560316,
	"ffdhe3072": 2625351,
	"ffdhe4096": 5736041,
	"ffdhe6144": 15705020,
	"ffdhe8192": 10965728,
}

// eulerE returns e = Σ 1/k! with prec bits of mantissa.
func eulerE(prec uint) *big.Float {
	sum := new(big.Float).SetPrec(prec).SetInt64(1)
	term := new(big.Float).SetPrec(prec).SetInt64(1)
	for k := int64(1); ; k++ {
		term.Quo(term, new(big.Float).SetPrec(prec).SetInt64(k))
		if term.Sign() == 0 || term.MantExp(nil) < -int(prec)-8 {
			return sum
		}
		sum.Add(sum, term)
	}
}

// TestPrimeFormula rebuilds each prime from RFC 7919's formula,
//
//	p = 2^b - 2^(b-64) + (floor(2^(b-130)·e) + X)·2^64 - 1,
//
// and compares it with the group's constant.
func TestPrimeFormula(t *testing.T) {
	for _, tg := range testGroups {
		b := tg.bits
		// floor(2^(b-130)·e) has b-128 bits; 64 more bits of precision
		// leave the rounding error of the series far below one unit.
		e := eulerE(uint(b + 64))
		scaled := new(big.Float).SetMantExp(e, b-130)
		frac, _ := scaled.Int(nil) // truncation is floor for a positive value

		one := big.NewInt(1)
		p := new(big.Int).Lsh(one, uint(b))
		p.Sub(p, new(big.Int).Lsh(one, uint(b-64)))
		mid := new(big.Int).Add(frac, big.NewInt(rfc7919X[tg.name]))
		p.Add(p, mid.Lsh(mid, 64))
		p.Sub(p, one)

		got, _ := params(tg.group())
		if got.Cmp(p) != 0 {
			t.Errorf("%s: the prime differs from RFC 7919's formula\ngot  %x\nwant %x", tg.name, got, p)
		}
	}
}

// TestSafePrimes checks that p and q = (p-1)/2 are (probable) primes, with
// math/big's Baillie-PSW test, and that 2 has order q (2^q = 1 mod p).
func TestSafePrimes(t *testing.T) {
	for _, tg := range testGroups {
		t.Run(tg.name, func(t *testing.T) {
			if testing.Short() && tg.bits > 4096 {
				t.Skip("skipping the primality test of the large groups in short mode")
			}
			t.Parallel()
			p, q := params(tg.group())
			if !p.ProbablyPrime(0) {
				t.Errorf("p is not prime")
			}
			if !q.ProbablyPrime(0) {
				t.Errorf("q is not prime")
			}
			if new(big.Int).Exp(big.NewInt(2), q, p).Cmp(big.NewInt(1)) != 0 {
				t.Errorf("2^q is not 1")
			}
		})
	}
}
