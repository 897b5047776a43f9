package ecdsa_test

import (
	"crypto/elliptic"
	"crypto/sha256"
	"encoding/asn1"
	"math/big"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdsa"
)

// rangeSignature returns a public key and a valid signature (r, s) of
// digest under it whose r is x(R) − xOffset, for the point R of the curve
// with the smallest x-coordinate at or above xFrom, and whose s is the
// given s. It makes the key to fit the signature rather than the other
// way round: with e the digest as a scalar and any R and s, the key
// Q = r⁻¹·(s·R − e·G) verifies (r, s), since u1·G + u2·Q = (e·G + r·Q)/s = R.
func rangeSignature(t *testing.T, tc testCurve, digest []byte, xFrom, xOffset, s *big.Int) (pub *ecdsa.PublicKey, r *big.Int) {
	t.Helper()
	params := tc.std.Params()
	n := params.N
	var Rx, Ry *big.Int
	for x := new(big.Int).Set(xFrom); x.Cmp(params.P) < 0; x.Add(x, big.NewInt(1)) {
		enc := append([]byte{2}, x.FillBytes(make([]byte, tc.size))...)
		if Rx, Ry = elliptic.UnmarshalCompressed(tc.std, enc); Rx != nil {
			break
		}
	}
	if Rx == nil {
		t.Fatalf("no point with x at or above %v", xFrom)
	}
	r = new(big.Int).Sub(Rx, xOffset)
	if r.Sign() <= 0 || r.Cmp(n) >= 0 {
		t.Fatalf("r = %v is not in [1, n−1]", r)
	}
	// The digest is at most as long as n, so e is its value mod n.
	e := new(big.Int).Mod(new(big.Int).SetBytes(digest), n)
	rInv := new(big.Int).ModInverse(r, n)
	a := new(big.Int).Mod(new(big.Int).Mul(rInv, s), n)
	b := new(big.Int).Mod(new(big.Int).Neg(new(big.Int).Mul(rInv, e)), n)
	x1, y1 := tc.std.ScalarMult(Rx, Ry, a.Bytes())
	x2, y2 := tc.std.ScalarBaseMult(b.Bytes())
	Qx, Qy := tc.std.Add(x1, y1, x2, y2)
	pub, err := ecdsa.NewPublicKey(tc.c, elliptic.Marshal(tc.std, Qx, Qy))
	if err != nil {
		t.Fatalf("the key made for the signature: %v", err)
	}
	return pub, r
}

// TestVerifyRangeNotReduced checks on every curve that verification
// rejects r or s in [n, 2^(8·size)), the values that still fit in the
// signature's fixed-size fields and that a verifier reducing modulo n
// instead of rejecting would accept: r + n and s + n of a valid signature.
//
// A random signature's r + n or s + n fits in the field's bytes only on
// P-521 (whose n is far below 2^528); on P-256 and P-384, whose n is close
// to 2^256 and 2^384, it fits only when r or s is small, so the test makes
// such signatures (with a key made to fit them, see rangeSignature): s
// below 2^128, and r either small (R with a small x-coordinate) or x(R) − n
// (R with x in (n, p), which the final check x(R) mod n = r must reduce).
// The second kind catches a verifier that reduces r only for the
// multiplication but keeps it whole for the final comparison, where
// x(R) = r + n; the first one that reduces r everywhere.
func TestVerifyRangeNotReduced(t *testing.T) {
	forEachCurve(t, func(t *testing.T, tc testCurve) {
		n := tc.std.Params().N
		size := tc.size
		digest := sha256.Sum256([]byte("r and s in [n, 2^bits)"))
		s := new(big.Int).Lsh(big.NewInt(0x5eed), 100) // below 2^115
		for _, kind := range []struct {
			name           string
			xFrom, xOffset *big.Int
		}{
			{"small x(R)", big.NewInt(1), big.NewInt(0)},
			{"x(R) > n", new(big.Int).Add(n, big.NewInt(1)), n},
		} {
			t.Run(kind.name, func(t *testing.T) {
				pub, r := rangeSignature(t, tc, digest[:], kind.xFrom, kind.xOffset, s)
				raw := func(r, s *big.Int) []byte {
					if r.BitLen() > 8*size || s.BitLen() > 8*size {
						t.Fatalf("r = %v or s = %v does not fit in %d bytes", r, s, size)
					}
					b := make([]byte, 2*size)
					r.FillBytes(b[:size])
					s.FillBytes(b[size:])
					return b
				}
				der := func(r, s *big.Int) []byte {
					b, err := asn1.Marshal(struct{ R, S *big.Int }{r, s})
					if err != nil {
						t.Fatal(err)
					}
					return b
				}
				if !ecdsa.VerifyRaw(pub, digest[:], raw(r, s)) || !ecdsa.VerifyASN1(pub, digest[:], der(r, s)) {
					t.Fatal("the valid signature is rejected")
				}
				// n − s is valid too (ECDSA is malleable); it is not
				// small, but its counterpart (n − s) + n is too big.
				if !ecdsa.VerifyRaw(pub, digest[:], raw(r, new(big.Int).Sub(n, s))) {
					t.Fatal("(r, n − s) is rejected")
				}
				rn, sn := new(big.Int).Add(r, n), new(big.Int).Add(s, n)
				for name, rs := range map[string][2]*big.Int{
					"r + n": {rn, s}, "s + n": {r, sn}, "r + n, s + n": {rn, sn},
				} {
					if ecdsa.VerifyRaw(pub, digest[:], raw(rs[0], rs[1])) {
						t.Errorf("%s: VerifyRaw accepts", name)
					}
					if ecdsa.VerifyASN1(pub, digest[:], der(rs[0], rs[1])) {
						t.Errorf("%s: VerifyASN1 accepts", name)
					}
				}
			})
		}
	})
}
