// Package blake2b implements the BLAKE2b hash function and message
// authentication code defined in RFC 7693, "The BLAKE2 Cryptographic Hash and
// Message Authentication Code (MAC)".
//
// BLAKE2b works on 64-bit words and produces digests of 1 to 64 bytes. With a
// key of 1 to 64 bytes it is a MAC (keyed hashing, RFC 7693, Section 3.3).
//
// The package mirrors the API of golang.org/x/crypto/blake2b for BLAKE2b
// (BLAKE2Xb is not provided): the same functions, constants and return types,
// and the same encoding of a hash's marshaled state, so that a program
// switches by changing an import path and a state saved by one package can be
// restored by the other. Unlike x/crypto, the hashes do not register with
// [crypto.RegisterHash], and keyed hashes can be marshaled too (see
// [New]).
//
// # Implementations
//
// The compression function has implementations registered with
// github.com/crypton-go/crypton/cpufeat under the package name "blake2b", in
// order of preference: "AVX-512" (amd64 with AVX-512F and AVX-512VL: VPRORQ
// rotations), "AVX2" (amd64 with AVX2), and the portable Go code
// ("generic") that every other path is tested against. The -tags purego
// build uses only the generic code; CRYPTON_CPU turns paths off at run time.
//
// # Constant time
//
// Hashing performs no branch and no memory access whose address depends on
// the key or on the bytes being hashed. The time taken depends on the length
// of the input and of the key, which are not considered secret.
package blake2b

import (
	"encoding/binary"
	"errors"
	"hash"
)

//go:generate go run github.com/crypton-go/crypton/tools/asm/hash/blake2b -generic blake2bblock.go

const (
	// BlockSize is the block size of BLAKE2b in bytes.
	BlockSize = 128
	// Size is the size of a BLAKE2b-512 checksum in bytes, and the largest
	// size of a BLAKE2b checksum.
	Size = 64
	// Size384 is the size of a BLAKE2b-384 checksum in bytes.
	Size384 = 48
	// Size256 is the size of a BLAKE2b-256 checksum in bytes.
	Size256 = 32
)

// iv is the initialization vector of BLAKE2b, RFC 7693, Section 2.6 (the
// same words as SHA-512's).
var iv = [8]uint64{
	0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
	0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
}

var (
	errHashSize = errors.New("blake2b: invalid hash size")
	errKeySize  = errors.New("blake2b: invalid key size")
)

// lastBlock is the value of the finalization flag f0 (RFC 7693, Section
// 3.2) for the last block of a message; it is 0 for the others.
const lastBlock = ^uint64(0)

// maxBlockLen is the most that Write passes to blocks in one call, so that an
// assembly implementation, which the scheduler cannot preempt, returns to Go
// code at least every 64 KiB.
const maxBlockLen = 512 * BlockSize

// Sum512 returns the BLAKE2b-512 checksum of data. It does not allocate.
func Sum512(data []byte) [Size]byte {
	return sum(Size, data)
}

// Sum384 returns the BLAKE2b-384 checksum of data. It does not allocate.
func Sum384(data []byte) [Size384]byte {
	s := sum(Size384, data)
	return [Size384]byte(s[:Size384])
}

// Sum256 returns the BLAKE2b-256 checksum of data. It does not allocate.
func Sum256(data []byte) [Size256]byte {
	s := sum(Size256, data)
	return [Size256]byte(s[:Size256])
}

// sum returns the unkeyed BLAKE2b checksum of size bytes of data, in the
// first size bytes of the result.
func sum(size int, data []byte) [Size]byte {
	h := iv
	h[0] ^= 0x01010000 | uint64(size)
	var c [2]uint64
	// Every block but the last, which may be whole.
	for len(data) > BlockSize {
		k := min(len(data)-1, maxBlockLen) &^ (BlockSize - 1)
		blocks(&h, &c, 0, data[:k])
		data = data[k:]
	}
	var last [BlockSize]byte
	n := copy(last[:], data)
	return finish(&h, &c, &last, n)
}

