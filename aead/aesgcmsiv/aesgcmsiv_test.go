package aesgcmsiv

import (
	"bytes"
	"crypto/cipher"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/aead/internal/aescore"
	"github.com/crypton-go/crypton/aead/internal/ghash"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// pkg is the name under which the implementations register with cpufeat.
const pkg = "aesgcmsiv"

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

func mustNew(t testing.TB, key []byte) cipher.AEAD {
	a, err := New(key)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestPolyvalExample checks the reference POLYVAL and the package's
// generic POLYVAL (ghash.UpdatePolyvalGeneric) against the worked example
// of RFC 8452, Appendix A.
func TestPolyvalExample(t *testing.T) {
	h := unhex("25629347589242761d31f826ba4b757b")
	x := unhex("4f4f95668c83dfb6401762bb2d01a262" + "d1a24ddd2721d006bbe45f20d3c9f362")
	want := unhex("f7a3b47b846119fae5b7866cf5e5b77e")
	if got := refPolyval(h, x); !bytes.Equal(got[:], want) {
		t.Fatalf("reference POLYVAL %x, want %x", got, want)
	}
	var k ghash.Key
	k.InitPolyval((*[16]byte)(h))
	var acc [16]byte
	ghash.UpdatePolyvalGeneric(&k, &acc, x)
	if !bytes.Equal(acc[:], want) {
		t.Fatalf("UpdatePolyvalGeneric %x, want %x", acc, want)
	}
}

// TestRFCVectors runs all the vectors of RFC 8452, Appendix C on every
// implementation: sealing gives the listed result and opening it gives the
// plaintext back. The reference implementation of reference_test.go is
// checked against the vectors' intermediate values (the message keys and
// the POLYVAL result) too.
func TestRFCVectors(t *testing.T) {
	if len(rfcVectors) != 50 {
		t.Fatalf("%d vectors, want the 50 of Appendix C", len(rfcVectors))
	}
	for _, v := range rfcVectors {
		r := refSeal(unhex(v.key), unhex(v.nonce), unhex(v.pt), unhex(v.ad))
		if hex.EncodeToString(r.authKey) != v.authKey || hex.EncodeToString(r.encKey) != v.encKey ||
			hex.EncodeToString(r.polyval[:]) != v.polyval || hex.EncodeToString(r.sealed) != v.result {
			t.Errorf("%s: the reference gives keys %x, %x, POLYVAL %x, result %x", v.name, r.authKey, r.encKey, r.polyval, r.sealed)
		}
	}
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, v := range rfcVectors {
			key, nonce, pt, ad, want := unhex(v.key), unhex(v.nonce), unhex(v.pt), unhex(v.ad), unhex(v.result)
			a := mustNew(t, key)
			if got := a.Seal(nil, nonce, pt, ad); !bytes.Equal(got, want) {
				t.Errorf("%s: Seal gives %x, want %x", v.name, got, want)
			}
			if got, err := a.Open(nil, nonce, want, ad); err != nil || !bytes.Equal(got, pt) {
				t.Errorf("%s: Open gives %x, %v; want %x", v.name, got, err, pt)
			}
		}
	})
}

// TestAEAD runs the shared conformance suite on AES-128-GCM-SIV and
// AES-256-GCM-SIV on every implementation. The generic code runs
// AES-128-GCM-SIV only, to keep the package's tests short: AES-256 takes
// the same code paths, and the vectors and differential tests cover it.
func TestAEAD(t *testing.T) {
	key := unhex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		generic := selectImpl().hash == hashGeneric
		for _, ks := range []int{16, 32} {
			if generic && ks == 32 {
				continue
			}
			t.Run(fmt.Sprintf("AES-%d", 8*ks), func(t *testing.T) {
				cryptotest.TestAEAD(t, func() cipher.AEAD { return mustNew(t, key[:ks]) })
			})
		}
	})
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// diffCase is one input of TestDifferential with the reference's output.
type diffCase struct {
	key, nonce, pt, ad, want []byte
}

