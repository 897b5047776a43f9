//go:build gc && !purego

package aescore

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/crypton-go/crypton/cpufeat"
)

// useARMv8 selects the implementation with the AES instructions of the
// ARMv8 Cryptography Extensions (AESE, AESMC, AESD, AESIMC) in
// aes_arm64.s for keys initialized while it is set: key expansion, single
// blocks and EncryptBlocks.
var useARMv8 = cpufeat.HasARM64AES

func init() {
	cpufeat.Register("aes", "ARMv8-AES", &useARMv8)
}

// The functions of aes_arm64.s (hand-written; see the comment at its top).
// nr is the number of rounds; xk points to a schedule laid out as Key.enc,
// or as Key.decKeys() for decryptBlockARMv8. They must only be called
// when the CPU has the AES instructions.

//go:noescape
func encryptBlockARMv8(nr int, xk *byte, dst, src *[16]byte)

//go:noescape
func decryptBlockARMv8(nr int, xk *byte, dst, src *[16]byte)

// encryptBlocksARMv8 encrypts len(src)/16 > 0 blocks, eight at a time
// while it can.
//
//go:noescape
func encryptBlocksARMv8(nr int, xk *byte, dst, src []byte)

// subWordARMv8 applies the S-box to each byte of w (FIPS 197, SubWord).
func subWordARMv8(w uint32) uint32

// invMixColumnsARMv8 writes the decryption schedule of the nr-round
// encryption schedule enc to dec (see decKeys).
//
//go:noescape
func invMixColumnsARMv8(nr int, enc, dec *[240]byte)

// decKeys returns the decryption schedule of a key made for the ARMv8
// code, kept in k.aux (the 240 bytes of the array seen as bytes): the
// round keys of the equivalent inverse cipher (FIPS 197, Section 5.3.5) in
// the order decryptBlockARMv8 uses them: enc's last round key, then
// InvMixColumns of the middle ones from the last to the first, then enc's
// first. AESD adds its round key before InvShiftRows and InvSubBytes, and
// AESIMC is InvMixColumns, which is the order of that cipher.
func (k *Key) decKeys() *[240]byte {
	return (*[240]byte)(unsafe.Pointer(&k.aux))
}

// On arm64, Key.aesni marks a key whose schedule was made for the ARMv8
// code: k.aux then holds decKeys rather than the bitsliced round keys, and
// the generic code cannot use it.

func expandKey(k *Key, key []byte) {
	if useARMv8 {
		k.aesni = true
		expandKeyARMv8(k, key)
		return
	}
	k.aesni = false
	expandKeyGeneric(k, key)
}

// expandKeyARMv8 is expandKeyGeneric with the S-box of the AES
// instructions (subWordARMv8) and the decryption schedule in k.aux. The
// loop, like the generic one, branches only on the key length and the word
// index, which are public.
func expandKeyARMv8(k *Key, key []byte) {
	nk := len(key) / 4
	n := 4 * (k.rounds + 1)
	var w [4 * (maxRounds + 1)]uint32
	for i := 0; i < nk; i++ {
		w[i] = binary.BigEndian.Uint32(key[4*i:])
	}
	rcon := uint32(1)
	for i := nk; i < n; i++ {
		t := w[i-1]
		if i%nk == 0 {
			t = subWordARMv8(bits.RotateLeft32(t, 8)) ^ rcon<<24
			rcon = rcon<<1 ^ 0x11b&-(rcon>>7)
		} else if nk > 6 && i%nk == 4 {
			t = subWordARMv8(t)
		}
		w[i] = w[i-nk] ^ t
	}
	for i := 0; i < n; i++ {
		binary.BigEndian.PutUint32(k.enc[4*i:], w[i])
	}
	clear(w[:])
	invMixColumnsARMv8(k.rounds, &k.enc, k.decKeys())
}

func encryptBlock(k *Key, dst, src *[BlockSize]byte) {
	if k.aesni {
		encryptBlockARMv8(k.rounds, &k.enc[0], dst, src)
		return
	}
	encryptBlockGeneric(k, dst, src)
}

func decryptBlock(k *Key, dst, src *[BlockSize]byte) {
	if k.aesni {
		decryptBlockARMv8(k.rounds, &k.decKeys()[0], dst, src)
		return
	}
	decryptBlockGeneric(k, dst, src)
}

// encryptBlocks encrypts len(src)/16 > 0 blocks.
func encryptBlocks(k *Key, dst, src []byte) {
	if k.aesni {
		encryptBlocksARMv8(k.rounds, &k.enc[0], dst, src)
		return
	}
	encryptBlocksGeneric(k, dst, src)
}
