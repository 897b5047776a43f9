// Package mlkem implements ML-KEM (FIPS 203) for crypton's pq/mlkem and
// pq/mlkem/mlkemtest: the three parameter sets behind one set of types, the
// parameters carried at run time.
package mlkem

import (
	"crypto/subtle"
	"errors"

	"github.com/crypton-go/crypton/hash/sha3"
)

// Sizes common to every parameter set (FIPS 203, section 8).
const (
	SharedKeySize = 32 // the shared secret K
	SeedSize      = 64 // d‖z, the seed of a decapsulation key
	MessageSize   = 32 // m, the randomness of Encaps

	maxK = 4
	eta2 = 2
)

// Params is an ML-KEM parameter set (FIPS 203, Table 2).
type Params struct {
	name   string
	k      int  // rank of the module: the matrix Â is k×k
	eta1   int  // η₁ of the secret and the noise of key generation
	du, dv uint // the compression of the ciphertext's u and v
}

// The parameter sets of FIPS 203, Table 2.
var (
	Params512  = &Params{name: "ML-KEM-512", k: 2, eta1: 3, du: 10, dv: 4}
	Params768  = &Params{name: "ML-KEM-768", k: 3, eta1: 2, du: 10, dv: 4}
	Params1024 = &Params{name: "ML-KEM-1024", k: 4, eta1: 2, du: 11, dv: 5}
)

func (p *Params) String() string { return p.name }

// EncapsulationKeySize is 384·k + 32.
func (p *Params) EncapsulationKeySize() int { return 384*p.k + 32 }

// CiphertextSize is 32·(d_u·k + d_v).
func (p *Params) CiphertextSize() int { return 32 * (int(p.du)*p.k + int(p.dv)) }

// ExpandedKeySize is the size of FIPS 203's decapsulation key encoding,
// 768·k + 96.
func (p *Params) ExpandedKeySize() int { return 768*p.k + 96 }

// EncapsulationKey is a parsed encapsulation key, with the matrix Â that its
// seed ρ expands to.
type EncapsulationKey struct {
	p   *Params
	t   [maxK]nttElement        // t̂
	a   [maxK * maxK]nttElement // Â, entry (i, j) at a[i·k + j]
	rho [32]byte
	h   [32]byte // H(ek)
}

// DecapsulationKey is a decapsulation key: the secret ŝ, the encapsulation
// key, and z for implicit rejection.
type DecapsulationKey struct {
	d      [32]byte // the seed's first half, if the key came from a seed
	z      [32]byte
	seeded bool
	s      [maxK]nttElement // ŝ
	ek     EncapsulationKey
}

// Params returns the key's parameter set.
func (ek *EncapsulationKey) Params() *Params { return ek.p }

// Params returns the key's parameter set.
func (dk *DecapsulationKey) Params() *Params { return dk.ek.p }

// EncapsulationKey returns the encapsulation key of dk. It aliases dk.
func (dk *DecapsulationKey) EncapsulationKey() *EncapsulationKey { return &dk.ek }

// Seed returns the 64-byte seed d‖z of dk, or nil if dk was made from its
// expanded encoding.
func (dk *DecapsulationKey) Seed() []byte {
	if !dk.seeded {
		return nil
	}
	b := make([]byte, 0, SeedSize)
	return append(append(b, dk.d[:]...), dk.z[:]...)
}

// Bytes returns the encoding of ek: ByteEncode₁₂(t̂)‖ρ.
func (ek *EncapsulationKey) Bytes() []byte {
	return ek.appendBytes(make([]byte, 0, ek.p.EncapsulationKeySize()))
}

func (ek *EncapsulationKey) appendBytes(b []byte) []byte {
	for i := range ek.p.k {
		b = encode12(b, &ek.t[i])
	}
	return append(b, ek.rho[:]...)
}

// ExpandedBytes returns FIPS 203's encoding of dk: ByteEncode₁₂(ŝ)‖ek‖H(ek)‖z.
func (dk *DecapsulationKey) ExpandedBytes() []byte {
	b := make([]byte, 0, dk.ek.p.ExpandedKeySize())
	for i := range dk.ek.p.k {
		b = encode12(b, &dk.s[i])
	}
	b = dk.ek.appendBytes(b)
	b = append(b, dk.ek.h[:]...)
	return append(b, dk.z[:]...)
}

// expandA fills ek.a from ek.rho (FIPS 203, Algorithm 13, lines 3–7), four
// entries at a time; a last single entry on its own.
func (ek *EncapsulationKey) expandA() {
	k := ek.p.k
	var scratch nttElement
	for e := 0; e < k*k; e += 4 {
		if e == k*k-1 {
			ek.a[e] = sampleNTT(&ek.rho, byte(e%k), byte(e/k))
			break
		}
		var out [4]*nttElement
		var j, i [4]byte
		for t := range 4 {
			out[t] = &scratch
			if f := e + t; f < k*k {
				out[t] = &ek.a[f]
				j[t], i[t] = byte(f%k), byte(f/k)
			}
		}
		sampleNTTx4(&ek.rho, &out, &j, &i)
	}
}

