package aesgcm

import (
	"bytes"
	"crypto/cipher"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/aead/internal/gcm"
	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// pkg is the name under which the implementations register with cpufeat.
const pkg = "aesgcm"

// TestImplementations checks that the implementations registered with
// cpufeat are exactly those expected on this CPU.
func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, pkg, wantImplementations)
	t.Log(cputest.Describe(pkg))
}

func unhex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// The plaintexts of McGrew and Viega's test cases: p64 for cases 3, 9 and
// 15, p60 (its first 60 bytes) with the additional data ad20 for the
// others.
const (
	p64 = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72" +
		"1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255"
	p60  = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72" + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
	ad20 = "feedfacedeadbeeffeedfacedeadbeefabaddad2"
	k128 = "feffe9928665731c6d6a8f9467308308"
	iv8  = "cafebabefacedbad"
	iv12 = "cafebabefacedbaddecaf888"
	iv60 = "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728" +
		"c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b"
)

// specVectors are test cases 1 to 18 of D. McGrew and J. Viega, "The
// Galois/Counter Mode of Operation (GCM)", revised 2005, Appendix B (the
// GCM specification submitted to NIST): AES-128 (1-6), AES-192 (7-12) and
// AES-256 (13-18), with 96-bit nonces except in cases 5, 6, 11, 12, 17 and
// 18 (8 and 60 bytes), which go through aead/internal/gcm's New.
var specVectors = []struct {
	key, iv, pt, ad, ct, tag string
}{
	{zeros(16), zeros(12), "", "", "", "58e2fccefa7e3061367f1d57a4e7455a"},
	{zeros(16), zeros(12), zeros(16), "", "0388dace60b6a392f328c2b971b2fe78", "ab6e47d42cec13bdf53a67b21257bddf"},
	{k128, iv12, p64, "", "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985", "4d5c2af327cd64a62cf35abd2ba6fab4"},
	{k128, iv12, p60, ad20, "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091", "5bc94fbc3221a5db94fae95ae7121a47"},
	{k128, iv8, p60, ad20, "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c742373806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598", "3612d2e79e3b0785561be14aaca2fccb"},
	{k128, iv60, p60, ad20, "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca701e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5", "619cc5aefffe0bfa462af43c1699d050"},

	{zeros(24), zeros(12), "", "", "", "cd33b28ac773f74ba00ed1f312572435"},
	{zeros(24), zeros(12), zeros(16), "", "98e7247c07f0fe411c267e4384b0f600", "2ff58d80033927ab8ef4d4587514f0fb"},
	{k128 + k128[:16], iv12, p64, "", "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710acade256", "9924a7c8587336bfb118024db8674a14"},
	{k128 + k128[:16], iv12, p60, ad20, "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710", "2519498e80f1478f37ba55bd6d27618c"},
	{k128 + k128[:16], iv8, p60, ad20, "0f10f599ae14a154ed24b36e25324db8c566632ef2bbb34f8347280fc4507057fddc29df9a471f75c66541d4d4dad1c9e93a19a58e8b473fa0f062f7", "65dcc57fcf623a24094fcca40d3533f8"},
	{k128 + k128[:16], iv60, p60, ad20, "d27e88681ce3243c4830165a8fdcf9ff1de9a1d8e6b447ef6ef7b79828666e4581e79012af34ddd9e2f037589b292db3e67c036745fa22e7e9b7373b", "dcf566ff291c25bbb8568fc3d376a6d9"},

	{zeros(32), zeros(12), "", "", "", "530f8afbc74536b9a963b4f1c4cb738b"},
	{zeros(32), zeros(12), zeros(16), "", "cea7403d4d606b6e074ec5d3baf39d18", "d0d1c8a799996bf0265b98b5d48ab919"},
	{k128 + k128, iv12, p64, "", "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad", "b094dac5d93471bdec1a502270e3cc6c"},
	{k128 + k128, iv12, p60, ad20, "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662", "76fc6ece0f4e1768cddf8853bb2d551b"},
	{k128 + k128, iv8, p60, ad20, "c3762df1ca787d32ae47c13bf19844cbaf1ae14d0b976afac52ff7d79bba9de0feb582d33934a4f0954cc2363bc73f7862ac430e64abe499f47c9b1f", "3a337dbf46a792c45e454913fe2ea8f2"},
	{k128 + k128, iv60, p60, ad20, "5a8def2f0c9e53f1f75d7853659e2a20eeb2b22aafde6419a058ab4f6f746bf40fc0c3b780f244452da3ebf1c5d82cdea2418997200ef82e44ae7e3f", "a44a8266ee1c8eb0c8b5d4cf5ae9f19a"},
}

