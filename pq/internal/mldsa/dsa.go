// Package mldsa implements ML-DSA (FIPS 204) for crypton's pq/mldsa and
// pq/mldsa/mldsatest: the three parameter sets behind one set of types, the
// parameters carried at run time.
package mldsa

import (
	"crypto/subtle"
	"errors"

	"github.com/crypton-go/crypton/hash/sha3"
)

// Sizes common to every parameter set (FIPS 204, sections 5 and 6).
const (
	SeedSize   = 32 // ξ, the seed of key generation
	MuSize     = 64 // μ, the message representative
	RandomSize = 32 // rnd, the randomness of hedged signing

	maxK             = 8
	maxL             = 7
	maxPublicKeySize = 32 + 320*maxK
	maxW1Size        = 32 * 4 * maxK // w1Encode: 32·k·bitlen((q−1)/(2γ₂) − 1)
	maxContextSize   = 255
)

// Params is an ML-DSA parameter set (FIPS 204, Table 1).
type Params struct {
	name       string
	k, l       int    // the matrix A is k×l
	eta        int    // η, the bound of s₁ and s₂
	etaBits    uint   // bitlen(2η)
	tau        int    // τ, the number of ±1 in c
	ctildeSize int    // λ/4, the length of c̃ in bytes
	gamma1Bits uint   // log₂ γ₁
	gamma2     uint32 // γ₂
	beta       uint32 // β = τ·η
	omega      int    // ω, the most hints a signature carries
	w1Bits     uint   // bitlen((q−1)/(2γ₂) − 1), the bits of a w₁ coefficient
	dec        decomposer
}

func newParams(name string, k, l, eta, tau, lambda int, gamma1Bits uint, gamma2 uint32, omega int) *Params {
	p := &Params{
		name: name, k: k, l: l, eta: eta, tau: tau, ctildeSize: lambda / 4,
		gamma1Bits: gamma1Bits, gamma2: gamma2, beta: uint32(tau * eta), omega: omega,
		dec: newDecomposer(gamma2),
	}
	p.etaBits = 3
	if eta == 4 {
		p.etaBits = 4
	}
	p.w1Bits = 4
	if p.dec.m == 44 {
		p.w1Bits = 6
	}
	return p
}

// The parameter sets of FIPS 204, Table 1.
var (
	Params44 = newParams("ML-DSA-44", 4, 4, 2, 39, 128, 17, (q-1)/88, 80)
	Params65 = newParams("ML-DSA-65", 6, 5, 4, 49, 192, 19, (q-1)/32, 55)
	Params87 = newParams("ML-DSA-87", 8, 7, 2, 60, 256, 19, (q-1)/32, 75)
)

// String returns the name of p, such as "ML-DSA-65".
func (p *Params) String() string { return p.name }

// PublicKeySize is the length of pkEncode's output: 32 + 320·k bytes.
func (p *Params) PublicKeySize() int { return 32 + 32*10*p.k }

// SignatureSize is the length of sigEncode's output.
func (p *Params) SignatureSize() int {
	return p.ctildeSize + p.l*p.zSize() + p.omega + p.k
}

// ExpandedKeySize is the length of skEncode's output.
func (p *Params) ExpandedKeySize() int {
	return 128 + (p.k+p.l)*packedSize(p.etaBits) + p.k*packedSize(d)
}

// zSize is the length of the encoding of one polynomial of z.
func (p *Params) zSize() int { return packedSize(p.gamma1Bits + 1) }

// PublicKey is a parsed public key, with the matrix Â that its seed ρ
// expands to and the NTT of t₁·2ᵈ, ready for verification.
type PublicKey struct {
	p   *Params
	rho [32]byte
	tr  [64]byte // H(pk, 64)
	enc [maxPublicKeySize]byte
	a   []nttElement // Â, k·l entries: (i, j) at a[i·l + j]
	t1  []nttElement // NTT(t₁·2ᵈ), k entries
}

// PrivateKey is a private key: the seed it came from, if any, K, and the
// NTTs of s₁, s₂ and t₀, with its public key.
type PrivateKey struct {
	pub    PublicKey
	seed   [SeedSize]byte
	seeded bool
	key    [32]byte     // K
	s1     []nttElement // NTT(s₁), l entries
	s2     []nttElement // NTT(s₂), k entries
	t0     []nttElement // NTT(t₀), k entries
}

