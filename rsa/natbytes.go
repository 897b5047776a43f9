package rsa

import (
	"encoding/binary"

	"github.com/crypton-go/crypton/mont"
)

// Helpers on big-endian natural numbers held in byte slices, for the checks
// of key import and generation. Except where noted, their time depends on
// the lengths of the slices, never on the values; the caller then branches
// on the outcome of a check, which is public (the key is rejected or a
// candidate discarded).

// trimLeadingZeros returns b without its leading zero bytes. Use it where
// the byte length is public, as the sizes of a key's primes are: the
// number of leading zero bytes is counted in constant time, and only it is
// revealed, not the values of the bytes.
func trimLeadingZeros(b []byte) []byte {
	n, nonzero := 0, 0
	for _, c := range b {
		// nonzero becomes 1 at the first nonzero byte; until then, each
		// byte counts.
		nonzero |= int((uint32(c) | -uint32(c)) >> 31)
		n += nonzero ^ 1
	}
	declassify(&n)
	return b[n:]
}

// oddAtLeast3 reports whether the big-endian p, with no leading zeros, is
// odd and at least 3. It looks at the lowest bit of p, which is public for
// an RSA prime (1), and at p's value only if p is a single byte.
func oddAtLeast3(p []byte) bool {
	return len(p) > 0 && p[len(p)-1]&1 == 1 && (len(p) > 1 || p[0] >= 3)
}

// byteAt returns byte i of the big-endian b counted from the least
// significant (0), or 0 beyond b's length.
func byteAt(b []byte, i int) byte {
	if i < len(b) {
		return b[len(b)-1-i]
	}
	return 0
}

// compareBE returns -1, 0 or +1 as a < b, a == b or a > b, for big-endian
// a and b of any lengths.
func compareBE(a, b []byte) int {
	var borrow, diff uint32
	for i := range max(len(a), len(b)) {
		x, y := uint32(byteAt(a, i)), uint32(byteAt(b, i))
		// x - y - borrow is in [-256, 255]: bit 8 of its two's complement
		// is the borrow out.
		borrow = ((x - y - borrow) >> 8) & 1
		diff |= x ^ y
	}
	ne := int((diff | -diff) >> 31) // 1 if a != b
	return ne - 2*int(borrow)
}

// absDiffBE returns |a - b|, big-endian, in max(len(a), len(b)) bytes.
func absDiffBE(a, b []byte) []byte {
	l := max(len(a), len(b))
	ab := make([]byte, l) // a - b
	ba := make([]byte, l) // b - a
	var b1, b2 uint32
	for i := range l {
		x, y := uint32(byteAt(a, i)), uint32(byteAt(b, i))
		d1, d2 := x-y-b1, y-x-b2
		ab[l-1-i], ba[l-1-i] = byte(d1), byte(d2)
		b1, b2 = (d1>>8)&1, (d2>>8)&1
	}
	// a - b borrowed exactly when a < b: then |a - b| = b - a.
	mask := -byte(b1)
	for i := range ab {
		ab[i] ^= mask & (ab[i] ^ ba[i])
	}
	return ab
}

// pow2BE returns 2^k, big-endian.
func pow2BE(k int) []byte {
	b := make([]byte, k/8+1)
	b[0] = 1 << (k % 8)
	return b
}

// minusOneOdd returns a copy of the odd big-endian p with its lowest bit
// cleared: p - 1.
func minusOneOdd(p []byte) []byte {
	b := clone(p)
	b[len(b)-1] &^= 1
	return b
}

// natUint returns v as a Nat of one limb.
func natUint(v uint64) *mont.Nat {
	return mont.NewNat().SetBigEndian(binary.BigEndian.AppendUint64(nil, v))
}