// differentialCases are random keys of both sizes, nonces, plaintexts and
// additional data, sealed by the reference: every plaintext length 0..600
// (with additional data of n mod 101 bytes), every additional data length
// 0..100 with plaintexts around the block and kernel strides, plaintexts
// around each multiple of 256 bytes from 768 to 3 KiB (where the 512-bit
// kernels and the 256-bit ones share a message in different ways),
// additional data around 2 KiB and 4 KiB (POLYVAL alone in 512-byte
// chunks), and plaintexts around 4 KiB and 16 KiB.
func differentialCases() []diffCase {
	r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton aes-gcm-siv differential"))))
	var cases []diffCase
	add := func(n, adLen int) {
		c := diffCase{
			key:   randBytes(r, []int{16, 32}[r.IntN(2)]),
			nonce: randBytes(r, NonceSize),
			pt:    randBytes(r, n),
			ad:    randBytes(r, adLen),
		}
		c.want = refSeal(c.key, c.nonce, c.pt, c.ad).sealed
		cases = append(cases, c)
	}
	for n := 0; n <= 600; n++ {
		add(n, n%101)
	}
	for adLen := 0; adLen <= 100; adLen++ {
		for _, n := range []int{0, 1, 15, 16, 17, 127, 128, 129, 255, 256, 257, 511, 512, 513} {
			add(n, adLen)
		}
	}
	for m := 768; m <= 3072; m += 256 {
		for _, d := range []int{-17, -1, 0, 1, 16} {
			add(m+d, (m+d)%23)
		}
	}
	for _, adLen := range []int{2047, 2048, 2065, 4111} {
		add(100, adLen)
		add(3000, adLen)
	}
	for _, n := range []int{4095, 4096, 4097, 16383, 16384, 16385} {
		add(n, n%37)
	}
	return cases
}

// TestDifferential compares Seal with the reference on differentialCases,
// and opens each result, intact and with one bit flipped, on every
// implementation.
func TestDifferential(t *testing.T) {
	cases := differentialCases()
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		for _, c := range cases {
			ctx := fmt.Sprintf("AES-%d, %d-byte plaintext, %d-byte additional data", 8*len(c.key), len(c.pt), len(c.ad))
			a := mustNew(t, c.key)
			ct := a.Seal(nil, c.nonce, c.pt, c.ad)
			if !bytes.Equal(ct, c.want) {
				t.Fatalf("%s: Seal gives\n%x\nthe reference\n%x", ctx, ct, c.want)
			}
			if got, err := a.Open(nil, c.nonce, ct, c.ad); err != nil || !bytes.Equal(got, c.pt) {
				t.Fatalf("%s: Open of the sealed message fails: %v", ctx, err)
			}
			bad := bytes.Clone(ct)
			bad[r.IntN(len(bad))] ^= byte(1 << r.IntN(8))
			if got, err := a.Open(nil, c.nonce, bad, c.ad); err == nil || got != nil {
				t.Fatalf("%s: Open accepts a tampered message", ctx)
			}
		}
	})
}

// TestCounterWrap runs the package's counter mode from counters just below
// 2³² (and at other values) against the reference's, over lengths that
// cross the wrap inside and across the kernels' chunks.
func TestCounterWrap(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		s := mustNew(t, make([]byte, 16)).(*siv)
		key := []byte("0123456789abcdef")
		var k aescore.Key
		s.initKey(&k, key)
		for _, start := range []uint32{0, 1, 0xffffffff, 0xfffffffe, 0xfffffff0, 0xffffff80, 0x7fffffff} {
			for _, n := range []int{1, 16, 17, 255, 256, 257, 511, 512, 1024, 1535, 4097} {
				var ctr [16]byte
				for i := range ctr {
					ctr[i] = byte(0xa0 + i)
				}
				ctr[0], ctr[1], ctr[2], ctr[3] = byte(start), byte(start>>8), byte(start>>16), byte(start>>24)
				src := make([]byte, n)
				for i := range src {
					src[i] = byte(i * 7)
				}
				want := make([]byte, n)
				rc := ctr
				for i := 0; i < n; i += 16 {
					ks := refAES(key, rc[:])
					for j := i; j < n && j < i+16; j++ {
						want[j] = src[j] ^ ks[j-i]
					}
					c := uint32(rc[0]) | uint32(rc[1])<<8 | uint32(rc[2])<<16 | uint32(rc[3])<<24
					c++
					rc[0], rc[1], rc[2], rc[3] = byte(c), byte(c>>8), byte(c>>16), byte(c>>24)
				}
				// The implementation's counter mode, and the same without
				// its kernel (ctrBlocks alone, as on CPUs without AVX).
				noKernel := s.impl
				noKernel.kernel = 0
				for _, im := range []impl{s.impl, noKernel} {
					c := ctr
					got := make([]byte, n)
					im.ctr(&k, &c, got, src)
					if !bytes.Equal(got, want) {
						t.Fatalf("counter %#x, %d bytes, kernel %d: counter mode differs from the reference", start, n, im.kernel)
					}
				}
				s.impl.ctr(&k, &rc, src, src) // in place, from where the last one stopped
			}
		}
	})
}

