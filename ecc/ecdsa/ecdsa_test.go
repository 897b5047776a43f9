package ecdsa_test

import (
	"bytes"
	"crypto"
	stdecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/asn1"
	"errors"
	"io"
	"math/big"
	mathrand "math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdsa"
)

type testCurve struct {
	c    ecdsa.Curve
	std  elliptic.Curve
	size int
	hash crypto.Hash
}

var testCurves = []testCurve{
	{ecdsa.P256(), elliptic.P256(), 32, crypto.SHA256},
	{ecdsa.P384(), elliptic.P384(), 48, crypto.SHA384},
	{ecdsa.P521(), elliptic.P521(), 66, crypto.SHA512},
}

func forEachCurve(t *testing.T, f func(t *testing.T, tc testCurve)) {
	for _, tc := range testCurves {
		t.Run(tc.c.String(), func(t *testing.T) { f(t, tc) })
	}
}

// seededReader returns a deterministic reader for reproducible keys.
func seededReader(seed uint64) io.Reader {
	return mathrand.NewChaCha8([32]byte{byte(seed), byte(seed >> 8), 'e', 'c', 'd', 's', 'a'})
}

func TestCurveNames(t *testing.T) {
	for _, tc := range testCurves {
		if got, want := tc.c.String(), tc.std.Params().Name; got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
	}
	if ecdsa.P256() != ecdsa.P256() || ecdsa.P256() == ecdsa.P384() {
		t.Error("curves are not singletons")
	}
}

