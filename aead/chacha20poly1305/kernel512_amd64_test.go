//go:build gc && !purego

package chacha20poly1305

import (
	"bytes"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/aead/chacha20"
	"github.com/crypton-go/crypton/aead/poly1305"
)

// skipWithoutAVX512 skips a test of the AVX-512 kernels on a CPU that
// cannot run them.
func skipWithoutAVX512(t *testing.T) {
	t.Helper()
	if !useAVX512 && !useAVX512IFMA {
		t.Skip("the CPU lacks AVX-512F, AVX-512VL, AVX2 or BMI2")
	}
}

// TestKernelAVX512 compares chachaPolyAVX512 with the packages chacha20 and
// poly1305: for every first (0, 16, 32, 48, 64 blocks), one to three
// chunks, counters at the start and at the very end of the 32-bit counter,
// additional data of several lengths, in place (Open: each chunk hashes
// itself) and not, the keystream XORed into each whole chunk, nothing
// written after them, the state left alone, and the Poly1305 accumulator,
// finished, against poly1305.Sum of the padded additional data and the
// blocks hashed.
func TestKernelAVX512(t *testing.T) {
	skipWithoutAVX512(t)
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 avx512a"))))
	for _, counter := range []uint32{0, 1, 1<<31 - 3, 1<<32 - 48, 1<<32 - 16*3} {
		for _, chunks := range []int{0, 1, 2, 3} {
			if uint64(counter)+uint64(16*chunks) > 1<<32 {
				continue
			}
			for first := 0; first <= 64; first += 16 {
				for _, inPlace := range []bool{false, true} {
					if inPlace && first != 64 {
						continue
					}
					ctx := fmt.Sprintf("counter %#x, %d chunks, first %d, in place %v", counter, chunks, first, inPlace)
					key, nonce := [KeySize]byte(randBytes(r, KeySize)), [NonceSize]byte(randBytes(r, NonceSize))
					polyKey := [32]byte(randBytes(r, 32))
					ad := randBytes(r, []int{0, 1, 15, 16, 17, 40}[r.IntN(6)])
					tail := r.IntN(2) * r.IntN(chunk512Size)
					src := randBytes(r, chunks*chunk512Size+tail)
					hashed := randBytes(r, 16*first+max(chunks-1, 0)*chunk512Size)
					if chunks == 0 {
						hashed = nil
					}
					dst := bytes.Repeat([]byte{0xa5}, len(src))
					if inPlace {
						hashed = src[:chunks*chunk512Size]
						dst = src
					}
					whole := chunks * chunk512Size
					want := make([]byte, whole)
					s, _ := chacha20.NewUnauthenticatedCipher(key[:], nonce[:])
					if counter > 0 {
						s.SetCounter(counter)
					}
					s.XORKeyStream(want, src[:whole])
					var wantTag [16]byte
					padded := append(bytes.Clone(ad), make([]byte, (16-len(ad)%16)%16)...)
					poly1305.Sum(&wantTag, append(padded, hashed...), &polyKey)
					var wantTail []byte
					if !inPlace {
						wantTail = bytes.Repeat([]byte{0xa5}, tail)
					} else {
						wantTail = bytes.Clone(src[whole:])
					}

					var p polyState
					p.setKey(&polyKey)
					var pw polyPowers
					polyPowersMULX(&p, &pw)
					state := initState(&key, &nonce, counter)
					stateCopy := state
					// The hash pointer must not be dereferenced when
					// nothing is hashed: one past the end of the data.
					h := append(bytes.Clone(hashed), 0)
					chachaPolyAVX512(&state, &p, &pw, dst, src, &h[0], first, ad)
					if !bytes.Equal(dst[:whole], want) {
						t.Errorf("%s: wrong keystream", ctx)
					}
					if !bytes.Equal(dst[whole:], wantTail) {
						t.Errorf("%s: wrote past the chunks", ctx)
					}
					if state != stateCopy {
						t.Errorf("%s: the state changed", ctx)
					}
					var tag [16]byte
					p.finish(&tag)
					if tag != wantTag {
						t.Errorf("%s, %d bytes of additional data: Poly1305 tag %x, want %x", ctx, len(ad), tag, wantTag)
					}
				}
			}
		}
	}
}

