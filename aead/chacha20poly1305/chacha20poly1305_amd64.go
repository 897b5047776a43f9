//go:build gc && !purego

package chacha20poly1305

import (
	"crypto/subtle"
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/crypton-go/crypton/cpufeat"
)

//go:generate go run github.com/crypton-go/crypton/tools/asm/aead/chacha20poly1305 -out chacha20poly1305_amd64.s

var (
	// useAVX512 enables the AVX-512 code: for messages of shortMinLen to
	// shortMaxLen bytes, chachaKeyAVX512, which computes the key block and
	// the first sixteen blocks at once; for longer ones, chachaPolyAVX512
	// for their whole 1024-byte chunks, ChaCha20 sixteen blocks at a time
	// in the ZMM registers (AVX-512F, VL) interleaved with Poly1305 sixteen
	// blocks per step in the general-purpose registers (MULX). The rest of
	// a message goes to the AVX2 kernels, which every AVX-512 CPU can run.
	useAVX512 = cpufeat.HasAVX512F && cpufeat.HasAVX512VL && cpufeat.HasAVX2 && cpufeat.HasBMI2

	// useAVX512IFMA is useAVX512 with Poly1305 in AVX-512 IFMA, blocks in
	// the 64-bit lanes of the ZMM registers: merged into the ChaCha20
	// rounds of the whole 1024-byte chunks (chachaPolyIFMA), alone for
	// short messages and the last chunk of Seal (polyIFMA). Its carries
	// shift by whole bytes with VPSHUFB (AVX-512BW).
	useAVX512IFMA = useAVX512 && cpufeat.HasAVX512IFMA && cpufeat.HasAVX512BW

	// useIFMAMULX is useAVX512IFMA with half of the Poly1305 steps of the
	// whole 1024-byte chunks in the general-purpose registers (MULX) beside
	// the lanes' (chachaPolyIFMAMULX, chachaSealIFMAMULX). It needs BMI2,
	// which useAVX512 implies.
	useIFMAMULX = useAVX512IFMA

	// ifmaMULXFirst says whether useIFMAMULX comes before useAVX512IFMA in
	// the order of preference: on AMD's cores (Zen 4), where the IFMA
	// products of ZMM registers and the VPROLDs of the ChaCha20 rounds
	// share one instruction per cycle (measured with loops of each and of
	// both), and the MULX steps run on idle integer units; Seal of 16 KiB 3838 → 3650 ns, Open 3933 → 3750 (an AMD EPYC,
	// Zen 4, five alternated runs). Elsewhere the lanes take every step:
	// on Intel's cores the MULX code competes with the ZMM code for port 5
	// (the MULX kernel, chachaPolyAVX512, measured slower there than the
	// IFMA one).
	ifmaMULXFirst = cpufeat.CPUVendor() == "AuthenticAMD"

	// useAVX2 enables sealAVX2 and openAVX2, which run ChaCha20 eight
	// blocks at a time in the YMM registers (AVX2) interleaved with
	// Poly1305 in the general-purpose registers, multiplying with MULX
	// (BMI2).
	useAVX2 = cpufeat.HasAVX2 && cpufeat.HasBMI2
)

func init() {
	// In order of preference.
	if ifmaMULXFirst {
		cpufeat.Register("chacha20poly1305", "AVX-512+IFMA+MULX", &useIFMAMULX)
		cpufeat.Register("chacha20poly1305", "AVX-512+IFMA", &useAVX512IFMA)
	} else {
		cpufeat.Register("chacha20poly1305", "AVX-512+IFMA", &useAVX512IFMA)
		cpufeat.Register("chacha20poly1305", "AVX-512+IFMA+MULX", &useIFMAMULX)
	}
	cpufeat.Register("chacha20poly1305", "AVX-512+MULX", &useAVX512)
	cpufeat.Register("chacha20poly1305", "AVX2+MULX", &useAVX2)
}

// ifma reports whether an IFMA implementation is enabled, with the chunk
// kernels of either kind.
func ifma() bool { return useAVX512IFMA || useIFMAMULX }

// avx512 reports whether an AVX-512 implementation is enabled.
func avx512() bool { return useAVX512 || ifma() }

// splitMULX reports whether the whole chunks go to the kernels with half
// of their Poly1305 steps in MULX: useIFMAMULX is enabled and comes first
// in the order of preference, or is the only IFMA implementation enabled.
func splitMULX() bool { return useIFMAMULX && (ifmaMULXFirst || !useAVX512IFMA) }

// polyState is a Poly1305 computation in progress, in the representation of
// the package github.com/crypton-go/crypton/aead/poly1305: the accumulator
// h[0] + h[1]·2⁶⁴ + h[2]·2¹²⁸, partially reduced modulo p = 2¹³⁰-5 (h[2]
// at most 5, so less than 6·2¹²⁸ < 2p; see the generator's poly.block),
// the clamped r[0] + r[1]·2⁶⁴ and the s[0] + s[1]·2⁶⁴ added at the end.
type polyState struct {
	h [3]uint64
	r [2]uint64
	s [2]uint64
}

// chachaPolyAVX2 absorbs ad into s.h, followed by zeros up to a multiple
// of 16 bytes, then XORs the keystream of the blocks from state[12] on into
// the len(src)/512 whole 512-byte chunks of src, writing them to dst, and
// absorbs 16-byte blocks from hash into s.h, contiguously: first blocks
// (0 to 32) with the first chunk, 32 with each of the others, those of a
// chunk being read before the chunk of dst is written. It leaves state
// alone. See chacha20poly1305_amd64.s and its generator,
// tools/asm/aead/chacha20poly1305.
//
//go:noescape
func chachaPolyAVX2(state *[16]uint32, s *polyState, dst, src []byte, hash *byte, first int, ad []byte)

// chachaKeyAVX2 computes the eight ChaCha20 blocks from state[12] on (in
// the lanes of the YMM registers), sets s to the start of the Poly1305
// computation under the first 32 bytes of the first of them, the one-time
// key when state[12] is 0 (as setKey does), absorbs ad followed by zeros
// up to a multiple of 16 bytes, and XORs the keystream of the other seven
// blocks into the first 448 bytes of src, writing them to dst. It leaves
// state alone.
//
//go:noescape
func chachaKeyAVX2(state *[16]uint32, s *polyState, dst, src []byte, ad []byte)

