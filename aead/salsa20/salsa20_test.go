package salsa20

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	xsalsa20 "golang.org/x/crypto/salsa20"
	xsalsa "golang.org/x/crypto/salsa20/salsa"
)

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// estreamVectors are Salsa20/20 vectors with 256-bit keys of the eSTREAM
// project's test vectors (verified.test-vectors of the salsa20 submission):
// the keystream (the encryption of zeros) at a few offsets.
var estreamVectors = []struct {
	name, key, iv string
	length        int
	stream        map[int]string // offset: 64 bytes of keystream
}{
	{
		name:   "Set 1, vector 0",
		key:    "8000000000000000000000000000000000000000000000000000000000000000",
		iv:     "0000000000000000",
		length: 512,
		stream: map[int]string{
			0:   "E3BE8FDD8BECA2E3EA8EF9475B29A6E7 003951E1097A5C38D23B7A5FAD9F6844 B22C97559E2723C7CBBD3FE4FC8D9A07 44652A83E72A9C461876AF4D7EF1A117",
			192: "57BE81F47B17D9AE7C4FF15429A73E10 ACF250ED3A90A93C711308A74C6216A9 ED84CD126DA7F28E8ABF8BB63517E1CA 98E712F4FB2E1A6AED9FDC73291FAA17",
			256: "958211C4BA2EBD5838C635EDB81F513A 91A294E194F1C039AEEC657DCE40AA7E 7C0AF57CACEFA40C9F14B71A4B3456A6 3E162EC7D8D10B8FFB1810D71001B618",
			448: "696AFCFD0CDDCC83C7E77F11A649D79A CDC3354E9635FF137E929933A0BD6F53 77EFA105A3A4266B7C0D089D08F1E855 CC32B15B93784A36E56A76CC64BC8477",
		},
	},
	{
		name:   "Set 6, vector 3",
		key:    "0F62B5085BAE0154A7FA4DA0F34699EC3F92E5388BDE3184D72A7DD02376C91C",
		iv:     "288FF65DC42B92F9",
		length: 131072,
		stream: map[int]string{
			0:      "5E5E71F90199340304ABB22A37B6625B F883FB89CE3B21F54A10B81066EF87DA 30B77699AA7379DA595C77DD59542DA2 08E5954F89E40EB7AA80A84A6176663F",
			65472:  "2DA2174BD150A1DFEC1796E921E9D6E2 4ECF0209BCBEA4F98370FCE629056F64 917283436E2D3F45556225307D5CC5A5 65325D8993B37F1654195C240BF75B16",
			65536:  "ABF39A210EEE89598B7133377056C2FE F42DA731327563FB67C7BEDB27F38C7C 5A3FC2183A4C6B277F901152472C6B2A BCF5E34CBE315E81FD3D180B5D66CB6C",
			131008: "1BA89DBD3F98839728F56791D5B7CE23 5036DE843CCCAB0390B8B5862F1E4596 AE8A16FB23DA997F371F4E0AACC26DB8 EB314ED470B1AF6B9F8D69DD79A9D750",
		},
	},
}

// TestESTREAM checks the eSTREAM vectors, computing the whole stream at
// once and in place, on every implementation.
func TestESTREAM(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, v := range estreamVectors {
			key := [32]byte(unhex(t, v.key))
			stream := make([]byte, v.length)
			XORKeyStream(stream, stream, unhex(t, v.iv), &key)
			for off, want := range v.stream {
				if got := stream[off : off+64]; !bytes.Equal(got, unhex(t, want)) {
					t.Errorf("%s: stream[%d..%d] = %X, want %s", v.name, off, off+63, got, want)
				}
			}
		}
	})
}