// TestPolySteps compares polyStepsMULX, after polyPowersMULX, with the
// package poly1305 on random keys and on the extremes of the arithmetic:
// the largest clamped r, all-ones blocks, and a start from an accumulator
// left by the one-block code.
func TestPolySteps(t *testing.T) {
	skipWithoutAVX512(t)
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 avx512b"))))
	ff := bytes.Repeat([]byte{0xff}, 64*16+48)
	keys := [][]byte{ff[:32], append(bytes.Repeat([]byte{0xff}, 16), make([]byte, 16)...), randBytes(r, 32), randBytes(r, 32)}
	msgs := [][]byte{ff, randBytes(r, len(ff)), append(bytes.Repeat([]byte{0xff}, len(ff)-16), bytes.Repeat([]byte{0xfe}, 16)...)}
	for ki, k := range keys {
		polyKey := [32]byte(k)
		for mi, m := range msgs {
			for _, pre := range []int{0, 16, 48} {
				for _, n := range []int{0, 255, 256, 512, 1023, 1024} {
					ctx := fmt.Sprintf("key %d, message %d, %d bytes after %d", ki, mi, n, pre)
					var p polyState
					p.setKey(&polyKey)
					var pw polyPowers
					polyPowersMULX(&p, &pw)
					// pre bytes with the one-block code, then the steps.
					polyFinishBlocks(&p, m[:pre])
					polyStepsMULX(&p, &pw, m[pre:pre+n])
					var tag, want [16]byte
					p.finish(&tag)
					poly1305.Sum(&want, m[:pre+n&^255], &polyKey)
					if tag != want {
						t.Errorf("%s: tag %x, want %x", ctx, tag, want)
					}
				}
			}
		}
	}
}

// polyFinishBlocks absorbs the whole blocks of m into p with the one-block
// code of chachaPolyAVX2's additional data.
func polyFinishBlocks(p *polyState, m []byte) {
	var zero [16]uint32
	var one [1]byte
	chachaPolyAVX2(&zero, p, nil, nil, &one[0], 0, m)
}

// TestPolyExtremesAVX512 is TestPolyExtremes for chachaPolyAVX512: the
// largest clamped r and all-ones blocks through its additional data and its
// steps.
func TestPolyExtremesAVX512(t *testing.T) {
	skipWithoutAVX512(t)
	ff := bytes.Repeat([]byte{0xff}, 2*chunk512Size)
	keys := [][]byte{ff[:32], append(bytes.Repeat([]byte{0xff}, 16), make([]byte, 16)...)}
	for ki, k := range keys {
		polyKey := [32]byte(k)
		for _, first := range []int{16, 64} {
			for _, adLen := range []int{0, 16, 1000} {
				ctx := fmt.Sprintf("key %d, first %d, %d bytes of additional data", ki, first, adLen)
				var p polyState
				p.setKey(&polyKey)
				var pw polyPowers
				polyPowersMULX(&p, &pw)
				var key [KeySize]byte
				var nonce [NonceSize]byte
				state := initState(&key, &nonce, 1)
				hashed := ff[:16*first+chunk512Size]
				chachaPolyAVX512(&state, &p, &pw, make([]byte, 2*chunk512Size), make([]byte, 2*chunk512Size), &hashed[0], first, ff[:adLen])
				checkPolyTag(t, ctx, &p, &polyKey, ff[:adLen], hashed)
			}
		}
	}
}

// checkPolyTag checks that p, finished, gives the tag of poly1305.Sum
// under polyKey of ad padded with zeros to a multiple of 16 bytes, then
// hashed.
func checkPolyTag(t *testing.T, ctx string, p *polyState, polyKey *[32]byte, ad, hashed []byte) {
	t.Helper()
	var tag, want [16]byte
	p.finish(&tag)
	padded := append(bytes.Clone(ad), make([]byte, (16-len(ad)%16)%16)...)
	poly1305.Sum(&want, append(padded, hashed...), polyKey)
	if tag != want {
		t.Errorf("%s: tag %x, want %x", ctx, tag, want)
	}
}