func zeros(n int) string { return strings.Repeat("00", n) }

// TestSpecVectors runs the 18 test cases of the GCM specification on every
// implementation, sealing and opening, with the full tag and truncated to
// 12..15 bytes (a truncated tag is the full tag's prefix).
func TestSpecVectors(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for i, v := range specVectors {
			key, iv, pt, ad := unhex(v.key), unhex(v.iv), unhex(v.pt), unhex(v.ad)
			for ts := MinTagSize; ts <= TagSize; ts++ {
				g, err := gcm.New(key, len(iv), ts)
				if err != nil {
					t.Fatal(err)
				}
				var a cipher.AEAD = g
				if len(iv) == NonceSize {
					if a, err = NewWithTagSize(key, ts); err != nil {
						t.Fatal(err)
					}
				}
				want := append(unhex(v.ct), unhex(v.tag)[:ts]...)
				if got := a.Seal(nil, iv, pt, ad); !bytes.Equal(got, want) {
					t.Errorf("test case %d, %d-byte tag: Seal gives\n%x, want\n%x", i+1, ts, got, want)
				}
				if got, err := a.Open(nil, iv, want, ad); err != nil || !bytes.Equal(got, pt) {
					t.Errorf("test case %d, %d-byte tag: Open gives %x, %v", i+1, ts, got, err)
				}
			}
		}
	})
}

// TestAEAD runs the shared conformance suite on New (AES-128 and AES-256),
// NewRandomNonce and NewWithTagSize with each tag size from 12 to 15, on
// every implementation. The generic code, some twenty times slower than the
// others, runs New with AES-128, NewRandomNonce and the tag size 12 only,
// to keep the package's tests short: AES-256 and the other tag sizes take
// the same code paths, and the specification's vectors, Wycheproof's and
// the differential tests cover them.
func TestAEAD(t *testing.T) {
	key := unhex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		generic := cpufeat.Active(pkg) == "generic"
		run := func(name string, f func() (cipher.AEAD, error)) {
			t.Run(name, func(t *testing.T) {
				cryptotest.TestAEAD(t, func() cipher.AEAD {
					a, err := f()
					if err != nil {
						t.Fatal(err)
					}
					return a
				})
			})
		}
		run("New/AES-128", func() (cipher.AEAD, error) { return New(key[:16]) })
		if !generic {
			run("New/AES-256", func() (cipher.AEAD, error) { return New(key) })
		}
		run("NewRandomNonce", func() (cipher.AEAD, error) { return NewRandomNonce(key[:16]) })
		for ts := MinTagSize; ts < TagSize; ts++ {
			if generic && ts != MinTagSize {
				continue
			}
			run(fmt.Sprintf("NewWithTagSize/%d", ts), func() (cipher.AEAD, error) { return NewWithTagSize(key[:16], ts) })
		}
	})
}

