package aescore

import (
	"crypto/subtle"
	"encoding/binary"
)

// This file and ctr_amd64.go / ctr_noasm.go serve the modes of operation
// (AES-GCM's counter mode first), which choose an implementation for each
// key themselves, under their own cpufeat names, rather than through the
// selection of package aes.

// Impl names an implementation of [EncryptBlocksWith] and [CTR32].
type Impl uint8

const (
	// ImplGeneric is the constant-time bitsliced code. It needs a Key
	// made by [Key.InitGeneric].
	ImplGeneric Impl = iota
	// ImplAESNI is the AES-NI code (amd64), eight blocks in flight. It
	// works with any Key, whichever way it was initialized.
	ImplAESNI
	// ImplVAES is the 256-bit VAES code (amd64) for four blocks or more,
	// AES-NI below that. It works with any Key.
	ImplVAES
)

// InitGeneric is [Key.Init] for the generic implementation, whatever the
// selection of package aes: the Key then works with every Impl.
func (k *Key) InitGeneric(key []byte) error {
	switch len(key) {
	case 16:
		k.rounds = 10
	case 24:
		k.rounds = 12
	case 32:
		k.rounds = 14
	default:
		k.rounds = 0
		return errKeySize
	}
	k.aesni = false
	expandKeyGeneric(k, key)
	return nil
}

// EncryptBlocksWith is [EncryptBlocks] with the implementation impl, which
// the caller has checked the CPU supports. It panics if impl is
// ImplGeneric and k was made for AES-NI (by Init with AES-NI selected).
func EncryptBlocksWith(impl Impl, k *Key, dst, src []byte) {
	if len(src)%BlockSize != 0 || len(dst) < len(src) {
		panic("aescore: EncryptBlocks on partial blocks")
	}
	if len(src) == 0 {
		return
	}
	encryptBlocksWith(impl, k, dst[:len(src)], src)
}

// ImplFor returns the implementation that the selection of package aes
// (the cpufeat name "aes") gives the Key k now: the one that EncryptBlocks
// would use for k on many blocks. k must have been initialized by Init or
// InitGeneric; the result works with it.
func ImplFor(k *Key) Impl { return implFor(k) }

// ctrBatch is the number of counter blocks CTR32 encrypts per call to the
// block function where impl has no counter-mode kernel (the generic code,
// and AES-NI without AVX): a multiple of the sixteen blocks of the VAES
// loop, small enough to stay on the stack and in the L1 cache. Inputs of
// up to ctrSmall blocks use a smaller buffer, which is cheaper to clear.
const (
	ctrBatch = 64
	ctrSmall = 16
)

// CTR32 XORs src with the key stream of counter mode into dst, starting
// with the counter block ctr, and leaves in ctr the counter block that
// follows the last one used. Only the last four bytes of the counter block
// count, as a big-endian integer that wraps modulo 2³² without carrying
// into the first twelve (SP 800-38D's inc32, which GCM uses); the first
// twelve bytes stay as they are.
//
// len(dst) must be at least len(src), and dst and src must either be the
// same slice or not overlap. src need not be a whole number of blocks; the
// unused key stream of the last block is discarded (the counter still
// counts that block). impl is as for [EncryptBlocksWith].
//
// The whole blocks go through the counter-mode kernel of impl where it has
// one (ctr32VAES, ctr32AVX, ctr32ARMv8), which makes the counter blocks
// in registers and XORs the key stream into dst as it leaves the last
// round; the rest, and everything on the other implementations, through
// counter blocks built in a buffer, EncryptBlocksWith and an XOR.
func CTR32(impl Impl, k *Key, ctr *[BlockSize]byte, dst, src []byte) {
	if len(dst) < len(src) {
		panic("aescore: CTR32 output shorter than input")
	}
	if len(src) == 0 {
		return
	}
	done := ctr32Blocks(impl, k, ctr, dst, src)
	dst, src = dst[done:], src[done:]
	if len(src) == 0 {
		return
	}
	if len(src) <= ctrSmall*BlockSize {
		var buf [ctrSmall * BlockSize]byte
		ctr32(impl, k, ctr, dst, src, buf[:])
		return
	}
	var buf [ctrBatch * BlockSize]byte
	ctr32(impl, k, ctr, dst, src, buf[:])
}

