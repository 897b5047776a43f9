// Package aescore is the AES block cipher (FIPS 197) shared by crypton's AES
// packages: aead/aes wraps it as a cipher.Block, and the AES-GCM, AES-GCM-SIV
// and CTR code of the module call its multi-block entry point directly.
//
// A [Key] holds the expanded key of one AES-128, AES-192 or AES-256 key.
// [EncryptBlock] and [DecryptBlock] transform one 16-byte block;
// [EncryptBlocks] encrypts a whole number of independent blocks (electronic
// codebook mode). [CTR32] (GCM's counter, inc32) and [CTR] (the 128-bit
// counter of SP 800-38A and crypto/cipher's NewCTR) are counter mode with
// an implementation the caller chooses (ctr.go).
//
// Implementations, registered with cpufeat under the package name "aes":
//
//   - generic: portable Go, constant-time. The cipher is bitsliced: four
//     blocks are held in eight 64-bit words, word i holding bit i of each of
//     the 64 bytes, and the S-box is a Boolean circuit (Boyar and Peralta),
//     so that no memory index or branch depends on the key or the data. The
//     key schedule uses the same circuit. See aes_generic.go.
//   - "AES-NI" (amd64): the AESENC/AESDEC instructions, with eight blocks in
//     flight in EncryptBlocks, and AESKEYGENASSIST/AESIMC key expansion;
//     on CPUs with AVX, a counter-mode kernel (ctr32AVX) that makes the
//     counter blocks in registers and XORs the key stream into the output
//     as it leaves the last round, eight blocks per iteration.
//   - "VAES" (amd64, AVX2 and 256-bit VAES): EncryptBlocks of four blocks or
//     more, two blocks per YMM register and sixteen per iteration, and the
//     counter-mode kernel ctr32VAES in the same way.
//   - "VAES-512" (amd64, AVX2, AVX-512BW and 512-bit VAES): "VAES", with
//     the counter-mode kernel ctr32VAES512, four blocks per ZMM register
//     and 32 per iteration ([ImplVAES512]).
//   - "ARMv8-AES" (arm64 with the AES instructions of the ARMv8 Cryptography
//     Extensions): AESE/AESMC and AESD/AESIMC, eight blocks in flight in
//     EncryptBlocks and in the counter-mode kernel ctr32ARMv8; the key
//     schedule is the generic loop with its SubWord done by AESE.
package aescore

import "errors"

// BlockSize is the AES block size in bytes.
const BlockSize = 16

// maxRounds is the number of rounds of AES-256, the most of the three.
const maxRounds = 14

// A Key is an expanded AES key. The zero value is not usable; call
// [Key.Init]. A Key is not modified by encryption or decryption and may be
// used by several goroutines at once.
//
// Which implementation serves a Key (the generic code or AES-NI) is decided
// once, by Init, from the cpufeat selection at that time: the two keep
// different forms of the schedule. (Only EncryptBlocks's VAES path, which
// needs nothing but the byte form that every Key has, follows the selection
// on every call.) Tests that switch implementations must therefore
// initialize their keys after switching.
type Key struct {
	rounds int  // 10, 12 or 14
	aesni  bool // the schedule was made for, and is used with, the hardware instructions (AES-NI on amd64, ARMv8-AES on arm64)

	// enc holds the round keys 0..rounds of the cipher (FIPS 197, Section
	// 5.2), 16 bytes each, in the byte order of the state: round key r is
	// enc[16r : 16r+16]. Every Key has it.
	enc [(maxRounds + 1) * BlockSize]byte

	// aux holds what the implementation of the key needs besides enc, in
	// 240 bytes either way, so that a Key (and the Block of aead/aes)
	// stays as small as the standard library's:
	//
	//   - for AES-NI, the round keys of the equivalent inverse cipher
	//     (FIPS 197, Section 5.3.5) as bytes, in the order they are used:
	//     enc's last round key, then InvMixColumns of the middle ones
	//     backwards, then enc's first (see decKeys in aes_amd64.go);
	//   - for the generic code, each round key of enc in a compact
	//     bitsliced form (see bitsliceRoundKeys).
	aux [maxRounds + 1][2]uint64
}

var errKeySize = errors.New("aescore: invalid key size")

// Init expands key, which must be 16, 24 or 32 bytes long (AES-128, AES-192
// or AES-256), into k. It returns an error, leaving k unusable, for any
// other length. Init takes time independent of the key's value.
func (k *Key) Init(key []byte) error {
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
	expandKey(k, key)
	return nil
}

// Rounds returns the number of rounds of k: 10, 12 or 14.
func (k *Key) Rounds() int { return k.rounds }

// RoundKeys returns the Rounds()+1 encryption round keys of k, 16 bytes
// each in the byte order of the state (round key r at [16r:16r+16]), for
// assembly that runs the AES rounds itself (AES-GCM's and CTR's kernels).
// Every Key has them, whichever implementation initialized it. The slice
// aliases k and must not be modified.
func (k *Key) RoundKeys() []byte { return k.enc[:BlockSize*(k.rounds+1)] }

// EncryptBlock encrypts the block src into dst, which may be the same
// array.
func EncryptBlock(k *Key, dst, src *[BlockSize]byte) {
	encryptBlock(k, dst, src)
}

// DecryptBlock decrypts the block src into dst, which may be the same
// array.
func DecryptBlock(k *Key, dst, src *[BlockSize]byte) {
	decryptBlock(k, dst, src)
}

// EncryptBlocks encrypts each 16-byte block of src into the same position
// of dst. len(src) must be a multiple of BlockSize and dst at least as long
// as src; src and dst must either be the same slice or not overlap at all.
// It panics on lengths that break these rules; callers check overlap.
func EncryptBlocks(k *Key, dst, src []byte) {
	if len(src)%BlockSize != 0 || len(dst) < len(src) {
		panic("aescore: EncryptBlocks on partial blocks")
	}
	if len(src) == 0 {
		return
	}
	encryptBlocks(k, dst[:len(src)], src)
}