// TestXSalsa20 checks XSalsa20 with the vectors of x/crypto's tests and of
// NaCl's tests/stream3.c (the first 32 bytes of keystream for "firstkey"
// and the test nonce, also the Poly1305 key of the secretbox vector).
func TestXSalsa20(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, v := range []struct {
			in, nonce, key, out []byte
		}{
			{
				[]byte("Hello world!"),
				[]byte("24-byte nonce for xsalsa"),
				[]byte("this is 32-byte key for xsalsa20"),
				unhex(t, "002d4513843fc240c401e541"),
			},
			{
				make([]byte, 64),
				[]byte("24-byte nonce for xsalsa"),
				[]byte("this is 32-byte key for xsalsa20"),
				unhex(t, `4848297feb1fb52fb66d81609bd547fabcbe7026edc8b5e5e449d088bfa69c08
					8f5d8da1d791267c2c195a7f8cae9c4b4050d08ce6d3a151ec265f3a58e47648`),
			},
			{
				make([]byte, 32),
				unhex(t, "69696ee955b62b73cd62bda875fc73d68219e0036b7a0b37"),
				unhex(t, "1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389"),
				unhex(t, "eea6a7251c1e72916d11c2cb214d3c252539121d8e234e652d651fa4c8cff880"),
			},
		} {
			got := make([]byte, len(v.in))
			XORKeyStream(got, v.in, v.nonce, (*[32]byte)(v.key))
			if !bytes.Equal(got, v.out) {
				t.Errorf("XSalsa20 of %q: got %x, want %x", v.in, got, v.out)
			}
		}
	})
}

// TestHSalsa20 checks the exported HSalsa20 with NaCl's core2.c vector.
func TestHSalsa20(t *testing.T) {
	key := [32]byte(unhex(t, "1b27556473e985d462cd51197a9a46c76009549eac6474f206c4ee0844f68389"))
	in := [16]byte(unhex(t, "69696ee955b62b73cd62bda875fc73d6"))
	want := "dc908dda0b9344a953629b733820778880f3ceb421bb61b91cbd4c3e66256ce4"
	var out [32]byte
	HSalsa20(&out, &in, &key)
	if got := hex.EncodeToString(out[:]); got != want {
		t.Errorf("HSalsa20 = %s, want %s", got, want)
	}
}

// differentialLengths are every length from 0 to 1024 bytes and the lengths
// around larger strides.
func differentialLengths() []int {
	var ls []int
	for n := 0; n <= 1024; n++ {
		ls = append(ls, n)
	}
	for _, n := range []int{4096, 64 * 1024, 64*1024 + 8*64} {
		ls = append(ls, n-1, n, n+1)
	}
	return ls
}

