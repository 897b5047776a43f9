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
	"unsafe"
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

// Bugs that newToyBlock can be given.
var toyBlockBugs = []string{
	"",                    // none
	"reads-past-end",      // mixes the byte after the whole blocks into the state
	"writes-past-state",   // changes the word after the state
	"writes-before-state", // changes the word before the state
	"drops-odd-block",     // forgets the last block of an odd count
	"changes-input",       // leaves the first byte of the input flipped
	"stops-at-64-blocks",  // hashes at most 64 blocks per call
	"loads-pair-past-end", // for an odd count, loads the last byte of the missing second block of the pair
	"reads-before-start",  // loads the byte before the input
}

// toyBlockState is the chaining value of the toy block function.
type toyBlockState [8]uint32

// toySink keeps the loads of the broken toy block functions from being
// optimized away.
var toySink byte

// toyCompress replaces h by SHA-256(h || block).
func toyCompress(h *toyBlockState, block []byte) {
	b := make([]byte, 0, 32+toyBlockSize)
	for _, w := range h {
		b = binary.BigEndian.AppendUint32(b, w)
	}
	sum := sha256.Sum256(append(b, block[:toyBlockSize]...))
	for i := range h {
		h[i] = binary.BigEndian.Uint32(sum[4*i:])
	}
}

// toyBlockReference is the reference the toy block functions are compared
// with: it compresses the whole blocks of p one after the other.
func toyBlockReference(h *toyBlockState, p []byte) {
	for ; len(p) >= toyBlockSize; p = p[toyBlockSize:] {
		toyCompress(h, p)
	}
}

// newToyBlock returns a block function computing what toyBlockReference
// does, the way assembly often does it: the blocks in pairs, then a last
// single one. It reads and writes memory as such code would, through
// pointers, so that its bugs reach outside p and h as theirs would.
func newToyBlock(bug string) func(*toyBlockState, []byte) {
	if !slices.Contains(toyBlockBugs, bug) {
		panic("toyBlock: unknown bug " + bug)
	}
	return func(h *toyBlockState, p []byte) {
		n := len(p) / toyBlockSize
		if bug == "stops-at-64-blocks" {
			n = min(n, 64)
		}
		base := unsafe.Pointer(unsafe.SliceData(p))
		load := func(i int) byte { return *(*byte)(unsafe.Add(base, i)) }
		i := 0
		for ; i+2 <= n; i += 2 {
			toyCompress(h, p[i*toyBlockSize:])
			toyCompress(h, p[(i+1)*toyBlockSize:])
		}
		if i < n {
			if bug == "loads-pair-past-end" {
				toySink = load((i+2)*toyBlockSize - 1)
			}
			if bug != "drops-odd-block" {
				toyCompress(h, p[i*toyBlockSize:])
			}
		}
		switch bug {
		case "reads-past-end":
			h[0] ^= uint32(load(n * toyBlockSize))
		case "reads-before-start":
			toySink = load(-1)
		case "writes-past-state":
			*(*uint32)(unsafe.Add(unsafe.Pointer(h), unsafe.Sizeof(*h))) ^= 1
		case "writes-before-state":
			*(*uint32)(unsafe.Add(unsafe.Pointer(h), -4)) ^= 1
		case "changes-input":
			if len(p) > 0 {
				p[0] ^= 1
			}
		}
	}
}
