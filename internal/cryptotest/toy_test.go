package cryptotest

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"slices"
)

// This file holds small, slow, but correct implementations of hash.Hash and
// cipher.AEAD, each of which can be given one deliberate bug. Running the
// suites over them shows that the suites pass a correct implementation and
// catch each bug.

// Bugs that newToyHash can be given.
var toyHashBugs = []string{
	"",                           // none
	"size-varies",                // Size changes once something is written
	"write-count",                // Write returns len(p)-1
	"sum-mutates",                // Sum pads the receiver instead of a copy
	"sum-no-append",              // Sum ignores its argument
	"drop-at-boundary",           // Write loses a byte after completing a buffered block
	"reset-keeps-buffer",         // Reset forgets to drop buffered bytes
	"clone-shares-buffer",        // Clone shares the block buffer with the original
	"marshal-loses-length",       // MarshalBinary stores 0 as the input length
	"unmarshal-panics",           // UnmarshalBinary does not check the length of its input
	"unmarshal-accepts-garbage",  // UnmarshalBinary does not check the magic string
	"append-binary-drops-prefix", // AppendBinary ignores its argument
}

const (
	toyBlockSize     = 64
	toySize          = sha256.Size
	toyMagic         = "toy\x01"
	toyMarshaledSize = len(toyMagic) + toySize + toyBlockSize + 8
)

// toyHash is a Merkle–Damgård hash whose compression function is
// SHA-256(state || block). Its buffering, padding and state encoding follow
// the standard library's SHA-256, which is where the bugs go.
type toyHash struct {
	bug   string
	state [toySize]byte
	buf   []byte // toyBlockSize bytes; buf[:nx] is buffered input
	nx    int
	len   uint64
}

func newToyHash(bug string) *toyHash {
	if !slices.Contains(toyHashBugs, bug) {
		panic("toyHash: unknown bug " + bug)
	}
	h := &toyHash{bug: bug, buf: make([]byte, toyBlockSize)}
	h.Reset()
	return h
}

func (h *toyHash) Size() int {
	if h.bug == "size-varies" && h.len > 0 {
		return toySize - 1
	}
	return toySize
}

func (h *toyHash) BlockSize() int { return toyBlockSize }

func (h *toyHash) Reset() {
	h.state = sha256.Sum256([]byte("toy hash initial state"))
	h.len = 0
	if h.bug != "reset-keeps-buffer" {
		h.nx = 0
	}
}

func (h *toyHash) compress(block []byte) {
	h.state = sha256.Sum256(append(h.state[:], block...))
}

func (h *toyHash) Write(p []byte) (int, error) {
	n := len(p)
	h.write(p, h.bug == "drop-at-boundary")
	if h.bug == "write-count" && n > 1 {
		return n - 1, nil
	}
	return n, nil
}

func (h *toyHash) write(p []byte, dropAtBoundary bool) {
	h.len += uint64(len(p))
	if h.nx > 0 {
		k := copy(h.buf[h.nx:], p)
		h.nx += k
		p = p[k:]
		if h.nx == toyBlockSize {
			h.compress(h.buf)
			h.nx = 0
			if dropAtBoundary && len(p) > 0 {
				p = p[1:]
			}
		}
	}
	for len(p) >= toyBlockSize {
		h.compress(p[:toyBlockSize])
		p = p[toyBlockSize:]
	}
	if len(p) > 0 {
		h.nx = copy(h.buf, p)
	}
}

func (h *toyHash) clone() *toyHash {
	c := *h
	if h.bug != "clone-shares-buffer" {
		c.buf = bytes.Clone(h.buf)
	}
	return &c
}

func (h *toyHash) Clone() (hash.Cloner, error) { return h.clone(), nil }

func (h *toyHash) Sum(b []byte) []byte {
	d := h
	if h.bug != "sum-mutates" {
		d = h.clone()
		d.buf = bytes.Clone(h.buf)
	}
	// Pad with 0x80 and zeros to 8 bytes short of a block boundary, then
	// append the input length in bits.
	pad := make([]byte, 1+(55-d.nx+toyBlockSize)%toyBlockSize, toyBlockSize+8)
	pad[0] = 0x80
	pad = binary.BigEndian.AppendUint64(pad, d.len*8)
	d.write(pad, false)
	if h.bug == "sum-no-append" {
		return bytes.Clone(d.state[:])
	}
	return append(b, d.state[:]...)
}

func (h *toyHash) MarshalBinary() ([]byte, error) {
	return h.AppendBinary(make([]byte, 0, toyMarshaledSize))
}

func (h *toyHash) AppendBinary(b []byte) ([]byte, error) {
	if h.bug == "append-binary-drops-prefix" {
		b = nil
	}
	b = append(b, toyMagic...)
	b = append(b, h.state[:]...)
	b = append(b, h.buf[:h.nx]...)
	b = append(b, make([]byte, toyBlockSize-h.nx)...)
	l := h.len
	if h.bug == "marshal-loses-length" {
		l = 0
	}
	return binary.BigEndian.AppendUint64(b, l), nil
}

func (h *toyHash) UnmarshalBinary(b []byte) error {
	if h.bug != "unmarshal-panics" {
		if h.bug != "unmarshal-accepts-garbage" && (len(b) < len(toyMagic) || string(b[:len(toyMagic)]) != toyMagic) {
			return errors.New("toyHash: invalid hash state identifier")
		}
		if len(b) != toyMarshaledSize {
			return errors.New("toyHash: invalid hash state size")
		}
	}
	b = b[len(toyMagic):]
	b = b[copy(h.state[:], b[:toySize]):]
	b = b[copy(h.buf, b[:toyBlockSize]):]
	h.len = binary.BigEndian.Uint64(b[:8])
	h.nx = int(h.len % toyBlockSize)
	return nil
}

