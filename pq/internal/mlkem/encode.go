package mlkem

import "errors"

// Byte encodings of polynomials (FIPS 203, Algorithms 5 and 6): 256 values
// of d bits each, packed least significant bit first.

// encodedSize returns the length of ByteEncode_d: 32·d bytes.
func encodedSize(d uint) int { return 32 * int(d) }

// byteEncode appends ByteEncode_d of the 256 values vals(i) < 2^d to b.
func byteEncode(b []byte, d uint, val func(i int) uint16) []byte {
	var acc uint64
	var n uint
	for i := range 256 {
		acc |= uint64(val(i)) << n
		n += d
		for n >= 8 {
			b = append(b, byte(acc))
			acc >>= 8
			n -= 8
		}
	}
	return b
}

// byteDecode calls set(i, v) for the 256 d-bit values of ByteDecode_d(b),
// with len(b) == 32·d.
func byteDecode(b []byte, d uint, set func(i int, v uint16)) {
	var acc uint64
	var n uint
	mask := uint64(1)<<d - 1
	i := 0
	for _, c := range b {
		acc |= uint64(c) << n
		n += 8
		for n >= d {
			set(i, uint16(acc&mask))
			i++
			acc >>= d
			n -= d
		}
	}
}

// encode12Generic appends ByteEncode₁₂(f) to b.
func encode12Generic[T ~[256]fieldElement](b []byte, f *T) []byte {
	b = growBy(b, 384)
	for i := 0; i < 256; i += 2 {
		x, y := uint32((*f)[i]), uint32((*f)[i+1])
		w := x | y<<12
		b = append(b, byte(w), byte(w>>8), byte(w>>16))
	}
	return b
}

var errModulus = errors.New("coefficient not below q")

// decode12CheckedGeneric decodes ByteDecode₁₂(b) (len(b) == 384) into f,
// and fails if a value is q or more: the modulus check of FIPS 203, section
// 7.2, for encapsulation keys, which are public.
func decode12CheckedGeneric(f *nttElement, b []byte) error {
	bad := uint16(0)
	for i := 0; i < 256; i += 2 {
		w := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16
		x, y := uint16(w&0xfff), uint16(w>>12)
		// Not a branch per value: the key is public, but this keeps the
		// loop straight.
		bad |= (q - 1 - x) | (q - 1 - y)
		f[i], f[i+1] = fieldElement(x), fieldElement(y)
		b = b[3:]
	}
	if bad>>15 != 0 {
		return errModulus
	}
	return nil
}

// decode12ReduceGeneric decodes ByteDecode₁₂(b) (len(b) == 384) into f,
// reducing each value modulo q as FIPS 203 defines ByteDecode₁₂. It runs in
// constant time: it decodes secret keys.
func decode12ReduceGeneric(f *nttElement, b []byte) {
	for i := 0; i < 256; i += 2 {
		w := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16
		// Values below 2¹² < 2q need one conditional subtraction.
		f[i], f[i+1] = reduceOnce(uint16(w&0xfff)), reduceOnce(uint16(w>>12))
		b = b[3:]
	}
}