// Params returns the key's parameter set.
func (pk *PublicKey) Params() *Params { return pk.p }

// PublicKey returns the public key of sk. It aliases sk.
func (sk *PrivateKey) PublicKey() *PublicKey { return &sk.pub }

// Bytes returns pkEncode(ρ, t₁) (FIPS 204, Algorithm 22).
func (pk *PublicKey) Bytes() []byte {
	b := make([]byte, pk.p.PublicKeySize())
	copy(b, pk.enc[:])
	return b
}

// Equal reports whether pk and x are the same key of the same parameter
// set.
func (pk *PublicKey) Equal(x *PublicKey) bool {
	return pk.p == x.p && pk.enc == x.enc
}

// Seed returns the 32-byte seed ξ of sk, or nil if sk was made from its
// expanded encoding.
func (sk *PrivateKey) Seed() []byte {
	if !sk.seeded {
		return nil
	}
	b := make([]byte, SeedSize)
	copy(b, sk.seed[:])
	return b
}

// Equal reports in constant time whether sk and x are the same key of the
// same parameter set: whether they sign alike. A key made from a seed and
// the same key made from its expanded encoding are equal.
func (sk *PrivateKey) Equal(x *PrivateKey) bool {
	if sk.pub.p != x.pub.p {
		return false
	}
	v := subtle.ConstantTimeCompare(sk.key[:], x.key[:]) &
		subtle.ConstantTimeCompare(sk.pub.enc[:], x.pub.enc[:])
	var diff fieldElement
	for _, pair := range [][2][]nttElement{{sk.s1, x.s1}, {sk.s2, x.s2}, {sk.t0, x.t0}} {
		for i := range pair[0] {
			for j := range n {
				diff |= pair[0][i][j] ^ pair[1][i][j]
			}
		}
	}
	return v&subtle.ConstantTimeEq(int32(diff), 0) == 1
}

// alloc allocates the polynomials of a private key of parameter set p,
// its public key's with them.
func (sk *PrivateKey) alloc(p *Params) {
	k, l := p.k, p.l
	polys := make([]nttElement, k*l+k+l+2*k)
	sk.pub.p = p
	sk.pub.a, polys = polys[:k*l:k*l], polys[k*l:]
	sk.pub.t1, polys = polys[:k:k], polys[k:]
	sk.s1, polys = polys[:l:l], polys[l:]
	sk.s2, sk.t0 = polys[:k:k], polys[k:]
}

// expandA fills pk.a from pk.rho (FIPS 204, Algorithm 32), four entries at
// a time; a last single entry on its own.
func (pk *PublicKey) expandA(h *sha3.SHAKE) {
	k, l := pk.p.k, pk.p.l
	var scratch nttElement
	for e := 0; e < k*l; e += 4 {
		if e == k*l-1 {
			pk.a[e] = rejNTTPoly(h, &pk.rho, byte(e%l), byte(e/l))
			break
		}
		var out [4]*nttElement
		var s, r [4]byte
		for t := range 4 {
			out[t] = &scratch
			if f := e + t; f < k*l {
				out[t] = &pk.a[f]
				s[t], r[t] = byte(f%l), byte(f/l)
			}
		}
		rejNTTPolyx4(&pk.rho, &out, &s, &r)
	}
}

// setT1 sets pk.t1, pk.enc and pk.tr from the encoded public key b, whose
// length is checked: every value of t₁ in 10 bits is valid.
func (pk *PublicKey) setT1(b []byte) {
	p := pk.p
	copy(pk.enc[:], b)
	var v [n]uint32
	for i := range p.k {
		unpackBits(&v, b[32+320*i:32+320*(i+1)], 10)
		f := &pk.t1[i]
		for j, x := range v {
			// t₁·2ᵈ ≤ 1023·2¹³ = q − 1.
			f[j] = fieldElement(x << d)
		}
		ntt((*[n]fieldElement)(f))
	}
	h := sha3.NewSHAKE256()
	h.Write(b)
	h.Read(pk.tr[:])
}

