package sha3

import (
	"encoding/binary"
	"errors"
)

// Domain separation bytes: the suffix bits that FIPS 202 (section 6) and SP
// 800-185 (section 3.3) append to the message, followed by the first bit of
// the pad10*1 padding, written least significant bit first as one byte.
const (
	dsSHA3   = 0x06 // SHA3-*: suffix 01, then the padding's first 1 bit
	dsSHAKE  = 0x1f // SHAKE*: suffix 1111
	dsCSHAKE = 0x04 // cSHAKE*: suffix 00
	dsKeccak = 0x01 // original Keccak submission: no suffix
)

// Rates in bytes: 200 bytes of state minus twice the security level.
const (
	rate128 = 168 // SHAKE128, cSHAKE128
	rate224 = 144 // SHA3-224
	rate256 = 136 // SHA3-256, SHAKE256, cSHAKE256, Keccak-256
	rate384 = 104 // SHA3-384
	rate512 = 72  // SHA3-512, Keccak-512
)

// sponge is the state of the Keccak sponge construction (FIPS 202, section
// 4) with a rate of at most 168 bytes.
//
// The 200 bytes of the permutation's state are numbered as in FIPS 202: byte
// i is bits 8i..8i+7 of the state string, that is byte i%8 in little-endian
// order of lane a[i/8]. While absorbing, bytes 0..n-1 of the current block
// have been XORed into the state and n < rate. While squeezing, bytes
// n..rate-1 of the state are the output not yet read, and n == rate means
// the permutation must run before more output is produced. This is the same
// bookkeeping as the standard library's, so that marshaled states carry over
// unchanged in both directions.
type sponge struct {
	a         [25]uint64
	n         int
	rate      int
	outputLen int  // the output length of Sum, in bytes
	ds        byte // one of the ds* constants
	squeezing bool
}

// xorIn XORs p into the state bytes starting at byte offset off. The caller
// ensures off+len(p) <= 200.
func xorIn(a *[25]uint64, off int, p []byte) {
	for len(p) > 0 && off%8 != 0 {
		a[off/8] ^= uint64(p[0]) << (8 * (off % 8))
		off++
		p = p[1:]
	}
	for len(p) >= 8 {
		a[off/8] ^= binary.LittleEndian.Uint64(p)
		off += 8
		p = p[8:]
	}
	if len(p) > 0 {
		var v uint64
		for i, b := range p {
			v |= uint64(b) << (8 * i)
		}
		a[off/8] ^= v
	}
}

// copyOut copies state bytes starting at byte offset off into out. The
// caller ensures off+len(out) <= 200.
func copyOut(out []byte, a *[25]uint64, off int) {
	for len(out) > 0 && off%8 != 0 {
		out[0] = byte(a[off/8] >> (8 * (off % 8)))
		off++
		out = out[1:]
	}
	for len(out) >= 8 {
		binary.LittleEndian.PutUint64(out, a[off/8])
		off += 8
		out = out[8:]
	}
	if len(out) > 0 {
		v := a[off/8]
		for i := range out {
			out[i] = byte(v >> (8 * i))
		}
	}
}

// maxAbsorb bounds what write passes to absorb in one call (rounded down to
// whole blocks), so that an assembly implementation, which the scheduler
// cannot preempt, returns to Go code at least every 64 KiB.
const maxAbsorb = 64 * 1024

func (d *sponge) write(p []byte) {
	if d.squeezing {
		panic("sha3: Write after Read")
	}
	if d.n > 0 {
		k := min(len(p), d.rate-d.n)
		xorIn(&d.a, d.n, p[:k])
		d.n += k
		p = p[k:]
		if d.n < d.rate {
			return
		}
		keccakF1600(&d.a)
		d.n = 0
	}
	for len(p) >= d.rate {
		m := min(len(p)-len(p)%d.rate, maxAbsorb-maxAbsorb%d.rate)
		absorb(&d.a, p[:m], d.rate)
		p = p[m:]
	}
	if len(p) > 0 {
		xorIn(&d.a, 0, p)
		d.n = len(p)
	}
}