// TestKernelKeyAVX512 compares chachaKeyAVX512 and chachaKey8AVX512 with
// the packages chacha20 and poly1305: for every length from 0 to 16 (or 8)
// blocks and a partial block
// (in place and not, at several counters), the Poly1305 key set from the
// block with the counter (the tag of a message under it against
// poly1305.Sum), the keystream of the following blocks XORed into the whole
// blocks, nothing written after them, ks the keystream of the next block
// when fewer than 16, and the state left alone.
func TestKernelKeyAVX512(t *testing.T) {
	skipWithoutAVX512(t)
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 avx512c"))))
	for _, kernel := range []struct {
		name  string
		lanes int
		f     func(state *[16]uint32, s *polyState, pw *ifmaPowers, dst, src []byte, ks *[64]byte)
	}{{"chachaKeyAVX512", 16, chachaKeyAVX512}, {"chachaKey8AVX512", 8, chachaKey8AVX512}} {
		for _, counter := range []uint32{0, 1, 1<<31 - 9, 1<<32 - 17} {
			for n := 0; n <= kernel.lanes*64+63; n += 1 + r.IntN(23) {
				for _, inPlace := range []bool{false, true} {
					ctx := fmt.Sprintf("%s, counter %#x, %d bytes, in place %v", kernel.name, counter, n, inPlace)
					key, nonce := [KeySize]byte(randBytes(r, KeySize)), [NonceSize]byte(randBytes(r, NonceSize))
					src := randBytes(r, n)
					whole := min(n/64, kernel.lanes)
					stream := make([]byte, 18*64)
					s, _ := chacha20.NewUnauthenticatedCipher(key[:], nonce[:])
					if counter > 0 {
						s.SetCounter(counter)
					}
					if uint64(counter)+18 <= 1<<32 {
						s.XORKeyStream(stream, stream)
					} else {
						s.XORKeyStream(stream[:17*64], stream[:17*64])
					}
					want := bytes.Clone(src)
					for i := range 64 * whole {
						want[i] ^= stream[64+i]
					}
					dst := bytes.Repeat([]byte{0xa5}, n)
					if inPlace {
						dst = src
					}
					state := initState(&key, &nonce, counter)
					stateCopy := state
					var p polyState
					p.h = [3]uint64{1, 2, 3} // must be reset
					var ks [64]byte
					var pw ifmaPowers
					kernel.f(&state, &p, &pw, dst, src, &ks)
					if !bytes.Equal(dst[:64*whole], want[:64*whole]) {
						t.Errorf("%s: wrong keystream", ctx)
					}
					if !inPlace && !bytes.Equal(dst[64*whole:], bytes.Repeat([]byte{0xa5}, n-64*whole)) {
						t.Errorf("%s: wrote past the whole blocks", ctx)
					}
					if inPlace && !bytes.Equal(dst[64*whole:], want[64*whole:]) {
						t.Errorf("%s: changed the partial block", ctx)
					}
					if whole < kernel.lanes && !bytes.Equal(ks[:], stream[64*(whole+1):64*(whole+2)]) {
						t.Errorf("%s: ks is not the keystream of the next block", ctx)
					}
					if state != stateCopy {
						t.Errorf("%s: the state changed", ctx)
					}
					msg := randBytes(r, 100)
					var tag, wantTag [16]byte
					polyFinishMULX(&p, nil, msg, 0, 0, &tag)
					var lens [16]byte
					padded := append(append(bytes.Clone(msg), make([]byte, 12)...), lens[:]...)
					poly1305.Sum(&wantTag, padded, (*[32]byte)(stream[:32]))
					if tag != wantTag {
						t.Errorf("%s: the Poly1305 key is not the first 32 bytes of the key block", ctx)
					}
					checkPowers(t, ctx, &pw, (*[32]byte)(stream[:32]))
				}
			}
		}
	}
}

