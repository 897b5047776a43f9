package chacha20poly1305

import (
	"bytes"
	"crypto/cipher"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/aead/chacha20"
	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// pkg is the name under which the implementations of this package register
// with cpufeat.
const pkg = "chacha20poly1305"

// TestImplementations checks that the implementations registered with cpufeat
// are exactly those expected, each available exactly when the CPU has what
// it needs. See wantImplementations in impl_*_test.go.
func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, pkg, wantImplementations)
	t.Log(cputest.Describe(pkg))
}

// unhex decodes a hex string, ignoring spaces, colons and newlines, as the
// RFCs print their vectors.
func unhex(s string) []byte {
	s = strings.NewReplacer(" ", "", ":", "", "\n", "", "\t", "").Replace(s)
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

const (
	keyX     = "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
	keyJabb  = "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0"
	sunshine = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it."
	drafts   = "Internet-Drafts are draft documents valid for a maximum of six months and may be updated, replaced, or obsoleted by " +
		"other documents at any time. It is inappropriate to use Internet-Drafts as reference material or to cite them other " +
		"than as /\u201cwork in progress./\u201d"
)

// knownAnswers are the AEAD vectors of RFC 8439 (Section 2.8.2, and
// Appendix A.5, a decryption) and draft-irtf-cfrg-xchacha-03 (Appendix
// A.3.1), with the one-time Poly1305 keys they show.
var knownAnswers = []struct {
	name            string
	x               bool // XChaCha20-Poly1305
	key, nonce, aad string
	plaintext       string // text
	ciphertext, tag string
	polyKey         string
}{
	{
		name:      "RFC 8439 2.8.2",
		key:       keyX,
		nonce:     "07000000" + "4041424344454647",
		aad:       "50515253c0c1c2c3c4c5c6c7",
		plaintext: sunshine,
		ciphertext: "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6" +
			"3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36" +
			"92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc" +
			"3ff4def08e4b7a9de576d26586cec64b6116",
		tag:     "1ae10b594f09e26a7e902ecbd0600691",
		polyKey: "7bac2b252db447af09b67a55a4e955840ae1d6731075d9eb2a9375783ed553ff",
	},
	{
		name:      "RFC 8439 A.5",
		key:       keyJabb,
		nonce:     "000000000102030405060708",
		aad:       "f33388860000000000004e91",
		plaintext: drafts,
		ciphertext: "64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb2" +
			"4c6cfc18755d43eea09ee94e382d26b0bdb7b73c321b0100d4f03b7f355894cf" +
			"332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c855" +
			"9797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4" +
			"b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523e" +
			"af4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a" +
			"0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a10" +
			"49e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d6c6f2c29" +
			"a6ad5cb4022b02709b",
		tag:     "eead9d67890cbb22392336fea1851f38",
		polyKey: "bdf04aa95ce4de8995b14bb6a18fecaf26478f50c054f563dbc0a21e261572aa",
	},
	{
		name:      "draft-irtf-cfrg-xchacha-03 A.3.1",
		x:         true,
		key:       keyX,
		nonce:     "404142434445464748494a4b4c4d4e4f5051525354555657",
		aad:       "50515253c0c1c2c3c4c5c6c7",
		plaintext: sunshine,
		ciphertext: "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb" +
			"731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452" +
			"2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9" +
			"21f9664c97637da9768812f615c68b13b52e",
		tag:     "c0875924c1c7987947deafd8780acf49",
		polyKey: "7b191f80f361f099094f6f4b8fb97df847cc6873a8f2b190dd73807183f907d5",
	},
}

func newAEAD(t testing.TB, x bool, key []byte) cipher.AEAD {
	t.Helper()
	mk := New
	if x {
		mk = NewX
	}
	a, err := mk(key)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestKnownAnswers(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, tc := range knownAnswers {
			key, nonce, aad := unhex(tc.key), unhex(tc.nonce), unhex(tc.aad)
			pt := []byte(tc.plaintext)
			want := append(unhex(tc.ciphertext), unhex(tc.tag)...)
			if len(want) != len(pt)+Overhead {
				t.Fatalf("%s: the vector's ciphertext has %d bytes, its plaintext %d", tc.name, len(want)-Overhead, len(pt))
			}
			a := newAEAD(t, tc.x, key)

			if got := a.Seal(nil, nonce, pt, aad); !bytes.Equal(got, want) {
				t.Errorf("%s: Seal gives\n%x\nwant\n%x", tc.name, got, want)
			}
			got, err := a.Open(nil, nonce, want, aad)
			if err != nil || !bytes.Equal(got, pt) {
				t.Errorf("%s: Open gives %q, %v; want the plaintext", tc.name, got, err)
			}
			bad := bytes.Clone(want)
			bad[len(bad)-1] ^= 1
			if got, err := a.Open(nil, nonce, bad, aad); err == nil || got != nil {
				t.Errorf("%s: Open accepts a wrong tag", tc.name)
			}
		}
	})
}

