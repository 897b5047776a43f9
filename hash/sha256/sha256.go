// Package sha256 implements the SHA-224 and SHA-256 hash functions defined in
// FIPS 180-4, "Secure Hash Standard".
//
// The package mirrors the standard library's crypto/sha256: the same
// functions, constants and return types, and the same encoding of a hash's
// marshaled state, so that a program switches by changing an import path and
// a state saved by one package can be restored by the other.
//
// # Implementations
//
// Implementations, registered with github.com/crypton-go/crypton/cpufeat
// under the package name "sha256" in order of preference: "SHA-NI" (amd64
// with the SHA extensions), "AVX2" (amd64 with AVX2 and BMI2, for CPUs without
// them), "ARMv8-SHA2" (arm64 with the ARMv8 SHA-256 instructions), and the
// portable Go code ("generic") that every other path is tested against. The
// -tags purego build uses only the generic code; CRYPTON_CPU turns paths off
// at run time.
//
// # Constant time
//
// Hashing performs no branch and no memory access whose address depends on
// the bytes being hashed, so the functions are safe to use on secrets (as
// HMAC does). The time taken depends on the length of the input, which is not
// considered secret.
package sha256

import (
	"encoding/binary"
	"errors"
	"hash"
)

// Size is the size of a SHA-256 checksum in bytes.
const Size = 32

// Size224 is the size of a SHA-224 checksum in bytes.
const Size224 = 28

// BlockSize is the block size of SHA-256 and SHA-224 in bytes.
const BlockSize = 64

// Initial hash values, FIPS 180-4 sections 5.3.2 (SHA-224) and 5.3.3
// (SHA-256).
var (
	iv256 = [8]uint32{
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	}
	iv224 = [8]uint32{
		0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
		0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
	}
)

// maxBlockLen is the most that Write passes to block in one call, so that an
// assembly implementation, which the scheduler cannot preempt, returns to Go
// code at least every 64 KiB.
const maxBlockLen = 1024 * BlockSize

// digest is the running state of a SHA-224 or SHA-256 computation. It
// implements hash.Hash, hash.Cloner, encoding.BinaryMarshaler,
// encoding.BinaryUnmarshaler and encoding.BinaryAppender.
type digest struct {
	h     [8]uint32       // chaining value
	x     [BlockSize]byte // buffered input, x[:nx]
	nx    int             // number of buffered bytes, len % BlockSize
	len   uint64          // total number of bytes written
	is224 bool
}

// New returns a new [hash.Hash] computing the SHA-256 checksum. The Hash also
// implements [hash.Cloner], [encoding.BinaryMarshaler],
// [encoding.BinaryAppender] and [encoding.BinaryUnmarshaler] to save and
// restore its internal state, in the same encoding as crypto/sha256.
func New() hash.Hash {
	d := new(digest)
	d.Reset()
	return d
}

// New224 returns a new [hash.Hash] computing the SHA-224 checksum. The Hash
// also implements [hash.Cloner], [encoding.BinaryMarshaler],
// [encoding.BinaryAppender] and [encoding.BinaryUnmarshaler] to save and
// restore its internal state, in the same encoding as crypto/sha256.
func New224() hash.Hash {
	d := &digest{is224: true}
	d.Reset()
	return d
}

// Sum256 returns the SHA-256 checksum of data. It does not allocate.
func Sum256(data []byte) [Size]byte {
	var d digest
	d.Reset()
	d.Write(data)
	return d.checkSum()
}

// Sum224 returns the SHA-224 checksum of data. It does not allocate.
func Sum224(data []byte) [Size224]byte {
	d := digest{is224: true}
	d.Reset()
	d.Write(data)
	sum := d.checkSum()
	return [Size224]byte(sum[:Size224])
}

// Reset returns d to its initial state, that of a new hash of the same kind.
func (d *digest) Reset() {
	if d.is224 {
		d.h = iv224
	} else {
		d.h = iv256
	}
	d.nx = 0
	d.len = 0
}

// Size returns Size224 for SHA-224 and Size for SHA-256.
func (d *digest) Size() int {
	if d.is224 {
		return Size224
	}
	return Size
}

// BlockSize returns [BlockSize].
func (d *digest) BlockSize() int { return BlockSize }

