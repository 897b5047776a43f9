package gf448

import (
	"bytes"
	"encoding/hex"
	"math/big"
	"os"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// clamp applies the X448 clamping of RFC 7748, Section 5.
func clamp(s *[56]byte) {
	s[0] &= 252
	s[55] |= 128
}

// TestLadderRFC7748 checks the two scalar multiplication vectors of RFC 7748,
// Section 5.2, on every implementation.
func TestLadderRFC7748(t *testing.T) {
	vectors := []struct{ scalar, u, out string }{
		{
			"3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eba368f54b29259a4f1c600ad3",
			"06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa5429db94ada18aa7a7fb4ef8a086",
			"ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d98223961111e21766282f73dd96b6f",
		},
		{
			"203d494428b8399352665ddca42f9de8fef600908e0d461cb021f8c538345dd77c3e4806e25f46d3315c44e0a5b4371282dd2c8d5be3095f",
			"0fbcc2f993cd56d3305b0b7d9e55d4c1a8fb5dbb52f8e9a1e9b6201b165d015894e56c4d3570bee52fe205e28a78b91cdfbde71ce8d157db",
			"884a02576239ff7a2f2f63b2db6a9ff37047ac13568e1e30fe63c4a7ad1b3ee3a5700df34321d62077e63633c575c1c954514e99da7c179d",
		},
	}
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		for _, v := range vectors {
			s := [56]byte(decodeHex(t, v.scalar))
			clamp(&s)
			var u, out Element
			u.SetBytes(decodeHex(t, v.u))
			X448Ladder(&out, &s, &u)
			if got := out.Bytes(); !bytes.Equal(got, decodeHex(t, v.out)) {
				t.Errorf("X448(%s, %s) = %x, want %s", v.scalar, v.u, got, v.out)
			}
			// out may alias u.
			X448Ladder(&u, &s, &u)
			if u.Equal(&out) != 1 {
				t.Errorf("X448Ladder aliased: %x, want %x", u.Bytes(), out.Bytes())
			}
		}
	})
}

// TestRFC7748Iterated runs the iterated test of RFC 7748, Section 5.2: k and
// u start as the base point 5, and each iteration sets k, u = X448(k, u), k.
// It checks the results after 1 and 1,000 iterations, and after 1,000,000
// iterations (many minutes per implementation) only when the environment
// variable CRYPTON_LONG_TESTS is 1 and -short is not set.
func TestRFC7748Iterated(t *testing.T) {
	want := map[int]string{
		1:       "3f482c8a9f19b01e6c46ee9711d9dc14fd4bf67af30765c2ae2b846a4d23a8cd0db897086239492caf350b51f833868b9bc2b3bca9cf4113",
		1000:    "aa3b4749d55b9daf1e5b00288826c467274ce3ebbdd5c17b975e09d4af6c67cf10d087202db88286e2b79fceea3ec353ef54faa26e219f38",
		1000000: "077f453681caca3693198420bbe515cae0002472519b3e67661a7e89cab94695c8f4bcd66e61b9b9c946da8d524de3d69bd9d9d66b997e37",
	}
	last := 1000
	if testing.Short() {
		last = 1
	} else if os.Getenv("CRYPTON_LONG_TESTS") == "1" {
		last = 1000000
	}
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		var k, u [56]byte
		k[0], u[0] = 5, 5
		for i := 1; i <= last; i++ {
			s := k
			clamp(&s)
			var ue, out Element
			ue.SetBytes(u[:])
			X448Ladder(&out, &s, &ue)
			u = k
			out.bytes(&k)
			if w, ok := want[i]; ok {
				if got := hex.EncodeToString(k[:]); got != w {
					t.Fatalf("after %d iterations: %s, want %s", i, got, w)
				}
			}
		}
	})
}

// TestLadderVsGeneric compares the ladder of each implementation with the
// generic one, and the generic one with math/big's ladder, on random scalars
// (all 448 bits used, unclamped) and edge u values.
func TestLadderVsGeneric(t *testing.T) {
	r := newRand(t)
	us := testElements(r, 4)
	scalars := [][56]byte{{}, {1}, {2}}
	var all [56]byte
	for i := range all {
		all[i] = 0xff
	}
	scalars = append(scalars, all)
	for i := 0; i < 4; i++ {
		var s [56]byte
		for j := range s {
			s[j] = byte(r.Uint32())
		}
		scalars = append(scalars, s)
	}
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
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
	for _, s := range scalars[:5] {
		for _, u := range us[:6] {
			var out Element
			X448Ladder(&out, &s, &u)
			if want := bigLadder(&s, toBig(&u)); toBig(&out).Cmp(want) != 0 {
				t.Errorf("X448Ladder(%x, %x) = %x, math/big %x", s, u.l, toBig(&out), want)
			}
		}
	}
}

// bigLadder is the RFC 7748 ladder written with math/big.
func bigLadder(s *[56]byte, u *big.Int) *big.Int {
	mod := func(x *big.Int) *big.Int { return x.Mod(x, bigP) }
	x1 := new(big.Int).Set(u)
	x2, z2, x3, z3 := big.NewInt(1), big.NewInt(0), new(big.Int).Set(u), big.NewInt(1)
	swap := 0
	for t := 447; t >= 0; t-- {
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
		z2 = mod(new(big.Int).Mul(e, big.NewInt(a24)))
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