// chachaRowsPolyAVX2 XORs the keystream of the blocks with counters
// state[12] and state[12]+1 into the len(src)/64 whole blocks of src
// (len(src) at most 128), writing them to dst, and absorbs into s.h the
// len(hash)/16 whole blocks of hash, interleaved with the rounds, then the
// whole blocks it wrote, from the registers. If src has no partial block,
// it then absorbs the lengths block of adLen and ctLen and writes the tag,
// as polyFinishMULX does; otherwise it sets ks to the keystream of the
// partial block, and leaves the rest to polyFinishMULX. It leaves state
// alone; dst and src are the same or do not overlap.
//
//go:noescape
func chachaRowsPolyAVX2(state *[16]uint32, s *polyState, dst, src []byte, ks *[64]byte, hash []byte, adLen, ctLen int, tag *[16]byte)

// chachaRowsAVX2 sets key to the first 32 bytes of the ChaCha20 keystream
// block with counter state[12] (the one-time Poly1305 key when that counter
// is 0), XORs the keystream of the blocks with counters ctr, ctr+1, ...
// into the len(src)/64 whole blocks of src, writing them to dst, and sets
// ks to the keystream of the next block, for a partial block at the end.
// It computes the blocks two to a set of YMM registers, one in each 128-bit
// lane, six at a time, and is meant for short messages. It leaves state
// alone; dst and src are the same or do not overlap.
//
//go:noescape
func chachaRowsAVX2(state *[16]uint32, ctr uint32, key *[32]byte, dst, src []byte, ks *[64]byte)

// chachaRowsAVX512 and chachaRowsPolyAVX512 are chachaRowsAVX2 and
// chachaRowsPolyAVX2 with each rotation one VPROLD (AVX-512VL) instead of
// a byte shuffle or two shifts and an XOR, for the ends of long messages
// with AVX-512. Two blocks in rows are bound by the latency of the rounds,
// on which the rotations by 12 and 7 lie: on an Intel Xeon (Sapphire
// Rapids class), Seal of 64 bytes took 124.6 ns against 141.8 through
// chachaRowsAVX512 (Open 129.8 against 147.9), before short messages got
// chachaSealShortAVX512 and chachaOpenShortAVX512; Seal of 1088 bytes
// 388.8 against 412.4.
//
//go:noescape
func chachaRowsAVX512(state *[16]uint32, ctr uint32, key *[32]byte, dst, src []byte, ks *[64]byte)

//go:noescape
func chachaRowsPolyAVX512(state *[16]uint32, s *polyState, dst, src []byte, ks *[64]byte, hash []byte, adLen, ctLen int, tag *[16]byte)

// chachaSealShortAVX512 is the whole of Seal for at most 320 bytes in
// one call, for the AVX-512 implementations: the Poly1305 key into s and
// the keystream as chachaRowsAVX512 computes them, the XOR into dst, then
// ad, the ciphertext, the lengths block of adLen and ctLen and the tag as
// polyFinishMULX computes them. It leaves state alone; dst and src are the
// same or do not overlap.
//
//go:noescape
func chachaSealShortAVX512(state *[16]uint32, s *polyState, dst, src []byte, ad []byte, adLen, ctLen int, tag *[16]byte)

// chachaOpenShortAVX512 is chachaSealShortAVX512 for Open: it absorbs the
// ciphertext src before it XORs the keystream into it (so dst may be src),
// and writes the tag that the ciphertext should have to tag.
//
//go:noescape
func chachaOpenShortAVX512(state *[16]uint32, s *polyState, dst, src []byte, ad []byte, adLen, ctLen int, tag *[16]byte)

// rows is chachaRowsAVX512 where the AVX-512 implementations are enabled,
// else chachaRowsAVX2.
func rows(state *[16]uint32, ctr uint32, key *[32]byte, dst, src []byte, ks *[64]byte) {
	if avx512() {
		chachaRowsAVX512(state, ctr, key, dst, src, ks)
		return
	}
	chachaRowsAVX2(state, ctr, key, dst, src, ks)
}

// rowsPoly is chachaRowsPolyAVX512 where the AVX-512 implementations are
// enabled, else chachaRowsPolyAVX2.
func rowsPoly(state *[16]uint32, s *polyState, dst, src []byte, ks *[64]byte, hash []byte, adLen, ctLen int, tag *[16]byte) {
	if avx512() {
		chachaRowsPolyAVX512(state, s, dst, src, ks, hash, adLen, ctLen, tag)
		return
	}
	chachaRowsPolyAVX2(state, s, dst, src, ks, hash, adLen, ctLen, tag)
}

// polyFinishMULX absorbs ad and ct into s.h, each followed by zeros up to a
// multiple of 16 bytes, then the block of the lengths adLen and ctLen as
// 64-bit little-endian numbers, and writes the tag (see finish).
//
//go:noescape
func polyFinishMULX(s *polyState, ad, ct []byte, adLen, ctLen int, tag *[16]byte)

// polyPowers is what polyPowersMULX computes from the key r of a Poly1305
// state for chachaPolyAVX512, polyStepsMULX and the MULX steps of
// chachaPolyIFMAMULX and chachaSealIFMAMULX, 64-bit limbs: r¹⁶, r¹⁵, …, r² (three
// limbs each, partially reduced), r0, r1 and r1 + r1/4, the sum
// r¹⁶ + … + r² + r (three limbs), five limbs of room for the steps, and
// r³². See tools/asm/internal/polymulx.
type polyPowers [59]uint64

// polyPowersMULX sets pw to the powers of the key of s.
//
//go:noescape
func polyPowersMULX(s *polyState, pw *polyPowers)

// polyStepsMULX absorbs the len(msg)/256 whole 256-byte pieces of msg into
// s.h, sixteen blocks per step, with the powers pw of s's key: the step
// that chachaPolyAVX512 merges into its rounds, alone.
//
//go:noescape
func polyStepsMULX(s *polyState, pw *polyPowers, msg []byte)

