package ghash

import (
	"encoding/binary"
	"math/bits"
)

// POLYVAL (RFC 8452, Section 3) is GHASH in another dress: its field is
// GF(2¹²⁸) with the polynomial x¹²⁸+x¹²⁷+x¹²⁶+x¹²¹+1, the reverse of GCM's,
// its byte strings are little-endian polynomials (bit 0 of byte 0 is the
// coefficient of x⁰), and it multiplies with dot(a, b) = a·b·x⁻¹²⁸. RFC 8452,
// Appendix A shows that
//
//	POLYVAL(H, X₁, …, Xₙ) = ByteReverse(GHASH(mulX_GHASH(ByteReverse(H)),
//	                                          ByteReverse(X₁), …, ByteReverse(Xₙ)))
//
// where mulX_GHASH multiplies by x in GHASH's field and representation.
// A block X of POLYVAL read as a little-endian 128-bit integer is therefore
// exactly the big-endian integer of ByteReverse(X), which is what the GHASH
// code works on (see Key): the POLYVAL entry points of this file and
// ghash_polyval_amd64.go are the GHASH ones with the blocks, and the
// accumulator, read and written little-endian rather than big-endian, over
// a Key made by [Key.InitPolyval]. No byte is moved in memory.

// InitPolyval sets k to the POLYVAL key h (RFC 8452's 16-byte
// message-authentication key, a little-endian polynomial), for
// [UpdatePolyvalGeneric], on amd64 [UpdatePolyvalCLMUL] and
// [UpdatePolyvalVCLMUL], and on arm64 UpdatePolyvalPMULL. The GHASH entry points must not be used with such
// a key, nor the POLYVAL ones with a key made by [Key.Init].
//
// On amd64 and arm64, the powers of the key that the kernels use are
// computed with carry-less multiplication where the CPU has it (PCLMULQDQ,
// PMULL), so that InitPolyval, which AES-GCM-SIV calls for every message, is
// cheap. On other architectures, where no POLYVAL kernel reads them, they
// are not computed.
func (k *Key) InitPolyval(h *[BlockSize]byte) { k.InitPolyvalShort(h, maxPowers) }

// InitPolyvalShort is [Key.InitPolyval] for a key that hashes at most
// maxBlocks blocks per call to [UpdatePolyvalCLMUL] or
// [UpdatePolyvalVCLMUL] (with UpdatePolyvalGeneric, any number): it
// computes only the powers H¹..Hᵐ that such calls read, which saves time
// for short messages: m = 1 if maxBlocks ≤ 1 (no multiplication at all, as
// befits a key used only with UpdatePolyvalGeneric), and otherwise, with
// PCLMULQDQ, m = min(max(maxBlocks, 2), 16). A longer call
// would read powers that were not computed.
func (k *Key) InitPolyvalShort(h *[BlockSize]byte, maxBlocks int) {
	// ByteReverse(h) as GCM's big-endian integer is h little-endian.
	hi := binary.LittleEndian.Uint64(h[8:16])
	lo := binary.LittleEndian.Uint64(h[0:8])
	// mulX_GHASH: in the bit-reversed integer, multiplying by x is a
	// shift right by one; the coefficient of x¹²⁷ that leaves the bottom
	// comes back as x¹²⁸ = x⁷+x²+x+1, the integer bits 127, 126, 125 and
	// 120. The mask keeps this branch-free.
	m := -(lo & 1)
	lo = lo>>1 | hi<<63
	hi = hi>>1 ^ m&0xe100000000000000
	k.h = [2]uint64{hi, lo}
	k.hr[0] = bits.Reverse64(hi)
	k.hr[1] = bits.Reverse64(lo)
	k.wide = false
	initPowersPolyval(k, maxBlocks)
}

// UpdatePolyvalGeneric absorbs the blocks of p, whose length must be a
// multiple of BlockSize, into the POLYVAL accumulator acc (RFC 8452,
// Section 3: S = dot(S ⊕ X, H) for each block X), with a Key made by
// [Key.InitPolyval]. It is constant-time, as UpdateGeneric.
func UpdatePolyvalGeneric(k *Key, acc *[BlockSize]byte, p []byte) {
	if len(p)%BlockSize != 0 {
		panic("ghash: partial block")
	}
	y := [2]uint64{binary.LittleEndian.Uint64(acc[8:16]), binary.LittleEndian.Uint64(acc[0:8])}
	for ; len(p) >= BlockSize; p = p[BlockSize:] {
		y[0] ^= binary.LittleEndian.Uint64(p[8:16])
		y[1] ^= binary.LittleEndian.Uint64(p[0:8])
		mul(k, &y)
	}
	binary.LittleEndian.PutUint64(acc[8:16], y[0])
	binary.LittleEndian.PutUint64(acc[0:8], y[1])
}