// checkPowers checks that pw holds r^(8-i) in lane i, partially reduced
// (below 2¹³⁰ + 2⁶⁴), for the key r of the Poly1305 key polyKey.
func checkPowers(t *testing.T, ctx string, pw *ifmaPowers, polyKey *[32]byte) {
	t.Helper()
	rr := new(big.Int).SetBytes(reverse(polyKey[:16]))
	rr.And(rr, new(big.Int).SetBytes(reverse([]byte{0xff, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f})))
	pp := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 130), big.NewInt(5))
	for i := range 8 {
		want := new(big.Int).Exp(rr, big.NewInt(int64(8-i)), pp)
		got := new(big.Int).Lsh(new(big.Int).SetUint64(pw[16+i]), 128)
		got.Add(got, new(big.Int).Lsh(new(big.Int).SetUint64(pw[8+i]), 64))
		got.Add(got, new(big.Int).SetUint64(pw[i]))
		if got.Cmp(new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 130), new(big.Int).Lsh(big.NewInt(1), 64))) >= 0 || new(big.Int).Mod(got, pp).Cmp(want) != 0 {
			t.Errorf("%s: pw lane %d is %x, want r^%d = %x", ctx, i, got, 8-i, want)
		}
	}
}

// polyTestKeys returns Poly1305 keys for the tests of the powers of r:
// zero, all ones, single bits of r, and 50 random ones from r.
func polyTestKeys(r *rand.Rand) [][32]byte {
	keys := [][32]byte{{}, [32]byte(bytes.Repeat([]byte{0xff}, 32))}
	for bit := 0; bit < 128; bit += 13 {
		var k [32]byte
		k[bit/8] = 1 << (bit % 8)
		keys = append(keys, k)
	}
	for range 50 {
		keys = append(keys, [32]byte(randBytes(r, 32)))
	}
	return keys
}

// TestPolyRowsIFMA checks polyRowsIFMA against math/big, for random keys
// and the keys whose clamped r is all ones or has a single bit set, and
// that it gives what chachaKeyAVX512 gives for the same key block.
func TestPolyRowsIFMA(t *testing.T) {
	skipWithoutAVX512(t)
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 avx512r"))))
	keys := polyTestKeys(r)
	for i, key := range keys {
		var p polyState
		p.setKey(&key)
		var pw ifmaPowers
		polyRowsIFMA(&p, &pw)
		checkPowers(t, fmt.Sprintf("key %d (%x)", i, key), &pw, &key)
	}

	key, nonce := [KeySize]byte(randBytes(r, KeySize)), [NonceSize]byte(randBytes(r, NonceSize))
	state := initState(&key, &nonce, 0)
	var p polyState
	var pw, pwRows ifmaPowers
	var ks [64]byte
	chachaKeyAVX512(&state, &p, &pw, nil, nil, &ks)
	polyRowsIFMA(&p, &pwRows)
	if pw != pwRows {
		t.Errorf("polyRowsIFMA gives %x, chachaKeyAVX512 %x", pwRows, pw)
	}
}

// reverse returns b with its bytes in the opposite order: little-endian to
// big-endian for big.Int.SetBytes.
func reverse(b []byte) []byte {
	r := make([]byte, len(b))
	for i, c := range b {
		r[len(b)-1-i] = c
	}
	return r
}

// ifmaChunkKernel is the signature of the IFMA chunk kernels with MULX
// steps; lanesOnly gives the others that signature.
type ifmaChunkKernel func(state *[16]uint32, s *polyState, pw *ifmaPowers, mpw *polyPowers, dst, src []byte, hash *byte)

// lanesOnly returns f as an ifmaChunkKernel that ignores mpw.
func lanesOnly(f func(state *[16]uint32, s *polyState, pw *ifmaPowers, dst, src []byte, hash *byte)) ifmaChunkKernel {
	return func(state *[16]uint32, s *polyState, pw *ifmaPowers, _ *polyPowers, dst, src []byte, hash *byte) {
		f(state, s, pw, dst, src, hash)
	}
}