// NewPrivateKey derives the private key of parameter set p from the
// 32-byte seed ξ (FIPS 204, Algorithm 6, ML-DSA.KeyGen_internal).
func NewPrivateKey(p *Params, seed []byte) (*PrivateKey, error) {
	if len(seed) != SeedSize {
		return nil, errors.New("mldsa: invalid seed length")
	}
	sk := new(PrivateKey)
	sk.alloc(p)
	copy(sk.seed[:], seed)
	sk.seeded = true
	sk.keyGen()
	return sk, nil
}

func (sk *PrivateKey) keyGen() {
	pk := &sk.pub
	p := pk.p
	k, l := p.k, p.l

	// (ρ, ρ′, K) = H(ξ‖k‖l, 128)
	h := sha3.NewSHAKE256()
	h.Write(sk.seed[:])
	h.Write([]byte{byte(k), byte(l)})
	var rhoPrime [64]byte
	h.Read(pk.rho[:])
	h.Read(rhoPrime[:])
	h.Read(sk.key[:])
	declassify(pk.rho[:]) // ρ is part of the public key

	xof := sha3.NewSHAKE128()
	pk.expandA(xof)
	// (s₁, s₂) = ExpandS(ρ′)
	var s [maxL + maxK]ringElement
	expandS(h, s[:l+k], &rhoPrime, 0, p.eta)
	for r := range l {
		sk.s1[r] = nttElement(s[r])
		ntt((*[n]fieldElement)(&sk.s1[r]))
	}
	var enc [maxPublicKeySize]byte
	copy(enc[:], pk.rho[:])
	var t1 [n]uint32
	for r := range k {
		s2 := &s[l+r]
		sk.s2[r] = nttElement(*s2)
		ntt((*[n]fieldElement)(&sk.s2[r]))

		// t = NTT⁻¹(Â∘NTT(s₁)) + s₂, then (t₁, t₀) = Power2Round(t).
		var t nttElement
		mulAcc(&t, pk.a[r*l:(r+1)*l], sk.s1, nil, nil)
		inverseNTTMont((*[n]fieldElement)(&t))
		t0 := &sk.t0[r]
		power2RoundPoly(&t1, (*ringElement)(t0), (*ringElement)(&t), s2)
		ntt((*[n]fieldElement)(t0))
		packBits(enc[32+320*r:32+320*r], &t1, 10)
		clear(t[:])
	}
	pkb := enc[:p.PublicKeySize()]
	declassify(pkb) // t₁ is the public key
	pk.setT1(pkb)
	clear(rhoPrime[:])
	clear(t1[:])
	clear(s[:])
}

// NewPublicKey parses pkEncode(ρ, t₁) (FIPS 204, Algorithm 23), whose only
// check is the length.
func NewPublicKey(p *Params, b []byte) (*PublicKey, error) {
	if len(b) != p.PublicKeySize() {
		return nil, errors.New("mldsa: invalid public key length")
	}
	pk := new(PublicKey)
	k, l := p.k, p.l
	polys := make([]nttElement, k*l+k)
	pk.p = p
	pk.a, pk.t1 = polys[:k*l:k*l], polys[k*l:]
	copy(pk.rho[:], b)
	pk.expandA(sha3.NewSHAKE128())
	pk.setT1(b)
	return pk, nil
}