// NewDecapsulationKey derives the decapsulation key of parameter set p from
// the 64-byte seed d‖z (FIPS 203, Algorithm 16, ML-KEM.KeyGen_internal).
func NewDecapsulationKey(p *Params, seed []byte) (*DecapsulationKey, error) {
	if len(seed) != SeedSize {
		return nil, errors.New("mlkem: invalid seed length")
	}
	dk := new(DecapsulationKey)
	keyGen(dk, p, seed)
	return dk, nil
}

func keyGen(dk *DecapsulationKey, p *Params, seed []byte) {
	copy(dk.d[:], seed[:32])
	copy(dk.z[:], seed[32:])
	dk.seeded = true
	ek := &dk.ek
	ek.p = p
	k := p.k

	// K-PKE.KeyGen (Algorithm 13): (ρ, σ) = G(d‖k).
	var in [33]byte
	copy(in[:], dk.d[:])
	in[32] = byte(k)
	g := sha3.Sum512(in[:])
	copy(ek.rho[:], g[:32])
	declassify(ek.rho[:]) // ρ is part of the encapsulation key
	var sigma [32]byte
	copy(sigma[:], g[32:])

	ek.expandA()
	// The noise: s from PRF(σ, 0..k−1), e from PRF(σ, k..2k−1).
	var buf [2 * maxK][192]byte
	prfMany(buf[:2*k], p.eta1, &sigma, 0)
	for i := range k {
		f := samplePolyCBD(buf[i][:64*p.eta1], p.eta1)
		dk.s[i] = ntt(&f)
	}
	for i := range k {
		e := samplePolyCBD(buf[k+i][:64*p.eta1], p.eta1)
		eh := ntt(&e)
		dotNTT(&ek.t[i], ek.a[i*k:], 1, dk.s[:k])
		ek.t[i] = polyAdd(&ek.t[i], &eh)
	}
	var ekb [384*maxK + 32]byte
	ekBytes := ek.appendBytes(ekb[:0])
	declassify(ekBytes)
	ek.h = sha3.Sum256(ekBytes)
	clear(buf[:])
	clear(sigma[:])
	clear(g[:])
	clear(in[:])
}

// NewEncapsulationKey parses an encapsulation key of parameter set p and
// runs the modulus check of FIPS 203, section 7.2.
func NewEncapsulationKey(p *Params, b []byte) (*EncapsulationKey, error) {
	ek := new(EncapsulationKey)
	if err := parseEncapsulationKey(ek, p, b); err != nil {
		return nil, err
	}
	return ek, nil
}

func parseEncapsulationKey(ek *EncapsulationKey, p *Params, b []byte) error {
	if len(b) != p.EncapsulationKeySize() {
		return errors.New("mlkem: invalid encapsulation key length")
	}
	ek.p = p
	for i := range p.k {
		if err := decode12Checked(&ek.t[i], b[384*i:384*(i+1)]); err != nil {
			return errors.New("mlkem: invalid encapsulation key: " + err.Error())
		}
	}
	copy(ek.rho[:], b[384*p.k:])
	ek.h = sha3.Sum256(b)
	ek.expandA()
	return nil
}

// NewDecapsulationKeyFromExpanded parses FIPS 203's encoding of a
// decapsulation key of parameter set p, ByteEncode₁₂(ŝ)‖ek‖H(ek)‖z, with the
// checks of FIPS 203, section 7.3 (length, and the hash of ek), and the
// modulus check of the embedded ek (section 7.2).
func NewDecapsulationKeyFromExpanded(p *Params, b []byte) (*DecapsulationKey, error) {
	if len(b) != p.ExpandedKeySize() {
		return nil, errors.New("mlkem: invalid decapsulation key length")
	}
	k := p.k
	dk := new(DecapsulationKey)
	ekb := b[384*k : 768*k+32]
	if err := parseEncapsulationKey(&dk.ek, p, ekb); err != nil {
		return nil, errors.New("mlkem: invalid decapsulation key: its encapsulation key is invalid")
	}
	if subtle.ConstantTimeCompare(dk.ek.h[:], b[768*k+32:768*k+64]) != 1 {
		return nil, errors.New("mlkem: invalid decapsulation key: hash of the encapsulation key does not match")
	}
	for i := range k {
		decode12Reduce(&dk.s[i], b[384*i:384*(i+1)])
	}
	copy(dk.z[:], b[768*k+64:])
	return dk, nil
}

// Encapsulate runs ML-KEM.Encaps_internal (FIPS 203, Algorithm 17) with the
// 32 bytes of randomness m, and returns the shared key and the ciphertext.
func (ek *EncapsulationKey) Encapsulate(m *[MessageSize]byte) (sharedKey, ciphertext []byte) {
	var in [64]byte
	copy(in[:], m[:])
	copy(in[32:], ek.h[:])
	g := sha3.Sum512(in[:]) // (K, r) = G(m‖H(ek))
	var r [32]byte
	copy(r[:], g[32:])
	c := ek.encrypt(make([]byte, 0, ek.p.CiphertextSize()), m, &r)
	K := make([]byte, SharedKeySize)
	copy(K, g[:32])
	clear(g[:])
	clear(r[:])
	return K, c
}

