package mldsa

import "github.com/crypton-go/crypton/hash/sha3"

// rejNTTPoly returns the element of T_q that FIPS 204's Algorithm 30
// samples from SHAKE128(ρ‖s‖r): the matrix entry Â[r][s] of ExpandA
// (Algorithm 32). It rejects candidates of 23 bits that are q or more, so
// its running time depends on ρ, which is public.
func rejNTTPoly(h *sha3.SHAKE, rho *[32]byte, s, r byte) nttElement {
	h.Reset()
	var seed [34]byte
	copy(seed[:], rho[:])
	seed[32], seed[33] = s, r
	h.Write(seed[:])

	var a nttElement
	var buf [168]byte // one SHAKE128 block: 56 candidates of three bytes
	j := 0
	for j < n {
		h.Read(buf[:])
		j = rejSample(&a, j, buf[:])
	}
	return a
}

// rejNTTPolyx4 runs rejNTTPoly for four matrix entries at once, on the four
// instances of a SHAKEx4: out[t] receives the entry of SHAKE128(ρ‖s[t]‖r[t]).
func rejNTTPolyx4(rho *[32]byte, out *[4]*nttElement, s, r *[4]byte) {
	x := sha3.NewSHAKE128x4()
	var seeds [4][34]byte
	for t := range seeds {
		copy(seeds[t][:], rho[:])
		seeds[t][32], seeds[t][33] = s[t], r[t]
	}
	x.Write(seeds[0][:], seeds[1][:], seeds[2][:], seeds[3][:])

	// Five blocks hold 280 candidates, of which fewer than 256 are below
	// q with a probability below 2⁻¹⁰⁰; then one block at a time.
	var buf [4][5 * 168]byte
	x.Read(buf[0][:], buf[1][:], buf[2][:], buf[3][:])
	var j [4]int
	for t := range 4 {
		j[t] = rejSample(out[t], 0, buf[t][:])
	}
	for j[0] < n || j[1] < n || j[2] < n || j[3] < n {
		x.Read(buf[0][:168], buf[1][:168], buf[2][:168], buf[3][:168])
		for t := range 4 {
			j[t] = rejSample(out[t], j[t], buf[t][:168])
		}
	}
}

// rejSampleGeneric runs the loop of FIPS 204's Algorithm 30 on the bytes of
// buf, a multiple of three: it stores the 23-bit candidates below q in
// a[j], a[j+1], ... until a is full, and returns the new j. The entries of
// a from the new j on are unspecified: the AVX2 kernel stores eight at a
// time.
func rejSampleGeneric(a *nttElement, j int, buf []byte) int {
	for b := buf; len(b) >= 3 && j < n; b = b[3:] {
		// CoeffFromThreeBytes (Algorithm 14): the top bit is dropped.
		z := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2]&0x7f)<<16
		if z < q {
			a[j] = fieldElement(z)
			j++
		}
	}
	return j
}

// rejBoundedPoly returns the polynomial with coefficients in [−η, η] that
// FIPS 204's Algorithm 31 samples from SHAKE256(ρ′‖r), r in two bytes: a
// polynomial of s₁ or s₂ in ExpandS (Algorithm 33).
//
// Each half byte is a candidate: CoeffFromHalfByte (Algorithm 15) keeps the
// values below 15 (η = 2) or 9 (η = 4) and rejects the others. Which half
// bytes are rejected is independent of the coefficients kept, so it may
// be revealed: the decisions of a whole SHAKE256 block are computed first
// without a branch, declassified together, and only then followed. The
// coefficients are computed from their half bytes by arithmetic alone (in
// the AVX2 kernel, by a permutation of registers that the half bytes
// index, which touches no memory).
func rejBoundedPoly(h *sha3.SHAKE, rhoPrime *[64]byte, r uint16, eta int) ringElement {
	h.Reset()
	h.Write(rhoPrime[:])
	h.Write([]byte{byte(r), byte(r >> 8)})

	// Half byte v is accepted if v < limit.
	limit := uint32(15)
	if eta == 4 {
		limit = 9
	}
	var f ringElement
	var buf [136]byte // one SHAKE256 block
	var accept [2 * len(buf)]byte
	j := 0
	for j < n {
		h.Read(buf[:])
		boundedAccept(&accept, &buf, limit)
		declassify(accept[:])
		j = rejBounded(&f, j, buf[:], accept[:], eta)
	}
	clear(buf[:])
	return f
}