func fill(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

// try calls f and returns the value it panicked with, or nil.
func try(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

// TestDifferential encrypts random data of every length with random keys
// and nonces of both sizes, from unaligned buffers, and compares with
// x/crypto, apart and in place.
func TestDifferential(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton salsa20 differential 001"))))
		lengths := differentialLengths()
		buf := make([]byte, lengths[len(lengths)-1]+64)
		fill(r, buf)
		for i, n := range lengths {
			var key [32]byte
			fill(r, key[:])
			nonce := make([]byte, []int{8, 24}[i%2])
			fill(r, nonce)
			off := r.IntN(64)
			src := buf[off : off+n]

			want := make([]byte, n)
			xsalsa20.XORKeyStream(want, src, nonce, &key)
			got := bytes.Repeat([]byte{0xa5}, n+3)
			XORKeyStream(got, src, nonce, &key)
			if !bytes.Equal(got[:n], want) {
				t.Fatalf("%d bytes, %d-byte nonce: differs from x/crypto from byte %d", n, len(nonce), firstDiff(got, want))
			}
			if !bytes.Equal(got[n:], []byte{0xa5, 0xa5, 0xa5}) {
				t.Fatalf("%d bytes: wrote past len(in) in out", n)
			}

			inPlace := bytes.Clone(src)
			XORKeyStream(inPlace, inPlace, nonce, &key)
			if !bytes.Equal(inPlace, want) {
				t.Fatalf("%d bytes, %d-byte nonce, in place: differs from x/crypto from byte %d", n, len(nonce), firstDiff(inPlace, want))
			}
		}
	})
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestPanics checks that XORKeyStream panics, with the same messages as
// x/crypto's, where x/crypto does.
func TestPanics(t *testing.T) {
	var key [32]byte
	buf := make([]byte, 100)
	for _, tc := range []struct {
		name     string
		out, in  []byte
		nonceLen int
		want     string
	}{
		{"short output", buf[:9], buf[10:20], 8, "salsa20: output smaller than input"},
		{"inexact overlap", buf[1:11], buf[0:10], 8, "salsa20: invalid buffer overlap"},
		{"inexact overlap backwards", buf[0:10], buf[5:15], 24, "salsa20: invalid buffer overlap"},
		{"nonce of 0 bytes", buf[:10], buf[20:30], 0, "salsa20: nonce must be 8 or 24 bytes"},
		{"nonce of 12 bytes", buf[:10], buf[20:30], 12, "salsa20: nonce must be 8 or 24 bytes"},
		{"nonce of 25 bytes", buf[:10], buf[20:30], 25, "salsa20: nonce must be 8 or 24 bytes"},
	} {
		nonce := make([]byte, tc.nonceLen)
		got := try(func() { XORKeyStream(tc.out, tc.in, nonce, &key) })
		want := try(func() { xsalsa20.XORKeyStream(tc.out, tc.in, nonce, &key) })
		if fmt.Sprint(got) != tc.want || fmt.Sprint(want) != tc.want {
			t.Errorf("%s: panics with %v, want %q (x/crypto: %v)", tc.name, got, tc.want, want)
		}
	}
	// Exact overlap and a longer output are fine.
	if v := try(func() { XORKeyStream(buf[:50], buf[:40], make([]byte, 8), &key) }); v != nil {
		t.Errorf("in place with a longer output: panicked with %v", v)
	}
	if v := try(func() { XORKeyStream(nil, nil, make([]byte, 24), &key) }); v != nil {
		t.Errorf("empty input: panicked with %v", v)
	}
}

// TestCore8 checks Core8 with the example of RFC 7914, Section 8, and
// against x/crypto's Core208 on random inputs, apart and in place.
func TestCore8(t *testing.T) {
	in := [64]byte(unhex(t, `
		7e879a214f3ec9867ca940e641718f26baee555b8c61c1b50df846116dcd3b1d
		ee24f319df9b3d8514121e4b5ac5aa3276021d2909c74829edebc68db8b8c25e`))
	want := [64]byte(unhex(t, `
		a41f859c6608cc993b81cacb020cef05044b2181a2fd337dfd7b1c6396682f29
		b4393168e3c9e6bcfe6bc5b7a06d96bae424cc102c91745c24ad673dc7618f81`))
	var out [64]byte
	Core8(&out, &in)
	if out != want {
		t.Errorf("Core8 of the RFC 7914 example = %x, want %x", out, want)
	}
	Core8(&in, &in)
	if in != want {
		t.Errorf("Core8 in place of the RFC 7914 example = %x, want %x", in, want)
	}

	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton salsa20/8 core random 01"))))
	for range 10000 {
		var x, got, ref [64]byte
		fill(r, x[:])
		Core8(&got, &x)
		xsalsa.Core208(&ref, &x)
		if got != ref {
			t.Fatalf("Core8(%x) = %x, want %x", x, got, ref)
		}
	}
}

func TestAllocations(t *testing.T) {
	var key [32]byte
	buf := make([]byte, 1000)
	n8, n24 := make([]byte, 8), make([]byte, 24)
	var in [16]byte
	var out [32]byte
	var block [64]byte
	if n := testing.AllocsPerRun(10, func() {
		XORKeyStream(buf, buf, n8, &key)
		XORKeyStream(buf, buf, n24, &key)
		HSalsa20(&out, &in, &key)
		Core8(&block, &block)
	}); n > 0 {
		t.Errorf("XORKeyStream, HSalsa20 and Core8 allocate %v times", n)
	}
}

// FuzzXORKeyStream compares XORKeyStream with x/crypto on any key, nonce
// and input, including nonces of the wrong length, which must make both
// panic.
func FuzzXORKeyStream(f *testing.F) {
	f.Add(make([]byte, 32), make([]byte, 8), []byte("hello"))
	f.Add(make([]byte, 32), make([]byte, 24), make([]byte, 1000))
	f.Add(bytes.Repeat([]byte{0xff}, 32), bytes.Repeat([]byte{1}, 24), make([]byte, 513))
	f.Add(make([]byte, 32), make([]byte, 12), []byte("wrong nonce"))
	f.Fuzz(func(t *testing.T, key, nonce, in []byte) {
		if len(key) < 32 {
			return
		}
		k := (*[32]byte)(key)
		got, want := make([]byte, len(in)), make([]byte, len(in))
		pg := try(func() { XORKeyStream(got, in, nonce, k) })
		pw := try(func() { xsalsa20.XORKeyStream(want, in, nonce, k) })
		if fmt.Sprint(pg) != fmt.Sprint(pw) {
			t.Fatalf("panics with %v, x/crypto with %v", pg, pw)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("differs from x/crypto from byte %d", firstDiff(got, want))
		}
	})
}