// chachaPolyAVX512 is chachaPolyAVX2 with 1024-byte chunks, sixteen blocks
// of ChaCha20 in the ZMM registers and 64 blocks of Poly1305 per chunk,
// sixteen per step with the powers pw of s's key; first, the number of
// blocks that the first chunk absorbs, is 0, 16, 32, 48 or 64. See
// chacha20poly1305_amd64.s and its generator,
// tools/asm/aead/chacha20poly1305.
//
//go:noescape
func chachaPolyAVX512(state *[16]uint32, s *polyState, pw *polyPowers, dst, src []byte, hash *byte, first int, ad []byte)

// chachaKeyAVX512 sets s to the start of the Poly1305 computation under
// the key block, the first 32 bytes of the block with counter state[12],
// XORs the keystream of the blocks from state[12]+1 on into the
// len(src)/64 whole blocks of src (at most 16), writing them to dst, and,
// if fewer than 16, sets ks to the keystream of the next block, and sets
// pw to r, r², …, r⁸ for polyIFMA and polyAVX512. It computes the sixteen
// blocks in the lanes of the ZMM registers and the key block in
// general-purpose registers beside them. It leaves state alone; dst and
// src are the same or do not overlap.
//
//go:noescape
func chachaKeyAVX512(state *[16]uint32, s *polyState, pw *ifmaPowers, dst, src []byte, ks *[64]byte)

// chachaKey8AVX512 is chachaKeyAVX512 with eight blocks in the lanes of
// the YMM registers: at most 8 whole blocks of src, and ks the keystream
// of the next block if fewer.
//
//go:noescape
func chachaKey8AVX512(state *[16]uint32, s *polyState, pw *ifmaPowers, dst, src []byte, ks *[64]byte)

// ifmaPowers holds r, r², …, r⁸ for polyIFMA and polyAVX512, partially
// reduced, in 64-bit limbs: limb k of r^(8-i) in element 8k+i.
// chachaKeyAVX512 and chachaKey8AVX512 compute them for the key they set,
// with scalar products merged into their rounds.
type ifmaPowers [24]uint64

// polyRowsIFMA sets pw to r, r², …, r⁸, the powers of the key of s, as
// the key kernels do, for polyIFMA.
//
//go:noescape
func polyRowsIFMA(s *polyState, pw *ifmaPowers)

// polyPaddedMULX absorbs m into s.h, followed by zeros up to a multiple of
// 16 bytes.
//
//go:noescape
func polyPaddedMULX(s *polyState, m []byte)

// polyIFMA absorbs the len(msg)/128 groups of eight whole blocks of msg
// into s.h with AVX-512 IFMA, with the powers pw of s's key that
// chachaKeyAVX512 computes; see updateIFMA in the package
// github.com/crypton-go/crypton/aead/poly1305, which has the same code
// (tools/asm/internal/polyifma).
//
//go:noescape
func polyIFMA(s *polyState, pw *ifmaPowers, msg []byte)

// shortMinLen and shortMaxLen are the shortest and the longest messages
// that go to sealShortAVX512 and openShortAVX512 with useAVX512IFMA;
// shorter ones go to chachaSealShortAVX512 and chachaOpenShortAVX512,
// whose rows, bound by their latency, beat the eight-lane key kernel and
// polyTagIFMA up to five blocks (Seal on an Intel Xeon, Sapphire Rapids
// class, 13 bytes of additional data, ns, medians of five or six: 128
// bytes 155.6 against 217.0, 192 bytes 174.5 against 234.9, 255 bytes
// 222.8 against 256.5, 320 bytes 236.9 against 241.6); beyond, the
// Poly1305 of the one-block MULX code after them would cost more than the
// key kernel's vector Poly1305 saves.
const (
	shortMinLen = 321
	shortMaxLen = 16 * 64
)

// chachaPolyIFMA is chachaPolyAVX512 with polyIFMA's arithmetic in the
// Poly1305 steps merged into its rounds: it XORs the keystream of the
// blocks from state[12] on into the len(src)/1024 whole 1024-byte chunks
// of src, writing them to dst, and absorbs into s.h a kilobyte from hash
// with each chunk, read before the chunk is written (hash may be src, or
// 1024 bytes behind dst), with the powers pw of s's key. It leaves state
// alone; dst and src are the same or do not overlap. See
// tools/asm/aead/chacha20poly1305 and tools/asm/internal/polyifma.
//
//go:noescape
func chachaPolyIFMA(state *[16]uint32, s *polyState, pw *ifmaPowers, dst, src []byte, hash *byte)

// chachaSealIFMA is chachaPolyIFMA for Seal: the same, but the last step
// of each chunk is merged into the chunk's transposition and stores too,
// so hash may not be src, nor any part of dst that the call writes.
//
//go:noescape
func chachaSealIFMA(state *[16]uint32, s *polyState, pw *ifmaPowers, dst, src []byte, hash *byte)

// chachaPolyIFMAMULX and chachaSealIFMAMULX are chachaPolyIFMA and
// chachaSealIFMA with the second and the fourth of the four Poly1305 steps
// of sixteen blocks in each chunk in the general-purpose registers
// (polyStepsMULX's step, with the powers mpw of polyPowersMULX), beside
// the rounds like the lanes' steps: two accumulators, each multiplied by
// r³² from one of its steps to the next, added at the end.
//
//go:noescape
func chachaPolyIFMAMULX(state *[16]uint32, s *polyState, pw *ifmaPowers, mpw *polyPowers, dst, src []byte, hash *byte)

//go:noescape
func chachaSealIFMAMULX(state *[16]uint32, s *polyState, pw *ifmaPowers, mpw *polyPowers, dst, src []byte, hash *byte)

// polyAVX512 is polyIFMA without IFMA: the same with AVX-512F, in radix
// 2²⁶ with VPMULUDQ (tools/asm/internal/poly26; updateAVX512 in the
// package github.com/crypton-go/crypton/aead/poly1305 has the same code),
// for CPUs with AVX-512 but no IFMA.
//
//go:noescape
func polyAVX512(s *polyState, pw *ifmaPowers, msg []byte)