// Write adds p to the data being hashed. It never returns an error.
func (d *digest) Write(p []byte) (int, error) {
	n := len(p)
	d.len += uint64(n)
	if d.nx > 0 {
		k := copy(d.x[d.nx:], p)
		d.nx += k
		p = p[k:]
		if d.nx < BlockSize {
			return n, nil
		}
		block(d, d.x[:])
		d.nx = 0
	}
	for len(p) >= BlockSize {
		k := min(len(p), maxBlockLen) &^ (BlockSize - 1)
		block(d, p[:k])
		p = p[k:]
	}
	d.nx = copy(d.x[:], p)
	return n, nil
}

// Sum appends the checksum of the data written so far to b and returns the
// resulting slice. It does not change the state of d, so more data can be
// written afterwards. It does not allocate if b has room for the checksum.
func (d *digest) Sum(b []byte) []byte {
	d0 := *d
	sum := d0.checkSum()
	return append(b, sum[:d.Size()]...)
}

// checkSum pads the message and returns the final chaining value, of which
// SHA-224 keeps the first Size224 bytes. It overwrites d.
func (d *digest) checkSum() [Size]byte {
	// Padding (FIPS 180-4, section 5.1.1): a 1 bit, zeros up to 56 bytes
	// modulo 64, then the message length in bits as a 64-bit big-endian
	// number. It takes one more block, or two if fewer than 9 bytes of the
	// current block are free.
	bitLen := d.len << 3
	d.x[d.nx] = 0x80
	clear(d.x[d.nx+1:])
	if d.nx >= BlockSize-8 {
		block(d, d.x[:])
		clear(d.x[:BlockSize-8])
	}
	binary.BigEndian.PutUint64(d.x[BlockSize-8:], bitLen)
	block(d, d.x[:])

	var sum [Size]byte
	for i, v := range d.h {
		binary.BigEndian.PutUint32(sum[4*i:], v)
	}
	return sum
}

// Clone returns an independent copy of d, in the same state.
func (d *digest) Clone() (hash.Cloner, error) {
	c := *d
	return &c, nil
}

// The marshaled state, as crypto/sha256 encodes it: a magic string naming
// the function, the chaining value as big-endian words, the buffered input
// padded with zeros to a whole block, and the length as a big-endian number.
const (
	magic224      = "sha\x02"
	magic256      = "sha\x03"
	marshaledSize = len(magic256) + 8*4 + BlockSize + 8
)

// MarshalBinary returns the state of d, in the encoding of crypto/sha256.
func (d *digest) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, marshaledSize))
}

// AppendBinary appends the state of d, as MarshalBinary returns it, to b.
func (d *digest) AppendBinary(b []byte) ([]byte, error) {
	if d.is224 {
		b = append(b, magic224...)
	} else {
		b = append(b, magic256...)
	}
	for _, v := range d.h {
		b = binary.BigEndian.AppendUint32(b, v)
	}
	b = append(b, d.x[:d.nx]...)
	var zero [BlockSize]byte
	b = append(b, zero[d.nx:]...)
	b = binary.BigEndian.AppendUint64(b, d.len)
	return b, nil
}

// UnmarshalBinary restores a state returned by MarshalBinary, by this package
// or by crypto/sha256, for the same function (SHA-224 or SHA-256) as d. On
// error, d is left unchanged.
func (d *digest) UnmarshalBinary(b []byte) error {
	magic := magic256
	if d.is224 {
		magic = magic224
	}
	if !hasMagic(b, magic) {
		return errors.New("sha256: invalid hash state identifier")
	}
	if len(b) != marshaledSize {
		return errors.New("sha256: invalid hash state size")
	}
	b = b[len(magic):]
	for i := range d.h {
		d.h[i] = binary.BigEndian.Uint32(b[4*i:])
	}
	b = b[4*len(d.h):]
	copy(d.x[:], b[:BlockSize])
	d.len = binary.BigEndian.Uint64(b[BlockSize:])
	d.nx = int(d.len % BlockSize)
	return nil
}

// hasMagic reports whether b starts with the identifier magic. It compares
// byte by byte rather than as strings: for so short a string the runtime's
// comparison loads eight bytes and shifts the excess away, which makes
// valgrind's constant-time check (tools/cmd/ctcheck) see the secret
// chaining value that follows the identifier in a state saved by HMAC take
// part in the branch on the result (a false alarm, since the excess is
// shifted out, but one the check cannot tell from a leak).
func hasMagic(b []byte, magic string) bool {
	if len(b) < len(magic) {
		return false
	}
	for i := 0; i < len(magic); i++ {
		if b[i] != magic[i] {
			return false
		}
	}
	return true
}