// TestOpenFailureZeroes checks that a failed Open leaves zeros, not
// plaintext, where it decrypted: in a separate buffer with room, and in
// place.
func TestOpenFailureZeroes(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, ks := range []int{16, 32} {
			a := mustNew(t, bytes.Repeat([]byte{7}, ks))
			nonce := make([]byte, NonceSize)
			for _, n := range []int{1, 16, 100, 300, 4096} {
				pt := bytes.Repeat([]byte{0x5a}, n)
				ad := []byte("additional")
				ct := a.Seal(nil, nonce, pt, ad)
				for _, tamper := range []string{"tag", "ciphertext", "ad"} {
					bad, badAD := bytes.Clone(ct), bytes.Clone(ad)
					switch tamper {
					case "tag":
						bad[len(bad)-1] ^= 0x80
					case "ciphertext":
						bad[n/2] ^= 1
					case "ad":
						badAD[0] ^= 1
					}
					dst := bytes.Repeat([]byte{0xee}, 3+n+10)
					out, err := a.Open(dst[:3], nonce, bad, badAD)
					if err == nil || out != nil {
						t.Fatalf("%d bytes, tampered %s: Open succeeds", n, tamper)
					}
					if !bytes.Equal(dst[:3], []byte{0xee, 0xee, 0xee}) || !bytes.Equal(dst[3:3+n], make([]byte, n)) ||
						!bytes.Equal(dst[3+n:], bytes.Repeat([]byte{0xee}, 10)) {
						t.Fatalf("%d bytes, tampered %s: dst after a failed Open: %x", n, tamper, dst)
					}
					inPlace := bytes.Clone(bad)
					if out, err := a.Open(inPlace[:0], nonce, inPlace, badAD); err == nil || out != nil {
						t.Fatalf("%d bytes, tampered %s: Open in place succeeds", n, tamper)
					}
					if !bytes.Equal(inPlace[:n], make([]byte, n)) {
						t.Fatalf("%d bytes, tampered %s: plaintext left in place after a failed Open", n, tamper)
					}
				}
			}
		}
	})
}

// TestInPlace seals and opens in place, with and without a dst prefix.
func TestInPlace(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		a := mustNew(t, make([]byte, 32))
		nonce := []byte("twelve bytes")
		for _, n := range []int{0, 5, 16, 33, 256, 1000, 5000} {
			pt := make([]byte, n)
			for i := range pt {
				pt[i] = byte(i)
			}
			want := refSeal(make([]byte, 32), nonce, pt, []byte("ad")).sealed
			buf := make([]byte, n, n+TagSize)
			copy(buf, pt)
			ct := a.Seal(buf[:0], nonce, buf, []byte("ad"))
			if !bytes.Equal(ct, want) || &ct[0] != &buf[:1][0] {
				t.Fatalf("%d bytes: Seal in place gives %x", n, ct)
			}
			got, err := a.Open(ct[:0], nonce, ct, []byte("ad"))
			if err != nil || !bytes.Equal(got, pt) {
				t.Fatalf("%d bytes: Open in place gives %x, %v", n, got, err)
			}
		}
	})
}