// polyTagIFMA is polyTagAVX512 with IFMA in one call, for ciphertexts of
// polyIFMAMinLen to shortMaxLen bytes. If msg (the ciphertext) is a whole
// number of 128-byte groups: ad with the one-block MULX code, the groups
// as polyIFMA absorbs them, then the lengths block and the tag. Otherwise
// the lanes take the last groups of blocks, the last of which holds the
// end of the ciphertext (a masked load pads a partial block with zeros)
// and the lengths block, and the MULX code absorbs ad and the whole
// blocks before them first, so that no block waits in the MULX code after
// the lanes (Seal on an Intel Xeon, Sapphire Rapids class, 13 bytes of
// additional data, ns: 358 bytes 230 against 262, 765 bytes 280 against
// 306, 1000 bytes 290 against 309). For whole groups that order measured
// slower (1024 bytes 291 against 286).
//
//go:noescape
func polyTagIFMA(s *polyState, pw *ifmaPowers, ad, msg []byte, adLen, ctLen int, tag *[16]byte)

// chachaSealGroupsIFMA is Seal of groupsMinLen to shortMaxLen bytes, whole
// 128-byte groups, in one call: chachaKeyAVX512's blocks, then Poly1305
// over the ciphertext just written, the last group and the lengths block
// in general-purpose registers beside the lanes' steps. It takes the key
// and the nonce rather than a ChaCha20 state (see keyNonceWords in the
// generator).
//
//go:noescape
func chachaSealGroupsIFMA(key *[KeySize]byte, nonce *[NonceSize]byte, s *polyState, ad, dst, src []byte, tag *[16]byte)

// groupsMinLen is the shortest plaintext that seal gives to
// chachaSealGroupsIFMA (six groups of 128 bytes: splitGroupsMin in the
// generator).
const groupsMinLen = 6 * 128

// polyIFMAMinLen and polyAVX512MinLen are the shortest ciphertexts that
// polyTagAVX512 gives to polyTagIFMA, or whose bulk it gives to
// polyAVX512, measured on AMD Zen 4 (Seal with AVX-512 but not IFMA, ns:
// 256 bytes 273 against 254 with the one-block MULX code, 384 bytes 285
// against 289, 512 bytes 291 against 328). On an Intel Xeon (Sapphire
// Rapids class) polyTagIFMA from 128 bytes instead of 256 made Seal
// slower below 256 bytes (ns, medians of five: 128 bytes 200.5 against
// 198.4, 192 bytes 221.1 against 213.4, 255 bytes 248.5 against 237.7).
const (
	polyIFMAMinLen   = 256
	_                = uint(shortMinLen - polyIFMAMinLen) // sealShortAVX512 relies on it
	polyAVX512MinLen = 384
)

// polyTagAVX512 absorbs ad and ct into p, each followed by zeros up to a
// multiple of 16 bytes, then the lengths block, and writes the tag: with
// IFMA in polyTagIFMA; without, the whole 128-byte groups of ct in
// polyAVX512 and the rest with the one-block MULX code; short ciphertexts
// all with the MULX code.
func polyTagAVX512(p *polyState, pw *ifmaPowers, ad, ct []byte, tag *[Overhead]byte) {
	if ifma() && len(ct) >= polyIFMAMinLen {
		polyTagIFMA(p, pw, ad, ct, len(ad), len(ct), tag)
		return
	}
	adLen, n := len(ad), 0
	if !ifma() && len(ct) >= polyAVX512MinLen {
		if len(ad) > 0 {
			polyPaddedMULX(p, ad)
			ad = nil
		}
		n = len(ct) &^ 127
		polyAVX512(p, pw, ct[:n])
	}
	polyFinishMULX(p, ad, ct[n:], adLen, len(ct), tag)
}

// key8MaxLen is the longest message whose keystream keyAVX512 leaves to
// chachaKey8AVX512: eight whole blocks, or fewer and a partial one (the
// keystream of a ninth block for ks needs the sixteen lanes). Seal on AMD
// Zen 4, ns, eight lanes against sixteen (the same run): 128 bytes
// 190/218, 256 bytes 205/228, 384 bytes 220/239, 512 bytes 226/245. The
// key block and the chain of products that gives the powers of r, in the
// general-purpose registers, bound the eight-lane kernel.
const key8MaxLen = 8 * 64

// keyAVX512 computes the one-time key and the keystream of src, at most
// shortMaxLen bytes: with chachaKey8AVX512 up to key8MaxLen bytes, else
// with chachaKeyAVX512. (A direct call of each: through a function value
// the arguments would escape.)
func keyAVX512(state *[16]uint32, s *polyState, pw *ifmaPowers, dst, src []byte, ks *[64]byte) {
	if len(src) <= key8MaxLen {
		chachaKey8AVX512(state, s, pw, dst, src, ks)
		return
	}
	chachaKeyAVX512(state, s, pw, dst, src, ks)
}

// sealShortAVX512 is sealGeneric for plaintexts of shortMinLen to
// shortMaxLen bytes (but those that seal gives to chachaSealGroupsIFMA): a
// key kernel computes the one-time key and encrypts, then polyTagIFMA (or,
// without IFMA, polyTagAVX512) authenticates. It calls the kernels itself
// rather than through keyAVX512 and polyTagAVX512: without those two call
// levels and sealAppend's (Seal), Seal of 1 KiB took 300.3 ns against
// 304.3 on an AMD EPYC (Zen 4), the fastest of 30 alternated runs each.
func sealShortAVX512(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, plaintext, additionalData []byte) {
	ciphertext, tag := out[:len(plaintext)], out[len(plaintext):]
	var state [16]uint32
	setState(&state, key, nonce)
	var p polyState
	var ks [64]byte
	var pw ifmaPowers
	if len(plaintext) <= key8MaxLen {
		chachaKey8AVX512(&state, &p, &pw, ciphertext, plaintext, &ks)
	} else {
		chachaKeyAVX512(&state, &p, &pw, ciphertext, plaintext, &ks)
	}
	if full := len(plaintext) &^ 63; full < len(plaintext) {
		subtle.XORBytes(ciphertext[full:], plaintext[full:], ks[:])
	}
	if ifma() { // shortMinLen ≥ polyIFMAMinLen, as polyTagIFMA needs
		polyTagIFMA(&p, &pw, additionalData, ciphertext, len(additionalData), len(ciphertext), (*[Overhead]byte)(tag))
	} else {
		polyTagAVX512(&p, &pw, additionalData, ciphertext, (*[Overhead]byte)(tag))
	}
}