// NewPrivateKeyFromExpanded parses skEncode(ρ, K, tr, s₁, s₂, t₀) (FIPS
// 204, Algorithm 25) and checks it: its length; coefficients of s₁ and s₂
// in [−η, η]; and t₀ and tr equal to what s₁, s₂ and ρ give, the key
// being then recomputed as KeyGen_internal does (its public key too). It
// runs in constant time in the secret parts of the key; whether the key is
// valid is public.
func NewPrivateKeyFromExpanded(p *Params, b []byte) (*PrivateKey, error) {
	if len(b) != p.ExpandedKeySize() {
		return nil, errors.New("mldsa: invalid private key length")
	}
	k, l := p.k, p.l
	sk := new(PrivateKey)
	sk.alloc(p)
	pk := &sk.pub
	copy(pk.rho[:], b[:32])
	copy(sk.key[:], b[32:64])
	tr := b[64:128]
	off := 128
	es := packedSize(p.etaBits)
	var bad uint32
	var s2 [maxK]ringElement
	for r := range l {
		bad |= unpackCentered((*ringElement)(&sk.s1[r]), b[off:off+es], uint32(p.eta), p.etaBits, uint32(2*p.eta))
		ntt((*[n]fieldElement)(&sk.s1[r]))
		off += es
	}
	for r := range k {
		bad |= unpackCentered(&s2[r], b[off:off+es], uint32(p.eta), p.etaBits, uint32(2*p.eta))
		sk.s2[r] = nttElement(s2[r])
		ntt((*[n]fieldElement)(&sk.s2[r]))
		off += es
	}
	badRange := [1]byte{byte(bad)}
	declassify(badRange[:])
	if badRange[0] != 0 {
		return nil, errors.New("mldsa: invalid private key: coefficient of s1 or s2 out of range")
	}

	pk.expandA(sha3.NewSHAKE128())
	var enc [maxPublicKeySize]byte
	copy(enc[:], pk.rho[:])
	var t1 [n]uint32
	var t0, u ringElement
	var diff fieldElement
	ts := packedSize(d)
	for r := range k {
		unpackCentered(&t0, b[off:off+ts], 1<<(d-1), d, 1<<d-1)
		off += ts
		var t nttElement
		mulAcc(&t, pk.a[r*l:(r+1)*l], sk.s1, nil, nil)
		inverseNTTMont((*[n]fieldElement)(&t))
		power2RoundPoly(&t1, &u, (*ringElement)(&t), &s2[r])
		for i := range n {
			diff |= t0[i] ^ u[i]
		}
		sk.t0[r] = nttElement(t0)
		ntt((*[n]fieldElement)(&sk.t0[r]))
		packBits(enc[32+320*r:32+320*r], &t1, 10)
	}
	pkb := enc[:p.PublicKeySize()]
	declassify(pkb)
	pk.setT1(pkb)
	ok := [1]byte{byte(subtle.ConstantTimeCompare(pk.tr[:], tr) & subtle.ConstantTimeEq(int32(diff), 0))}
	declassify(ok[:])
	clear(s2[:])
	clear(t0[:])
	clear(u[:])
	if ok[0] != 1 {
		return nil, errors.New("mldsa: invalid private key: t0 or tr does not match s1, s2 and rho")
	}
	return sk, nil
}

// ExpandedBytes returns skEncode(ρ, K, tr, s₁, s₂, t₀) (FIPS 204, Algorithm
// 24).
func (sk *PrivateKey) ExpandedBytes() []byte {
	p := sk.pub.p
	b := make([]byte, 0, p.ExpandedKeySize())
	b = append(b, sk.pub.rho[:]...)
	b = append(b, sk.key[:]...)
	b = append(b, sk.pub.tr[:]...)
	var f ringElement
	for _, s := range [][]nttElement{sk.s1, sk.s2} {
		for i := range s {
			f = ringElement(s[i])
			inverseNTT((*[n]fieldElement)(&f))
			b = packCentered(b, &f, uint32(p.eta), p.etaBits)
		}
	}
	for i := range sk.t0 {
		f = ringElement(sk.t0[i])
		inverseNTT((*[n]fieldElement)(&f))
		b = packCentered(b, &f, 1<<(d-1), d)
	}
	clear(f[:])
	return b
}

var errContext = errors.New("mldsa: context too long")

// ComputeMu returns μ = H(tr‖M′, 64) for M′ = 0‖len(ctx)‖ctx‖msg, the
// message representative of pure ML-DSA (FIPS 204, Algorithm 2, line 10,
// and Algorithm 7, line 6). ctx is at most 255 bytes.
func (pk *PublicKey) ComputeMu(msg []byte, ctx string) ([MuSize]byte, error) {
	var mu [MuSize]byte
	if len(ctx) > maxContextSize {
		return mu, errContext
	}
	var pre [2 + maxContextSize]byte
	pre[1] = byte(len(ctx))
	copy(pre[2:], ctx)
	h := sha3.NewSHAKE256()
	h.Write(pk.tr[:])
	h.Write(pre[:2+len(ctx)])
	h.Write(msg)
	h.Read(mu[:])
	return mu, nil
}

