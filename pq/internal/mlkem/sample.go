package mlkem

import "github.com/crypton-go/crypton/hash/sha3"

// sampleNTT returns the element of T_q that FIPS 203's Algorithm 7 samples
// from SHAKE128(ρ‖j‖i): a matrix entry of Â. It rejects candidates of 12
// bits that are q or more, so its running time depends on ρ, which is
// public.
func sampleNTT(rho *[32]byte, j, i byte) nttElement {
	x := sha3.NewSHAKE128()
	var seed [34]byte
	copy(seed[:], rho[:])
	seed[32], seed[33] = j, i
	x.Write(seed[:])

	// Three blocks give 336 candidates, of which 256 are below q with a
	// probability of about 0.99; then one block at a time.
	var a nttElement
	var buf [3 * 168]byte
	x.Read(buf[:])
	n := rejSample(&a, 0, buf[:])
	for n < 256 {
		x.Read(buf[:168])
		n = rejSample(&a, n, buf[:168])
	}
	return a
}

// rejSampleGeneric runs the loop of FIPS 203's Algorithm 7 on the bytes of
// buf, a multiple of three: it stores the 12-bit candidates below q in
// a[n], a[n+1], ... until a is full, and returns the new n. The entries of
// a from the new n on are unspecified: the AVX2 kernel stores eight at a
// time.
func rejSampleGeneric(a *nttElement, n int, buf []byte) int {
	for b := buf; len(b) >= 3 && n < 256; b = b[3:] {
		d1 := uint16(b[0]) | uint16(b[1]&0xf)<<8
		d2 := uint16(b[1]>>4) | uint16(b[2])<<4
		if d1 < q {
			a[n] = fieldElement(d1)
			n++
		}
		if d2 < q && n < 256 {
			a[n] = fieldElement(d2)
			n++
		}
	}
	return n
}

// sampleNTTx4 runs sampleNTT for four matrix entries at once, on the four
// instances of a SHAKEx4: out[t] receives the entry of SHAKE128(ρ‖j[t]‖i[t]).
func sampleNTTx4(rho *[32]byte, out *[4]*nttElement, j, i *[4]byte) {
	x := sha3.NewSHAKE128x4()
	var seeds [4][34]byte
	for t := range seeds {
		copy(seeds[t][:], rho[:])
		seeds[t][32], seeds[t][33] = j[t], i[t]
	}
	x.Write(seeds[0][:], seeds[1][:], seeds[2][:], seeds[3][:])

	var buf [4][3 * 168]byte
	x.Read(buf[0][:], buf[1][:], buf[2][:], buf[3][:])
	var n [4]int
	for t := range 4 {
		n[t] = rejSample(out[t], 0, buf[t][:])
	}
	for n[0] < 256 || n[1] < 256 || n[2] < 256 || n[3] < 256 {
		x.Read(buf[0][:168], buf[1][:168], buf[2][:168], buf[3][:168])
		for t := range 4 {
			n[t] = rejSample(out[t], n[t], buf[t][:168])
		}
	}
}

// prf is PRF_η(s, b) = SHAKE256(s‖b, 64·η) (FIPS 203, (4.3)), written to
// out[:64·η].
func prf(out *[192]byte, eta int, s *[32]byte, b byte) []byte {
	x := sha3.NewSHAKE256()
	x.Write(s[:])
	x.Write([]byte{b})
	o := out[:64*eta]
	x.Read(o)
	return o
}

// prfMany fills out[i][:64·η] with PRF_η(s, n0+i) for i < len(out), four at
// a time with a SHAKEx4.
func prfMany(out [][192]byte, eta int, s *[32]byte, n0 byte) {
	l := 64 * eta
	var in [4][33]byte
	for t := range in {
		copy(in[t][:], s[:])
	}
	for len(out) > 1 {
		// Two or three left share a SHAKEx4 with scratch instances.
		var scratch [4][192]byte
		var dst [4][]byte
		for t := range 4 {
			in[t][32] = n0 + byte(t)
			if t < len(out) {
				dst[t] = out[t][:l]
			} else {
				dst[t] = scratch[t][:l]
			}
		}
		x := sha3.NewSHAKE256x4()
		x.Write(in[0][:], in[1][:], in[2][:], in[3][:])
		x.Read(dst[0], dst[1], dst[2], dst[3])
		clear(scratch[:])
		m := min(4, len(out))
		out, n0 = out[m:], n0+byte(m)
	}
	if len(out) == 1 {
		prf(&out[0], eta, s, n0)
	}
}

// samplePolyCBDGeneric returns the polynomial that FIPS 203's Algorithm 8
// samples from the 64·η bytes of b, η ∈ {2, 3}: coefficient i is the
// difference of two sums of η bits. It runs in constant time.
func samplePolyCBDGeneric(b []byte, eta int) ringElement {
	var f ringElement
	switch eta {
	case 2:
		// Each byte holds two coefficients of four bits: the bit pairs
		// are summed in place, then the differences taken.
		for i, c := range b[:128] {
			s := c&0x55 + (c>>1)&0x55
			f[2*i] = fieldSub(fieldElement(s&3), fieldElement(s>>2&3))
			f[2*i+1] = fieldSub(fieldElement(s>>4&3), fieldElement(s>>6))
		}
	case 3:
		// Every three bytes hold four coefficients of six bits: the bit
		// triples are summed in place, then the differences taken.
		for i := range 64 {
			w := uint32(b[3*i]) | uint32(b[3*i+1])<<8 | uint32(b[3*i+2])<<16
			s := w&0x249249 + (w>>1)&0x249249 + (w>>2)&0x249249
			for j := range 4 {
				x, y := s>>(6*j)&7, s>>(6*j+3)&7
				f[4*i+j] = fieldSub(fieldElement(x), fieldElement(y))
			}
		}
	default:
		panic("mlkem: internal error: η is not 2 or 3")
	}
	return f
}