// openShortAVX512 is openGeneric for ciphertexts of at most shortMaxLen
// bytes (and the tag): keyAVX512 computes the one-time key and
// decrypts, into buf if it is not nil (when out is the ciphertext itself,
// which has yet to be authenticated), else into out, then polyTagAVX512
// authenticates the ciphertext. It zeroes what it wrote to out if the tag
// is wrong.
func openShortAVX512(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, additionalData, buf []byte) bool {
	tag := ciphertext[len(ciphertext)-Overhead:]
	ciphertext = ciphertext[:len(ciphertext)-Overhead]
	full := len(ciphertext) &^ 63
	dec := out
	if buf != nil {
		dec = buf[:len(ciphertext)]
	}
	var state [16]uint32
	setState(&state, key, nonce)
	var p polyState
	var ks [64]byte
	var pw ifmaPowers
	keyAVX512(&state, &p, &pw, dec, ciphertext, &ks)
	var want [Overhead]byte
	polyTagAVX512(&p, &pw, additionalData, ciphertext, &want)
	if !tagMatches(&want, tag, out) {
		return false
	}
	if buf != nil {
		copy(out[:full], dec[:full])
	}
	if full < len(out) {
		subtle.XORBytes(out[full:], ciphertext[full:], ks[:])
	}
	return true
}

// chunk512Size is the number of bytes that chachaPolyAVX512 processes at a
// time: sixteen ChaCha20 blocks, 64 Poly1305 blocks.
const chunk512Size = 1024

// chunkSize is the number of bytes that chachaPolyAVX2 processes at a time:
// eight ChaCha20 blocks, 32 Poly1305 blocks.
const chunkSize = 512

// seal writes the ciphertext and tag of plaintext to out; see sealGeneric
// for the contract. It calls chachaSealGroupsIFMA itself: Seal of 1 KiB on
// an AMD EPYC (Zen 4) took 278.2 ns against 281.3 through sealShortAVX512
// (the fastest of 10 alternated runs; each call level between the loop of
// Seals and the kernel costs a few nanoseconds there).
func seal(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, plaintext, additionalData []byte) {
	if n := len(plaintext); ifma() && n >= groupsMinLen && n <= shortMaxLen && n%128 == 0 {
		var p polyState
		chachaSealGroupsIFMA(key, nonce, &p, additionalData, out[:n], plaintext, (*[Overhead]byte)(out[n:]))
		return
	}
	if avx512() && len(plaintext) >= shortMinLen && len(plaintext) <= shortMaxLen {
		sealShortAVX512(out, key, nonce, plaintext, additionalData)
		return
	}
	if avx512() && len(plaintext) > shortMaxLen {
		sealAVX512(out, key, nonce, plaintext, additionalData)
		return
	}
	if avx512() || useAVX2 {
		if len(plaintext) >= avx2MinLen {
			sealAVX2(out, key, nonce, plaintext, additionalData)
		} else {
			sealShortAVX2(out, key, nonce, plaintext, additionalData)
		}
		return
	}
	sealGeneric(out, key, nonce, plaintext, additionalData)
}

// open checks the tag of ciphertext and decrypts it into out; see
// openGeneric for the contract.
func open(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, additionalData []byte) bool {
	if n := len(ciphertext) - Overhead; avx512() && n >= shortMinLen && n <= shortMaxLen {
		if &out[0] == &ciphertext[0] {
			var buf [shortMaxLen]byte
			ok := openShortAVX512(out, key, nonce, ciphertext, additionalData, buf[:n])
			clear(buf[:n])
			return ok
		}
		return openShortAVX512(out, key, nonce, ciphertext, additionalData, nil)
	}
	if n := len(ciphertext) - Overhead; avx512() && n < shortMinLen {
		return openRowsAVX512(out, key, nonce, ciphertext, additionalData)
	}
	if avx512() || useAVX2 {
		if len(out) > 0 && &out[0] == &ciphertext[0] {
			return openInPlaceAVX2(out, key, nonce, ciphertext, additionalData)
		}
		return openAVX2(out, key, nonce, ciphertext, additionalData, nil)
	}
	return openGeneric(out, key, nonce, ciphertext, additionalData)
}

// maxKernelLen is the most that one call of chachaPolyAVX2,
// chachaPolyAVX512 or chachaPolyIFMA processes, so that the assembly, which
// the Go scheduler cannot preempt, returns to Go code at least every 64
// KiB. It is a multiple of chunkSize and of chunk512Size.
const maxKernelLen = 128 * chunkSize

// avx512MinLen is the shortest message that seal gives to sealAVX512 and
// the least that openAVX2 gives to chachaPolyAVX512 (with the powers of r
// to compute first).
const avx512MinLen = chunk512Size

// avx2MinLen is the shortest message that seal gives to sealAVX2. Shorter
// messages go to sealShortAVX2 (openAVX2 takes every length, its loop over
// the chunks running zero times).
const avx2MinLen = chunkSize

// keyChunkLen is the number of bytes that chachaKeyAVX2 encrypts: its
// eight blocks less the key block.
const keyChunkLen = chunkSize - 64

// rowsPolyMaxLen is the most that chachaRowsPolyAVX2 encrypts: two blocks.
const rowsPolyMaxLen = 128