// TestOneTimeKey checks the Poly1305 keys of the known answers and the key
// generation vectors of RFC 8439 (Section 2.6.2 and Appendix A.4).
func TestOneTimeKey(t *testing.T) {
	vectors := []struct{ name, key, nonce, polyKey string }{
		{"RFC 8439 2.6.2", keyX, "000000000001020304050607", "8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646"},
		{"RFC 8439 A.4 #1", strings.Repeat("00", 32), strings.Repeat("00", 12), "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"},
		{"RFC 8439 A.4 #2", strings.Repeat("00", 31) + "01", strings.Repeat("00", 11) + "02", "ecfa254f845f647473d3cb140da9e87606cb33066c447b87bc2666dde3fbb739"},
		{"RFC 8439 A.4 #3", keyJabb, strings.Repeat("00", 11) + "02", "965e3bc6f9ec7ed9560808f4d229f94b137ff275ca9b3fcbdd59deaad23310ae"},
	}
	for _, tc := range knownAnswers {
		key, nonce := unhex(tc.key), unhex(tc.nonce)
		if tc.x {
			// XChaCha20: the ChaCha20 key and nonce come from the
			// 24-byte nonce.
			key, _ = chacha20.HChaCha20(key, nonce[:16])
			nonce = append(make([]byte, 4), nonce[16:]...)
		}
		vectors = append(vectors, struct{ name, key, nonce, polyKey string }{
			tc.name, hex.EncodeToString(key), hex.EncodeToString(nonce), tc.polyKey,
		})
	}
	for _, v := range vectors {
		s, err := chacha20.NewUnauthenticatedCipher(unhex(v.key), unhex(v.nonce))
		if err != nil {
			t.Fatal(err)
		}
		if got := oneTimeKey(s); !bytes.Equal(got[:], unhex(v.polyKey)) {
			t.Errorf("%s: one-time Poly1305 key %x, want %s", v.name, got, v.polyKey)
		}
	}
}

func TestAEAD(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, x := range []bool{false, true} {
			name := "ChaCha20-Poly1305"
			if x {
				name = "XChaCha20-Poly1305"
			}
			t.Run(name, func(t *testing.T) {
				cryptotest.TestAEAD(t, func() cipher.AEAD { return newAEAD(t, x, unhex(keyX)) })
			})
		}
	})
}

func TestSizes(t *testing.T) {
	if KeySize != 32 || NonceSize != 12 || NonceSizeX != 24 || Overhead != 16 {
		t.Errorf("KeySize, NonceSize, NonceSizeX, Overhead = %d, %d, %d, %d", KeySize, NonceSize, NonceSizeX, Overhead)
	}
	for _, x := range []bool{false, true} {
		a := newAEAD(t, x, make([]byte, KeySize))
		want := NonceSize
		if x {
			want = NonceSizeX
		}
		if a.NonceSize() != want || a.Overhead() != Overhead {
			t.Errorf("x=%v: NonceSize, Overhead = %d, %d", x, a.NonceSize(), a.Overhead())
		}
	}
}

