package ecdsa

import (
	"bufio"
	"bytes"
	"crypto"
	_ "crypto/sha1"
	_ "crypto/sha256"
	_ "crypto/sha3"
	_ "crypto/sha512"
	"encoding/asn1"
	"encoding/hex"
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// rfc6979Vector is one signature of RFC 6979, Appendix A.2.5 to A.2.7.
type rfc6979Vector struct {
	curve     string
	x, ux, uy []byte
	hash      crypto.Hash
	msg       string
	k, r, s   []byte
	line      int
}

func decodeHex(t *testing.T, s string, size int) []byte {
	t.Helper()
	if len(s)%2 == 1 {
		s = "0" + s
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	for len(b) < size {
		b = append([]byte{0}, b...)
	}
	for len(b) > size && b[0] == 0 {
		b = b[1:]
	}
	if len(b) != size {
		t.Fatalf("%s is longer than %d bytes", s, size)
	}
	return b
}

var curveSizes = map[string]int{"P-256": 32, "P-384": 48, "P-521": 66}

func loadRFC6979(t *testing.T) []rfc6979Vector {
	f, err := os.Open("testdata/rfc6979.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	hashes := map[string]crypto.Hash{"SHA-1": crypto.SHA1, "SHA-224": crypto.SHA224,
		"SHA-256": crypto.SHA256, "SHA-384": crypto.SHA384, "SHA-512": crypto.SHA512}
	var vs []rfc6979Vector
	var cur rfc6979Vector
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) != 2 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		size := curveSizes[cur.curve]
		switch k, v := fields[0], fields[1]; k {
		case "curve":
			cur = rfc6979Vector{curve: v}
		case "x":
			cur.x = decodeHex(t, v, size)
		case "ux":
			cur.ux = decodeHex(t, v, size)
		case "uy":
			cur.uy = decodeHex(t, v, size)
		case "k":
			cur.k = decodeHex(t, v, size)
		case "r":
			cur.r = decodeHex(t, v, size)
		case "s":
			cur.s = decodeHex(t, v, size)
			vs = append(vs, cur)
		default:
			h, ok := hashes[k]
			if !ok {
				t.Fatalf("testdata/rfc6979.txt:%d: unknown line", n)
			}
			cur.hash, cur.msg, cur.line = h, v, n
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(vs) != 30 {
		t.Fatalf("read %d vectors, want 30", len(vs))
	}
	return vs
}

// curvesByName returns the curves to test under a name: the package's
// curve and, if different, the math/big reference.
func curvesByName(name string) []Curve {
	var c, ref Curve
	switch name {
	case "P-256":
		c, ref = P256(), refCurveP256
	case "P-384":
		c, ref = P384(), refCurveP384
	case "P-521":
		c, ref = P521(), refCurveP521
	}
	if c == ref {
		return []Curve{c}
	}
	return []Curve{c, ref}
}

func digestOf(h crypto.Hash, msg string) []byte {
	d := h.New()
	d.Write([]byte(msg))
	return d.Sum(nil)
}

// TestRFC6979 checks the deterministic signatures of RFC 6979, Appendix
// A.2.5 to A.2.7 byte for byte, in both encodings, and the k the DRBG
// derives for each.
func TestRFC6979(t *testing.T) {
	vs := loadRFC6979(t)
	for _, curve := range []string{"P-256", "P-384", "P-521"} {
		for i, c := range curvesByName(curve) {
			name := curve
			if i > 0 {
				name += "/model"
			}
			t.Run(name, func(t *testing.T) {
				forEachImplementation(t, c, func(t *testing.T) {
					for _, v := range vs {
						if v.curve == curve {
							t.Run(v.hash.String()+"/"+v.msg, func(t *testing.T) { testRFC6979Vector(t, c, v) })
						}
					}
				})
			})
		}
	}
}

// forEachImplementation runs f once for each implementation of the field
// arithmetic of c that this CPU supports, through the cpufeat registry of
// mont/p256, p384 or p521 (once only for the math/big model).
func forEachImplementation(t *testing.T, c Curve, f func(t *testing.T)) {
	if c == P256() || c == P384() || c == P521() {
		cputest.TestAllImplementations(t, map[string]string{"P-256": "p256", "P-384": "p384", "P-521": "p521"}[c.String()], f)
	} else {
		f(t)
	}
}

func testRFC6979Vector(t *testing.T, c Curve, v rfc6979Vector) {
	priv, err := NewPrivateKey(c, v.x)
	if err != nil {
		t.Fatal(err)
	}
	wantQ := append(append([]byte{4}, v.ux...), v.uy...)
	if got := priv.PublicKey().Bytes(); !bytes.Equal(got, wantQ) {
		t.Errorf("public key %x, want %x", got, wantQ)
	}
	digest := digestOf(v.hash, v.msg)

	raw, err := priv.SignRaw(nil, digest, v.hash)
	if err != nil {
		t.Fatal(err)
	}
	if want := append(append([]byte(nil), v.r...), v.s...); !bytes.Equal(raw, want) {
		t.Errorf("SignRaw = %x, want %x", raw, want)
	}
	der, err := priv.Sign(nil, digest, v.hash)
	if err != nil {
		t.Fatal(err)
	}
	wantDER, err := asn1.Marshal(struct{ R, S *big.Int }{new(big.Int).SetBytes(v.r), new(big.Int).SetBytes(v.s)})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(der, wantDER) {
		t.Errorf("Sign = %x, want %x", der, wantDER)
	}
	if !VerifyRaw(priv.PublicKey(), digest, raw) || !VerifyASN1(priv.PublicKey(), digest, der) {
		t.Error("signature rejected")
	}

	// The first candidate of the DRBG is k (none of these vectors
	// rejects one).
	h, err := hashFunc(v.hash)
	if err != nil {
		t.Fatal(err)
	}
	size := c.scalarSize()
	var e [maxScalarSize]byte
	g := newDRBG(h, false, v.x, bits2octetsForTest(t, c, digest, e[:size]))
	k := make([]byte, size)
	g.generate(k)
	shiftRight(k, uint(size*8-orderBitsOf(c)))
	if !bytes.Equal(k, v.k) {
		t.Errorf("k = %x, want %x", k, v.k)
	}
}

func orderBitsOf(c Curve) int {
	return map[string]int{"P-256": 256, "P-384": 384, "P-521": 521}[c.String()]
}

// bits2octetsForTest computes bits2octets(digest) = bits2int(digest) mod n
// with math/big, independently of hashToScalar.
func bits2octetsForTest(t *testing.T, c Curve, digest, out []byte) []byte {
	n := c.stdCurve().Params().N
	e := new(big.Int).SetBytes(digest)
	if excess := len(digest)*8 - n.BitLen(); excess > 0 {
		e.Rsh(e, uint(excess))
	}
	return e.Mod(e, n).FillBytes(out)
}

// TestRFC6979Rejection checks a P-256 signature whose first candidate k is
// not below n, so that the DRBG must produce a second: the message "wv[vnX"
// found by the Go project, checked there against three other
// implementations.
func TestRFC6979Rejection(t *testing.T) {
	x := decodeHex(t, "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721", 32)
	want := decodeHex(t, "EFD9073B652E76DA1B5A019C0E4A2E3FA529B035A6ABB91EF67F0ED7A1F21234"+
		"3DB4706C9D9F4A4FE13BB5E08EF0FAB53A57DBAB2061C83A35FA411C68D2BA33", 64)
	for _, c := range curvesByName("P-256") {
		forEachImplementation(t, c, func(t *testing.T) { testRejection(t, c, x, want) })
	}
}

func testRejection(t *testing.T, c Curve, x, want []byte) {
	{
		priv, err := NewPrivateKey(c, x)
		if err != nil {
			t.Fatal(err)
		}
		digest := digestOf(crypto.SHA256, "wv[vnX")
		sig, err := priv.SignRaw(nil, digest, crypto.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(sig, want) {
			t.Errorf("%v: SignRaw = %x, want %x", c, sig, want)
		}
		// The first candidate is indeed out of range.
		var e [32]byte
		g := newDRBG(crypto.SHA256.New, false, x, bits2octetsForTest(t, c, digest, e[:]))
		k := make([]byte, 32)
		g.generate(k)
		if new(big.Int).SetBytes(k).Cmp(c.stdCurve().Params().N) < 0 {
			t.Errorf("%v: the first candidate %x is in range", c, k)
		}
	}
}
