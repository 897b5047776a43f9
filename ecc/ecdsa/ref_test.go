package ecdsa

import (
	"bytes"
	"crypto"
	"crypto/elliptic"
	"crypto/sha256"
	"errors"
	"io"
	"math/big"
	mathrand "math/rand/v2"
	"testing"
)

// A math/big and crypto/elliptic model of the scalar and point APIs of
// mont/pNNN and ecc/internal/nistec (see /work/notes/nist-api.md): variable
// time, slow, for tests only. The generic ECDSA code instantiated on it is
// checked against the same vectors as the real curves, which separates bugs
// of this package from bugs of the layers below.

type refParams interface{ curve() elliptic.Curve }

type ref256 struct{}
type ref384 struct{}
type ref521 struct{}

func (ref256) curve() elliptic.Curve { return elliptic.P256() }
func (ref384) curve() elliptic.Curve { return elliptic.P384() }
func (ref521) curve() elliptic.Curve { return elliptic.P521() }

func refParamsOf[C refParams]() *elliptic.CurveParams {
	var c C
	return c.curve().Params()
}

func refSize[C refParams]() int { return (refParamsOf[C]().N.BitLen() + 7) / 8 }

type refScalar[C refParams] struct{ v [maxScalarSize]byte }

func (s *refScalar[C]) get() *big.Int { return new(big.Int).SetBytes(s.v[:]) }
func (s *refScalar[C]) put(x *big.Int) *refScalar[C] {
	x.Mod(x, refParamsOf[C]().N)
	x.FillBytes(s.v[:])
	return s
}
func (s *refScalar[C]) Set(a *refScalar[C]) *refScalar[C] { *s = *a; return s }
func (s *refScalar[C]) Add(a, b *refScalar[C]) *refScalar[C] {
	return s.put(new(big.Int).Add(a.get(), b.get()))
}
func (s *refScalar[C]) Mul(a, b *refScalar[C]) *refScalar[C] {
	return s.put(new(big.Int).Mul(a.get(), b.get()))
}
func (s *refScalar[C]) Invert(a *refScalar[C]) *refScalar[C] {
	n := refParamsOf[C]().N
	return s.put(new(big.Int).Exp(a.get(), new(big.Int).Sub(n, big.NewInt(2)), n))
}
func (s *refScalar[C]) InvertVarTime(a *refScalar[C]) *refScalar[C] {
	if a.get().Sign() == 0 {
		return s.put(new(big.Int))
	}
	return s.put(new(big.Int).ModInverse(a.get(), refParamsOf[C]().N))
}
func (s *refScalar[C]) Equal(a *refScalar[C]) int {
	if s.v == a.v {
		return 1
	}
	return 0
}
func (s *refScalar[C]) IsZero() int {
	if s.get().Sign() == 0 {
		return 1
	}
	return 0
}
func (s *refScalar[C]) SetBytes(b []byte) (*refScalar[C], error) {
	x := new(big.Int).SetBytes(b)
	if len(b) != refSize[C]() || x.Cmp(refParamsOf[C]().N) >= 0 {
		return nil, errors.New("ref: bad scalar")
	}
	return s.put(x), nil
}
func (s *refScalar[C]) SetBytesReduced(b []byte) (*refScalar[C], error) {
	if len(b) > refSize[C]() {
		return nil, errors.New("ref: scalar too long")
	}
	return s.put(new(big.Int).SetBytes(b)), nil
}
func (s *refScalar[C]) FillBytes(b []byte) []byte {
	return s.get().FillBytes(b[:refSize[C]()])
}

type refPoint[C refParams] struct{ x, y *big.Int } // x == nil: infinity

func newRefPoint[C refParams]() *refPoint[C] { return new(refPoint[C]) }

func (p *refPoint[C]) set(x, y *big.Int) *refPoint[C] {
	if x.Sign() == 0 && y.Sign() == 0 {
		p.x, p.y = nil, nil
	} else {
		p.x, p.y = x, y
	}
	return p
}

func (p *refPoint[C]) SetBytes(b []byte) (*refPoint[C], error) {
	var c C
	if len(b) == 1 && b[0] == 0 {
		p.x, p.y = nil, nil
		return p, nil
	}
	var x, y *big.Int
	if len(b) > 0 && b[0] == 4 {
		x, y = elliptic.Unmarshal(c.curve(), b)
	} else {
		x, y = elliptic.UnmarshalCompressed(c.curve(), b)
	}
	if x == nil {
		return nil, errors.New("ref: bad point")
	}
	p.x, p.y = x, y
	return p, nil
}
func (p *refPoint[C]) Bytes() []byte {
	var c C
	if p.x == nil {
		return []byte{0}
	}
	return elliptic.Marshal(c.curve(), p.x, p.y)
}
func (p *refPoint[C]) BytesCompressed() []byte {
	var c C
	if p.x == nil {
		return []byte{0}
	}
	return elliptic.MarshalCompressed(c.curve(), p.x, p.y)
}
func (p *refPoint[C]) BytesX() ([]byte, error) {
	if p.x == nil {
		return nil, errors.New("ref: infinity")
	}
	size := (refParamsOf[C]().BitSize + 7) / 8
	return p.x.FillBytes(make([]byte, size)), nil
}

