package sha3

import (
	"bytes"
	"math/bits"
)

// SHAKE is an instance of a SHAKE or cSHAKE extendable output function. It
// implements [io.Writer], [io.Reader], [encoding.BinaryMarshaler],
// [encoding.BinaryAppender] and [encoding.BinaryUnmarshaler]. The zero value
// is a usable SHAKE256 function.
//
// A SHAKE absorbs input with Write until the first Read, and then produces
// output with Read; like the standard library's, it panics if Write is
// called after Read (call Reset to start over).
type SHAKE struct {
	s sponge

	// prefix is the cSHAKE encoding of the function name N and the
	// customization string S (SP 800-185, section 3.3), absorbed again by
	// Reset; it is empty for SHAKE.
	prefix []byte
}

// NewSHAKE128 creates a new SHAKE128 XOF.
func NewSHAKE128() *SHAKE {
	return &SHAKE{s: sponge{rate: rate128, outputLen: 32, ds: dsSHAKE}}
}

// NewSHAKE256 creates a new SHAKE256 XOF.
func NewSHAKE256() *SHAKE {
	return &SHAKE{s: sponge{rate: rate256, outputLen: 64, ds: dsSHAKE}}
}

// NewCSHAKE128 creates a new cSHAKE128 XOF (NIST SP 800-185, section 3).
//
// N is used to define functions based on cSHAKE, it can be empty when plain
// cSHAKE is desired. S is a customization byte string used for domain
// separation. When N and S are both empty, this is equivalent to
// NewSHAKE128.
func NewCSHAKE128(N, S []byte) *SHAKE {
	if len(N) == 0 && len(S) == 0 {
		return NewSHAKE128()
	}
	c := &SHAKE{s: sponge{rate: rate128, outputLen: 32, ds: dsCSHAKE}}
	c.setPrefix(N, S)
	return c
}

// NewCSHAKE256 creates a new cSHAKE256 XOF (NIST SP 800-185, section 3).
//
// N is used to define functions based on cSHAKE, it can be empty when plain
// cSHAKE is desired. S is a customization byte string used for domain
// separation. When N and S are both empty, this is equivalent to
// NewSHAKE256.
func NewCSHAKE256(N, S []byte) *SHAKE {
	if len(N) == 0 && len(S) == 0 {
		return NewSHAKE256()
	}
	c := &SHAKE{s: sponge{rate: rate256, outputLen: 64, ds: dsCSHAKE}}
	c.setPrefix(N, S)
	return c
}

// appendLeftEncode appends left_encode(x) of SP 800-185, section 2.3.1: the
// length in bytes of the shortest big-endian encoding of x (at least one
// byte), then that encoding.
func appendLeftEncode(b []byte, x uint64) []byte {
	n := max((bits.Len64(x)+7)/8, 1)
	b = append(b, byte(n))
	for i := n - 1; i >= 0; i-- {
		b = append(b, byte(x>>(8*i)))
	}
	return b
}

// setPrefix records encode_string(N) || encode_string(S) and absorbs it with
// bytepad (SP 800-185, sections 2.3.2, 2.3.3 and 3.3).
func (c *SHAKE) setPrefix(N, S []byte) {
	p := make([]byte, 0, 9+len(N)+9+len(S))
	p = appendLeftEncode(p, uint64(len(N))*8)
	p = append(p, N...)
	p = appendLeftEncode(p, uint64(len(S))*8)
	p = append(p, S...)
	c.prefix = p
	c.absorbPrefix()
}

// absorbPrefix absorbs bytepad(prefix, rate): left_encode(rate), the prefix,
// then zeros up to a whole number of blocks, which leave the state as it is.
func (c *SHAKE) absorbPrefix() {
	var enc [9]byte
	c.s.write(appendLeftEncode(enc[:0], uint64(c.s.rate)))
	c.s.write(c.prefix)
	if c.s.n > 0 {
		keccakF1600(&c.s.a)
		c.s.n = 0
	}
}

func (c *SHAKE) init() {
	if c.s.rate == 0 {
		*c = *NewSHAKE256()
	}
}

// Write absorbs more data into the XOF's state. It always returns len(p),
// nil.
//
// It panics if any output has already been read.
func (c *SHAKE) Write(p []byte) (n int, err error) {
	c.init()
	c.s.write(p)
	return len(p), nil
}

// Read squeezes more output from the XOF. It always fills p and returns
// len(p), nil. Reads of any sizes give the same output stream.
//
// Any call to Write after a call to Read will panic.
func (c *SHAKE) Read(p []byte) (n int, err error) {
	c.init()
	c.s.read(p)
	return len(p), nil
}

// Reset resets the XOF to its initial state (for cSHAKE, the state after
// absorbing N and S).
func (c *SHAKE) Reset() {
	c.init()
	c.s.reset()
	if len(c.prefix) > 0 {
		c.absorbPrefix()
	}
}

// BlockSize returns the rate of the XOF.
func (c *SHAKE) BlockSize() int {
	c.init()
	return c.s.rate
}

// MarshalBinary implements [encoding.BinaryMarshaler]. The state may be
// marshaled while absorbing or while squeezing.
func (c *SHAKE) MarshalBinary() ([]byte, error) {
	c.init()
	return c.AppendBinary(make([]byte, 0, marshaledSize+len(c.prefix)))
}

// AppendBinary implements [encoding.BinaryAppender].
func (c *SHAKE) AppendBinary(p []byte) ([]byte, error) {
	c.init()
	p = c.s.appendBinary(p)
	return append(p, c.prefix...), nil
}

// UnmarshalBinary implements [encoding.BinaryUnmarshaler]. The state must
// have been marshaled by an XOF of the same kind as c (SHAKE or cSHAKE, with
// the same rate; for the zero value, SHAKE256); otherwise UnmarshalBinary
// returns an error and leaves c unchanged.
func (c *SHAKE) UnmarshalBinary(data []byte) error {
	c.init()
	if len(data) < marshaledSize {
		return errStateSize
	}
	prefix := data[marshaledSize:]
	if (c.s.ds == dsCSHAKE) != (len(prefix) > 0) {
		// A cSHAKE state carries the encoding of N and S, a SHAKE state
		// nothing; checked after the identifier, which is the likelier
		// mistake.
		if string(data[:4]) != c.s.magic() {
			return errStateIdentifier
		}
		return errStateSize
	}
	if err := c.s.unmarshal(data[:marshaledSize], true); err != nil {
		return err
	}
	c.prefix = bytes.Clone(prefix)
	return nil
}

// SumSHAKE128 applies the SHAKE128 extendable output function to data and
// returns an output of the given length in bytes.
func SumSHAKE128(data []byte, length int) []byte {
	out := make([]byte, length)
	d := sponge{rate: rate128, ds: dsSHAKE}
	d.write(data)
	d.read(out)
	return out
}

// SumSHAKE256 applies the SHAKE256 extendable output function to data and
// returns an output of the given length in bytes.
func SumSHAKE256(data []byte, length int) []byte {
	out := make([]byte, length)
	d := sponge{rate: rate256, ds: dsSHAKE}
	d.write(data)
	d.read(out)
	return out
}
