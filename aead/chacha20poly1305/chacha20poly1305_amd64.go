//go:build gc && !purego

package chacha20poly1305

import (
	"crypto/subtle"
	"encoding/binary"
	"math/bits"

	"github.com/crypton-go/crypton/aead/chacha20"
	"github.com/crypton-go/crypton/cpufeat"
)

//go:generate go run github.com/crypton-go/crypton/tools/asm/aead/chacha20poly1305 -out chacha20poly1305_amd64.s

// useAVX2 enables sealAVX2 and openAVX2, which run ChaCha20 eight blocks at
// a time in the YMM registers (AVX2) interleaved with Poly1305 in the
// general-purpose registers, multiplying with MULX (BMI2).
var useAVX2 = cpufeat.HasAVX2 && cpufeat.HasBMI2

func init() {
	cpufeat.Register("chacha20poly1305", "AVX2+MULX", &useAVX2)
}

// polyState is a Poly1305 computation in progress, in the representation of
// the package github.com/crypton-go/crypton/aead/poly1305: the accumulator
// h[0] + h[1]·2⁶⁴ + h[2]·2¹²⁸, partially reduced modulo 2¹³⁰-5 (less than
// 2¹³⁰ + 2⁶⁵), the clamped r[0] + r[1]·2⁶⁴ and the s[0] + s[1]·2⁶⁴ added
// at the end.
type polyState struct {
	h [3]uint64
	r [2]uint64
	s [2]uint64
}

// chachaPolyAVX2 XORs the keystream of the blocks from state[12] on into
// the len(src)/512 whole 512-byte chunks of src, writing them to dst, and
// absorbs as many 512-byte chunks from hash into s.h, each chunk of hash
// being read before the same chunk of dst is written. It leaves state
// alone. See chacha20poly1305_amd64.s and its generator,
// tools/asm/aead/chacha20poly1305.
//
//go:noescape
func chachaPolyAVX2(state *[16]uint32, s *polyState, dst, src []byte, hash *byte)

// chachaKeyAVX2 XORs the keystream of the eight blocks from state[12] on
// into the first 512 bytes of src, writing them to dst, and sets key to the
// one-time Poly1305 key, the first 32 bytes of keystream block 0, which it
// computes in the general-purpose registers at the same time. It leaves
// state alone.
//
//go:noescape
func chachaKeyAVX2(state *[16]uint32, key *[32]byte, dst, src []byte)

// polyBlocksMULX absorbs the len(msg)/16 whole blocks of msg into s.h.
//
//go:noescape
func polyBlocksMULX(s *polyState, msg []byte)

// chunkSize is the number of bytes that chachaPolyAVX2 processes at a time:
// eight ChaCha20 blocks, 32 Poly1305 blocks.
const chunkSize = 512

// seal writes the ciphertext and tag of plaintext to out; see sealGeneric
// for the contract.
func seal(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, plaintext, additionalData []byte) {
	if useAVX2 && len(plaintext) >= avx2MinLen {
		sealAVX2(out, key, nonce, plaintext, additionalData)
		return
	}
	sealGeneric(out, key, nonce, plaintext, additionalData)
}

// open checks the tag of ciphertext and decrypts it into out; see
// openGeneric for the contract.
func open(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, additionalData []byte) bool {
	if useAVX2 && len(ciphertext)-Overhead >= avx2MinLen {
		return openAVX2(out, key, nonce, ciphertext, additionalData)
	}
	return openGeneric(out, key, nonce, ciphertext, additionalData)
}

// maxKernelLen is the most that one call of chachaPolyAVX2 processes, so
// that the assembly, which the Go scheduler cannot preempt, returns to Go
// code at least every 64 KiB. It is a multiple of chunkSize.
const maxKernelLen = 128 * chunkSize

// avx2MinLen is the shortest message that seal and open give to sealAVX2
// and openAVX2: one whole chunk. Shorter messages are left to the generic
// code, which computes the one-time key and up to 64 bytes of keystream in
// one call of the chacha20 package.
const avx2MinLen = chunkSize

