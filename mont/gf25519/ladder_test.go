package gf25519

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// TestLadderRFC7748 checks the two scalar multiplication vectors of RFC 7748,
// Section 5.2, on every implementation.
func TestLadderRFC7748(t *testing.T) {
	vectors := []struct{ scalar, u, out string }{
		{
			"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
			"e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
			"c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552",
		},
		{
			"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
			"e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
			"95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957",
		},
	}
	cputest.TestAllImplementations(t, "gf25519", func(t *testing.T) {
		for _, v := range vectors {
			s := [32]byte(decodeHex(t, v.scalar))
			s[0] &= 248
			s[31] &= 127
			s[31] |= 64
			var u, out Element
			u.SetBytes(decodeHex(t, v.u))
			X25519Ladder(&out, &s, &u)
			if got := out.Bytes(); !bytes.Equal(got, decodeHex(t, v.out)) {
				t.Errorf("X25519(%s, %s) = %x, want %s", v.scalar, v.u, got, v.out)
			}
		}
	})
}

// TestLadderVsGeneric compares the ladder of each implementation with the
// generic one, and the generic one with math/big's ladder, on random scalars
// (all 255 bits used, unclamped) and edge u values.
func TestLadderVsGeneric(t *testing.T) {
	r := newRand(t)
	us := testElements(r, 10)
	scalars := [][32]byte{{}, {1}, {2}}
	var all [32]byte
	for i := range all {
		all[i] = 0xff
	}
	scalars = append(scalars, all)
	for i := 0; i < 10; i++ {
		var s [32]byte
		for j := range s {
			s[j] = byte(r.Uint32())
		}
		scalars = append(scalars, s)
	}
	cputest.TestAllImplementations(t, "gf25519", func(t *testing.T) {
		for _, s := range scalars {
			for _, u := range us {
				var x2, z2, gx2, gz2 Element
				ladder(&x2, &z2, &s, &u)
				ladderGeneric(&gx2, &gz2, &s, &u)
				if x2 != gx2 || z2 != gz2 {
					t.Errorf("ladder(%x, %x) = %x/%x, generic %x/%x", s, u.l, x2.l, z2.l, gx2.l, gz2.l)
				}
			}
		}
	})
	for _, s := range scalars[:6] {
		for _, u := range us[:12] {
			var out Element
			X25519Ladder(&out, &s, &u)
			if want := bigLadder(&s, toBig(&u)); toBig(&out).Cmp(want) != 0 {
				t.Errorf("X25519Ladder(%x, %x) = %x, math/big %x", s, u.l, toBig(&out), want)
			}
		}
	}
}

// bigLadder is the RFC 7748 ladder written with math/big.
func bigLadder(s *[32]byte, u *big.Int) *big.Int {
	mod := func(x *big.Int) *big.Int { return x.Mod(x, bigP) }
	x1 := new(big.Int).Set(u)
	x2, z2, x3, z3 := big.NewInt(1), big.NewInt(0), new(big.Int).Set(u), big.NewInt(1)
	swap := 0
	for t := 254; t >= 0; t-- {
		bit := int(s[t/8]>>(t%8)) & 1
		swap ^= bit
		if swap == 1 {
			x2, x3 = x3, x2
			z2, z3 = z3, z2
		}
		swap = bit
		a := mod(new(big.Int).Add(x2, z2))
		aa := mod(new(big.Int).Mul(a, a))
		b := mod(new(big.Int).Sub(x2, z2))
		bb := mod(new(big.Int).Mul(b, b))
		e := mod(new(big.Int).Sub(aa, bb))
		c := mod(new(big.Int).Add(x3, z3))
		d := mod(new(big.Int).Sub(x3, z3))
		da := mod(new(big.Int).Mul(d, a))
		cb := mod(new(big.Int).Mul(c, b))
		x3 = mod(new(big.Int).Add(da, cb))
		x3 = mod(x3.Mul(x3, x3))
		z3 = mod(new(big.Int).Sub(da, cb))
		z3 = mod(z3.Mul(z3, z3))
		z3 = mod(z3.Mul(z3, x1))
		x2 = mod(new(big.Int).Mul(aa, bb))
		z2 = mod(new(big.Int).Mul(e, big.NewInt(121665)))
		z2 = mod(z2.Add(z2, aa))
		z2 = mod(z2.Mul(z2, e))
	}
	if swap == 1 {
		x2, z2 = x3, z3
	}
	if z2.Sign() == 0 {
		return z2
	}
	z2.ModInverse(z2, bigP)
	return mod(x2.Mul(x2, z2))
}
