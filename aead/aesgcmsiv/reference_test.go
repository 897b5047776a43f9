package aesgcmsiv

import (
	"crypto/aes"
	"encoding/binary"
)

// This file is a slow, plain reference AES-GCM-SIV, written from RFC 8452
// for the tests: POLYVAL from its definition with bit loops, and AES from
// the standard library's crypto/aes as an oracle. It shares no code with
// the package.

// refElem is an element of POLYVAL's field: bit i of lo‖hi (lo first) is
// the coefficient of xⁱ, the little-endian reading of a 16-byte block.
type refElem struct{ lo, hi uint64 }

func refLoad(b []byte) refElem {
	return refElem{binary.LittleEndian.Uint64(b[0:8]), binary.LittleEndian.Uint64(b[8:16])}
}

func (e refElem) bytes() [16]byte {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[0:8], e.lo)
	binary.LittleEndian.PutUint64(b[8:16], e.hi)
	return b
}

// refMulX multiplies e by x modulo x¹²⁸+x¹²⁷+x¹²⁶+x¹²¹+1.
func refMulX(e refElem) refElem {
	carry := e.hi >> 63
	e.hi = e.hi<<1 | e.lo>>63
	e.lo <<= 1
	if carry == 1 {
		// x¹²⁸ = x¹²⁷+x¹²⁶+x¹²¹+1
		e.hi ^= 1<<63 | 1<<62 | 1<<57
		e.lo ^= 1
	}
	return e
}

// refDivX multiplies e by x⁻¹: if e has a constant term, the polynomial is
// added first so that the division by x is exact.
func refDivX(e refElem) refElem {
	top := uint64(0)
	if e.lo&1 == 1 {
		e.lo ^= 1
		e.hi ^= 1<<63 | 1<<62 | 1<<57
		top = 1 // the x¹²⁸ term of the polynomial, x¹²⁷ once divided
	}
	e.lo = e.lo>>1 | e.hi<<63
	e.hi = e.hi>>1 | top<<63
	return e
}

// refDot is dot(a, b) = a·b·x⁻¹²⁸ (RFC 8452, Section 3).
func refDot(a, b refElem) refElem {
	var r refElem
	for i := 127; i >= 0; i-- {
		r = refMulX(r)
		var bit uint64
		if i >= 64 {
			bit = b.hi >> (i - 64) & 1
		} else {
			bit = b.lo >> i & 1
		}
		if bit == 1 {
			r.lo ^= a.lo
			r.hi ^= a.hi
		}
	}
	for i := 0; i < 128; i++ {
		r = refDivX(r)
	}
	return r
}

// refPolyval is POLYVAL(H, X₁, …, Xₙ) over data, a whole number of
// blocks.
func refPolyval(h, data []byte) [16]byte {
	hk := refLoad(h)
	var s refElem
	for ; len(data) > 0; data = data[16:] {
		x := refLoad(data)
		s = refDot(refElem{s.lo ^ x.lo, s.hi ^ x.hi}, hk)
	}
	return s.bytes()
}

func refAES(key, in []byte) []byte {
	c, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	out := make([]byte, 16)
	c.Encrypt(out, in)
	return out
}

func refPad(b []byte) []byte {
	return append(append([]byte(nil), b...), make([]byte, (16-len(b)%16)%16)...)
}

// refResult is the output of refSeal and its intermediate values.
type refResult struct {
	authKey, encKey []byte
	polyval         [16]byte
	sealed          []byte
}

// refSeal is AES-GCM-SIV encryption as RFC 8452, Section 4 writes it.
func refSeal(key, nonce, pt, ad []byte) refResult {
	var r refResult
	blocks := 4
	if len(key) == 32 {
		blocks = 6
	}
	for i := 0; i < blocks; i++ {
		in := binary.LittleEndian.AppendUint32(nil, uint32(i))
		in = append(in, nonce...)
		half := refAES(key, in)[:8]
		if i < 2 {
			r.authKey = append(r.authKey, half...)
		} else {
			r.encKey = append(r.encKey, half...)
		}
	}
	input := append(refPad(ad), refPad(pt)...)
	input = binary.LittleEndian.AppendUint64(input, uint64(len(ad))*8)
	input = binary.LittleEndian.AppendUint64(input, uint64(len(pt))*8)
	r.polyval = refPolyval(r.authKey, input)
	s := r.polyval
	for i := range nonce {
		s[i] ^= nonce[i]
	}
	s[15] &= 0x7f
	tag := refAES(r.encKey, s[:])
	ctr := append([]byte(nil), tag...)
	ctr[15] |= 0x80
	ct := make([]byte, len(pt))
	for i := 0; i < len(pt); i += 16 {
		ks := refAES(r.encKey, ctr)
		for j := i; j < len(pt) && j < i+16; j++ {
			ct[j] = pt[j] ^ ks[j-i]
		}
		binary.LittleEndian.PutUint32(ctr, binary.LittleEndian.Uint32(ctr)+1)
	}
	r.sealed = append(ct, tag...)
	return r
}