// sealAVX2 is sealGeneric with assembly for the whole chunks: chunk 0 with
// the one-time key (chachaKeyAVX2), then chunk i with chunk i-1 of the
// ciphertext (chachaPolyAVX2), then the last chunk of the ciphertext alone.
func sealAVX2(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, plaintext, additionalData []byte) {
	ciphertext, tag := out[:len(plaintext)], out[len(plaintext):]
	n := len(plaintext) / chunkSize * chunkSize
	state := initState(key, nonce, 1)
	var polyKey [32]byte
	chachaKeyAVX2(&state, &polyKey, ciphertext[:chunkSize], plaintext[:chunkSize])
	var p polyState
	p.setKey(&polyKey)
	p.writePadded(additionalData)

	state[12] += chunkSize / 64
	for i := chunkSize; i < n; {
		k := min(n-i, maxKernelLen)
		chachaPolyAVX2(&state, &p, ciphertext[i:i+k], plaintext[i:i+k], &ciphertext[i-chunkSize])
		state[12] += uint32(k / 64)
		i += k
	}
	polyBlocksMULX(&p, ciphertext[n-chunkSize:n])
	if n < len(plaintext) {
		s, _ := chacha20.NewUnauthenticatedCipher(key[:], nonce[:])
		s.SetCounter(state[12])
		s.XORKeyStream(ciphertext[n:], plaintext[n:])
		p.writePadded(ciphertext[n:])
	}
	p.writeLengths(len(additionalData), len(ciphertext))
	p.finish((*[Overhead]byte)(tag))
}

// openAVX2 is openGeneric with chachaPolyAVX2 for the whole chunks, which
// authenticates each chunk of the ciphertext and decrypts it. It decrypts
// before it knows whether the tag is right, and so zeroes out if it is not.
func openAVX2(out []byte, key *[KeySize]byte, nonce *[NonceSize]byte, ciphertext, additionalData []byte) bool {
	tag := ciphertext[len(ciphertext)-Overhead:]
	ciphertext = ciphertext[:len(ciphertext)-Overhead]
	s, _ := chacha20.NewUnauthenticatedCipher(key[:], nonce[:])
	var p polyState
	p.init(s)
	p.writePadded(additionalData)

	n := len(ciphertext) / chunkSize * chunkSize
	state := initState(key, nonce, 1)
	for i := 0; i < n; {
		k := min(n-i, maxKernelLen)
		chachaPolyAVX2(&state, &p, out[i:i+k], ciphertext[i:i+k], &ciphertext[i])
		state[12] += uint32(k / 64)
		i += k
	}
	p.writePadded(ciphertext[n:])
	s.SetCounter(uint32(1 + n/64))
	s.XORKeyStream(out[n:], ciphertext[n:])
	p.writeLengths(len(additionalData), len(ciphertext))
	var want [Overhead]byte
	p.finish(&want)
	match := subtle.ConstantTimeCompare(want[:], tag)
	declassify(&match)
	if match != 1 {
		clear(out)
		return false
	}
	return true
}

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

// init sets p to the start of the Poly1305 computation under the one-time
// key of s, the first 32 bytes of its keystream block 0, and sets the
// counter of s to 1.
func (p *polyState) init(s *chacha20.Cipher) {
	key := oneTimeKey(s)
	p.setKey(&key)
}

// setKey sets p to the start of the Poly1305 computation under key.
func (p *polyState) setKey(key *[32]byte) {
	*p = polyState{}
	p.r[0] = binary.LittleEndian.Uint64(key[0:8]) & 0x0ffffffc0fffffff
	p.r[1] = binary.LittleEndian.Uint64(key[8:16]) & 0x0ffffffc0ffffffc
	p.s[0] = binary.LittleEndian.Uint64(key[16:24])
	p.s[1] = binary.LittleEndian.Uint64(key[24:32])
}

// writePadded absorbs b followed by zeros up to a multiple of 16 bytes.
func (p *polyState) writePadded(b []byte) {
	full := len(b) &^ 15
	polyBlocksMULX(p, b[:full])
	if full < len(b) {
		var last [16]byte
		copy(last[:], b[full:])
		polyBlocksMULX(p, last[:])
	}
}

// writeLengths absorbs the block of the two lengths that ends the message
// authenticated by RFC 8439, Section 2.8.
func (p *polyState) writeLengths(adLen, ctLen int) {
	var lengths [16]byte
	binary.LittleEndian.PutUint64(lengths[0:8], uint64(adLen))
	binary.LittleEndian.PutUint64(lengths[8:16], uint64(ctLen))
	polyBlocksMULX(p, lengths[:])
}

// finish sets out to the tag: h reduced modulo 2¹³⁰-5, plus s, modulo 2¹²⁸.
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
