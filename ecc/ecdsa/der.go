package ecdsa

// The ASN.1 DER encoding of an ECDSA signature (SEC 1, Appendix C.8; RFC
// 5480 and RFC 3279, Section 2.2.3):
//
//	ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }
//
// parseDER accepts exactly the DER encodings of two positive integers, and
// nothing BER allows beyond them: definite lengths in their shortest form,
// integers in their fewest octets, no data after either the sequence or the
// second integer. The parser is hand written (the ecc module takes no
// dependency for it) and never indexes past its input.

const (
	tagInteger  = 0x02
	tagSequence = 0x30
)

// parseDER parses sig as an ECDSA-Sig-Value and returns r and s as
// big-endian byte strings without leading zeros, each at most size bytes.
// ok is false if sig is not a DER encoding of two positive integers or if
// either does not fit in size bytes. It runs in time that depends only on
// the public signature.
func parseDER(sig []byte, size int) (r, s []byte, ok bool) {
	body, rest, ok := readTLV(sig, tagSequence)
	if !ok || len(rest) != 0 {
		return nil, nil, false
	}
	r, body, ok = readInteger(body, size)
	if !ok {
		return nil, nil, false
	}
	s, body, ok = readInteger(body, size)
	if !ok || len(body) != 0 {
		return nil, nil, false
	}
	return r, s, true
}

// readTLV reads one element of tag tag from the front of b and returns its
// contents and the bytes after it. Lengths of up to two octets are
// accepted (an ECDSA signature never needs more), in the shortest form DER
// requires: the short form below 128, one octet 0x81 for 128 to 255 and
// two octets 0x82 for 256 to 65535. The indefinite form (0x80) is BER
// only.
func readTLV(b []byte, tag byte) (contents, rest []byte, ok bool) {
	if len(b) < 2 || b[0] != tag {
		return nil, nil, false
	}
	n, hdr := int(b[1]), 2
	switch {
	case n < 0x80:
	case n == 0x81:
		if len(b) < 3 || b[2] < 0x80 {
			return nil, nil, false
		}
		n, hdr = int(b[2]), 3
	case n == 0x82:
		if len(b) < 4 || b[2] == 0 {
			return nil, nil, false
		}
		n, hdr = int(b[2])<<8|int(b[3]), 4
		if n < 0x100 {
			return nil, nil, false
		}
	default:
		return nil, nil, false
	}
	if len(b)-hdr < n {
		return nil, nil, false
	}
	return b[hdr : hdr+n], b[hdr+n:], true
}

// readInteger reads a DER INTEGER from the front of b that is positive and
// fits in size bytes, and returns its value without leading zeros.
func readInteger(b []byte, size int) (v, rest []byte, ok bool) {
	v, rest, ok = readTLV(b, tagInteger)
	if !ok || len(v) == 0 || v[0]&0x80 != 0 {
		// Empty, or negative.
		return nil, nil, false
	}
	if v[0] == 0 {
		if len(v) == 1 || v[1]&0x80 == 0 {
			// Zero (which is out of range), or a superfluous leading zero.
			return nil, nil, false
		}
		v = v[1:]
	}
	if len(v) > size {
		return nil, nil, false
	}
	return v, rest, true
}

// appendDER appends the DER encoding of the ECDSA-Sig-Value of r and s,
// which are big-endian and may have leading zeros, to dst.
func appendDER(dst, r, s []byte) []byte {
	r, s = trimZeros(r), trimZeros(s)
	n := intLen(r) + intLen(s)
	dst = append(dst, tagSequence)
	dst = appendLength(dst, n)
	dst = appendInteger(dst, r)
	return appendInteger(dst, s)
}

func trimZeros(b []byte) []byte {
	for len(b) > 0 && b[0] == 0 {
		b = b[1:]
	}
	return b
}

// intLen returns the length of the encoding of the INTEGER of v, which has
// no leading zeros.
func intLen(v []byte) int {
	n := len(v)
	if n == 0 || v[0]&0x80 != 0 {
		n++ // a zero octet: the value of 0, or the sign of a high bit
	}
	return 1 + lengthLen(n) + n
}

func lengthLen(n int) int {
	switch {
	case n < 0x80:
		return 1
	case n < 0x100:
		return 2
	default:
		return 3
	}
}

func appendLength(dst []byte, n int) []byte {
	switch {
	case n < 0x80:
		return append(dst, byte(n))
	case n < 0x100:
		return append(dst, 0x81, byte(n))
	default:
		return append(dst, 0x82, byte(n>>8), byte(n))
	}
}

func appendInteger(dst, v []byte) []byte {
	dst = append(dst, tagInteger)
	if len(v) == 0 || v[0]&0x80 != 0 {
		dst = appendLength(dst, len(v)+1)
		dst = append(dst, 0)
	} else {
		dst = appendLength(dst, len(v))
	}
	return append(dst, v...)
}