// encrypt appends K-PKE.Encrypt(ek, m, r) (FIPS 203, Algorithm 14) to c.
func (ek *EncapsulationKey) encrypt(c []byte, m, r *[32]byte) []byte {
	p := ek.p
	k := p.k
	// The noise: y from PRF(r, 0..k−1) with η₁, e₁ from PRF(r, k..2k−1)
	// and e₂ from PRF(r, 2k) with η₂. All are read as 64·η₁ bytes, of
	// which e₁ and e₂ use the first 64·η₂ (a prefix of a longer SHAKE
	// output is the shorter output).
	var buf [2*maxK + 1][192]byte
	prfMany(buf[:2*k+1], max(p.eta1, eta2), r, 0)
	var y [maxK]nttElement
	for i := range k {
		f := samplePolyCBD(buf[i][:64*p.eta1], p.eta1)
		y[i] = ntt(&f)
	}
	for i := range k {
		// u[i] = NTT⁻¹((Âᵀ∘ŷ)[i]) + e₁[i]
		var acc nttElement
		dotNTT(&acc, ek.a[i:], k, y[:k])
		u := inverseNTT(&acc)
		e1 := samplePolyCBD(buf[k+i][:64*eta2], eta2)
		u = polyAdd(&u, &e1)
		c = encodeCompressed(c, &u, p.du)
	}
	// v = NTT⁻¹(t̂ᵀ∘ŷ) + e₂ + Decompress₁(ByteDecode₁(m))
	var acc nttElement
	dotNTT(&acc, ek.t[:k], 1, y[:k])
	v := inverseNTT(&acc)
	e2 := samplePolyCBD(buf[2*k][:64*eta2], eta2)
	v = polyAdd(&v, &e2)
	var mu ringElement
	decodeDecompressed(&mu, m[:], 1)
	v = polyAdd(&v, &mu)
	c = encodeCompressed(c, &v, p.dv)
	clear(buf[:])
	clear(y[:])
	clear(mu[:])
	return c
}

// decrypt returns K-PKE.Decrypt(dk, c) (FIPS 203, Algorithm 15); len(c) is
// the ciphertext size.
func (dk *DecapsulationKey) decrypt(m *[32]byte, c []byte) {
	p := dk.ek.p
	k := p.k
	var uh [maxK]nttElement
	for i := range k {
		var u ringElement
		n := encodedSize(p.du)
		decodeDecompressed(&u, c[n*i:n*(i+1)], p.du)
		uh[i] = ntt(&u)
	}
	var acc nttElement
	dotNTT(&acc, dk.s[:k], 1, uh[:k])
	var v ringElement
	decodeDecompressed(&v, c[encodedSize(p.du)*k:], p.dv)
	su := inverseNTT(&acc)
	w := polySub(&v, &su)
	encodeCompressed(m[:0], &w, 1)
	clear(w[:])
}

// Decapsulate runs ML-KEM.Decaps_internal (FIPS 203, Algorithm 18) after the
// ciphertext's length check (section 7.3). A ciphertext that does not
// re-encrypt to itself yields the implicit-rejection key J(z‖c), chosen
// without a branch.
func (dk *DecapsulationKey) Decapsulate(c []byte) ([]byte, error) {
	p := dk.ek.p
	if len(c) != p.CiphertextSize() {
		return nil, errors.New("mlkem: invalid ciphertext length")
	}
	var m [32]byte
	dk.decrypt(&m, c)
	var in [64]byte
	copy(in[:], m[:])
	copy(in[32:], dk.ek.h[:])
	g := sha3.Sum512(in[:]) // (K′, r′) = G(m′‖h)
	var r [32]byte
	copy(r[:], g[32:])

	var cbuf [32 * (11*maxK + 5)]byte
	c2 := dk.ek.encrypt(cbuf[:0], &m, &r)

	K := make([]byte, SharedKeySize)
	j := sha3.NewSHAKE256() // K̄ = J(z‖c)
	j.Write(dk.z[:])
	j.Write(c)
	j.Read(K)
	subtle.ConstantTimeCopy(subtle.ConstantTimeCompare(c, c2), K, g[:32])

	clear(m[:])
	clear(in[:])
	clear(g[:])
	clear(r[:])
	return K, nil
}

// The conversions between this package's keys and the types of pq/mlkem,
// which pq/mlkem sets when it is initialized, for pq/mlkem/mlkemtest: the
// argument or result of type any is a *mlkem.DecapsulationKeyN or
// *mlkem.EncapsulationKeyN of the key's parameter set.
var (
	WrapDecapsulationKey   func(*DecapsulationKey) any
	UnwrapDecapsulationKey func(any) *DecapsulationKey
	UnwrapEncapsulationKey func(any) *EncapsulationKey
)