// encodeCompressedGeneric appends ByteEncode_d(Compress_d(f)) to b, for
// the d of messages and ciphertexts (1, 4, 5, 10, 11) with code for each,
// and any other d < 12 with the general packing.
func encodeCompressedGeneric(b []byte, f *ringElement, d uint) []byte {
	b = growBy(b, encodedSize(d))
	switch d {
	case 1:
		for i := 0; i < n; i += 8 {
			var c byte
			for j := range 8 {
				c |= byte(compress(f[i+j], 1)) << j
			}
			b = append(b, c)
		}
	case 4:
		for i := 0; i < n; i += 2 {
			b = append(b, byte(compress(f[i], 4)|compress(f[i+1], 4)<<4))
		}
	case 5:
		for i := 0; i < n; i += 8 {
			var w uint64
			for j := range 8 {
				w |= uint64(compress(f[i+j], 5)) << (5 * j)
			}
			b = append(b, byte(w), byte(w>>8), byte(w>>16), byte(w>>24), byte(w>>32))
		}
	case 10:
		for i := 0; i < n; i += 4 {
			w := uint64(compress(f[i], 10)) | uint64(compress(f[i+1], 10))<<10 |
				uint64(compress(f[i+2], 10))<<20 | uint64(compress(f[i+3], 10))<<30
			b = append(b, byte(w), byte(w>>8), byte(w>>16), byte(w>>24), byte(w>>32))
		}
	case 11:
		for i := 0; i < n; i += 8 {
			var c [8]uint64
			for j := range c {
				c[j] = uint64(compress(f[i+j], 11))
			}
			w0 := c[0] | c[1]<<11 | c[2]<<22 | c[3]<<33 | c[4]<<44 | c[5]<<55
			w1 := c[5]>>9 | c[6]<<2 | c[7]<<13
			b = append(b, byte(w0), byte(w0>>8), byte(w0>>16), byte(w0>>24),
				byte(w0>>32), byte(w0>>40), byte(w0>>48), byte(w0>>56),
				byte(w1), byte(w1>>8), byte(w1>>16))
		}
	default:
		b = byteEncode(b, d, func(i int) uint16 { return compress(f[i], d) })
	}
	return b
}

// decodeDecompressedGeneric sets f to Decompress_d(ByteDecode_d(b)),
// len(b) == 32·d, d < 12 (values of d bits need no reduction), with code
// for the d of messages and ciphertexts (1, 4, 5, 10, 11).
func decodeDecompressedGeneric(f *ringElement, b []byte, d uint) {
	switch d {
	case 1:
		for i := range n {
			bit := uint16(b[i/8]>>(i%8)) & 1
			// Decompress₁(1) = ⌈q/2⌋ = 1665, selected by a mask.
			f[i] = fieldElement(-bit & 1665)
		}
	case 4:
		for i, c := range b[:128] {
			f[2*i] = decompress(uint16(c&0xf), 4)
			f[2*i+1] = decompress(uint16(c>>4), 4)
		}
	case 5:
		for i := 0; i < n; i += 8 {
			w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 | uint64(b[4])<<32
			for j := range 8 {
				f[i+j] = decompress(uint16(w>>(5*j))&0x1f, 5)
			}
			b = b[5:]
		}
	case 10:
		for i := 0; i < n; i += 4 {
			w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 | uint64(b[4])<<32
			f[i] = decompress(uint16(w)&0x3ff, 10)
			f[i+1] = decompress(uint16(w>>10)&0x3ff, 10)
			f[i+2] = decompress(uint16(w>>20)&0x3ff, 10)
			f[i+3] = decompress(uint16(w>>30)&0x3ff, 10)
			b = b[5:]
		}
	case 11:
		for i := 0; i < n; i += 8 {
			w0 := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
				uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
			w1 := uint64(b[8]) | uint64(b[9])<<8 | uint64(b[10])<<16
			const m = 0x7ff
			f[i] = decompress(uint16(w0)&m, 11)
			f[i+1] = decompress(uint16(w0>>11)&m, 11)
			f[i+2] = decompress(uint16(w0>>22)&m, 11)
			f[i+3] = decompress(uint16(w0>>33)&m, 11)
			f[i+4] = decompress(uint16(w0>>44)&m, 11)
			f[i+5] = decompress(uint16(w0>>55|w1<<9)&m, 11)
			f[i+6] = decompress(uint16(w1>>2)&m, 11)
			f[i+7] = decompress(uint16(w1>>13)&m, 11)
			b = b[11:]
		}
	default:
		byteDecode(b, d, func(i int, v uint16) { f[i] = decompress(v, d) })
	}
}

// growBy makes room for n more bytes in b without changing its length.
func growBy(b []byte, n int) []byte {
	if cap(b)-len(b) >= n {
		return b
	}
	nb := make([]byte, len(b), len(b)+n)
	copy(nb, b)
	return nb
}