// TestOverlapPanics checks that inexact overlaps of the output with the
// input, and any overlap with the additional data, panic.
func TestOverlapPanics(t *testing.T) {
	a := mustNew(t, make([]byte, 16))
	nonce := make([]byte, NonceSize)
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			v := recover()
			if s, ok := v.(string); !ok || !strings.HasPrefix(s, "aesgcmsiv: invalid buffer overlap") {
				t.Errorf("%s: recovered %v, want an overlap panic", name, v)
			}
		}()
		f()
	}
	buf := make([]byte, 200)
	mustPanic("Seal, shifted", func() { a.Seal(buf[1:1], nonce, buf[:64], nil) })
	mustPanic("Seal, into ad", func() { a.Seal(buf[:0], nonce, buf[100:110], buf[:8]) })
	ct := a.Seal(nil, nonce, make([]byte, 64), nil)
	copy(buf, ct)
	mustPanic("Open, shifted", func() { a.Open(buf[1:1], nonce, buf[:len(ct)], nil) })
	mustPanic("Open, into ad", func() { a.Open(buf[100:100], nonce, buf[:len(ct)], buf[100:108]) })
}

// TestErrors checks New's errors and the sizes.
func TestErrors(t *testing.T) {
	for _, n := range []int{0, 1, 15, 17, 24, 31, 33, 64} {
		a, err := New(make([]byte, n))
		if want := fmt.Sprintf("aesgcmsiv: invalid key size %d", n); err == nil || a != nil || err.Error() != want {
			t.Errorf("New with a %d-byte key: %v, %v; want %q", n, a, err, want)
		}
	}
	for _, n := range []int{16, 32} {
		a := mustNew(t, make([]byte, n))
		if a.NonceSize() != 12 || a.Overhead() != 16 {
			t.Errorf("%d-byte key: NonceSize %d, Overhead %d", n, a.NonceSize(), a.Overhead())
		}
	}
}

// TestAllocs checks that Seal and Open into buffers with room do not
// allocate.
func TestAllocs(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, ks := range []int{16, 32} {
			a := mustNew(t, make([]byte, ks))
			nonce, pt, ad := make([]byte, NonceSize), make([]byte, 1000), make([]byte, 13)
			out := make([]byte, 0, len(pt)+TagSize)
			ct := a.Seal(nil, nonce, pt, ad)
			if n := testing.AllocsPerRun(10, func() { a.Seal(out[:0], nonce, pt, ad) }); n != 0 {
				t.Errorf("AES-%d: Seal allocates %v times", 8*ks, n)
			}
			if n := testing.AllocsPerRun(10, func() {
				if _, err := a.Open(out[:0], nonce, ct, ad); err != nil {
					t.Fatal(err)
				}
			}); n != 0 {
				t.Errorf("AES-%d: Open allocates %v times", 8*ks, n)
			}
		}
	})
}

// TestTooLong checks that Open rejects, without panicking, ciphertexts and
// additional data longer than RFC 8452 allows, and that Seal panics for
// such plaintexts and additional data. The slices are not backed by that
// much memory: the package must reject them on their length alone.
func TestTooLong(t *testing.T) {
	if ^uint(0)>>32 == 0 {
		t.Skip("32-bit platform: the lengths cannot be expressed")
	}
	a := mustNew(t, make([]byte, 16))
	nonce := make([]byte, NonceSize)
	small := make([]byte, 16)
	if out, err := a.Open(nil, nonce, unsafeExtend(small, maxPlaintext+TagSize+1), nil); err == nil || out != nil {
		t.Errorf("Open of a too long ciphertext: %v", err)
	}
	if out, err := a.Open(nil, nonce, make([]byte, 16), unsafeExtend(small, maxAD+1)); err == nil || out != nil {
		t.Errorf("Open with too long additional data: %v", err)
	}
	for name, f := range map[string]func(){
		"plaintext":       func() { a.Seal(nil, nonce, unsafeExtend(small, maxPlaintext+1), nil) },
		"additional data": func() { a.Seal(nil, nonce, nil, unsafeExtend(small, maxAD+1)) },
	} {
		func() {
			defer func() {
				if v := recover(); v == nil || !strings.HasPrefix(v.(string), "aesgcmsiv: ") {
					t.Errorf("Seal with too long %s: recovered %v", name, v)
				}
			}()
			f()
		}()
	}
}