// padAndPermute ends the absorbing phase: it appends the domain separation
// bits and the pad10*1 padding to the absorbed message and permutes.
func (d *sponge) padAndPermute() {
	d.a[d.n/8] ^= uint64(d.ds) << (8 * (d.n % 8))
	d.a[(d.rate-1)/8] ^= 0x80 << 56 // rate is a multiple of 8
	keccakF1600(&d.a)
	d.n = 0
	d.squeezing = true
}

// read squeezes len(out) bytes of output.
func (d *sponge) read(out []byte) {
	if !d.squeezing {
		d.padAndPermute()
	}
	for len(out) > 0 {
		if d.n == d.rate {
			keccakF1600(&d.a)
			d.n = 0
		}
		k := min(len(out), d.rate-d.n)
		copyOut(out[:k], &d.a, d.n)
		d.n += k
		out = out[k:]
	}
}

// finish pads and permutes d, which must be absorbing, and writes the first
// len(out) <= rate bytes of output into out.
func (d *sponge) finish(out []byte) {
	d.padAndPermute()
	copyOut(out, &d.a, 0)
	d.n = len(out)
}

// sum writes the digest of what was absorbed so far into out, whose length
// is at most the rate, without changing d, which must be absorbing.
func (d *sponge) sum(out []byte) {
	dup := *d
	dup.finish(out)
}

func (d *sponge) reset() {
	d.a = [25]uint64{}
	d.n = 0
	d.squeezing = false
}

// The marshaled state, the standard library's encoding:
//
//	magic (4 bytes) || rate (1 byte) || the 200 state bytes || n (1 byte) || direction (1 byte)
//
// where direction is 0 while absorbing and 1 while squeezing. A SHAKE's
// state is followed by its cSHAKE prefix (see SHAKE).
const (
	magicSHA3   = "sha\x08"
	magicSHAKE  = "sha\x09"
	magicCSHAKE = "sha\x0a"
	magicKeccak = "sha\x0b"

	marshaledSize = 4 + 1 + 200 + 1 + 1
)

var (
	errStateSize       = errors.New("sha3: invalid hash state size")
	errStateIdentifier = errors.New("sha3: invalid hash state identifier")
	errStateFunction   = errors.New("sha3: invalid hash state function")
	errState           = errors.New("sha3: invalid hash state")
)

func (d *sponge) magic() string {
	switch d.ds {
	case dsSHA3:
		return magicSHA3
	case dsSHAKE:
		return magicSHAKE
	case dsCSHAKE:
		return magicCSHAKE
	default:
		return magicKeccak
	}
}

func (d *sponge) appendBinary(b []byte) []byte {
	b = append(b, d.magic()...)
	b = append(b, byte(d.rate))
	for _, v := range d.a {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	dir := byte(0)
	if d.squeezing {
		dir = 1
	}
	return append(b, byte(d.n), dir)
}

// unmarshal restores a state of exactly marshaledSize bytes into d, which
// must already be of the function the state was marshaled from.
// canSqueeze says whether the state may be in the squeezing phase.
func (d *sponge) unmarshal(b []byte, canSqueeze bool) error {
	if len(b) != marshaledSize {
		return errStateSize
	}
	if string(b[:4]) != d.magic() {
		return errStateIdentifier
	}
	if int(b[4]) != d.rate {
		return errStateFunction
	}
	n, dir := int(b[205]), b[206]
	switch {
	case dir > 1 || dir == 1 && !canSqueeze:
		return errState
	case dir == 0 && n >= d.rate, n > d.rate:
		return errState
	}
	for i := range d.a {
		d.a[i] = binary.LittleEndian.Uint64(b[5+8*i:])
	}
	d.n = n
	d.squeezing = dir == 1
	return nil
}