func TestNewErrors(t *testing.T) {
	for _, n := range []int{0, 1, 16, 31, 33, 64} {
		for _, mk := range []func([]byte) (cipher.AEAD, error){New, NewX} {
			a, err := mk(make([]byte, n))
			if a != nil || err == nil || err.Error() != "chacha20poly1305: bad key length" {
				t.Errorf("a %d-byte key: %v, %v; want nil and chacha20poly1305: bad key length", n, a, err)
			}
		}
	}
	// The key is copied.
	key := unhex(keyX)
	a, _ := New(key)
	ax, _ := NewX(key)
	tc := knownAnswers[0]
	ct := a.Seal(nil, unhex(tc.nonce), []byte(tc.plaintext), unhex(tc.aad))
	ctx := ax.Seal(nil, make([]byte, NonceSizeX), nil, nil)
	clear(key)
	if got := a.Seal(nil, unhex(tc.nonce), []byte(tc.plaintext), unhex(tc.aad)); !bytes.Equal(got, ct) {
		t.Errorf("New: the AEAD changed with the caller's key")
	}
	if got := ax.Seal(nil, make([]byte, NonceSizeX), nil, nil); !bytes.Equal(got, ctx) {
		t.Errorf("NewX: the AEAD changed with the caller's key")
	}
}

// mustPanic returns the value f panics with, or fails the test if it does
// not panic.
func mustPanic(t *testing.T, what string, f func()) (v any) {
	t.Helper()
	defer func() {
		v = recover()
		if v == nil {
			t.Errorf("%s did not panic", what)
		}
	}()
	f()
	return nil
}

// TestOverlap checks that Seal and Open panic when the output overlaps the
// input other than exactly, or overlaps the additional data, as the
// standard library's AEADs do.
func TestOverlap(t *testing.T) {
	for _, x := range []bool{false, true} {
		a := newAEAD(t, x, unhex(keyX))
		nonce := make([]byte, a.NonceSize())
		sealed := a.Seal(nil, nonce, make([]byte, 100), []byte("ad"))
		const inexact = "chacha20poly1305: invalid buffer overlap"
		const withAD = "chacha20poly1305: invalid buffer overlap of output and additional data"
		for _, tc := range []struct {
			name string
			f    func(buf []byte)
			msg  string
		}{
			{"Seal, output one byte after the plaintext", func(buf []byte) { a.Seal(buf[1:1], nonce, buf[:100], nil) }, inexact},
			{"Seal, output one byte before the plaintext", func(buf []byte) { a.Seal(buf[:0], nonce, buf[1:101], nil) }, inexact},
			{"Seal, tag over the plaintext", func(buf []byte) { a.Seal(buf[:0], nonce, buf[50:100], nil) }, inexact},
			{"Seal, output over the additional data", func(buf []byte) { a.Seal(buf[:0], nonce, buf[:50], buf[60:70]) }, withAD},
			{"Seal, in place but additional data in the tag", func(buf []byte) { a.Seal(buf[:0], nonce, buf[:50], buf[50:52]) }, withAD},
			{"Open, output one byte after the ciphertext", func(buf []byte) {
				copy(buf, sealed)
				a.Open(buf[1:1], nonce, buf[:len(sealed)], []byte("ad"))
			}, inexact},
			{"Open, output one byte before the ciphertext", func(buf []byte) {
				copy(buf[1:], sealed)
				a.Open(buf[:0], nonce, buf[1:1+len(sealed)], []byte("ad"))
			}, inexact},
			{"Open, output over the additional data", func(buf []byte) {
				copy(buf[200:], sealed)
				a.Open(buf[:0], nonce, buf[200:200+len(sealed)], buf[50:52])
			}, withAD},
		} {
			buf := make([]byte, 400)
			v := mustPanic(t, tc.name, func() { tc.f(buf) })
			if s, _ := v.(string); s != tc.msg {
				t.Errorf("x=%v: %s: panicked with %v, want %q", x, tc.name, v, tc.msg)
			}
		}
	}
}