// TestErrors checks the errors of the constructors.
func TestErrors(t *testing.T) {
	for _, n := range []int{0, 1, 15, 17, 23, 25, 31, 33, 64} {
		for name, f := range map[string]func([]byte) (cipher.AEAD, error){
			"New": New, "NewRandomNonce": NewRandomNonce,
			"NewWithTagSize":   func(k []byte) (cipher.AEAD, error) { return NewWithTagSize(k, 16) },
			"NewWithNonceSize": func(k []byte) (cipher.AEAD, error) { return NewWithNonceSize(k, 16) },
		} {
			a, err := f(make([]byte, n))
			if err == nil || a != nil || err.Error() != "aesgcm: invalid key size" {
				t.Errorf("%s with a %d-byte key: %v, %v", name, n, a, err)
			}
		}
	}
	for _, ts := range []int{-1, 0, 1, 4, 8, 11, 17, 32} {
		a, err := NewWithTagSize(make([]byte, 16), ts)
		if err == nil || a != nil || err.Error() != "aesgcm: invalid tag size" {
			t.Errorf("NewWithTagSize with tag size %d: %v, %v", ts, a, err)
		}
	}
	for _, size := range []int{-1, 0} {
		a, err := NewWithNonceSize(make([]byte, 16), size)
		if err == nil || a != nil || err.Error() != "aesgcm: invalid nonce size" {
			t.Errorf("NewWithNonceSize with nonce size %d: %v, %v", size, a, err)
		}
	}
	for _, c := range []struct {
		a          func() (cipher.AEAD, error)
		nonce, tag int
	}{
		{func() (cipher.AEAD, error) { return New(make([]byte, 24)) }, 12, 16},
		{func() (cipher.AEAD, error) { return NewWithTagSize(make([]byte, 32), 13) }, 12, 13},
		{func() (cipher.AEAD, error) { return NewRandomNonce(make([]byte, 16)) }, 0, 28},
		{func() (cipher.AEAD, error) { return NewWithNonceSize(make([]byte, 16), 1) }, 1, 16},
		{func() (cipher.AEAD, error) { return NewWithNonceSize(make([]byte, 16), 12) }, 12, 16},
		{func() (cipher.AEAD, error) { return NewWithNonceSize(make([]byte, 32), 1000) }, 1000, 16},
	} {
		a, err := c.a()
		if err != nil {
			t.Fatal(err)
		}
		if a.NonceSize() != c.nonce || a.Overhead() != c.tag {
			t.Errorf("%T: NonceSize %d, Overhead %d; want %d, %d", a, a.NonceSize(), a.Overhead(), c.nonce, c.tag)
		}
	}
}

// TestOpenTooLong checks that Open rejects, without panicking or
// allocating the space, a ciphertext longer than the longest plaintext
// plus the tag. The slice is not backed by that much memory: Open must
// reject it on its length alone.
func TestOpenTooLong(t *testing.T) {
	if ^uint(0)>>32 == 0 {
		t.Skip("32-bit platform: the length cannot be expressed")
	}
	a, _ := New(make([]byte, 16))
	small := make([]byte, 16)
	huge := unsafeExtend(small, maxPlaintext+TagSize+1)
	if out, err := a.Open(nil, make([]byte, NonceSize), huge, nil); err == nil || out != nil {
		t.Fatalf("Open of a %d-byte ciphertext: %v", len(huge), err)
	}
}

// TestSealTooLong checks that Seal panics for a plaintext longer than
// 2³⁶-32 bytes, as the standard library does.
func TestSealTooLong(t *testing.T) {
	if ^uint(0)>>32 == 0 {
		t.Skip("32-bit platform: the length cannot be expressed")
	}
	a, _ := New(make([]byte, 16))
	huge := unsafeExtend(make([]byte, 16), maxPlaintext+1)
	defer func() {
		if v := recover(); v == nil || !strings.HasPrefix(v.(string), "aesgcm: ") {
			t.Fatalf("Seal of a %d-byte plaintext: recovered %v, want an aesgcm panic", len(huge), v)
		}
	}()
	a.Seal(nil, make([]byte, NonceSize), huge, nil)
}