// ifmaKernelStart returns what the IFMA chunk kernels start from: the
// Poly1305 state under polyKey after ad (padded), and both sets of powers.
func ifmaKernelStart(polyKey *[32]byte, ad []byte) (p polyState, pw ifmaPowers, mpw polyPowers) {
	p.setKey(polyKey)
	polyRowsIFMA(&p, &pw)
	polyPowersMULX(&p, &mpw)
	polyPaddedMULX(&p, ad)
	return p, pw, mpw
}

// TestKernelPolyIFMA compares chachaPolyIFMA and chachaSealIFMA, and their
// forms with MULX steps, with the packages chacha20 and poly1305: one to
// four chunks (and none), counters
// at the start and at the very end of the 32-bit counter, an accumulator
// that starts at zero or after additional data, hashing a buffer of its
// own, the source itself (chachaPolyIFMA, Open, in place and not) or the
// kilobyte before each chunk of the destination (chachaSealIFMA, Seal,
// in place and not), the keystream XORed into each whole chunk, nothing
// written after them, the state left alone, and the Poly1305 accumulator,
// finished, against poly1305.Sum.
func TestKernelPolyIFMA(t *testing.T) {
	skipWithoutAVX512(t)
	if !useAVX512IFMA {
		t.Skip("the CPU lacks AVX-512 IFMA")
	}
	kernels := []struct {
		name  string
		f     ifmaChunkKernel
		modes []string
	}{
		{"chachaPolyIFMA", lanesOnly(chachaPolyIFMA), []string{"buffer", "open", "open in place"}},
		{"chachaSealIFMA", lanesOnly(chachaSealIFMA), []string{"buffer", "seal", "seal in place"}},
		{"chachaPolyIFMAMULX", chachaPolyIFMAMULX, []string{"buffer", "open", "open in place"}},
		{"chachaSealIFMAMULX", chachaSealIFMAMULX, []string{"buffer", "seal", "seal in place"}},
	}
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 ifma  s"))))
	for _, kernel := range kernels {
		for _, counter := range []uint32{0, 1, 1<<31 - 3, 1<<32 - 64, 1<<32 - 16*3} {
			for _, chunks := range []int{0, 1, 2, 3, 4} {
				if uint64(counter)+uint64(16*chunks) > 1<<32 {
					continue
				}
				for _, mode := range kernel.modes {
					ctx := fmt.Sprintf("%s, counter %#x, %d chunks, %s", kernel.name, counter, chunks, mode)
					key, nonce := [KeySize]byte(randBytes(r, KeySize)), [NonceSize]byte(randBytes(r, NonceSize))
					polyKey := [32]byte(randBytes(r, 32))
					ad := randBytes(r, []int{0, 1, 16, 40}[r.IntN(4)])
					tail := r.IntN(2) * r.IntN(chunk512Size)
					whole := chunks * chunk512Size
					// buf holds a kilobyte, then src (and dst in place).
					buf := randBytes(r, chunk512Size+whole+tail)
					src := buf[chunk512Size:]
					dst := bytes.Repeat([]byte{0xa5}, len(src))
					if strings.HasSuffix(mode, "in place") {
						dst = src
					}
					want := make([]byte, whole)
					s, _ := chacha20.NewUnauthenticatedCipher(key[:], nonce[:])
					if counter > 0 {
						s.SetCounter(counter)
					}
					s.XORKeyStream(want, src[:whole])
					var hashed []byte
					hash := randBytes(r, whole+1)[:whole]
					switch mode {
					case "buffer":
						hashed = bytes.Clone(hash)
					case "open", "open in place":
						hashed = bytes.Clone(src[:whole])
						hash = src
					case "seal":
						// The kilobyte before dst, then what the call writes.
						d := append(randBytes(r, chunk512Size), dst...)
						dst = d[chunk512Size:]
						hashed = append(bytes.Clone(d[:chunk512Size]), want[:max(whole-chunk512Size, 0)]...)
						hash = d
					case "seal in place":
						hashed = append(bytes.Clone(buf[:chunk512Size]), want[:max(whole-chunk512Size, 0)]...)
						hash = buf
					}
					if chunks == 0 {
						hashed = nil
					}
					var wantTag [16]byte
					padded := append(bytes.Clone(ad), make([]byte, (16-len(ad)%16)%16)...)
					poly1305.Sum(&wantTag, append(padded, hashed...), &polyKey)
					wantTail := bytes.Clone(dst[whole:])
					if strings.HasSuffix(mode, "in place") {
						wantTail = bytes.Clone(src[whole:])
					}

					p, pw, mpw := ifmaKernelStart(&polyKey, ad)
					state := initState(&key, &nonce, counter)
					stateCopy := state
					if len(hash) == 0 {
						hash = []byte{0}
					}
					kernel.f(&state, &p, &pw, &mpw, dst, src, &hash[0])
					if !bytes.Equal(dst[:whole], want) {
						t.Errorf("%s: wrong keystream", ctx)
					}
					if !bytes.Equal(dst[whole:], wantTail) {
						t.Errorf("%s: wrote past the chunks", ctx)
					}
					if state != stateCopy {
						t.Errorf("%s: the state changed", ctx)
					}
					if p.h[2] > 4 {
						t.Errorf("%s: h = %x, h[2] above 4", ctx, p.h)
					}
					var tag [16]byte
					p.finish(&tag)
					if tag != wantTag {
						t.Errorf("%s, %d bytes of additional data: Poly1305 tag %x, want %x", ctx, len(ad), tag, wantTag)
					}
				}
			}
		}
	}
}