// TestOpenFailureWritesNothing checks that a failed Open leaves no
// plaintext in dst's backing array, also when decrypting in place. The
// generic implementation checks the tag before decrypting, and so leaves
// dst and the ciphertext untouched; an implementation that decrypts while
// it authenticates may instead zero the bytes it wrote (as [cipher.AEAD]
// allows), but nothing else.
func TestOpenFailureWritesNothing(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		generic := strings.HasSuffix(t.Name(), "/generic")
		for _, x := range []bool{false, true} {
			a := newAEAD(t, x, unhex(keyX))
			nonce := make([]byte, a.NonceSize())
			for _, n := range []int{0, 1, 64, 511, 512, 1000, 1536, 4097} {
				pt := bytes.Repeat([]byte{'p'}, n)
				ct := a.Seal(nil, nonce, pt, []byte("ad"))
				ct[len(ct)-1] ^= 1

				dst := bytes.Repeat([]byte{0xa5}, 2*n+100)
				if out, err := a.Open(dst[:3], nonce, ct, []byte("ad")); err == nil || out != nil {
					t.Fatalf("x=%v, %d bytes: Open accepts a wrong tag", x, n)
				}
				want := bytes.Repeat([]byte{0xa5}, len(dst))
				zeroed := bytes.Clone(want)
				clear(zeroed[3 : 3+n])
				if !bytes.Equal(dst, want) && (generic || !bytes.Equal(dst, zeroed)) {
					t.Errorf("x=%v, %d bytes: a failed Open wrote to dst", x, n)
				}

				inPlace := bytes.Clone(ct)
				if _, err := a.Open(inPlace[:0], nonce, inPlace, []byte("ad")); err == nil {
					t.Fatalf("x=%v, %d bytes: Open in place accepts a wrong tag", x, n)
				}
				zeroed = bytes.Clone(ct)
				clear(zeroed[:n])
				if !bytes.Equal(inPlace, ct) && (generic || !bytes.Equal(inPlace, zeroed)) {
					t.Errorf("x=%v, %d bytes: a failed Open in place left %x", x, n, inPlace)
				}
			}
		}
	})
}

func TestAllocations(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, x := range []bool{false, true} {
			a := newAEAD(t, x, unhex(keyX))
			nonce := make([]byte, a.NonceSize())
			pt := make([]byte, 1000)
			ad := make([]byte, 13)
			ct := make([]byte, 0, len(pt)+Overhead)
			out := make([]byte, 0, len(pt))
			if n := testing.AllocsPerRun(10, func() { ct = a.Seal(ct[:0], nonce, pt, ad) }); n != 0 {
				t.Errorf("x=%v: Seal: %v allocations, want 0", x, n)
			}
			if n := testing.AllocsPerRun(10, func() { out, _ = a.Open(out[:0], nonce, ct, ad) }); n != 0 {
				t.Errorf("x=%v: Open: %v allocations, want 0", x, n)
			}
			bad := bytes.Clone(ct)
			bad[0] ^= 1
			if n := testing.AllocsPerRun(10, func() { a.Open(out[:0], nonce, bad, ad) }); n != 0 {
				t.Errorf("x=%v: failed Open: %v allocations, want 0", x, n)
			}
			if n := testing.AllocsPerRun(10, func() {
				buf := ct[:len(pt)]
				buf = a.Seal(buf[:0], nonce, buf, ad)
				a.Open(buf[:0], nonce, buf, ad)
			}); n != 0 {
				t.Errorf("x=%v: Seal and Open in place: %v allocations, want 0", x, n)
			}
		}
	})
}

// TestLimits checks the limits on lengths without allocating 256 GiB:
// Open rejects (with an error, not a panic) ciphertexts shorter than the
// tag, and the maximum plaintext length is that of RFC 8439.
func TestLimits(t *testing.T) {
	if uint64(maxPlaintext) != 274_877_906_880 {
		t.Errorf("maxPlaintext = %d, want 274,877,906,880 (RFC 8439, Section 2.8)", uint64(maxPlaintext))
	}
	for _, x := range []bool{false, true} {
		a := newAEAD(t, x, unhex(keyX))
		nonce := make([]byte, a.NonceSize())
		for n := 0; n < Overhead; n++ {
			out, err := a.Open(nil, nonce, make([]byte, n), nil)
			if out != nil || err == nil || err.Error() != "chacha20poly1305: message authentication failed" {
				t.Errorf("x=%v: Open of %d bytes: %v, %v", x, n, out, err)
			}
		}
	}
}
