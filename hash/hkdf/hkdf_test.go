package hkdf_test

import (
	"bytes"
	stdhkdf "crypto/hkdf"
	stdsha256 "crypto/sha256"
	"fmt"
	"hash"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/hash/hkdf"
	"github.com/crypton-go/crypton/hash/internal/hashtest"
	"github.com/crypton-go/crypton/hash/sha256"
)

var hashes = hashtest.All

// seq returns the bytes from, from+1, ..., to.
func seq(from, to byte) []byte {
	var b []byte
	for i := int(from); i <= int(to); i++ {
		b = append(b, byte(i))
	}
	return b
}

// rfc5869 holds the test cases of RFC 5869, appendix A: 1 to 3 with SHA-256,
// 4 to 7 with SHA-1.
var rfc5869 = []struct {
	hash            string
	ikm, salt, info []byte
	length          int
	prk, okm        string
}{
	{ // A.1: basic test case with SHA-256.
		"SHA-256", bytes.Repeat([]byte{0x0b}, 22), seq(0x00, 0x0c), seq(0xf0, 0xf9), 42,
		"077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
		"3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865",
	},
	{ // A.2: longer inputs and outputs with SHA-256.
		"SHA-256", seq(0x00, 0x4f), seq(0x60, 0xaf), seq(0xb0, 0xff), 82,
		"06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
		"b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87",
	},
	{ // A.3: zero-length salt and info with SHA-256.
		"SHA-256", bytes.Repeat([]byte{0x0b}, 22), []byte{}, []byte{}, 42,
		"19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
		"8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8",
	},
	{ // A.4: basic test case with SHA-1.
		"SHA-1", bytes.Repeat([]byte{0x0b}, 11), seq(0x00, 0x0c), seq(0xf0, 0xf9), 42,
		"9b6c18c432a7bf8f0e71c8eb88f4b30baa2ba243",
		"085a01ea1b10f36933068b56efa5ad81a4f14b822f5b091568a9cdd4f155fda2c22e422478d305f3f896",
	},
	{ // A.5: longer inputs and outputs with SHA-1.
		"SHA-1", seq(0x00, 0x4f), seq(0x60, 0xaf), seq(0xb0, 0xff), 82,
		"8adae09a2a307059478d309b26c4115a224cfaf6",
		"0bd770a74d1160f7c9f12cd5912a06ebff6adcae899d92191fe4305673ba2ffe8fa3f1a4e5ad79f3f334b3b202b2173c486ea37ce3d397ed034c7f9dfeb15c5e927336d0441f4c4300e2cff0d0900b52d3b4",
	},
	{ // A.6: zero-length salt and info with SHA-1.
		"SHA-1", bytes.Repeat([]byte{0x0b}, 22), []byte{}, []byte{}, 42,
		"da8c8a73c7fa77288ec6f5e7c297786aa0d32d01",
		"0ac1af7002b3d761d1e55298da9d0506b9ae52057220a306e07b6b87e8df21d0ea00033de03984d34918",
	},
	{ // A.7: salt not provided (so HashLen zero bytes), zero-length info, with SHA-1.
		"SHA-1", bytes.Repeat([]byte{0x0c}, 22), nil, []byte{}, 42,
		"2adccada18779e7c2077ad2eb19d3f3e731385dd",
		"2c91117204d745f3500d636a62f64f0ab3bae548aa53d423b0d1f27ebba6f5e5673a081d70cce7acfc48",
	},
}

func TestRFC5869(t *testing.T) {
	for i, tc := range rfc5869 {
		t.Run(fmt.Sprintf("A.%d", i+1), func(t *testing.T) {
			hf := hashtest.ByName(t, tc.hash)
			wantPRK, wantOKM := hashtest.FromHex(tc.prk), hashtest.FromHex(tc.okm)
			if okm, err := stdhkdf.Key(hf.Std, tc.ikm, tc.salt, string(tc.info), tc.length); err != nil || !bytes.Equal(okm, wantOKM) {
				t.Fatalf("crypto/hkdf gives %x, %v: the vector is wrong", okm, err)
			}

			prk, err := hkdf.Extract(hf.New, tc.ikm, tc.salt)
			if err != nil || !bytes.Equal(prk, wantPRK) {
				t.Errorf("Extract = %x, %v; want %x", prk, err, wantPRK)
			}
			okm, err := hkdf.Expand(hf.New, wantPRK, string(tc.info), tc.length)
			if err != nil || !bytes.Equal(okm, wantOKM) {
				t.Errorf("Expand = %x, %v; want %x", okm, err, wantOKM)
			}
			okm, err = hkdf.Key(hf.New, tc.ikm, tc.salt, string(tc.info), tc.length)
			if err != nil || !bytes.Equal(okm, wantOKM) {
				t.Errorf("Key = %x, %v; want %x", okm, err, wantOKM)
			}

			// A missing salt is HashLen zero bytes, however it is missing.
			if len(tc.salt) == 0 {
				size := hf.New().Size()
				for _, salt := range [][]byte{nil, {}, make([]byte, size)} {
					if prk, err := hkdf.Extract(hf.New, tc.ikm, salt); err != nil || !bytes.Equal(prk, wantPRK) {
						t.Errorf("Extract with salt %#v = %x, %v; want %x", salt, prk, err, wantPRK)
					}
				}
			}
		})
	}
}

