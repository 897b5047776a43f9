package ecdsa_test

import (
	"bytes"
	"crypto"
	stdecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"math/big"
	"testing"

	"github.com/crypton-go/crypton/ecc/ecdsa"
)

// fuzzKey is the P-256 key of the fuzz targets, of RFC 6979, A.2.5.
func fuzzKey(f *testing.F) (*ecdsa.PrivateKey, *stdecdsa.PublicKey) {
	d, _ := new(big.Int).SetString("C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721", 16)
	priv, err := ecdsa.NewPrivateKey(ecdsa.P256(), d.FillBytes(make([]byte, 32)))
	if err != nil {
		f.Fatal(err)
	}
	return priv, priv.Public().(*stdecdsa.PublicKey)
}

// FuzzVerifyASN1 compares VerifyASN1 with crypto/ecdsa's on any digest and
// signature. The seeds are valid signatures (and digests longer than the
// order), which the fuzzer mutates.
func FuzzVerifyASN1(f *testing.F) {
	priv, std := fuzzKey(f)
	for _, msg := range []string{"sample", "test", ""} {
		h := sha256.Sum256([]byte(msg))
		sig, _ := priv.Sign(nil, h[:], crypto.SHA256)
		f.Add(h[:], sig)
		long := append(h[:], h[:]...)
		sig, _ = priv.Sign(seededReader(1), long, nil)
		f.Add(long, sig)
	}
	f.Add([]byte{}, []byte{0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01})
	f.Fuzz(func(t *testing.T, digest, sig []byte) {
		got := ecdsa.VerifyASN1(priv.PublicKey(), digest, sig)
		if want := stdecdsa.VerifyASN1(std, digest, sig); got != want {
			t.Fatalf("VerifyASN1(%x, %x) = %v, crypto/ecdsa says %v", digest, sig, got, want)
		}
	})
}

// FuzzVerifyRaw compares VerifyRaw with crypto/ecdsa on the DER encoding of
// the same r and s.
func FuzzVerifyRaw(f *testing.F) {
	priv, std := fuzzKey(f)
	for _, msg := range []string{"sample", "test"} {
		h := sha256.Sum256([]byte(msg))
		sig, _ := priv.SignRaw(nil, h[:], crypto.SHA256)
		f.Add(h[:], sig)
		f.Add(h[:20], sig[:63])
	}
	f.Add([]byte{1}, make([]byte, 64))
	f.Fuzz(func(t *testing.T, digest, sig []byte) {
		got := ecdsa.VerifyRaw(priv.PublicKey(), digest, sig)
		want := false
		if len(sig) == 64 {
			want = stdecdsa.VerifyASN1(std, digest, rawToDER(sig))
		}
		if got != want {
			t.Fatalf("VerifyRaw(%x, %x) = %v, want %v", digest, sig, got, want)
		}
	})
}

// FuzzNewPublicKey compares NewPublicKey on each curve (chosen by the first
// byte) with crypto/elliptic's decoders of the uncompressed and compressed
// forms, and checks that an accepted key re-encodes to its input.
func FuzzNewPublicKey(f *testing.F) {
	for i, tc := range testCurves {
		priv, _ := ecdsa.GenerateKey(tc.c, seededReader(uint64(i)))
		f.Add(byte(i), priv.PublicKey().Bytes())
		f.Add(byte(i), priv.PublicKey().BytesCompressed())
		f.Add(byte(i), []byte{0})
		f.Add(byte(i), append([]byte{2}, tc.std.Params().P.FillBytes(make([]byte, tc.size))...))
	}
	f.Fuzz(func(t *testing.T, which byte, q []byte) {
		tc := testCurves[int(which)%len(testCurves)]
		pub, err := ecdsa.NewPublicKey(tc.c, q)
		var x *big.Int
		if len(q) > 0 && q[0] == 4 {
			x, _ = elliptic.Unmarshal(tc.std, q)
		} else {
			x, _ = elliptic.UnmarshalCompressed(tc.std, q)
		}
		if (err == nil) != (x != nil) {
			t.Fatalf("%v: NewPublicKey(%x) error %v, crypto/elliptic accepts: %v", tc.c, q, err, x != nil)
		}
		if err == nil && !bytes.Equal(q, pub.Bytes()) && !bytes.Equal(q, pub.BytesCompressed()) {
			t.Fatalf("%v: NewPublicKey(%x) re-encodes as %x", tc.c, q, pub.Bytes())
		}
	})
}