// CTR is [CTR32] with the counter of NIST SP 800-38A, Appendix B.1, as
// crypto/cipher's NewCTR has it: the whole 16-byte counter block is a
// big-endian integer, incremented by one per block modulo 2¹²⁸. It runs
// CTR32 on the stretches between the wraps of the last four bytes, and
// carries into the first twelve at each wrap. Its rules are CTR32's.
func CTR(impl Impl, k *Key, ctr *[BlockSize]byte, dst, src []byte) {
	if len(dst) < len(src) {
		panic("aescore: CTR output shorter than input")
	}
	// The common case, whole blocks that do not reach the wrap of the last
	// four bytes, goes straight to the kernel of impl, if it has one.
	if c := binary.BigEndian.Uint32(ctr[12:]); len(src)&(BlockSize-1) == 0 &&
		uint64(len(src)/BlockSize) < uint64(1<<32)-uint64(c) &&
		ctr32Blocks(impl, k, ctr, dst, src) == len(src) {
		return
	}
	for len(src) > 0 {
		// The blocks left before the low 32 bits wrap, and as many
		// bytes; n is at most that and uses blocks ≤ left blocks.
		left := uint64(1<<32) - uint64(binary.BigEndian.Uint32(ctr[12:]))
		n := len(src)
		if uint64(n) > left*BlockSize {
			n = int(left * BlockSize)
		}
		CTR32(impl, k, ctr, dst[:n], src[:n])
		if uint64((n+BlockSize-1)/BlockSize) == left {
			// The low 32 bits went round to 0: carry into the rest.
			mid := binary.BigEndian.Uint32(ctr[8:12]) + 1
			binary.BigEndian.PutUint32(ctr[8:12], mid)
			if mid == 0 {
				binary.BigEndian.PutUint64(ctr[0:8], binary.BigEndian.Uint64(ctr[0:8])+1)
			}
		}
		dst, src = dst[n:], src[n:]
	}
}

// ctr32 is CTR32 with the key stream buffer buf, which it clears after
// use.
func ctr32(impl Impl, k *Key, ctr *[BlockSize]byte, dst, src, buf []byte) {
	hi := binary.BigEndian.Uint64(ctr[0:8])
	mid := binary.BigEndian.Uint32(ctr[8:12])
	c := binary.BigEndian.Uint32(ctr[12:16])
	used := 0
	for len(src) > 0 {
		n := min(len(src), len(buf))
		blocks := (n + BlockSize - 1) / BlockSize
		for i := 0; i < blocks; i++ {
			b := buf[BlockSize*i : BlockSize*i+BlockSize]
			binary.BigEndian.PutUint64(b[0:8], hi)
			binary.BigEndian.PutUint32(b[8:12], mid)
			binary.BigEndian.PutUint32(b[12:16], c)
			c++
		}
		ks := buf[:BlockSize*blocks]
		encryptBlocksWith(impl, k, ks, ks)
		subtle.XORBytes(dst[:n], src[:n], ks[:n])
		dst, src = dst[n:], src[n:]
		used = max(used, len(ks))
	}
	binary.BigEndian.PutUint32(ctr[12:16], c)
	clear(buf[:used])
}

// InitFrom sets k to a copy of src, a Key made by Init or InitGeneric,
// that works with impl: src itself, unless impl is ImplGeneric and src was
// made for the hardware instructions, whose schedule the generic code
// cannot use; k is then expanded again by InitGeneric from the cipher key,
// which is the first Nk words of src's schedule (FIPS 197, Section 5.2:
// w[i] is word i of the key for i < Nk). src is not modified; k and src
// may be the same Key.
func (k *Key) InitFrom(src *Key, impl Impl) {
	if impl != ImplGeneric || !src.aesni {
		*k = *src
		return
	}
	var key [32]byte
	n := 4 * (src.rounds - 6) // 16, 24 or 32 bytes for 10, 12 or 14 rounds
	copy(key[:], src.enc[:n])
	k.InitGeneric(key[:n])
	clear(key[:])
}
