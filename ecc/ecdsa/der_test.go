package ecdsa

import (
	"bytes"
	"encoding/asn1"
	"encoding/hex"
	"math/big"
	"testing"
)

// TestParseDERMalformed feeds parseDER encodings that DER forbids or that
// are out of range for a 32-byte order; each must be rejected.
func TestParseDERMalformed(t *testing.T) {
	for _, tc := range []struct{ name, hex string }{
		{"empty", ""},
		{"tag only", "30"},
		{"empty sequence", "3000"},
		{"wrong outer tag", "31060201010201 01"},
		{"set instead of sequence", "3106020101020101"},
		{"wrong inner tag r", "3006030101020101"},
		{"wrong inner tag s", "3006020101040101"},
		{"one integer", "3003020101"},
		{"three integers", "3009020101020101020101"},
		{"trailing byte", "300602010102010100"},
		{"trailing data inside", "300702010102010100"},
		{"sequence length too long", "3007020101020101"},
		{"sequence length too short", "3005020101020101"},
		{"integer length too long", "3006020201020101"},
		{"empty integer r", "30050200020101"},
		{"empty integer s", "30050201010200"},
		{"zero r", "3006020100020101"},
		{"zero s", "3006020101020100"},
		{"negative r", "30060201ff020101"},
		{"negative s", "30060201010201 80"},
		{"leading zero r", "300702020001020101"},
		{"leading zero s", "300702010102020001"},
		{"leading zeros r", "30080203000081020101"},
		{"leading ff r", "30070202ff81020101"},
		{"indefinite length", "3080020101020101 0000"},
		{"long form for short length", "308106020101020101"},
		{"long form 0x82 for short length", "30820006020101020101"},
		{"long form integer length", "300702810101020101"},
		{"four-byte length", "3084000000060201010201 01"},
		{"huge length", "3084ffffffff020101020101"},
		{"huge integer length", "30090284ffffffff01020101"},
		{"r too long", "3026022101" + repeatHex("01", 32) + "020101"},
		{"r too long with sign byte", "30270222" + "0080" + repeatHex("01", 32) + "020101"},
		{"s too long", "3026020101022101" + repeatHex("01", 32)},
		{"constructed integer", "3006220101020101"},
		{"high tag number form", "1f30060201010201 01"},
	} {
		b, err := hex.DecodeString(stripSpaces(tc.hex))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if r, s, ok := parseDER(b, 32); ok {
			t.Errorf("%s (%x): accepted, r = %x, s = %x", tc.name, b, r, s)
		}
	}
}

func repeatHex(h string, n int) string {
	var s string
	for range n {
		s += h
	}
	return s
}

func stripSpaces(s string) string {
	return string(bytes.ReplaceAll([]byte(s), []byte(" "), nil))
}

// TestDERRoundTrip encodes pairs of integers of every length, with and
// without the high bit set, and checks the encoding against encoding/asn1
// and the parse against the input.
func TestDERRoundTrip(t *testing.T) {
	for _, size := range []int{32, 48, 66} {
		for n := 1; n <= size; n++ {
			for _, top := range []byte{0x01, 0x7f, 0x80, 0xff} {
				r := bytes.Repeat([]byte{0xa5}, n)
				r[0] = top
				s := bytes.Repeat([]byte{0x5a}, size+1-n)
				s[0] = top ^ 0x80 | 1
				padded := append(make([]byte, size-n), r...)
				der := appendDER(nil, padded, s)
				want, err := asn1.Marshal(struct{ R, S *big.Int }{new(big.Int).SetBytes(r), new(big.Int).SetBytes(s)})
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(der, want) {
					t.Fatalf("appendDER(%x, %x) = %x, want %x", r, s, der, want)
				}
				gr, gs, ok := parseDER(der, size)
				if !ok || !bytes.Equal(gr, trimZeros(r)) || !bytes.Equal(gs, trimZeros(s)) {
					t.Fatalf("parseDER(%x) = %x, %x, %v", der, gr, gs, ok)
				}
				if _, _, ok := parseDER(der[:len(der)-1], size); ok {
					t.Fatalf("parseDER accepted a truncation of %x", der)
				}
			}
		}
	}
	// Lengths in the long forms 0x81 (P-384, P-521) and 0x82.
	long := appendDER(nil, bytes.Repeat([]byte{0xff}, 66), bytes.Repeat([]byte{0xff}, 66))
	if long[1] != 0x81 {
		t.Fatalf("P-521 signature %x does not use the 0x81 length form", long)
	}
	big := appendDER(nil, bytes.Repeat([]byte{0x7f}, 200), bytes.Repeat([]byte{0x7f}, 200))
	if big[1] != 0x82 {
		t.Fatalf("encoding %x does not use the 0x82 length form", big)
	}
	if r, s, ok := parseDER(big, 200); !ok || len(r) != 200 || len(s) != 200 {
		t.Fatalf("parseDER rejected %x", big)
	}
}

// FuzzParseDER compares parseDER with encoding/asn1, which also requires
// DER, plus the conditions ECDSA adds: positive integers of at most the
// order's size and nothing after the sequence.
func FuzzParseDER(f *testing.F) {
	f.Add([]byte{0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01})
	f.Add(appendDER(nil, bytes.Repeat([]byte{0xff}, 32), []byte{1}))
	f.Add(appendDER(nil, bytes.Repeat([]byte{0x7f}, 32), bytes.Repeat([]byte{0x80}, 31)))
	f.Add([]byte{0x30, 0x81, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01})
	f.Add([]byte{0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01})
	f.Fuzz(func(t *testing.T, der []byte) {
		r, s, ok := parseDER(der, 32)
		var v struct{ R, S *big.Int }
		rest, err := asn1.Unmarshal(der, &v)
		want := err == nil && len(rest) == 0 && v.R.Sign() > 0 && v.S.Sign() > 0 &&
			v.R.BitLen() <= 256 && v.S.BitLen() <= 256
		if want {
			// encoding/asn1 ignores elements after the fields of the
			// struct: the encoding must also be the one DER gives v.
			again, err := asn1.Marshal(v)
			want = err == nil && bytes.Equal(again, der)
		}
		if ok != want {
			t.Fatalf("parseDER(%x) = %v, encoding/asn1 says %v (err %v, rest %x)", der, ok, want, err, rest)
		}
		if ok && (new(big.Int).SetBytes(r).Cmp(v.R) != 0 || new(big.Int).SetBytes(s).Cmp(v.S) != 0) {
			t.Fatalf("parseDER(%x) = %x, %x; encoding/asn1 says %v, %v", der, r, s, v.R, v.S)
		}
	})
}