// sealAVX2 is sealGeneric with assembly, for plaintexts of at least
// keyChunkLen+1 bytes. chachaKeyAVX2 computes the key block and the first
// seven blocks of keystream, eight blocks side by side, and absorbs the
// additional data; then each call of chachaPolyAVX2 encrypts 512-byte
// chunks while it authenticates the ciphertext written before them (the
// first 448 bytes, then each chunk); then, if what is left is at most two
// blocks, chachaRowsPolyAVX2 encrypts it while it authenticates the last
// chunk, and goes on to the tag unless a partial block is left, else
// chachaRowsAVX2 encrypts it alone; polyFinishMULX authenticates what is
// left and computes the tag. So only the last piece of ciphertext, usually
// at most 128 bytes, is authenticated after the last keystream is
// computed.
func sealAVX2(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, plaintext, additionalData []byte) {
	ciphertext, tag := out[:len(plaintext)], out[len(plaintext):]
	var state [16]uint32
	setState(&state, key, nonce)
	var p polyState
	chachaKeyAVX2(&state, &p, ciphertext[:keyChunkLen], plaintext[:keyChunkLen], additionalData)

	// ciphertext[:hashed] is authenticated, ciphertext[hashed:done] not yet.
	hashed, done := 0, keyChunkLen
	state[12] = keyChunkLen/64 + 1
	sealRestAVX2(&state, &p, ciphertext, plaintext, hashed, done, len(additionalData), (*[Overhead]byte)(tag))
}

// sealAVX512 is sealGeneric with chachaPolyAVX512, for plaintexts longer
// than shortMaxLen: chachaKeyAVX512 computes the one-time key and encrypts
// the first 1024 bytes, polyPowersMULX computes the powers of r, then each
// call of chachaPolyAVX512 encrypts 1024-byte chunks while it
// authenticates the additional data (the first call) and the chunk before
// each chunk; the last chunk is authenticated by polyStepsMULX, and the
// rest of the message, less than 1024 bytes, goes
// to sealRestAVX2. With IFMA, sealIFMA does it all.
func sealAVX512(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, plaintext, additionalData []byte) {
	if ifma() {
		sealIFMA(out, key, nonce, plaintext, additionalData)
		return
	}
	ciphertext, tag := out[:len(plaintext)], out[len(plaintext):]
	var state [16]uint32
	var p polyState
	var ipw ifmaPowers
	startAVX512(&state, &p, &ipw, key, nonce, ciphertext, plaintext)
	var pw polyPowers
	polyPowersMULX(&p, &pw)

	// ciphertext[:hashed] is authenticated, ciphertext[hashed:done] not yet.
	hashed, done := 0, chunk512Size
	state[12] = 1 + chunk512Size/64
	n := len(plaintext) / chunk512Size * chunk512Size
	adDone := false
	for done < n {
		k := min(n-done, maxKernelLen)
		ad := additionalData
		if adDone {
			ad = nil
		}
		chachaPolyAVX512(&state, &p, &pw, ciphertext[done:done+k], plaintext[done:done+k], &ciphertext[hashed], chunk512Size/16, ad)
		state[12] += uint32(k / 64)
		hashed += k
		adDone = true
		done += k
	}
	if !adDone {
		polyPaddedMULX(&p, additionalData)
	}
	// The powers are there: polyStepsMULX beats polyIFMA and polyAVX512
	// on the last chunk (Seal of 16 KiB on AMD Zen 4, ns: 4100 against
	// 4350 with polyIFMA, 3850 against 4150 with polyAVX512, the same
	// hour).
	polyStepsMULX(&p, &pw, ciphertext[hashed:done])
	clear(pw[:])
	sealRestAVX2(&state, &p, ciphertext, plaintext, done, done, len(additionalData), (*[Overhead]byte)(tag))
}

// startAVX512 is the start of sealAVX512 and sealIFMA: it sets state
// from key and nonce, and chachaKeyAVX512 sets p to the start of the
// Poly1305 computation under the one-time key, pw to its powers r, …, r⁸,
// and encrypts the first chunk512Size bytes of plaintext into ciphertext.
func startAVX512(state *[16]uint32, p *polyState, pw *ifmaPowers, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, plaintext []byte) {
	setState(state, key, nonce)
	var ks [64]byte // unused: the chunk has no partial block
	chachaKeyAVX512(state, p, pw, ciphertext[:chunk512Size], plaintext[:chunk512Size], &ks)
}

// sealIFMA is sealAVX512 with AVX-512 IFMA, for plaintexts longer than
// shortMaxLen: chachaKeyAVX512 computes the one-time key and the powers of
// r and encrypts the first 1024 bytes, chachaSealIFMA encrypts the other
// whole 1024-byte chunks while it authenticates the chunk before each,
// polyIFMA authenticates the last chunk, and sealRestAVX2 encrypts and
// authenticates the rest of the message, less than 1024 bytes, and writes
// the tag.
func sealIFMA(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, plaintext, additionalData []byte) {
	ciphertext, tag := out[:len(plaintext)], out[len(plaintext):]
	var state [16]uint32
	var p polyState
	var pw ifmaPowers
	startAVX512(&state, &p, &pw, key, nonce, ciphertext, plaintext)
	if len(additionalData) > 0 {
		polyPaddedMULX(&p, additionalData)
	}
	n := len(plaintext) / chunk512Size * chunk512Size
	state[12] = 1 + chunk512Size/64
	if n > chunk512Size && splitMULX() {
		var mpw polyPowers
		polyPowersMULX(&p, &mpw)
		for done := chunk512Size; done < n; {
			k := min(n-done, maxKernelLen)
			chachaSealIFMAMULX(&state, &p, &pw, &mpw, ciphertext[done:done+k], plaintext[done:done+k], &ciphertext[done-chunk512Size])
			state[12] += uint32(k / 64)
			done += k
		}
		clear(mpw[:])
	} else {
		for done := chunk512Size; done < n; {
			k := min(n-done, maxKernelLen)
			chachaSealIFMA(&state, &p, &pw, ciphertext[done:done+k], plaintext[done:done+k], &ciphertext[done-chunk512Size])
			state[12] += uint32(k / 64)
			done += k
		}
	}
	polyIFMA(&p, &pw, ciphertext[n-chunk512Size:n])
	clear(pw[:])
	sealRestAVX2(&state, &p, ciphertext, plaintext, n, n, len(additionalData), (*[Overhead]byte)(tag))
}