// TestPolyPowersMULX checks polyPowersMULX against math/big: r², …, r¹⁶
// and r³², each below 2¹³⁰ + 2⁶⁴ (the top limb at most 4, as the MULX
// steps need) and congruent to the power, r itself, and the sum
// r¹⁶ + … + r, for random keys and the keys whose clamped r is all ones
// or has a single bit set.
func TestPolyPowersMULX(t *testing.T) {
	skipWithoutAVX512(t)
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 powers "))))
	keys := polyTestKeys(r)
	pp := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 130), big.NewInt(5))
	bound := new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 130), new(big.Int).Lsh(big.NewInt(1), 64))
	limbs := func(l []uint64) *big.Int {
		v := new(big.Int)
		for i := len(l) - 1; i >= 0; i-- {
			v.Lsh(v, 64)
			v.Add(v, new(big.Int).SetUint64(l[i]))
		}
		return v
	}
	for ki, key := range keys {
		var p polyState
		p.setKey(&key)
		var pw polyPowers
		polyPowersMULX(&p, &pw)
		rr := limbs(p.r[:])
		check := func(name string, got *big.Int, k int64) {
			t.Helper()
			want := new(big.Int).Exp(rr, big.NewInt(k), pp)
			if got.Cmp(bound) >= 0 || new(big.Int).Mod(got, pp).Cmp(want) != 0 {
				t.Errorf("key %d (%x): %s is %x, want r^%d = %x below 2¹³⁰ + 2⁶⁴", ki, key, name, got, k, want)
			}
		}
		sum := new(big.Int).Set(rr)
		for k := 2; k <= 16; k++ {
			off := 3 * (16 - k)
			check(fmt.Sprintf("r^%d", k), limbs(pw[off:off+3]), int64(k))
			sum.Add(sum, new(big.Int).Exp(rr, big.NewInt(int64(k)), pp))
		}
		if pw[45] != p.r[0] || pw[46] != p.r[1] || pw[47] != p.r[1]+p.r[1]>>2 {
			t.Errorf("key %d: r0, r1, rr1 = %x, want %x, %x, %x", ki, pw[45:48], p.r[0], p.r[1], p.r[1]+p.r[1]>>2)
		}
		if got := limbs(pw[48:51]); new(big.Int).Mod(got, pp).Cmp(new(big.Int).Mod(sum, pp)) != 0 {
			t.Errorf("key %d: the sum of the powers is %x, want %x", ki, got, new(big.Int).Mod(sum, pp))
		}
		check("r^32", limbs(pw[56:59]), 32)
	}
}