// finish compresses last, of which the first n bytes are message bytes and
// the rest zeros, as the final block after the blocks counted in c, and
// returns the resulting chaining value in little-endian order. It changes h
// and c.
func finish(h *[8]uint64, c *[2]uint64, last *[BlockSize]byte, n int) [Size]byte {
	// blocks adds BlockSize to the counter, which must end at the number of
	// message bytes: take away the padding first, borrowing from c[1].
	pad := uint64(BlockSize - n)
	if c[0] < pad {
		c[1]--
	}
	c[0] -= pad
	blocks(h, c, lastBlock, last[:])
	var out [Size]byte
	for i, v := range h {
		binary.LittleEndian.PutUint64(out[8*i:], v)
	}
	return out
}

// New512 returns a new [hash.Hash] computing the BLAKE2b-512 checksum, keyed
// with key if it is not empty (a MAC). The key must be at most 64 bytes long.
// See [New] for the interfaces the Hash implements.
func New512(key []byte) (hash.Hash, error) { return New(Size, key) }

// New384 returns a new [hash.Hash] computing the BLAKE2b-384 checksum, keyed
// with key if it is not empty (a MAC). The key must be at most 64 bytes long.
// See [New] for the interfaces the Hash implements.
func New384(key []byte) (hash.Hash, error) { return New(Size384, key) }

// New256 returns a new [hash.Hash] computing the BLAKE2b-256 checksum, keyed
// with key if it is not empty (a MAC). The key must be at most 64 bytes long.
// See [New] for the interfaces the Hash implements.
func New256(key []byte) (hash.Hash, error) { return New(Size256, key) }

// New returns a new [hash.Hash] computing the BLAKE2b checksum of size bytes,
// keyed with key if it is not empty (a MAC). The size must be between 1 and
// 64 and the key at most 64 bytes long. RFC 7693 recommends a size of at
// least 32 bytes for hashing and of at least 16 bytes, with a key of at least
// 16 bytes, for a MAC.
//
// The Hash also implements [hash.Cloner], [encoding.BinaryMarshaler],
// [encoding.BinaryAppender] and [encoding.BinaryUnmarshaler] to save and
// restore its internal state, in the encoding of golang.org/x/crypto/blake2b.
// Reset returns a keyed Hash to its keyed initial state. Unlike x/crypto's,
// keyed Hashes can be marshaled: the state of a MAC must be kept as secret as
// its key, since it lets anyone compute the MAC of any continuation of the
// message, and holds the key itself until data is written after New or
// Reset. The key is not part of the state: a restored state is continued
// with the key, and Reset to the key, of the Hash it is restored into.
func New(size int, key []byte) (hash.Hash, error) {
	if size < 1 || size > Size {
		return nil, errHashSize
	}
	if len(key) > Size {
		return nil, errKeySize
	}
	d := &digest{size: size, keyLen: len(key)}
	copy(d.key[:], key)
	d.Reset()
	return d, nil
}

// digest is the running state of a BLAKE2b computation. It implements
// hash.Hash, hash.Cloner, encoding.BinaryMarshaler, encoding.BinaryUnmarshaler
// and encoding.BinaryAppender.
//
// The buffer always holds the last bytes written, up to a whole block,
// because the last block of a message is compressed differently and only
// Sum knows which block is the last. It is empty only before anything is
// written to an unkeyed hash.
type digest struct {
	h      [8]uint64       // chaining value
	c      [2]uint64       // number of bytes compressed, c[0] the low word
	size   int             // digest size in bytes, 1 to 64
	block  [BlockSize]byte // buffered input, block[:offset]
	offset int             // 0 to BlockSize

	key    [BlockSize]byte // the key padded with zeros, the first block of a MAC
	keyLen int
}

// Reset returns d to its initial state: with its key in the buffer if it has
// one (RFC 7693, Section 3.3).
func (d *digest) Reset() {
	d.h = iv
	// The parameter block (RFC 7693, Section 2.8) for sequential hashing:
	// digest size, key size, fanout 1 and depth 1.
	d.h[0] ^= 0x01010000 | uint64(d.keyLen)<<8 | uint64(d.size)
	d.c = [2]uint64{}
	d.offset = 0
	if d.keyLen > 0 {
		d.block = d.key
		d.offset = BlockSize
	}
}