// Bugs that newToyAEAD can be given.
var toyAEADBugs = []string{
	"",                                  // none
	"overhead-lies",                     // Overhead is less than what Seal adds
	"seal-clobbers-dst",                 // Seal drops the dst prefix
	"seal-writes-past-end",              // Seal writes a byte past its result into dst's spare capacity
	"open-decrypts-before-mac",          // Open decrypts into dst before checking the tag, breaking in-place use
	"open-skips-last-tag-byte",          // Open compares only the first 15 bytes of the tag
	"mac-skips-ciphertext-tail",         // the tag does not cover the last ciphertext byte
	"ignores-ad",                        // the tag does not cover the additional data
	"open-returns-plaintext-on-failure", // a failed Open returns the unauthenticated plaintext
	"no-nonce-panic",                    // a nonce of the wrong length is padded or cut, not a panic
}

const (
	toyNonceSize = 12
	toyTagSize   = 16
)

// toyAEAD is AES-128-CTR followed by HMAC-SHA-256 truncated to 16 bytes
// over the nonce, the length of the additional data, the additional data
// and the ciphertext.
type toyAEAD struct {
	bug    string
	block  cipher.Block
	macKey []byte
}

func newToyAEAD(bug string) cipher.AEAD {
	if !slices.Contains(toyAEADBugs, bug) {
		panic("toyAEAD: unknown bug " + bug)
	}
	key := sha256.Sum256([]byte("toy AEAD key"))
	block, err := aes.NewCipher(key[:16])
	if err != nil {
		panic(err)
	}
	return &toyAEAD{bug: bug, block: block, macKey: key[16:]}
}

func (a *toyAEAD) NonceSize() int { return toyNonceSize }

func (a *toyAEAD) Overhead() int {
	if a.bug == "overhead-lies" {
		return toyTagSize - 4
	}
	return toyTagSize
}

func (a *toyAEAD) checkNonce(nonce []byte) []byte {
	if len(nonce) == toyNonceSize {
		return nonce
	}
	if a.bug == "no-nonce-panic" {
		n := make([]byte, toyNonceSize)
		copy(n, nonce)
		return n
	}
	panic(fmt.Sprintf("toyAEAD: %d-byte nonce, want %d", len(nonce), toyNonceSize))
}

func (a *toyAEAD) tag(nonce, ct, ad []byte) []byte {
	m := hmac.New(sha256.New, a.macKey)
	m.Write(nonce)
	if a.bug != "ignores-ad" {
		m.Write(binary.BigEndian.AppendUint64(nil, uint64(len(ad))))
		m.Write(ad)
	}
	if a.bug == "mac-skips-ciphertext-tail" && len(ct) > 0 {
		ct = ct[:len(ct)-1]
	}
	m.Write(ct)
	return m.Sum(nil)[:toyTagSize]
}

func (a *toyAEAD) xorKeyStream(dst, src, nonce []byte) {
	iv := make([]byte, aes.BlockSize)
	copy(iv, nonce)
	iv[aes.BlockSize-1] = 1
	cipher.NewCTR(a.block, iv).XORKeyStream(dst, src)
}

// sliceForAppend extends in by n bytes, reusing its capacity if it can, and
// returns the whole slice and the n new bytes.
func sliceForAppend(in []byte, n int) (head, tail []byte) {
	if total := len(in) + n; cap(in) >= total {
		head = in[:total]
	} else {
		head = make([]byte, total)
		copy(head, in)
	}
	return head, head[len(in):]
}

func (a *toyAEAD) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	nonce = a.checkNonce(nonce)
	ret, out := sliceForAppend(dst, len(plaintext)+toyTagSize)
	if a.bug == "seal-clobbers-dst" {
		ret, out = sliceForAppend(dst[:0], len(plaintext)+toyTagSize)
	}
	a.xorKeyStream(out[:len(plaintext)], plaintext, nonce)
	copy(out[len(plaintext):], a.tag(nonce, out[:len(plaintext)], additionalData))
	if a.bug == "seal-writes-past-end" && cap(out) > len(out) {
		out[:len(out)+1][len(out)] = 0
	}
	return ret
}

var errToyOpen = errors.New("toyAEAD: message authentication failed")

func (a *toyAEAD) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	nonce = a.checkNonce(nonce)
	if len(ciphertext) < toyTagSize {
		return nil, errToyOpen
	}
	body, tag := ciphertext[:len(ciphertext)-toyTagSize], ciphertext[len(ciphertext)-toyTagSize:]
	ret, out := sliceForAppend(dst, len(body))
	if a.bug == "open-decrypts-before-mac" {
		a.xorKeyStream(out, body, nonce)
	}
	want := a.tag(nonce, body, additionalData)
	n := toyTagSize
	if a.bug == "open-skips-last-tag-byte" {
		n--
	}
	if subtle.ConstantTimeCompare(want[:n], tag[:n]) != 1 {
		if a.bug == "open-returns-plaintext-on-failure" {
			a.xorKeyStream(out, body, nonce)
			return ret, errToyOpen
		}
		clear(out)
		return nil, errToyOpen
	}
	if a.bug != "open-decrypts-before-mac" {
		a.xorKeyStream(out, body, nonce)
	}
	return ret, nil
}