func TestEdgeCases(t *testing.T) {
	secret, salt, info := []byte("secret"), []byte("salt"), "info"
	for _, hf := range hashes {
		size := hf.New().Size()
		prk, _ := hkdf.Extract(hf.New, secret, salt)
		if len(prk) != size {
			t.Errorf("%s: Extract returned %d bytes, want %d", hf.Name, len(prk), size)
		}

		// Lengths that HKDF can produce, compared with crypto/hkdf,
		// including none and the maximum.
		for _, n := range []int{0, 1, size - 1, size, size + 1, 255*size - 1, 255 * size} {
			want, err := stdhkdf.Key(hf.Std, secret, salt, info, n)
			if err != nil {
				t.Fatal(err)
			}
			got, err := hkdf.Key(hf.New, secret, salt, info, n)
			if err != nil || !bytes.Equal(got, want) || len(got) != n {
				t.Errorf("%s: Key with length %d = %x, %v; want %x", hf.Name, n, got, err, want)
			}
			if got == nil {
				t.Errorf("%s: Key with length %d returned nil, want an empty slice as crypto/hkdf", hf.Name, n)
			}
			got, err = hkdf.Expand(hf.New, prk, info, n)
			if err != nil || !bytes.Equal(got, want) || got == nil {
				t.Errorf("%s: Expand with length %d = %x, %v; want %x", hf.Name, n, got, err, want)
			}
		}

		// Too long: crypto/hkdf's error, followed by the limit.
		limit := fmt.Sprintf("exceeds 255*HashLen = %d bytes (RFC 5869)", 255*size)
		for _, n := range []int{255*size + 1, 256 * size, math.MaxInt} {
			_, stdErr := stdhkdf.Key(hf.Std, secret, salt, info, n)
			if stdErr == nil {
				t.Fatalf("%s: crypto/hkdf accepts length %d", hf.Name, n)
			}
			got, err := hkdf.Key(hf.New, secret, salt, info, n)
			if got != nil || err == nil || !strings.HasPrefix(err.Error(), stdErr.Error()+": ") || !strings.Contains(err.Error(), limit) {
				t.Errorf("%s: Key with length %d = %x, %v; want nil and the error %q followed by %q", hf.Name, n, got, err, stdErr, limit)
			}
			got, err = hkdf.Expand(hf.New, prk, info, n)
			if got != nil || err == nil || !strings.HasPrefix(err.Error(), stdErr.Error()+": ") || !strings.Contains(err.Error(), limit) {
				t.Errorf("%s: Expand with length %d = %x, %v; want nil and the error %q followed by %q", hf.Name, n, got, err, stdErr, limit)
			}
		}

		// Negative: an error, where crypto/hkdf panics.
		for _, n := range []int{-1, -size, -1 << 31} {
			got, err := hkdf.Key(hf.New, secret, salt, info, n)
			if got != nil || err == nil || !strings.HasPrefix(err.Error(), "hkdf: ") {
				t.Errorf("%s: Key with length %d = %x, %v; want nil and an error", hf.Name, n, got, err)
			}
			got, err = hkdf.Expand(hf.New, prk, info, n)
			if got != nil || err == nil || !strings.HasPrefix(err.Error(), "hkdf: ") {
				t.Errorf("%s: Expand with length %d = %x, %v; want nil and an error", hf.Name, n, got, err)
			}
		}

		// Empty and nil inputs everywhere.
		for _, in := range []struct {
			secret, salt []byte
			info         string
		}{{nil, nil, ""}, {[]byte{}, []byte{}, ""}, {nil, salt, info}, {secret, nil, ""}} {
			want, _ := stdhkdf.Key(hf.Std, in.secret, in.salt, in.info, 2*size+3)
			if got, err := hkdf.Key(hf.New, in.secret, in.salt, in.info, 2*size+3); err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s: Key(%#v, %#v, %q) = %x, %v; want %x", hf.Name, in.secret, in.salt, in.info, got, err, want)
			}
			wantPRK, _ := stdhkdf.Extract(hf.Std, in.secret, in.salt)
			if got, err := hkdf.Extract(hf.New, in.secret, in.salt); err != nil || !bytes.Equal(got, wantPRK) {
				t.Errorf("%s: Extract(%#v, %#v) = %x, %v; want %x", hf.Name, in.secret, in.salt, got, err, wantPRK)
			}
		}
		// An empty pseudorandom key is allowed by crypto/hkdf too.
		want, _ := stdhkdf.Expand(hf.Std, nil, info, size)
		if got, err := hkdf.Expand(hf.New, nil, info, size); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: Expand with an empty key = %x, %v; want %x", hf.Name, got, err, want)
		}
	}
}