// sealRestAVX2 is the end of sealAVX2 and sealAVX512: it encrypts
// plaintext[done:] into ciphertext[done:] with the counter state[12] and
// authenticates ciphertext[hashed:] (at most 256 bytes before done) after
// what p has absorbed, then the lengths, and writes the tag.
func sealRestAVX2(state *[16]uint32, p *polyState, ciphertext, plaintext []byte, hashed, done, adLen int, tag *[Overhead]byte) {
	n := done + (len(plaintext)-done)/chunkSize*chunkSize
	for done < n {
		k := min(n-done, maxKernelLen)
		chachaPolyAVX2(state, p, ciphertext[done:done+k], plaintext[done:done+k], &ciphertext[hashed], (done-hashed)/16, nil)
		state[12] += uint32(k / 64)
		done += k
		hashed = done - chunkSize
	}
	if rest := len(plaintext) - done; rest > 0 {
		full := done + rest&^63
		var ks [64]byte
		if rest <= rowsPolyMaxLen {
			rowsPoly(state, p, ciphertext[done:], plaintext[done:], &ks, ciphertext[hashed:done],
				adLen, len(ciphertext), tag)
			if full == len(plaintext) {
				return // the tag is written
			}
			hashed = full
		} else {
			// The block rows computes for its key argument is not used.
			var unused [32]byte
			rows(state, state[12], &unused, ciphertext[done:], plaintext[done:], &ks)
		}
		if full < len(plaintext) {
			subtle.XORBytes(ciphertext[full:], plaintext[full:], ks[:])
		}
	}
	polyFinishMULX(p, nil, ciphertext[hashed:], adLen, len(ciphertext), tag)
}

// sealShortAVX2 is sealGeneric for plaintexts shorter than 512 bytes: one
// call of chachaRowsAVX2 computes the one-time key and encrypts the whole
// blocks, leaving the keystream of a partial block at the end, and
// polyFinishMULX authenticates.
func sealShortAVX2(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, plaintext, additionalData []byte) {
	ciphertext, tag := out[:len(plaintext)], out[len(plaintext):]
	full := len(plaintext) &^ 63
	var state [16]uint32
	setState(&state, key, nonce)
	if avx512() && len(plaintext) < shortMinLen {
		var p polyState
		chachaSealShortAVX512(&state, &p, ciphertext, plaintext, additionalData, len(additionalData), len(plaintext), (*[Overhead]byte)(tag))
		return
	}
	var polyKey [32]byte
	var ks [64]byte
	rows(&state, 1, &polyKey, ciphertext, plaintext, &ks)
	if full < len(plaintext) {
		subtle.XORBytes(ciphertext[full:], plaintext[full:], ks[:])
	}
	var p polyState
	p.setKey(&polyKey)
	polyFinishMULX(&p, additionalData, ciphertext, len(additionalData), len(ciphertext), (*[Overhead]byte)(tag))
}

// openRowsAVX512 is openGeneric for ciphertexts shorter than shortMinLen
// (and the tag) with chachaOpenShortAVX512, which authenticates the
// ciphertext before it decrypts it, in place or not; it zeroes what it
// wrote to out if the tag is wrong.
func openRowsAVX512(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, additionalData []byte) bool {
	tag := ciphertext[len(ciphertext)-Overhead:]
	ciphertext = ciphertext[:len(ciphertext)-Overhead]
	var state [16]uint32
	setState(&state, key, nonce)
	var p polyState
	var want [Overhead]byte
	chachaOpenShortAVX512(&state, &p, out, ciphertext, additionalData, len(additionalData), len(ciphertext), &want)
	return tagMatches(&want, tag, out)
}

// openInPlaceAVX2 is openAVX2 when out is the ciphertext itself, with a
// buffer on the stack (which the other case does not pay to zero).
func openInPlaceAVX2(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, additionalData []byte) bool {
	var buf [chunkSize]byte
	ok := openAVX2(out, key, nonce, ciphertext, additionalData, buf[:])
	clear(buf[:])
	return ok
}

// openAVX2 is openGeneric with assembly: chachaRowsAVX2 computes the
// one-time key and decrypts the whole blocks after the last whole 512-byte
// chunk, into buf if it is not nil (when out is the ciphertext itself,
// which has yet to be authenticated), else into out; with AVX-512, the
// whole 1024-byte chunks go to chachaPolyAVX512, or with IFMA to
// chachaPolyIFMA, which authenticates each chunk while it decrypts it;
// chachaPolyAVX2 authenticates the
// additional data (if no chunk did), then authenticates and decrypts the
// 512-byte chunks; polyFinishMULX authenticates the rest (and the
// additional data if there is no chunk). It decrypts before it knows
// whether the tag is right, and so zeroes what it wrote if it is not.
func openAVX2(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, additionalData, buf []byte) bool {
	tag := ciphertext[len(ciphertext)-Overhead:]
	ciphertext = ciphertext[:len(ciphertext)-Overhead]
	// ciphertext[:wide] goes to chachaPolyAVX512, ciphertext[wide:n] to
	// chachaPolyAVX2.
	wide := 0
	if avx512() && len(ciphertext) >= avx512MinLen {
		wide = len(ciphertext) / chunk512Size * chunk512Size
	}
	n := wide + (len(ciphertext)-wide)/chunkSize*chunkSize
	full := n + (len(ciphertext)-n)&^63

	// The rest after the chunks: its whole blocks (at most seven) are
	// decrypted now, its partial block at the end.
	dec := out[n:]
	if buf != nil {
		dec = buf[:len(ciphertext)-n]
	}
	var state [16]uint32
	setState(&state, key, nonce)
	var polyKey [32]byte
	var ks [64]byte
	rows(&state, uint32(1+n/64), &polyKey, dec, ciphertext[n:], &ks)
	var p polyState
	p.setKey(&polyKey)
	ad := additionalData
	if wide > 0 && ifma() {
		// chachaPolyIFMA authenticates each chunk while it decrypts it.
		var pw ifmaPowers
		polyRowsIFMA(&p, &pw)
		split := splitMULX()
		var mpw polyPowers
		if split {
			polyPowersMULX(&p, &mpw)
		}
		if len(ad) > 0 {
			polyPaddedMULX(&p, ad)
			ad = nil
		}
		state[12] = 1
		for i := 0; i < wide; {
			k := min(wide-i, maxKernelLen)
			if split {
				chachaPolyIFMAMULX(&state, &p, &pw, &mpw, out[i:i+k], ciphertext[i:i+k], &ciphertext[i])
			} else {
				chachaPolyIFMA(&state, &p, &pw, out[i:i+k], ciphertext[i:i+k], &ciphertext[i])
			}
			state[12] += uint32(k / 64)
			i += k
		}
		clear(pw[:])
		if split {
			clear(mpw[:])
		}
	} else if wide > 0 {
		var pw polyPowers
		polyPowersMULX(&p, &pw)
		state[12] = 1
		for i := 0; i < wide; {
			k := min(wide-i, maxKernelLen)
			chachaPolyAVX512(&state, &p, &pw, out[i:i+k], ciphertext[i:i+k], &ciphertext[i], 64, ad)
			ad = nil
			state[12] += uint32(k / 64)
			i += k
		}
		clear(pw[:])
	}
	if n > wide {
		state[12] = uint32(1 + wide/64)
		for i := wide; i < n; {
			k := min(n-i, maxKernelLen)
			chachaPolyAVX2(&state, &p, out[i:i+k], ciphertext[i:i+k], &ciphertext[i], chunkSize/16, ad)
			ad = nil
			state[12] += uint32(k / 64)
			i += k
		}
	}
	var want [Overhead]byte
	polyFinishMULX(&p, ad, ciphertext[n:], len(additionalData), len(ciphertext), &want)
	if !tagMatches(&want, tag, out) {
		return false
	}
	if buf != nil {
		copy(out[n:full], dec)
	}
	if full < len(out) {
		subtle.XORBytes(out[full:], ciphertext[full:], ks[:])
	}
	return true
}