// SignMu returns the signature of the message representative μ with the
// randomness rnd: ML-DSA.Sign_internal (FIPS 204, Algorithm 7) from line 7.
//
// It runs in constant time in the private key, in rnd and in the masking
// vector y, except for what the rejection loop reveals by design: the
// number of attempts, whether an attempt failed the checks of z and r₀ or
// those of ct₀ and of the number of hints (each decided from a value
// computed without a branch per coefficient), and the challenge c̃ of every
// attempt, from which SampleInBall samples c in variable time. c̃ is a hash
// of w₁ that an accepted signature reveals anyway; a rejected one is
// independent of the key given its count.
func (sk *PrivateKey) SignMu(mu *[MuSize]byte, rnd *[RandomSize]byte) []byte {
	pk := &sk.pub
	p := pk.p
	k, l := p.k, p.l
	dec := &p.dec
	gamma1 := fieldElement(1) << p.gamma1Bits

	// ρ″ = H(K‖rnd‖μ, 64)
	h := sha3.NewSHAKE256()
	h.Write(sk.key[:])
	h.Write(rnd[:])
	h.Write(mu[:])
	var rhoPP [64]byte
	h.Read(rhoPP[:])

	var (
		y      [maxL]ringElement
		yh     [maxL]nttElement
		z      [maxL]ringElement
		w      [maxK]ringElement // w, then w − ⟨⟨cs₂⟩⟩
		hints  [maxK][n]byte
		t      nttElement
		ch     nttElement
		ctilde [64]byte
		w1     [n]uint32
		w1enc  [maxW1Size]byte
	)
	ct := ctilde[:p.ctildeSize]
	var kappa uint16
	for {
		expandMask(h, y[:l], &rhoPP, kappa, int(p.gamma1Bits))
		kappa += uint16(l)
		for j := range l {
			yh[j] = nttElement(y[j])
			ntt((*[n]fieldElement)(&yh[j]))
		}
		// w = NTT⁻¹(Â∘NTT(y)), w₁ = HighBits(w), c̃ = H(μ‖w1Encode(w₁)).
		e := w1enc[:0]
		for i := range k {
			mulAcc(&t, pk.a[i*l:(i+1)*l], yh[:l], nil, nil)
			inverseNTTMont((*[n]fieldElement)(&t))
			w[i] = ringElement(t)
			highBitsPoly(&w1, &w[i], dec)
			e = packBits(e, &w1, p.w1Bits)
		}
		h.Reset()
		h.Write(mu[:])
		h.Write(e)
		h.Read(ct)
		declassify(ct)

		c := sampleInBall(h, ct, p.tau)
		ch = nttElement(c)
		ntt((*[n]fieldElement)(&ch))

		// z = y + ⟨⟨cs₁⟩⟩, r₀ = LowBits(w − ⟨⟨cs₂⟩⟩): the first checks.
		var bad uint32
		for j := range l {
			mulNTT(&t, &ch, &sk.s1[j])
			inverseNTTMont((*[n]fieldElement)(&t))
			for i := range n {
				z[j][i] = fieldAdd(y[j][i], t[i])
			}
			bad |= exceeds(&z[j], uint32(gamma1)-p.beta)
		}
		for i := range k {
			mulNTT(&t, &ch, &sk.s2[i])
			inverseNTTMont((*[n]fieldElement)(&t))
			// 1 if some |r₀| is γ₂ − β or more.
			bad |= subLowBits(&w[i], (*ringElement)(&t), dec, p.gamma2-p.beta)
		}
		if reject(bad) {
			continue
		}

		// ⟨⟨ct₀⟩⟩ and the hints h = MakeHint(−⟨⟨ct₀⟩⟩, w − ⟨⟨cs₂⟩⟩ + ⟨⟨ct₀⟩⟩),
		// which is 1 where adding ct₀ to w − cs₂ changes its high bits.
		bad = 0
		count := uint32(0)
		for i := range k {
			mulNTT(&t, &ch, &sk.t0[i])
			inverseNTTMont((*[n]fieldElement)(&t))
			bad |= exceeds((*ringElement)(&t), p.gamma2)
			count += makeHints(&hints[i], &w[i], (*ringElement)(&t), dec)
		}
		bad |= (uint32(p.omega) - count) >> 31
		if reject(bad) {
			continue
		}
		break
	}

	// The signature is released: c̃ (already public), z and h.
	sig := make([]byte, 0, p.SignatureSize())
	sig = append(sig, ct...)
	for j := range l {
		sig = packCentered(sig, &z[j], uint32(gamma1), p.gamma1Bits+1)
	}
	for i := range k {
		declassify(hints[i][:])
	}
	sig = sig[:p.SignatureSize()]
	hintEncode(sig[len(sig)-p.omega-k:], hints[:k], p.omega)
	declassify(sig)

	clear(rhoPP[:])
	clear(y[:])
	clear(yh[:])
	clear(z[:])
	clear(w[:])
	clear(t[:])
	clear(w1[:])
	clear(w1enc[:])
	return sig
}