// TestPolyExtremesIFMA is TestPolyExtremesAVX512 for the IFMA chunk
// kernels, those whose steps alternate between the lanes and MULX too: the
// largest clamped r and all-ones blocks, after additional data or none,
// through one to three chunks.
func TestPolyExtremesIFMA(t *testing.T) {
	skipWithoutAVX512(t)
	if !useAVX512IFMA {
		t.Skip("the CPU lacks AVX-512 IFMA")
	}
	ff := bytes.Repeat([]byte{0xff}, 4*chunk512Size)
	keys := [][]byte{ff[:32], append(bytes.Repeat([]byte{0xff}, 16), make([]byte, 16)...)}
	kernels := []struct {
		name string
		f    ifmaChunkKernel
	}{
		{"chachaPolyIFMA", lanesOnly(chachaPolyIFMA)},
		{"chachaSealIFMA", lanesOnly(chachaSealIFMA)},
		{"chachaPolyIFMAMULX", chachaPolyIFMAMULX},
		{"chachaSealIFMAMULX", chachaSealIFMAMULX},
	}
	for _, kernel := range kernels {
		for ki, k := range keys {
			polyKey := [32]byte(k)
			for _, chunks := range []int{1, 2, 3} {
				for _, adLen := range []int{0, 16, 1000} {
					ctx := fmt.Sprintf("%s, key %d, %d chunks, %d bytes of additional data", kernel.name, ki, chunks, adLen)
					p, pw, mpw := ifmaKernelStart(&polyKey, ff[:adLen])
					var key [KeySize]byte
					var nonce [NonceSize]byte
					state := initState(&key, &nonce, 1)
					n := chunks * chunk512Size
					hashed := ff[:n]
					kernel.f(&state, &p, &pw, &mpw, make([]byte, n), make([]byte, n), &hashed[0])
					if p.h[2] > 4 {
						t.Errorf("%s: h = %x, h[2] above 4", ctx, p.h)
					}
					checkPolyTag(t, ctx, &p, &polyKey, ff[:adLen], hashed)
				}
			}
		}
	}
}

// TestKernelSealGroupsIFMA compares chachaSealGroupsIFMA with sealGeneric:
// every number of groups it takes (groupsMinLen to shortMaxLen bytes, in
// steps of 128), additional data of lengths around the block size and
// longer, in place and not, the ciphertext and the tag, nothing written
// after them, and the key and nonce left alone.
func TestKernelSealGroupsIFMA(t *testing.T) {
	skipWithoutAVX512(t)
	if !useAVX512IFMA {
		t.Skip("the CPU lacks AVX-512 IFMA")
	}
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton chacha20poly1305 groups "))))
	for n := groupsMinLen; n <= shortMaxLen; n += 128 {
		for _, adLen := range []int{0, 1, 13, 15, 16, 17, 31, 32, 33, 100, 1000} {
			for _, inPlace := range []bool{false, true} {
				ctx := fmt.Sprintf("%d bytes, %d bytes of additional data, in place %v", n, adLen, inPlace)
				key, nonce := [KeySize]byte(randBytes(r, KeySize)), [NonceSize]byte(randBytes(r, NonceSize))
				pt, ad := randBytes(r, n), randBytes(r, adLen)
				want := make([]byte, n+Overhead)
				sealGeneric(want, &key, &nonce, pt, ad)
				buf := bytes.Repeat([]byte{0xa5}, n+Overhead+64)
				src := pt
				if inPlace {
					copy(buf, pt)
					src = buf[:n]
				}
				keyCopy, nonceCopy := key, nonce
				var p polyState
				p.h = [3]uint64{1, 2, 3} // must be reset
				chachaSealGroupsIFMA(&key, &nonce, &p, ad, buf[:n], src, (*[Overhead]byte)(buf[n:n+Overhead]))
				if !bytes.Equal(buf[:n+Overhead], want) {
					t.Errorf("%s: ciphertext and tag differ from sealGeneric's", ctx)
				}
				if !bytes.Equal(buf[n+Overhead:], bytes.Repeat([]byte{0xa5}, 64)) {
					t.Errorf("%s: wrote past the tag", ctx)
				}
				if key != keyCopy || nonce != nonceCopy {
					t.Errorf("%s: changed the key or the nonce", ctx)
				}
			}
		}
	}
}