// refTable is the model of nistec.VarTimeTable: the point itself.
type refTable[C refParams] struct{ q refPoint[C] }

func (p *refPoint[C]) NewVarTimeTable() *refTable[C] { return &refTable[C]{*p} }
func (p *refPoint[C]) ScalarBaseMultAddTableVarTime(s1 []byte, t *refTable[C], s2 []byte) (*refPoint[C], error) {
	return p.ScalarBaseMultAddVarTime(s1, &t.q, s2)
}
func (p *refPoint[C]) XModOrderEqualVarTime(r []byte) bool {
	if p.x == nil || len(r) != refSize[C]() {
		return false
	}
	return new(big.Int).Mod(p.x, refParamsOf[C]().N).Cmp(new(big.Int).SetBytes(r)) == 0
}
func (p *refPoint[C]) ScalarBaseMult(k []byte) (*refPoint[C], error) {
	var c C
	return p.set(c.curve().ScalarBaseMult(k)), nil
}
func (p *refPoint[C]) ScalarBaseMultAddVarTime(s1 []byte, q *refPoint[C], s2 []byte) (*refPoint[C], error) {
	var c C
	x1, y1 := c.curve().ScalarBaseMult(s1)
	x2, y2 := new(big.Int), new(big.Int)
	if q.x != nil {
		x2, y2 = c.curve().ScalarMult(q.x, q.y, s2)
	}
	return p.set(c.curve().Add(x1, y1, x2, y2)), nil
}

func newRefCurve[C refParams](name string, hedge crypto.Hash) Curve {
	var c C
	p := refParamsOf[C]()
	return &nistCurve[refScalar[C], refPoint[C], refTable[C], *refScalar[C], *refPoint[C]]{
		name: name, size: refSize[C](), orderBits: p.N.BitLen(),
		newPoint: newRefPoint[C], std: c.curve, hedgeHash: hedge.New,
	}
}

var (
	refCurveP256 = newRefCurve[ref256]("P-256", crypto.SHA256)
	refCurveP384 = newRefCurve[ref384]("P-384", crypto.SHA512)
	refCurveP521 = newRefCurve[ref521]("P-521", crypto.SHA512)
)

// TestModel checks the curves against the math/big model on random keys
// and digests: the same public keys (both encodings), the same
// deterministic signatures, each side verifying the other's hedged
// signatures, and the same verdict on corrupted ones.
func TestModel(t *testing.T) {
	rnd := mathrand.NewChaCha8([32]byte{'m', 'o', 'd', 'e', 'l'})
	for _, name := range []string{"P-256", "P-384", "P-521"} {
		cs := curvesByName(name)
		if len(cs) != 2 {
			t.Fatalf("%s: no model to compare with", name)
		}
		c, ref := cs[0], cs[1]
		t.Run(name, func(t *testing.T) {
			forEachImplementation(t, c, func(t *testing.T) { testModel(t, rnd, name, c, ref) })
		})
	}
}

func testModel(t *testing.T, rnd io.Reader, name string, c, ref Curve) {
	{
		for i := range 4 {
			priv, err := GenerateKey(c, rnd)
			if err != nil {
				t.Fatal(err)
			}
			privRef, err := NewPrivateKey(ref, priv.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(priv.PublicKey().Bytes(), privRef.PublicKey().Bytes()) ||
				!bytes.Equal(priv.PublicKey().BytesCompressed(), privRef.PublicKey().BytesCompressed()) {
				t.Fatalf("%s: public keys differ", name)
			}
			digest := make([]byte, 16+24*i)
			rnd.Read(digest)
			h := crypto.SHA256
			d := sha256.Sum256(digest)
			a, err1 := priv.SignRaw(nil, d[:], h)
			b, err2 := privRef.SignRaw(nil, d[:], h)
			if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
				t.Fatalf("%s: deterministic signatures differ: %x, %x (%v, %v)", name, a, b, err1, err2)
			}
			z := make([]byte, 66)
			rnd.Read(z)
			sa, _ := priv.SignRaw(bytes.NewReader(z), digest, nil)
			sb, _ := privRef.SignRaw(bytes.NewReader(z), digest, nil)
			if !bytes.Equal(sa, sb) {
				t.Fatalf("%s: hedged signatures differ: %x, %x", name, sa, sb)
			}
			for _, s := range [][]byte{sa, sb} {
				if !VerifyRaw(priv.PublicKey(), digest, s) || !VerifyRaw(privRef.PublicKey(), digest, s) {
					t.Fatalf("%s: hedged signature %x rejected", name, s)
				}
				s[len(s)/2] ^= 0x10
				if VerifyRaw(priv.PublicKey(), digest, s) || VerifyRaw(privRef.PublicKey(), digest, s) {
					t.Fatalf("%s: corrupted signature %x accepted", name, s)
				}
			}
		}
	}
}
