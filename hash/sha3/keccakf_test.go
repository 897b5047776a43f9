package sha3

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
	"testing/quick"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// rcBit is the function rc(t) of FIPS 202, algorithm 5: the output of a
// linear feedback shift register over GF(2)[x]/(x^8 + x^6 + x^5 + x^4 + 1).
func rcBit(t int) uint64 {
	t %= 255
	if t == 0 {
		return 1
	}
	r := uint16(1)
	for range t {
		r <<= 1
		if r&0x100 != 0 {
			r ^= 0x171
		}
	}
	return uint64(r & 1)
}

// referenceRC computes the round constant of round ir (FIPS 202, algorithm
// 6).
func referenceRC(ir int) uint64 {
	var rc uint64
	for j := 0; j <= 6; j++ {
		rc |= rcBit(j+7*ir) << (1<<j - 1)
	}
	return rc
}

func TestRoundConstants(t *testing.T) {
	for ir, got := range roundConstants {
		if want := referenceRC(ir); got != want {
			t.Errorf("roundConstants[%d] = %#016x, want %#016x", ir, got, want)
		}
	}
}

// referencePermutation is Keccak-f[1600] written step by step as in FIPS
// 202, section 3.2, with loops and no optimization.
func referencePermutation(a *[25]uint64) {
	// ρ offsets, computed as in algorithm 2.
	var rho [25]int
	x, y := 1, 0
	for t := range 24 {
		rho[x+5*y] = (t + 1) * (t + 2) / 2 % 64
		x, y = y, (2*x+3*y)%5
	}
	for ir := range 24 {
		// θ
		var c, d [5]uint64
		for x := range 5 {
			c[x] = a[x] ^ a[x+5] ^ a[x+10] ^ a[x+15] ^ a[x+20]
		}
		for x := range 5 {
			d[x] = c[(x+4)%5] ^ bits.RotateLeft64(c[(x+1)%5], 1)
		}
		for i := range 25 {
			a[i] ^= d[i%5]
		}
		// ρ and π
		var b [25]uint64
		for x := range 5 {
			for y := range 5 {
				b[y+5*((2*x+3*y)%5)] = bits.RotateLeft64(a[x+5*y], rho[x+5*y])
			}
		}
		// χ
		for x := range 5 {
			for y := range 5 {
				a[x+5*y] = b[x+5*y] ^ ^b[(x+1)%5+5*y]&b[(x+2)%5+5*y]
			}
		}
		// ι
		a[0] ^= referenceRC(ir)
	}
}

// TestPermutationZero checks Keccak-f[1600] of the all-zero state against the
// value published in the Keccak team's KeccakF-1600-IntermediateValues.txt.
func TestPermutationZero(t *testing.T) {
	want := [25]uint64{
		0xf1258f7940e1dde7, 0x84d5ccf933c0478a, 0xd598261ea65aa9ee, 0xbd1547306f80494d, 0x8b284e056253d057,
		0xff97a42d7f8e6fd4, 0x90fee5a0a44647c4, 0x8c5bda0cd6192e76, 0xad30a6f71b19059c, 0x30935ab7d08ffc64,
		0xeb5aa93f2317d635, 0xa9a6e6260d712103, 0x81a57c16dbcf555f, 0x43b831cd0347c826, 0x01f22f1a11a5569f,
		0x05e5635a21d9ae61, 0x64befef28cc970f2, 0x613670957bc46611, 0xb87c5a554fd00ecb, 0x8c3ee88a1ccf32c8,
		0x940c7922ae3a2614, 0x1841f924a2c509e4, 0x16f53526e70465c2, 0x75f644e97f30a13b, 0xeaf1ff7b5ceca249,
	}
	var ref [25]uint64
	referencePermutation(&ref)
	if ref != want {
		t.Fatalf("the reference permutation of zero = %x, want %x", ref, want)
	}
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		var a [25]uint64
		keccakF1600(&a)
		if a != want {
			t.Errorf("Keccak-f[1600](0) = %x, want %x", a, want)
		}
	})
}

func TestPermutation(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		f := func(a [25]uint64) bool {
			want := a
			referencePermutation(&want)
			got := a
			keccakF1600(&got)
			gen := a
			keccakF1600Generic(&gen)
			return got == want && gen == want
		}
		if err := quick.Check(f, &quick.Config{MaxCount: 500}); err != nil {
			t.Error(err)
		}
	})
}

// TestAbsorb checks absorb against a block-by-block computation with the
// reference permutation, for every rate and several block counts, with the
// input at every alignment.
func TestAbsorb(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 8))
		buf := make([]byte, 8*168+16)
		for i := range buf {
			buf[i] = byte(r.Uint32())
		}
		for _, rate := range []int{rate128, rate224, rate256, rate384, rate512} {
			for blocks := 0; blocks <= 8; blocks++ {
				for off := range 8 {
					var start [25]uint64
					for i := range start {
						start[i] = r.Uint64()
					}
					p := buf[off : off+blocks*rate]
					want := start
					for q := p; len(q) >= rate; q = q[rate:] {
						for i := range rate / 8 {
							want[i] ^= binary.LittleEndian.Uint64(q[8*i:])
						}
						referencePermutation(&want)
					}
					got := start
					absorb(&got, p, rate)
					if got != want {
						t.Fatalf("absorb of %d blocks at rate %d, offset %d: %x, want %x", blocks, rate, off, got, want)
					}
					// A trailing partial block is left alone.
					got = start
					absorb(&got, buf[off:off+blocks*rate+min(rate-1, 7)], rate)
					if got != want {
						t.Fatalf("absorb of %d blocks and a partial one at rate %d: %x, want %x", blocks, rate, got, want)
					}
				}
			}
		}
	})
}

// referenceAbsorb is absorb written with referencePermutation.
func referenceAbsorb(rate int) func(a *[25]uint64, p []byte) {
	return func(a *[25]uint64, p []byte) {
		for ; len(p) >= rate; p = p[rate:] {
			for i := range rate / 8 {
				a[i] ^= binary.LittleEndian.Uint64(p[8*i:])
			}
			referencePermutation(a)
		}
	}
}

// TestAbsorbBlockFunc runs the shared block function checks (state and
// input left alone outside their bounds, inputs at every alignment, inputs
// that end at or start after an unreadable page) on absorb at every rate.
func TestAbsorbBlockFunc(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, rate := range []int{rate128, rate224, rate256, rate384, rate512} {
			got := func(a *[25]uint64, p []byte) { absorb(a, p, rate) }
			t.Run(fmt.Sprint(rate), func(t *testing.T) {
				cryptotest.TestBlockFunc(t, rate, got, referenceAbsorb(rate), nil)
				cryptotest.TestBlockFuncGuarded(t, rate, got, referenceAbsorb(rate), nil)
			})
		}
	})
}