// Size returns the size of the checksum in bytes, as given to New.
func (d *digest) Size() int { return d.size }

// BlockSize returns [BlockSize].
func (d *digest) BlockSize() int { return BlockSize }

// Write adds p to the data being hashed. It never returns an error.
func (d *digest) Write(p []byte) (int, error) {
	n := len(p)
	if d.offset > 0 {
		free := BlockSize - d.offset
		if len(p) <= free {
			d.offset += copy(d.block[d.offset:], p)
			return n, nil
		}
		// More data follows, so the buffered block is not the last.
		copy(d.block[d.offset:], p[:free])
		blocks(&d.h, &d.c, 0, d.block[:])
		d.offset = 0
		p = p[free:]
	}
	// Compress every block of p but the last, which may be whole.
	for len(p) > BlockSize {
		k := min(len(p)-1, maxBlockLen) &^ (BlockSize - 1)
		blocks(&d.h, &d.c, 0, p[:k])
		p = p[k:]
	}
	d.offset += copy(d.block[:], p)
	return n, nil
}

// Sum appends the checksum of the data written so far to b and returns the
// resulting slice. It does not change the state of d, so more data can be
// written afterwards. It does not allocate if b has room for the checksum.
func (d *digest) Sum(b []byte) []byte {
	h, c := d.h, d.c
	var last [BlockSize]byte
	copy(last[:], d.block[:d.offset])
	out := finish(&h, &c, &last, d.offset)
	return append(b, out[:d.size]...)
}

// Clone returns an independent copy of d, in the same state and with the
// same key.
func (d *digest) Clone() (hash.Cloner, error) {
	c := *d
	return &c, nil
}

// The marshaled state, as golang.org/x/crypto/blake2b encodes it: a magic
// string, the chaining value and the counter as big-endian words, the digest
// size, the buffer (we write zeros after the buffered bytes, where x/crypto
// leaves whatever the buffer held before), and the number of buffered bytes.
const (
	magic         = "b2b"
	marshaledSize = len(magic) + 8*8 + 2*8 + 1 + BlockSize + 1
)

// MarshalBinary returns the state of d, in the encoding of
// golang.org/x/crypto/blake2b. The state of a keyed hash is as secret as the
// key: see [New].
func (d *digest) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, marshaledSize))
}

// AppendBinary appends the state of d, as MarshalBinary returns it, to b.
func (d *digest) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, magic...)
	for _, v := range d.h {
		b = binary.BigEndian.AppendUint64(b, v)
	}
	b = binary.BigEndian.AppendUint64(b, d.c[0])
	b = binary.BigEndian.AppendUint64(b, d.c[1])
	b = append(b, byte(d.size))
	b = append(b, d.block[:d.offset]...)
	var zero [BlockSize]byte
	b = append(b, zero[d.offset:]...)
	b = append(b, byte(d.offset))
	return b, nil
}

// UnmarshalBinary restores a state returned by MarshalBinary, by this package
// or by golang.org/x/crypto/blake2b, of a hash with the same digest size as d.
// d keeps its key, to which Reset returns. On error, d is left unchanged.
func (d *digest) UnmarshalBinary(b []byte) error {
	if len(b) < len(magic) || string(b[:len(magic)]) != magic {
		return errors.New("blake2b: invalid hash state identifier")
	}
	if len(b) != marshaledSize {
		return errors.New("blake2b: invalid hash state size")
	}
	b = b[len(magic):]
	if int(b[8*10]) != d.size {
		// A different digest size is a different function, as SHA-224 is
		// to SHA-256.
		return errors.New("blake2b: invalid hash state identifier")
	}
	offset := int(b[len(b)-1])
	if offset > BlockSize {
		return errors.New("blake2b: invalid hash state")
	}
	for i := range d.h {
		d.h[i] = binary.BigEndian.Uint64(b[8*i:])
	}
	d.c[0] = binary.BigEndian.Uint64(b[8*8:])
	d.c[1] = binary.BigEndian.Uint64(b[8*9:])
	copy(d.block[:], b[8*10+1:])
	d.offset = offset
	return nil
}
