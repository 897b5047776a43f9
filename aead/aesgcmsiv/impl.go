package aesgcmsiv

import (
	"crypto/subtle"
	"encoding/binary"

	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/ghash"
)

// impl is the implementation chosen for one AEAD when it is made: the AES
// code for key derivation and counter mode, and the POLYVAL code.
type impl struct {
	aes    aescore.Impl
	hash   hashImpl
	kernel ctrKernel // the counter-mode kernel, amd64 only
}

// hashImpl names a POLYVAL implementation.
type hashImpl uint8

const (
	hashGeneric hashImpl = iota
	hashCLMUL            // PCLMULQDQ (amd64) or PMULL (arm64), eight blocks per reduction
	hashVCLMUL           // 256-bit VPCLMULQDQ, sixteen blocks (amd64)
)

// polyval absorbs p, a whole number of blocks, into the POLYVAL
// accumulator acc with the code of i. A switch of direct calls, rather
// than a function value, lets the compiler see that acc and p do not
// escape, so that Seal and Open do not allocate.
func (i impl) polyval(k *ghash.Key, acc *[blockSize]byte, p []byte) {
	if len(p) == 0 {
		return
	}
	switch i.hash {
	case hashCLMUL:
		polyvalCLMUL(k, acc, p)
	case hashVCLMUL:
		polyvalVCLMUL(k, acc, p)
	default:
		ghash.UpdatePolyvalGeneric(k, acc, p)
	}
}

// ctr XORs src with the key stream of RFC 8452's counter mode into dst:
// the encryptions of the counter block ctr and its successors, where the
// first four bytes of the block are a little-endian counter that wraps
// modulo 2³² without carrying into the other twelve. dst and src are the
// same slice or do not overlap.
func (i impl) ctr(k *aescore.Key, ctr *[blockSize]byte, dst, src []byte) {
	if len(src) == 0 {
		return
	}
	done := ctrBulk(i, k, ctr, dst, src)
	if done == len(src) {
		return
	}
	if len(src)-done <= ctrSmall*blockSize {
		var buf [ctrSmall * blockSize]byte
		ctrBlocks(i.aes, k, ctr, dst[done:], src[done:], buf[:])
		return
	}
	var buf [ctrBatch * blockSize]byte
	ctrBlocks(i.aes, k, ctr, dst[done:], src[done:], buf[:])
}

// ctrBatch is the number of counter blocks ctrBlocks encrypts per call to
// the block cipher (a multiple of the sixteen of the VAES loop); inputs of
// up to ctrSmall blocks use a smaller buffer, cheaper to clear.
const (
	ctrBatch = 64
	ctrSmall = 16
)

// ctrBlocks is counter mode in Go over aescore's multi-block encryption:
// it writes batches of counter blocks into buf, encrypts them in place and
// XORs them into dst. It advances ctr past the blocks used, and clears the
// part of buf it used.
func ctrBlocks(impl aescore.Impl, k *aescore.Key, ctr *[blockSize]byte, dst, src, buf []byte) {
	c := binary.LittleEndian.Uint32(ctr[0:4])
	w1 := binary.LittleEndian.Uint32(ctr[4:8])
	w2 := binary.LittleEndian.Uint64(ctr[8:16])
	used := 0
	for len(src) > 0 {
		n := min(len(src), len(buf))
		blocks := (n + blockSize - 1) / blockSize
		for j := 0; j < blocks; j++ {
			b := buf[blockSize*j : blockSize*j+blockSize]
			binary.LittleEndian.PutUint64(b[0:8], uint64(c)|uint64(w1)<<32)
			binary.LittleEndian.PutUint64(b[8:16], w2)
			c++
		}
		ks := buf[:blockSize*blocks]
		aescore.EncryptBlocksWith(impl, k, ks, ks)
		subtle.XORBytes(dst[:n], src[:n], ks[:n])
		dst, src = dst[n:], src[n:]
		used = max(used, len(ks))
	}
	binary.LittleEndian.PutUint32(ctr[0:4], c)
	clear(buf[:used])
}
