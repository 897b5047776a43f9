package mldsa

// Byte encodings of FIPS 204, section 7.1: SimpleBitPack and BitPack
// (Algorithms 16 and 17) write 256 values of a fixed number of bits, least
// significant bit first; their inverses (Algorithms 18 and 19) read them.
// Both work on the values that the callers compute from the coefficients
// (such as η − s for BitPack(s, η, η)), so one pair of loops serves every
// encoding. They run in constant time.

// packBitsGeneric appends the 256 values v[i] < 2^bits, bits ≤ 32, to b.
func packBitsGeneric(b []byte, v *[n]uint32, bits uint) []byte {
	var acc uint64
	var k uint
	for _, x := range v {
		acc |= uint64(x) << k
		k += bits
		for k >= 8 {
			b = append(b, byte(acc))
			acc >>= 8
			k -= 8
		}
	}
	return b
}

// unpackBitsGeneric sets v to the 256 values of bits bits each in b,
// len(b) = 32·bits.
func unpackBitsGeneric(v *[n]uint32, b []byte, bits uint) {
	var acc uint64
	var k uint
	mask := uint64(1)<<bits - 1
	i := 0
	for _, c := range b {
		acc |= uint64(c) << k
		k += 8
		for k >= bits {
			v[i] = uint32(acc & mask)
			i++
			acc >>= bits
			k -= bits
		}
	}
}

// packedSize is the length of 256 values of bits bits: 32·bits bytes.
func packedSize(bits uint) int { return 32 * int(bits) }

// packCenteredGeneric appends BitPack(f, a, b) (FIPS 204, Algorithm 17) for
// the polynomial f with coefficients in [−a, b], as the values b − f[i] of
// bits bits.
func packCenteredGeneric(out []byte, f *ringElement, b uint32, bits uint) []byte {
	var v [n]uint32
	for i, x := range f {
		v[i] = uint32(fieldSub(fieldElement(b), x))
	}
	out = packBitsGeneric(out, &v, bits)
	clear(v[:])
	return out
}

// unpackCenteredGeneric sets f to BitUnpack(in, a, b) (FIPS 204, Algorithm
// 19), with len(in) = 32·bits, and returns 1 if a value b − f[i] read is
// above max (a coefficient below −(max − b)), 0 otherwise, without a
// branch. max < 2³¹.
func unpackCenteredGeneric(f *ringElement, in []byte, b uint32, bits uint, max uint32) uint32 {
	var v [n]uint32
	unpackBitsGeneric(&v, in, bits)
	var bad uint32
	for i, x := range v {
		bad |= max - x // wraps around, setting the top bit, if x > max
		f[i] = fieldFromInt(int32(b) - int32(x))
	}
	clear(v[:])
	return bad >> 31
}

// hintEncode writes HintBitPack(h) (FIPS 204, Algorithm 20) to out, of
// length ω + k: the positions of the ones of each h[i], then the running
// count after each polynomial. The caller has checked that h has at most ω
// ones. It branches on h, which is public once the signature is.
func hintEncode(out []byte, h [][n]byte, omega int) {
	clear(out)
	idx := 0
	for i := range h {
		for j, x := range h[i] {
			if x != 0 {
				out[idx] = byte(j)
				idx++
			}
		}
		out[omega+i] = byte(idx)
	}
}

// hintDecode sets h to HintBitUnpack(in) (FIPS 204, Algorithm 21) and
// reports whether in is a valid encoding: the running counts do not
// decrease and do not exceed ω, the positions within each polynomial
// strictly increase, and the unused positions are zero. Every other
// encoding of the same hints is rejected, which makes signatures
// non-malleable.
func hintDecode(h [][n]byte, in []byte, omega int) bool {
	idx := 0
	for i := range h {
		clear(h[i][:])
		end := int(in[omega+i])
		if end < idx || end > omega {
			return false
		}
		for first := idx; idx < end; idx++ {
			if idx > first && in[idx-1] >= in[idx] {
				return false
			}
			h[i][in[idx]] = 1
		}
	}
	for _, x := range in[idx:omega] {
		if x != 0 {
			return false
		}
	}
	return true
}
