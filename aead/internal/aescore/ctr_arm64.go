//go:build gc && !purego

package aescore

// ImplARMv8 is the ARMv8 Cryptography Extensions code (arm64): AESE and
// AESMC, eight blocks in flight. It works with any Key, whichever way it
// was initialized. It exists on arm64 builds with assembly only; the
// caller must have checked cpufeat.HasARM64AES.
const ImplARMv8 Impl = ImplVAES + 1

// ctr32ARMv8 is the counter-mode kernel of ctr_arm64.s (hand-written; see
// the comment at its top): it XORs len(src)/16 blocks of the key stream
// from *ctr (inc32 per block) into dst with the nr-round schedule at xk,
// and advances *ctr past the blocks used. len(src) must be a multiple of
// 16 and dst at least as long; dst and src are the same or do not overlap.
//
//go:noescape
func ctr32ARMv8(nr int, xk *byte, ctr *[16]byte, dst, src []byte)

// ctr32Blocks runs the counter-mode kernel of impl, if it has one, over
// the whole blocks of src, and returns how many bytes it took: 0 or
// len(src) rounded down to a multiple of 16.
func ctr32Blocks(impl Impl, k *Key, ctr *[BlockSize]byte, dst, src []byte) int {
	n := len(src) &^ (BlockSize - 1)
	if n == 0 || impl != ImplARMv8 {
		return 0
	}
	ctr32ARMv8(k.rounds, &k.enc[0], ctr, dst[:n], src[:n])
	return n
}

// encryptBlocksWith encrypts len(src)/16 > 0 blocks with impl.
func encryptBlocksWith(impl Impl, k *Key, dst, src []byte) {
	switch impl {
	case ImplARMv8:
		encryptBlocksARMv8(k.rounds, &k.enc[0], dst, src)
	case ImplGeneric:
		if k.aesni {
			panic("aescore: generic encryption with an ARMv8 key")
		}
		encryptBlocksGeneric(k, dst, src)
	default:
		panic("aescore: no such implementation on this build")
	}
}

// implFor returns the implementation that the selection of package aes
// gives k now (see ImplFor): the ARMv8 code for a key made for it.
func implFor(k *Key) Impl {
	if k.aesni {
		return ImplARMv8
	}
	return ImplGeneric
}
