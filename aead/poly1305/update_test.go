package poly1305

import (
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// maxState is the largest accumulator the contract of update allows,
// h < 2¹³⁰ + 2⁶⁵, and the key with every bit that clamping leaves.
var maxState = macState{
	h: [3]uint64{^uint64(0), 1, 4},
	r: [2]uint64{rMaskLo, rMaskHi},
}

// randomState returns a state within the contract of update: a clamped key
// and an accumulator below 2¹³⁰ + 2⁶⁵, often at or near the edges of its
// limbs.
func randomState(r *rand.Rand) macState {
	var s macState
	limb := func() uint64 {
		switch r.IntN(4) {
		case 0:
			return 0
		case 1:
			return ^uint64(0) - uint64(r.IntN(8))
		default:
			return r.Uint64()
		}
	}
	var key [32]byte
	extremeBytes(r, key[:])
	s.setKey(&key)
	switch r.IntN(4) {
	case 0: // 2¹³⁰ ≤ h < 2¹³⁰ + 2⁶⁵
		s.h = [3]uint64{limb(), uint64(r.IntN(2)), 4}
	default:
		s.h = [3]uint64{limb(), limb(), uint64(r.IntN(4))}
	}
	return s
}

// TestUpdateAgainstGeneric compares update, with each implementation, with
// updateGeneric on the same state, limb for limb, and checks the result with
// a math/big model: on random states and messages of 0 to 64 blocks, and on
// the largest accumulator and key with messages of all-ones blocks, which
// keep the limbs at their largest. (Dropping the rare carry into h2 after
// adding 5·⌊t/2¹³⁰⌋, in the loop or after it, passed every other test of the
// package and failed only these cases.)
func TestUpdateAgainstGeneric(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton poly1305 update vs. Go  "))))
		buf := make([]byte, 66*TagSize)
		check := func(what string, s macState, msg []byte) {
			t.Helper()
			want, got := s, s
			updateGeneric(&want, msg)
			update(&got, msg)
			if got != want {
				t.Fatalf("%s: state %x, %d blocks %x: update gives h = %x, updateGeneric %x",
					what, s, len(msg)/TagSize, msg, got.h, want.h)
			}
			if err := checkUpdateModel(&s, msg, &got); err != "" {
				t.Fatalf("%s: state %x, %d blocks %x: update gives h = %x: %s",
					what, s, len(msg)/TagSize, msg, got.h, err)
			}
		}
		for i := range 4000 {
			s := randomState(r)
			nb := r.IntN(65)
			off := r.IntN(TagSize)
			msg := buf[off : off+nb*TagSize]
			extremeBytes(r, msg)
			check("random", s, msg)
			if i%8 == 0 {
				// A tail that is not a whole block is ignored.
				check("random with a partial block", s, buf[off:off+nb*TagSize+1+r.IntN(TagSize-1)])
			}
		}

		ones := make([]byte, 64*TagSize)
		for i := range ones {
			ones[i] = 0xff
		}
		for _, h := range [][3]uint64{
			maxState.h,                      // 2¹³⁰ + 2⁶⁵ - 1
			{^uint64(0), ^uint64(0), 3},     // 2¹³⁰ - 1
			{^uint64(0) - 4, ^uint64(0), 3}, // p
			{0, 0, 0},
		} {
			for _, rr := range [][2]uint64{maxState.r, {rMaskLo, 0}, {0, rMaskHi}, {1, 0}} {
				s := macState{h: h, r: rr}
				for _, nb := range []int{0, 1, 2, 3, 17, 64} {
					check("largest limbs", s, ones[:nb*TagSize])
				}
			}
		}
	})
}

var (
	bigP     = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 130), big.NewInt(5))
	big2p128 = new(big.Int).Lsh(big.NewInt(1), 128)
	// bigHMax is the bound of the contract of update: h < 2¹³⁰ + 2⁶⁵.
	bigHMax = new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 130), new(big.Int).Lsh(big.NewInt(1), 65))
)

// limbs returns x[0] + x[1]·2⁶⁴ + ... as a big.Int.
func limbs(x ...uint64) *big.Int {
	n := new(big.Int)
	for i := len(x) - 1; i >= 0; i-- {
		n.Lsh(n, 64)
		n.Or(n, new(big.Int).SetUint64(x[i]))
	}
	return n
}

// checkUpdateModel checks out, the state after update(in, msg), against a
// math/big model of RFC 8439: out.h must be congruent modulo 2¹³⁰-5 to h
// with each whole block m of msg absorbed as h = (h + m + 2¹²⁸)·r, and within
// the bound of the contract; r and s must be unchanged. It returns what is
// wrong, or "".
func checkUpdateModel(in *macState, msg []byte, out *macState) string {
	h := limbs(in.h[:]...)
	r := limbs(in.r[:]...)
	for ; len(msg) >= TagSize; msg = msg[TagSize:] {
		m := limbs(binary.LittleEndian.Uint64(msg[0:8]), binary.LittleEndian.Uint64(msg[8:16]))
		h.Add(h, m)
		h.Add(h, big2p128)
		h.Mul(h, r)
		h.Mod(h, bigP)
	}
	h.Mod(h, bigP)
	got := limbs(out.h[:]...)
	if got.Cmp(bigHMax) >= 0 {
		return "not below 2¹³⁰ + 2⁶⁵"
	}
	if new(big.Int).Mod(got, bigP).Cmp(h) != 0 {
		return "math/big gives " + h.Text(16) + " modulo 2¹³⁰-5"
	}
	if out.r != in.r || out.s != in.s {
		return "the key changed"
	}
	return ""
}