// expandS sets s to the polynomials of FIPS 204's Algorithm 33, ExpandS,
// from index first on: s[i] is rejBoundedPoly(ρ′, first + i), computed
// four at a time with a SHAKEx4 (the last of a group of two or three with
// scratch instances), a last single one with h. Each SHAKE256 block is
// read for the polynomials that are not yet full, as rejBoundedPoly does;
// which ones those are depends on the declassified decisions only.
func expandS(h *sha3.SHAKE, s []ringElement, rhoPrime *[64]byte, first uint16, eta int) {
	limit := uint32(15)
	if eta == 4 {
		limit = 9
	}
	var bufs [4][136]byte
	var in [4][66]byte
	var accept [272]byte
	for len(s) > 1 {
		for t := range in {
			copy(in[t][:64], rhoPrime[:])
			r := first + uint16(t)
			in[t][64], in[t][65] = byte(r), byte(r>>8)
		}
		x := sha3.NewSHAKE256x4()
		x.Write(in[0][:], in[1][:], in[2][:], in[3][:])
		m := min(4, len(s))
		var j [4]int
		for t := m; t < 4; t++ {
			j[t] = n // a scratch instance
		}
		for j[0] < n || j[1] < n || j[2] < n || j[3] < n {
			x.Read(bufs[0][:], bufs[1][:], bufs[2][:], bufs[3][:])
			for t := range m {
				if j[t] < n {
					boundedAccept(&accept, &bufs[t], limit)
					declassify(accept[:])
					j[t] = rejBounded(&s[t], j[t], bufs[t][:], accept[:], eta)
				}
			}
		}
		s, first = s[m:], first+uint16(m)
	}
	if len(s) == 1 {
		s[0] = rejBoundedPoly(h, rhoPrime, first, eta)
	}
	clear(bufs[:])
}

// boundedAcceptGeneric sets accept[i] to 1 if half byte i of buf (the low
// half of buf[i/2] for even i, the high half for odd i) is below limit,
// and to 0 otherwise, without a branch: the decisions of CoeffFromHalfByte
// (FIPS 204, Algorithm 15) for a block of SHAKE256.
func boundedAcceptGeneric(accept *[272]byte, buf *[136]byte, limit uint32) {
	for i, b := range buf {
		lo, hi := uint32(b&0xf), uint32(b>>4)
		accept[2*i] = byte((lo - limit) >> 31)
		accept[2*i+1] = byte((hi - limit) >> 31)
	}
}

// rejBoundedGeneric stores the coefficients of the half bytes of buf that
// accept marks (accept[i] = 1 for half byte i, as boundedAcceptGeneric sets
// it; len(accept) ≥ 2·len(buf)) in f[j], f[j+1], ... until f is full, and
// returns the new j: the loop of FIPS 204's Algorithm 31. It branches on
// accept, which is public, and computes the coefficient η − v (η − (v mod
// 5) for η = 2) of a half byte v by arithmetic alone. The entries of f
// from the new j on are unspecified: the AVX2 kernel stores eight at a
// time.
func rejBoundedGeneric(f *ringElement, j int, buf, accept []byte, eta int) int {
	for i, ok := range accept[:2*len(buf)] {
		if j == n {
			break
		}
		if ok == 0 {
			continue
		}
		v := uint32(buf[i/2]>>(4*(i%2))) & 0xf
		if eta == 2 {
			// η − (v mod 5), with v mod 5 = v − 5·⌊13v/64⌋ for v < 15.
			v -= 5 * ((13 * v) >> 6)
		}
		f[j] = fieldFromInt(int32(eta) - int32(v))
		j++
	}
	return j
}