// concreteHash is a hash type other than hash.Hash, to check that the
// functions accept constructors of any hash type, as crypto/hkdf's do.
type concreteHash struct{ hash.Hash }

func newConcrete() *concreteHash { return &concreteHash{sha256.New()} }

func TestGenericHashType(t *testing.T) {
	want, _ := stdhkdf.Key(stdsha256.New, []byte("secret"), []byte("salt"), "info", 100)
	got, err := hkdf.Key(newConcrete, []byte("secret"), []byte("salt"), "info", 100)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("Key with *concreteHash = %x, %v; want %x", got, err, want)
	}
	prk, _ := hkdf.Extract(newConcrete, []byte("secret"), []byte("salt"))
	got, err = hkdf.Expand(newConcrete, prk, "info", 100)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("Extract and Expand with *concreteHash = %x, %v; want %x", got, err, want)
	}
}

// TestDifferential compares Extract, Expand and Key with crypto/hkdf on
// random inputs and output lengths.
func TestDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, hf := range hashes {
		size := hf.New().Size()
		for range 200 {
			secret := randBytes(r, r.IntN(150))
			var salt []byte
			if r.IntN(4) != 0 {
				salt = randBytes(r, r.IntN(150))
			}
			info := string(randBytes(r, r.IntN(150)))
			n := r.IntN(4*size + 2)
			if r.IntN(20) == 0 {
				n = 255*size - r.IntN(2*size)
			}

			want, err := stdhkdf.Key(hf.Std, secret, salt, info, n)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := hkdf.Key(hf.New, secret, salt, info, n); err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%s: Key(%x, %x, %x, %d) = %x, %v; crypto/hkdf %x", hf.Name, secret, salt, info, n, got, err, want)
			}
			wantPRK, _ := stdhkdf.Extract(hf.Std, secret, salt)
			prk, err := hkdf.Extract(hf.New, secret, salt)
			if err != nil || !bytes.Equal(prk, wantPRK) {
				t.Fatalf("%s: Extract(%x, %x) = %x, %v; crypto/hkdf %x", hf.Name, secret, salt, prk, err, wantPRK)
			}
			if got, err := hkdf.Expand(hf.New, prk, info, n); err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%s: Expand(%x, %x, %d) = %x, %v; crypto/hkdf %x", hf.Name, prk, info, n, got, err, want)
			}
			// Expand of any key, not only an extracted one.
			key := randBytes(r, r.IntN(200))
			wantOKM, _ := stdhkdf.Expand(hf.Std, key, info, n)
			if got, err := hkdf.Expand(hf.New, key, info, n); err != nil || !bytes.Equal(got, wantOKM) {
				t.Fatalf("%s: Expand(%x, %x, %d) = %x, %v; crypto/hkdf %x", hf.Name, key, info, n, got, err, wantOKM)
			}
		}
	}
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// FuzzKey compares Key, and Extract followed by Expand, with crypto/hkdf.
// Its seeds run in every ordinary go test.
func FuzzKey(f *testing.F) {
	for _, tc := range rfc5869 {
		f.Add(uint8(0), tc.ikm, tc.salt, string(tc.info), uint16(tc.length))
	}
	f.Add(uint8(3), []byte{}, []byte{}, "", uint16(0))
	f.Add(uint8(4), []byte("secret"), []byte(nil), "info", uint16(255*64))
	f.Add(uint8(5), []byte("secret"), []byte("salt"), "info", uint16(255*28+1))
	f.Fuzz(func(t *testing.T, which uint8, secret, salt []byte, info string, length uint16) {
		hf := hashes[int(which)%len(hashes)]
		n := int(length)
		want, wantErr := stdhkdf.Key(hf.Std, secret, salt, info, n)
		got, err := hkdf.Key(hf.New, secret, salt, info, n)
		if (err != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
			t.Fatalf("%s: Key = %x, %v; crypto/hkdf %x, %v", hf.Name, got, err, want, wantErr)
		}
		prk, _ := hkdf.Extract(hf.New, secret, salt)
		got, err = hkdf.Expand(hf.New, prk, info, n)
		if (err != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
			t.Fatalf("%s: Expand(Extract) = %x, %v; crypto/hkdf %x, %v", hf.Name, got, err, want, wantErr)
		}
	})
}

// BenchmarkKey derives a 32-byte key from a 32-byte secret, the common case,
// with crypton and with the standard library side by side.
func BenchmarkKey(b *testing.B) {
	secret, salt := make([]byte, 32), make([]byte, 32)
	for _, name := range []string{"SHA-256", "SHA-512"} {
		hf := hashtest.ByName(b, name)
		b.Run(name+"/crypton", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				hkdf.Key(hf.New, secret, salt, "benchmark", 32)
			}
		})
		b.Run(name+"/stdlib", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				stdhkdf.Key(hf.Std, secret, salt, "benchmark", 32)
			}
		})
	}
}
