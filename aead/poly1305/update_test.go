package poly1305

import (
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	//lint:ignore SA1019 the deprecated package is the reference to compare with.
	xpoly1305 "golang.org/x/crypto/poly1305"
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
// updateGeneric on the same state, modulo 2¹³⁰-5 (amd64's sixteen-block
// path may leave h larger by 2¹³⁰-5 than updateGeneric), and checks the
// result with
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
			gh, wh := limbs(got.h[:]...), limbs(want.h[:]...)
			if got.r != want.r || gh.Mod(gh, bigP).Cmp(wh.Mod(wh, bigP)) != 0 {
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

// longUpdateLengths are the message lengths, in blocks, of
// TestUpdateLongEdges: every length to 40 blocks, and the lengths around the
// thresholds and step sizes of the implementations that absorb several
// blocks per step (on amd64, 48 blocks and steps of 16).
func longUpdateLengths() []int {
	var ls []int
	for nb := 0; nb <= 40; nb++ {
		ls = append(ls, nb)
	}
	for _, nb := range []int{48, 64, 80, 96, 128, 256, 4096} {
		ls = append(ls, nb-1, nb, nb+1)
	}
	return ls
}

// TestUpdateLongEdges checks update, with each implementation, on messages
// of every length in longUpdateLengths, of all-ones blocks and of random
// ones, from the largest accumulators that the contract allows and with the
// largest clamped key: against the math/big model and against updateGeneric
// modulo 2¹³⁰-5 (limb for limb, implementations may differ by 2¹³⁰-5), and
// the tags of the same messages under keys with the largest r against
// x/crypto.
func TestUpdateLongEdges(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton poly1305 long updates   "))))
		lengths := longUpdateLengths()
		maxLen := lengths[len(lengths)-1] * TagSize
		ones := make([]byte, maxLen)
		for i := range ones {
			ones[i] = 0xff
		}
		random := make([]byte, maxLen+TagSize)
		extremeBytes(r, random)
		for _, nb := range lengths {
			n := nb * TagSize
			off := r.IntN(TagSize)
			for _, msg := range [][]byte{ones[:n], random[off : off+n]} {
				for _, h := range [][3]uint64{maxState.h, {^uint64(0), ^uint64(0), 3}, {^uint64(0) - 4, ^uint64(0), 3}, {}} {
					for _, rr := range [][2]uint64{maxState.r, {rMaskLo, 0}, {0, rMaskHi}} {
						if nb > 256 && (h != maxState.h || rr != maxState.r) {
							continue // the math/big model is slow
						}
						s := macState{h: h, r: rr}
						got, want := s, s
						update(&got, msg)
						updateGeneric(&want, msg)
						if limbs(got.h[:]...).Mod(limbs(got.h[:]...), bigP).Cmp(limbs(want.h[:]...).Mod(limbs(want.h[:]...), bigP)) != 0 {
							t.Fatalf("%d blocks, h %x, r %x: update gives h = %x, updateGeneric %x, not congruent", nb, h, rr, got.h, want.h)
						}
						if err := checkUpdateModel(&s, msg, &got); err != "" {
							t.Fatalf("%d blocks, h %x, r %x: update gives h = %x: %s", nb, h, rr, got.h, err)
						}
					}
				}
				for _, tail := range []int{0, 1, TagSize - 1} {
					var key [32]byte
					for i := range 16 {
						key[i] = 0xff // r at its clamped maximum
					}
					extremeBytes(r, key[16:])
					m := msg
					if tail > 0 && off+n+tail <= len(random) {
						m = random[off : off+n+tail]
					}
					var got, want [TagSize]byte
					Sum(&got, m, &key)
					xpoly1305.Sum(&want, m, &key)
					if got != want {
						t.Fatalf("%d bytes, key %x: Sum gives %x, x/crypto %x", len(m), key, got, want)
					}
				}
			}
		}
	})
}