// expandMask sets y to the vector of FIPS 204's Algorithm 34,
// ExpandMask(ρ″, μ), with the polynomial y[r] taken from
// SHAKE256(ρ″‖IntegerToBytes(μ + r, 2)) as coefficients of γ₁ − v, v of
// log₂γ₁ + 1 bits (Algorithm 20, BitUnpack). It runs in constant time.
func expandMask(h *sha3.SHAKE, y []ringElement, rhoPP *[64]byte, mu uint16, gamma1Bits int) {
	size := 576 // 32·18 bytes for γ₁ = 2¹⁷
	if gamma1Bits != 17 {
		size = 640 // 32·20 bytes for γ₁ = 2¹⁹
	}
	// Four polynomials at a time with a SHAKEx4 (the last of a group of
	// two or three with scratch instances), a last single one alone.
	var bufs [4][640]byte
	var in [4][66]byte
	for len(y) > 1 {
		for t := range in {
			copy(in[t][:64], rhoPP[:])
			k := mu + uint16(t)
			in[t][64], in[t][65] = byte(k), byte(k>>8)
		}
		x := sha3.NewSHAKE256x4()
		x.Write(in[0][:], in[1][:], in[2][:], in[3][:])
		x.Read(bufs[0][:size], bufs[1][:size], bufs[2][:size], bufs[3][:size])
		m := min(4, len(y))
		for t := range m {
			decodeMask(&y[t], bufs[t][:size], gamma1Bits)
		}
		y, mu = y[m:], mu+uint16(m)
	}
	if len(y) == 1 {
		h.Reset()
		h.Write(rhoPP[:])
		h.Write([]byte{byte(mu), byte(mu >> 8)})
		h.Read(bufs[0][:size])
		decodeMask(&y[0], bufs[0][:size], gamma1Bits)
	}
	clear(bufs[:])
	clear(in[:])
}

// decodeMaskGeneric sets f to the coefficients γ₁ − v of the values v of
// log₂γ₁ + 1 bits packed in b (Algorithm 20, BitUnpack), for γ₁ = 2¹⁷ or
// 2¹⁹. It runs in constant time.
func decodeMaskGeneric(f *ringElement, b []byte, gamma1Bits int) {
	gamma1 := int32(1) << gamma1Bits
	if gamma1Bits == 17 {
		// Four coefficients of 18 bits in nine bytes.
		for i := 0; i < n; i += 4 {
			w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
				uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
			const m = 1<<18 - 1
			f[i] = fieldFromInt(gamma1 - int32(w&m))
			f[i+1] = fieldFromInt(gamma1 - int32(w>>18&m))
			f[i+2] = fieldFromInt(gamma1 - int32(w>>36&m))
			f[i+3] = fieldFromInt(gamma1 - int32(w>>54|uint64(b[8])<<10))
			b = b[9:]
		}
		return
	}
	// Two coefficients of 20 bits in five bytes.
	for i := 0; i < n; i += 2 {
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 | uint64(b[4])<<32
		const m = 1<<20 - 1
		f[i] = fieldFromInt(gamma1 - int32(w&m))
		f[i+1] = fieldFromInt(gamma1 - int32(w>>20))
		b = b[5:]
	}
}

// sampleInBall returns the polynomial with τ coefficients ±1 and the others
// 0 that FIPS 204's Algorithm 29 samples from SHAKE256(c̃). Its running time
// and memory accesses depend on c̃, which is public: the signature carries
// it, and a signing attempt that is rejected reveals nothing through it
// but what the attempt count does (see PrivateKey.SignMu).
func sampleInBall(h *sha3.SHAKE, ctilde []byte, tau int) ringElement {
	h.Reset()
	h.Write(ctilde)
	var buf [136]byte
	h.Read(buf[:])
	var signs uint64
	for i := range 8 {
		signs |= uint64(buf[i]) << (8 * i)
	}
	pos := 8
	var c ringElement
	for i := n - tau; i < n; i++ {
		var j int
		for {
			if pos == len(buf) {
				h.Read(buf[:])
				pos = 0
			}
			j = int(buf[pos])
			pos++
			if j <= i {
				break
			}
		}
		c[i] = c[j]
		c[j] = 1
		if signs&1 != 0 {
			c[j] = q - 1
		}
		signs >>= 1
	}
	return c
}