// TestDifferential signs with this package and with crypto/ecdsa on the
// same random keys and digests of many lengths (shorter, equal to and
// longer than the order) and checks each signature with the other side.
// Deterministic signatures must equal crypto/ecdsa's byte for byte.
func TestDifferential(t *testing.T) {
	forEachCurve(t, func(t *testing.T, tc testCurve) {
		r := seededReader(uint64(tc.size))
		keys := 4
		if testing.Short() {
			keys = 1
		}
		for i := range keys {
			priv, err := ecdsa.GenerateKey(tc.c, r)
			if err != nil {
				t.Fatal(err)
			}
			std, err := stdecdsa.ParseRawPrivateKey(tc.std, priv.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if !std.PublicKey.Equal(priv.Public()) {
				t.Fatal("Public() differs from crypto/ecdsa's public key")
			}
			stdQ, err := std.PublicKey.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(priv.PublicKey().Bytes(), stdQ) {
				t.Fatalf("public key %x, crypto/ecdsa %x", priv.PublicKey().Bytes(), stdQ)
			}
			pub := priv.PublicKey()
			for _, n := range []int{1, 20, 28, 31, 32, 33, 48, 64, 65, 66, 67, 100, 200} {
				digest := make([]byte, n)
				r.Read(digest)
				if i == 0 {
					// Digests of all ones exercise the reduction of
					// bits2int modulo n.
					for j := range digest {
						digest[j] = 0xff
					}
				}
				sig, err := priv.Sign(rand.Reader, digest, nil)
				if err != nil {
					t.Fatal(err)
				}
				if !stdecdsa.VerifyASN1(&std.PublicKey, digest, sig) {
					t.Errorf("crypto/ecdsa rejects our hedged signature (digest of %d bytes)", n)
				}
				if !ecdsa.VerifyASN1(pub, digest, sig) {
					t.Errorf("we reject our hedged signature (digest of %d bytes)", n)
				}
				raw, err := priv.SignRaw(r, digest, tc.hash)
				if err != nil {
					t.Fatal(err)
				}
				if !ecdsa.VerifyRaw(pub, digest, raw) || !stdecdsa.VerifyASN1(&std.PublicKey, digest, rawToDER(raw)) {
					t.Errorf("raw signature rejected (digest of %d bytes)", n)
				}
				stdSig, err := stdecdsa.SignASN1(rand.Reader, std, digest)
				if err != nil {
					t.Fatal(err)
				}
				if !ecdsa.VerifyASN1(pub, digest, stdSig) {
					t.Errorf("we reject crypto/ecdsa's signature %x (digest of %d bytes)", stdSig, n)
				}
				if !ecdsa.VerifyRaw(pub, digest, derToRaw(t, stdSig, tc.size)) {
					t.Errorf("we reject crypto/ecdsa's signature in P1363 form (digest of %d bytes)", n)
				}
				digest[0] ^= 1
				if ecdsa.VerifyASN1(pub, digest, stdSig) || ecdsa.VerifyASN1(pub, digest, sig) {
					t.Errorf("signature accepted for another digest")
				}
			}
			// Deterministic signatures, for each hash crypto/ecdsa supports
			// in RFC 6979 mode.
			for _, h := range []crypto.Hash{crypto.SHA256, crypto.SHA384, crypto.SHA512} {
				d := h.New()
				d.Write([]byte{byte(i)})
				digest := d.Sum(nil)
				ours, err := priv.Sign(nil, digest, h)
				if err != nil {
					t.Fatal(err)
				}
				theirs, err := std.Sign(nil, digest, h)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(ours, theirs) {
					t.Errorf("deterministic %v: %x, crypto/ecdsa %x", h, ours, theirs)
				}
			}
		}
	})
}

func rawToDER(raw []byte) []byte {
	n := len(raw) / 2
	der, err := asn1.Marshal(struct{ R, S *big.Int }{new(big.Int).SetBytes(raw[:n]), new(big.Int).SetBytes(raw[n:])})
	if err != nil {
		panic(err)
	}
	return der
}

func derToRaw(t *testing.T, der []byte, size int) []byte {
	var v struct{ R, S *big.Int }
	if _, err := asn1.Unmarshal(der, &v); err != nil {
		t.Fatal(err)
	}
	raw := make([]byte, 2*size)
	v.R.FillBytes(raw[:size])
	v.S.FillBytes(raw[size:])
	return raw
}

// TestHedged checks that signatures with a random source are randomized
// and read exactly the order's size from it, and that a reader's error is
// returned.
func TestHedged(t *testing.T) {
	forEachCurve(t, func(t *testing.T, tc testCurve) {
		priv, err := ecdsa.GenerateKey(tc.c, seededReader(1))
		if err != nil {
			t.Fatal(err)
		}
		digest := make([]byte, 32)
		a, _ := priv.Sign(rand.Reader, digest, crypto.SHA256)
		b, _ := priv.Sign(rand.Reader, digest, crypto.SHA256)
		if bytes.Equal(a, b) {
			t.Error("two hedged signatures are equal")
		}
		c, _ := priv.Sign(seededReader(7), digest, crypto.SHA256)
		d, _ := priv.Sign(seededReader(7), digest, nil)
		if !bytes.Equal(c, d) {
			t.Error("hedged signatures with the same randomness differ")
		}
		e, _ := priv.Sign(nil, digest, crypto.SHA256)
		if bytes.Equal(c, e) {
			t.Error("hedged signature equals the deterministic one")
		}
		cr := &countingReader{r: seededReader(2)}
		if _, err := priv.Sign(cr, digest, nil); err != nil || cr.n != tc.size {
			t.Errorf("Sign read %d bytes (err %v), want %d", cr.n, err, tc.size)
		}
		wantErr := errors.New("no entropy")
		if _, err := priv.Sign(errReader{wantErr}, digest, nil); !errors.Is(err, wantErr) {
			t.Errorf("Sign with a failing reader: %v", err)
		}
		if _, err := priv.SignRaw(errReader{wantErr}, digest, nil); !errors.Is(err, wantErr) {
			t.Errorf("SignRaw with a failing reader: %v", err)
		}
		if _, err := ecdsa.GenerateKey(tc.c, errReader{wantErr}); !errors.Is(err, wantErr) {
			t.Errorf("GenerateKey with a failing reader: %v", err)
		}
	})
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// TestDeterministicErrors checks the errors of deterministic signing when
// the hash is missing, unknown, or does not match the digest.
func TestDeterministicErrors(t *testing.T) {
	priv, err := ecdsa.GenerateKey(ecdsa.P256(), seededReader(3))
	if err != nil {
		t.Fatal(err)
	}
	digest := make([]byte, 32)
	for _, tc := range []struct {
		name string
		opts crypto.SignerOpts
		dig  []byte
		want string
	}{
		{"nil opts", nil, digest, "HashFunc"},
		{"zero hash", crypto.Hash(0), digest, "HashFunc"},
		{"MD5", crypto.MD5, digest[:16], "unsupported hash"},
		{"BLAKE2b", crypto.BLAKE2b_256, digest, "unsupported hash"},
		{"length mismatch", crypto.SHA384, digest, "digest length"},
	} {
		if _, err := priv.Sign(nil, tc.dig, tc.opts); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "ecdsa: ") {
			t.Errorf("%s: Sign error %v, want one containing %q", tc.name, err, tc.want)
		}
		if _, err := priv.SignRaw(nil, tc.dig, tc.opts); err == nil {
			t.Errorf("%s: SignRaw succeeded", tc.name)
		}
	}
	// Every supported hash signs deterministically and verifies.
	for _, h := range []crypto.Hash{crypto.SHA1, crypto.SHA224, crypto.SHA256, crypto.SHA384, crypto.SHA512,
		crypto.SHA512_224, crypto.SHA512_256, crypto.SHA3_224, crypto.SHA3_256, crypto.SHA3_384, crypto.SHA3_512} {
		d := make([]byte, h.Size())
		sig, err := priv.Sign(nil, d, h)
		if err != nil {
			t.Errorf("%v: %v", h, err)
			continue
		}
		again, _ := priv.Sign(nil, d, h)
		if !bytes.Equal(sig, again) || !ecdsa.VerifyASN1(priv.PublicKey(), d, sig) {
			t.Errorf("%v: signature not deterministic or rejected", h)
		}
	}
}

// TestKeys checks the encodings of keys: round trips of private keys and
// of uncompressed and compressed public keys, against crypto/elliptic.
func TestKeys(t *testing.T) {
	forEachCurve(t, func(t *testing.T, tc testCurve) {
		r := seededReader(4)
		for range 16 {
			priv, err := ecdsa.GenerateKey(tc.c, r)
			if err != nil {
				t.Fatal(err)
			}
			d := priv.Bytes()
			if len(d) != tc.size {
				t.Fatalf("Bytes() has %d bytes, want %d", len(d), tc.size)
			}
			priv2, err := ecdsa.NewPrivateKey(tc.c, d)
			if err != nil {
				t.Fatal(err)
			}
			if !priv.Equal(priv2) || !priv.PublicKey().Equal(priv2.PublicKey()) {
				t.Error("private key round trip changed the key")
			}
			d[0] ^= 1
			if priv.Equal(priv2) != bytes.Equal(priv.Bytes(), priv2.Bytes()) || !bytes.Equal(priv2.Bytes(), priv.Bytes()) {
				t.Error("Bytes() does not return a copy")
			}
			pub := priv.PublicKey()
			q := pub.Bytes()
			x, y := elliptic.Unmarshal(tc.std, q)
			if x == nil {
				t.Fatalf("crypto/elliptic rejects %x", q)
			}
			cq := pub.BytesCompressed()
			if want := elliptic.MarshalCompressed(tc.std, x, y); !bytes.Equal(cq, want) {
				t.Errorf("BytesCompressed() = %x, want %x", cq, want)
			}
			for _, enc := range [][]byte{q, cq} {
				pub2, err := ecdsa.NewPublicKey(tc.c, enc)
				if err != nil {
					t.Fatalf("NewPublicKey(%x): %v", enc, err)
				}
				if !pub2.Equal(pub) || !bytes.Equal(pub2.Bytes(), q) || !bytes.Equal(pub2.BytesCompressed(), cq) {
					t.Errorf("NewPublicKey(%x) changed the key", enc)
				}
			}
			q[1] ^= 1
			if !bytes.Equal(pub.Bytes(), q) == false {
				t.Error("PublicKey.Bytes() does not return a copy")
			}
		}
		other := testCurves[0]
		if other.c == tc.c {
			other = testCurves[1]
		}
		a, _ := ecdsa.GenerateKey(tc.c, seededReader(5))
		b, _ := ecdsa.NewPrivateKey(other.c, append(make([]byte, other.size-1), 1))
		if a.Equal(b) || a.PublicKey().Equal(b.PublicKey()) || a.Equal(a.Public()) || a.PublicKey().Equal(a.Public()) {
			t.Error("Equal accepts a different key or type")
		}
	})
}

// TestInvalidKeys checks that out-of-range scalars, wrong lengths and
// invalid points are refused with errors.
func TestInvalidKeys(t *testing.T) {
	forEachCurve(t, func(t *testing.T, tc testCurve) {
		n := tc.std.Params().N
		nb := n.FillBytes(make([]byte, tc.size))
		nm1 := new(big.Int).Sub(n, big.NewInt(1)).FillBytes(make([]byte, tc.size))
		np1 := new(big.Int).Add(n, big.NewInt(1)).FillBytes(make([]byte, tc.size))
		if _, err := ecdsa.NewPrivateKey(tc.c, nm1); err != nil {
			t.Errorf("n-1 refused: %v", err)
		}
		for name, d := range map[string][]byte{
			"zero": make([]byte, tc.size), "n": nb, "n+1": np1, "all ones": bytes.Repeat([]byte{0xff}, tc.size),
			"short": nm1[1:], "long": append([]byte{0}, nm1...), "empty": nil,
		} {
			if k, err := ecdsa.NewPrivateKey(tc.c, d); err == nil || !strings.HasPrefix(err.Error(), "ecdsa: ") {
				t.Errorf("%s: NewPrivateKey = %v, %v", name, k, err)
			}
		}

		priv, _ := ecdsa.GenerateKey(tc.c, seededReader(6))
		q := priv.PublicKey().Bytes()
		cq := priv.PublicKey().BytesCompressed()
		p := tc.std.Params().P
		bad := map[string][]byte{
			"empty":            nil,
			"infinity":         {0},
			"prefix only":      {4},
			"truncated":        q[:len(q)-1],
			"extended":         append(bytes.Clone(q), 0),
			"compressed long":  append(bytes.Clone(cq), 0),
			"compressed short": cq[:len(cq)-1],
			"prefix 05":        append([]byte{5}, q[1:]...),
			"hybrid 06":        append([]byte{6}, q[1:]...),
			"hybrid 07":        append([]byte{7}, q[1:]...),
			"compressed 04":    append([]byte{4}, cq[1:]...),
			"off the curve":    append(bytes.Clone(q[:len(q)-1]), q[len(q)-1]^1),
			"x = p":            append(append([]byte{4}, p.FillBytes(make([]byte, tc.size))...), q[1+tc.size:]...),
			"compressed x = p": append([]byte{2}, p.FillBytes(make([]byte, tc.size))...),
		}
		// x + p encodes the same x modulo p when it fits (not for P-256,
		// whose p is close to 2^256, but the check must not reduce).
		xp := new(big.Int).Add(new(big.Int).SetBytes(q[1:1+tc.size]), p)
		if xp.BitLen() <= 8*tc.size {
			bad["x + p"] = append(append([]byte{4}, xp.FillBytes(make([]byte, tc.size))...), q[1+tc.size:]...)
		}
		for name, enc := range bad {
			if k, err := ecdsa.NewPublicKey(tc.c, enc); err == nil || !strings.HasPrefix(err.Error(), "ecdsa: ") {
				t.Errorf("%s: NewPublicKey(%x) = %v, %v", name, enc, k, err)
			}
		}
		// A compressed x with no point on the curve.
		for x := int64(1); ; x++ {
			enc := append([]byte{2}, big.NewInt(x).FillBytes(make([]byte, tc.size))...)
			if xx, _ := elliptic.UnmarshalCompressed(tc.std, enc); xx != nil {
				continue
			}
			if _, err := ecdsa.NewPublicKey(tc.c, enc); err == nil {
				t.Errorf("NewPublicKey accepts x = %d, which has no point", x)
			}
			break
		}
	})
	if _, err := ecdsa.NewPrivateKey(nil, make([]byte, 32)); err == nil {
		t.Error("NewPrivateKey accepts a nil curve")
	}
	if _, err := ecdsa.NewPublicKey(nil, []byte{4}); err == nil {
		t.Error("NewPublicKey accepts a nil curve")
	}
	if _, err := ecdsa.GenerateKey(nil, nil); err == nil {
		t.Error("GenerateKey accepts a nil curve")
	}
}

// TestMalformedSignatures checks that signatures out of range, of the
// wrong length or in a non-DER encoding are rejected, for valid r and s
// otherwise.
func TestMalformedSignatures(t *testing.T) {
	forEachCurve(t, func(t *testing.T, tc testCurve) {
		priv, _ := ecdsa.GenerateKey(tc.c, seededReader(8))
		pub := priv.PublicKey()
		digest := []byte("digest of a message")
		h := sha256.Sum256(digest)
		digest = h[:]
		raw, err := priv.SignRaw(nil, digest, crypto.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		if !ecdsa.VerifyRaw(pub, digest, raw) || !ecdsa.VerifyASN1(pub, digest, rawToDER(raw)) {
			t.Fatal("valid signature rejected")
		}
		size := tc.size
		r, s := new(big.Int).SetBytes(raw[:size]), new(big.Int).SetBytes(raw[size:])
		n := tc.std.Params().N
		pair := func(r, s *big.Int) []byte {
			b := make([]byte, 2*size)
			if r.BitLen() <= 8*size && s.BitLen() <= 8*size && r.Sign() >= 0 && s.Sign() >= 0 {
				r.FillBytes(b[:size])
				s.FillBytes(b[size:])
				return b
			}
			return nil
		}
		der := func(r, s *big.Int) []byte {
			b, err := asn1.Marshal(struct{ R, S *big.Int }{r, s})
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		zero, one := big.NewInt(0), big.NewInt(1)
		cases := map[string][2]*big.Int{
			"r = 0": {zero, s}, "s = 0": {r, zero}, "r = s = 0": {zero, zero},
			"r = n": {n, s}, "s = n": {r, n}, "r + n": {new(big.Int).Add(r, n), s},
			"s + n":        {r, new(big.Int).Add(s, n)},
			"r = 1, s = 1": {one, one}, "r = -r": {new(big.Int).Neg(r), s}, "s = -s": {r, new(big.Int).Neg(s)},
			"r = n + 1": {new(big.Int).Add(n, one), s}, "s = 2^(8·size)": {r, new(big.Int).Lsh(one, uint(8*size))},
		}
		for name, rs := range cases {
			if ecdsa.VerifyASN1(pub, digest, der(rs[0], rs[1])) {
				t.Errorf("%s: DER accepted", name)
			}
			if b := pair(rs[0], rs[1]); b != nil && ecdsa.VerifyRaw(pub, digest, b) {
				t.Errorf("%s: raw accepted", name)
			}
		}
		for _, l := range []int{0, 1, size, 2*size - 1, 2*size + 1, 4 * size} {
			b := make([]byte, l)
			copy(b, raw)
			if ecdsa.VerifyRaw(pub, digest, b) {
				t.Errorf("raw signature of %d bytes accepted", l)
			}
		}
		// A raw signature with r and s swapped, and the DER signature with
		// each of the BER liberties.
		if ecdsa.VerifyRaw(pub, digest, append(bytes.Clone(raw[size:]), raw[:size]...)) {
			t.Error("swapped r and s accepted")
		}
		good := der(r, s)
		rb, sb := r.Bytes(), s.Bytes()
		withInts := func(ri, si []byte) []byte {
			body := append(append([]byte{2, byte(len(ri))}, ri...), append([]byte{2, byte(len(si))}, si...)...)
			return append([]byte{0x30, byte(len(body))}, body...)
		}
		for name, b := range map[string][]byte{
			"trailing zero":      append(bytes.Clone(good), 0),
			"leading zero on r":  withInts(append([]byte{0, 0}, rb...), sb),
			"leading zero on s":  withInts(rb, append([]byte{0, 0}, sb...)),
			"negative r":         withInts(append([]byte{0xff}, rb...), sb),
			"long-form length":   append([]byte{0x30, 0x81, good[1]}, good[2:]...),
			"indefinite length":  append(append([]byte{0x30, 0x80}, good[2:]...), 0, 0),
			"wrong outer tag":    append([]byte{0x31}, good[1:]...),
			"truncated":          good[:len(good)-1],
			"raw instead of DER": raw,
			"empty":              nil,
		} {
			if len(b) > 1 && b[1] < 0x80 && int(b[1]) != len(b)-2 && !strings.Contains(name, "trailing") && name != "truncated" && name != "raw instead of DER" {
				continue // an integer grew past the short form; skip
			}
			if ecdsa.VerifyASN1(pub, digest, b) {
				t.Errorf("%s: %x accepted", name, b)
			}
		}
		// s and n − s are both valid (ECDSA is malleable; FIPS 186-5 does
		// not ask for low s).
		if !ecdsa.VerifyRaw(pub, digest, pair(r, new(big.Int).Sub(n, s))) {
			t.Error("(r, n − s) rejected")
		}
		if ecdsa.VerifyASN1(nil, digest, good) || ecdsa.VerifyRaw(nil, digest, raw) {
			t.Error("nil public key accepted")
		}
		// The signature under another curve's key.
		for _, o := range testCurves {
			if o.c == tc.c {
				continue
			}
			op, _ := ecdsa.GenerateKey(o.c, seededReader(9))
			if ecdsa.VerifyASN1(op.PublicKey(), digest, good) {
				t.Errorf("signature accepted by a %v key", o.c)
			}
		}
	})
}