// reject declassifies the decision bad (0 or 1) of a signing attempt, which
// the attempt count reveals, and returns it.
func reject(bad uint32) bool {
	b := [1]byte{byte(bad)}
	declassify(b[:])
	return b[0] != 0
}

var errSignature = errors.New("mldsa: invalid signature")

// Verify checks the signature sig of msg with the context ctx (FIPS 204,
// Algorithm 3, ML-DSA.Verify).
func (pk *PublicKey) Verify(msg []byte, ctx string, sig []byte) error {
	mu, err := pk.ComputeMu(msg, ctx)
	if err != nil {
		return err
	}
	return pk.VerifyMu(&mu, sig)
}

// VerifyMu checks the signature sig of the message representative μ:
// ML-DSA.Verify_internal (FIPS 204, Algorithm 8) from line 8. It works on
// public values only and runs in variable time. Any malformed signature is
// an error.
func (pk *PublicKey) VerifyMu(mu *[MuSize]byte, sig []byte) error {
	p := pk.p
	k, l := p.k, p.l
	if len(sig) != p.SignatureSize() {
		return errors.New("mldsa: invalid signature length")
	}
	ct := sig[:p.ctildeSize]
	zs := p.zSize()
	zb := sig[p.ctildeSize : p.ctildeSize+l*zs]
	var hints [maxK][n]byte
	if !hintDecode(hints[:k], sig[p.ctildeSize+l*zs:], p.omega) {
		return errSignature
	}
	gamma1 := uint32(1) << p.gamma1Bits
	var zh [maxL]nttElement
	for j := range l {
		f := (*ringElement)(&zh[j])
		unpackCentered(f, zb[j*zs:(j+1)*zs], gamma1, p.gamma1Bits+1, 2*gamma1-1)
		if exceeds(f, gamma1-p.beta) != 0 {
			return errSignature
		}
		ntt((*[n]fieldElement)(f))
	}

	h := sha3.NewSHAKE256()
	c := sampleInBall(h, ct, p.tau)
	chNeg := nttElement(c)
	ntt((*[n]fieldElement)(&chNeg))
	for i := range chNeg {
		chNeg[i] = fieldSub(0, chNeg[i])
	}

	// w′ = NTT⁻¹(Â∘NTT(z) − NTT(c)∘NTT(t₁·2ᵈ)), w₁′ = UseHint(h, w′).
	var t nttElement
	var w1 [n]uint32
	var w1enc [maxW1Size]byte
	e := w1enc[:0]
	for i := range k {
		mulAcc(&t, pk.a[i*l:(i+1)*l], zh[:l], &chNeg, &pk.t1[i])
		inverseNTTMont((*[n]fieldElement)(&t))
		useHintPoly(&w1, &hints[i], (*ringElement)(&t), &p.dec)
		e = packBits(e, &w1, p.w1Bits)
	}
	h.Reset()
	h.Write(mu[:])
	h.Write(e)
	var ct2 [64]byte
	h.Read(ct2[:p.ctildeSize])
	if subtle.ConstantTimeCompare(ct, ct2[:p.ctildeSize]) != 1 {
		return errSignature
	}
	return nil
}

// The conversions between this package's private keys and pq/mldsa's,
// which pq/mldsa sets when it is initialized, for pq/mldsa/mldsatest: the
// argument or result of type any is a *mldsa.PrivateKey of pq/mldsa.
var (
	WrapPrivateKey   func(*PrivateKey) any
	UnwrapPrivateKey func(any) *PrivateKey
)