// tagMatches reports whether tag is want, in constant time but for the
// answer, and if not zeroes out, the plaintext written before the check.
func tagMatches(want *[Overhead]byte, tag, out []byte) bool {
	match := tagsEqual(want, (*[Overhead]byte)(tag))
	declassify(&match)
	if match != 1 {
		clear(out)
		return false
	}
	return true
}

// tagsEqual returns 1 if a and b are equal and 0 otherwise, in constant
// time: the two 128-bit numbers are XORed and the bits of the difference
// folded into one.
func tagsEqual(a, b *[Overhead]byte) int {
	d0 := binary.LittleEndian.Uint64(a[0:8]) ^ binary.LittleEndian.Uint64(b[0:8])
	d1 := binary.LittleEndian.Uint64(a[8:16]) ^ binary.LittleEndian.Uint64(b[8:16])
	d := d0 | d1
	// d|-d has its top bit set exactly when d is not zero.
	return int(1 - (d|-d)>>63)
}

// setState sets state to the ChaCha20 state for the key, the nonce and
// block counter 0, as initState does, but in place and with whole-vector
// copies: on little-endian amd64 the words of the state are its bytes in
// order, so the constants, the key and the nonce are copied as they are.
// The assembly reads the state right away, and a load that spans several
// narrower stores waits for them to reach the cache instead of being
// forwarded from the store buffer (returning the state by value cost such
// a wait on every call: the caller's copy read it 16 bytes at a time).
func setState(state *[16]uint32, key *[KeySize]byte, nonce *[NonceSize]byte) {
	b := (*[64]byte)(unsafe.Pointer(state))
	*(*[16]byte)(b[0:16]) = sigmaBytes
	*(*[32]byte)(b[16:48]) = *key
	state[12] = 0
	*(*[NonceSize]byte)(b[52:64]) = *nonce
}

// sigmaBytes are the four constant words of the ChaCha20 state, "expand
// 32-byte k" (RFC 8439, Section 2.3).
var sigmaBytes = [16]byte([]byte("expand 32-byte k"))

// initState returns the ChaCha20 state for the key, the nonce and the
// block counter (RFC 8439, Section 2.3).
func initState(key *[KeySize]byte, nonce *[NonceSize]byte, counter uint32) [16]uint32 {
	return [16]uint32{
		0x61707865, 0x3320646e, 0x79622d32, 0x6b206574,
		binary.LittleEndian.Uint32(key[0:4]),
		binary.LittleEndian.Uint32(key[4:8]),
		binary.LittleEndian.Uint32(key[8:12]),
		binary.LittleEndian.Uint32(key[12:16]),
		binary.LittleEndian.Uint32(key[16:20]),
		binary.LittleEndian.Uint32(key[20:24]),
		binary.LittleEndian.Uint32(key[24:28]),
		binary.LittleEndian.Uint32(key[28:32]),
		counter,
		binary.LittleEndian.Uint32(nonce[0:4]),
		binary.LittleEndian.Uint32(nonce[4:8]),
		binary.LittleEndian.Uint32(nonce[8:12]),
	}
}

// setKey sets p to the start of the Poly1305 computation under key.
func (p *polyState) setKey(key *[32]byte) {
	*p = polyState{}
	p.r[0] = binary.LittleEndian.Uint64(key[0:8]) & 0x0ffffffc0fffffff
	p.r[1] = binary.LittleEndian.Uint64(key[8:16]) & 0x0ffffffc0ffffffc
	p.s[0] = binary.LittleEndian.Uint64(key[16:24])
	p.s[1] = binary.LittleEndian.Uint64(key[24:32])
}

// finish sets out to the tag: h reduced modulo 2¹³⁰-5, plus s, modulo 2¹²⁸,
// as polyFinishMULX does at its end; the kernel tests use it.
func (p *polyState) finish(out *[Overhead]byte) {
	h0, h1, h2 := p.h[0], p.h[1], p.h[2]
	// h < 2p: keep h - p unless the subtraction borrows.
	g0, b := bits.Sub64(h0, 0xfffffffffffffffb, 0)
	g1, b := bits.Sub64(h1, 0xffffffffffffffff, b)
	_, b = bits.Sub64(h2, 3, b)
	keep := -b
	h0 = h0&keep | g0&^keep
	h1 = h1&keep | g1&^keep
	var c uint64
	h0, c = bits.Add64(h0, p.s[0], 0)
	h1, _ = bits.Add64(h1, p.s[1], c)
	binary.LittleEndian.PutUint64(out[0:8], h0)
	binary.LittleEndian.PutUint64(out[8:16], h1)
}
