package aes

import (
	"bytes"
	stdaes "crypto/aes"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// pkg is the name under which the implementations register with cpufeat.
const pkg = "aes"

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

// zeros returns n zero bytes in hex.
func zeros(n int) string { return strings.Repeat("00", n) }

type vector struct{ name, key, pt, ct string }

// knownAnswers are FIPS 197, Appendix C, and a selection of the known-answer
// vectors of the NIST AES Algorithm Validation Suite (AESAVS, Appendices
// B-E: GFSbox, KeySbox, VarTxt and VarKey, ECB files).
var knownAnswers = []vector{
	{"FIPS197-C.1", "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a"},
	{"FIPS197-C.2", "000102030405060708090a0b0c0d0e0f1011121314151617", "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"},
	{"FIPS197-C.3", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"},

	{"GFSbox128-0", zeros(16), "f34481ec3cc627bacd5dc3fb08f273e6", "0336763e966d92595a567cc9ce537f5e"},
	{"GFSbox128-1", zeros(16), "9798c4640bad75c7c3227db910174e72", "a9a1631bf4996954ebc093957b234589"},
	{"GFSbox128-2", zeros(16), "96ab5c2ff612d9dfaae8c31f30c42168", "ff4f8391a6a40ca5b25d23bedd44a597"},
	{"GFSbox128-3", zeros(16), "6a118a874519e64e9963798a503f1d35", "dc43be40be0e53712f7e2bf5ca707209"},
	{"GFSbox192-0", zeros(24), "1b077a6af4b7f98229de786d7516b639", "275cfc0413d8ccb70513c3859b1d0f72"},
	{"GFSbox192-1", zeros(24), "9c2d8842e5f48f57648205d39a239af1", "c9b8135ff1b5adc413dfd053b21bd96d"},
	{"GFSbox192-2", zeros(24), "bff52510095f518ecca60af4205444bb", "4a3650c3371ce2eb35e389a171427440"},
	{"GFSbox256-0", zeros(32), "014730f80ac625fe84f026c60bfd547d", "5c9d844ed46f9885085e5d6a4f94c7d7"},
	{"GFSbox256-1", zeros(32), "0b24af36193ce4665f2825d7b4749c98", "a9ff75bd7cf6613d3731c77c3b6d0c04"},
	{"GFSbox256-2", zeros(32), "761c1fe41a18acf20d241650611d90f1", "623a52fcea5d443e48d9181ab32c7421"},

	{"KeySbox128-0", "10a58869d74be5a374cf867cfb473859", zeros(16), "6d251e6944b051e04eaa6fb4dbf78465"},
	{"KeySbox128-1", "caea65cdbb75e9169ecd22ebe6e54675", zeros(16), "6e29201190152df4ee058139def610bb"},
	{"KeySbox128-2", "a2e2fa9baf7d20822ca9f0542f764a41", zeros(16), "c3b44b95d9d2f25670eee9a0de099fa3"},
	{"KeySbox192-0", "e9f065d7c13573587f7875357dfbb16c53489f6a4bd0f7cd", zeros(16), "0956259c9cd5cfd0181cca53380cde06"},
	{"KeySbox192-1", "15d20f6ebc7e649fd95b76b107e6daba967c8a9484797f29", zeros(16), "8e4e18424e591a3d5b6f0876f16f8594"},
	{"KeySbox256-0", "c47b0294dbbbee0fec4757f22ffeee3587ca4730c3d33b691df38bab076bc558", zeros(16), "46f2fb342d6f0ab477476fc501242c5f"},

	{"VarTxt128-0", zeros(16), "80000000000000000000000000000000", "3ad78e726c1ec02b7ebfe92b23d9ec34"},
	{"VarTxt128-1", zeros(16), "c0000000000000000000000000000000", "aae5939c8efdf2f04e60b9fe7117b2c2"},
	{"VarTxt192-0", zeros(24), "80000000000000000000000000000000", "6cd02513e8d4dc986b4afe087a60bd0c"},
	{"VarTxt256-0", zeros(32), "80000000000000000000000000000000", "ddc6bf790c15760d8d9aeb6f9a75fd4e"},

	{"VarKey128-0", "80000000000000000000000000000000", zeros(16), "0edd33d3c621e546455bd8ba1418bec8"},
	{"VarKey128-1", "c0000000000000000000000000000000", zeros(16), "4bc3f883450c113c64ca42e1112a9e87"},
	{"VarKey192-0", "800000000000000000000000000000000000000000000000", zeros(16), "de885dc87f5a92594082d02cc1e1b42c"},
	{"VarKey256-0", "8000000000000000000000000000000000000000000000000000000000000000", zeros(16), "e35a6dcb19b201a01ebcfa8aa22b5759"},
	{"VarKey256-1", "c000000000000000000000000000000000000000000000000000000000000000", zeros(16), "b29169cdcf2d83e838125a12ee6aa400"},
}

func TestKnownAnswers(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, v := range knownAnswers {
			c, err := NewCipher(unhex(v.key))
			if err != nil {
				t.Fatalf("%s: %v", v.name, err)
			}
			pt, ct := unhex(v.pt), unhex(v.ct)
			got := make([]byte, BlockSize)
			c.Encrypt(got, pt)
			if !bytes.Equal(got, ct) {
				t.Errorf("%s: Encrypt = %x, want %x", v.name, got, ct)
			}
			c.Decrypt(got, ct)
			if !bytes.Equal(got, pt) {
				t.Errorf("%s: Decrypt = %x, want %x", v.name, got, pt)
			}
		}
	})
}

// TestVsStdlib compares Encrypt and Decrypt with crypto/aes on random keys
// and blocks, in place and into separate buffers, with longer buffers whose
// tails must stay untouched.
func TestVsStdlib(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, size := range []int{16, 24, 32} {
			for i := 0; i < 200; i++ {
				key := make([]byte, size)
				buf := make([]byte, BlockSize+3)
				for j := range key {
					key[j] = byte(r.Uint32())
				}
				for j := range buf {
					buf[j] = byte(r.Uint32())
				}
				c, err := NewCipher(key)
				if err != nil {
					t.Fatal(err)
				}
				std, _ := stdaes.NewCipher(key)
				want := bytes.Clone(buf)
				std.Encrypt(want, buf)
				got := bytes.Clone(buf)
				c.Encrypt(got, buf)
				if !bytes.Equal(got, want) {
					t.Fatalf("AES-%d key %x: Encrypt(%x) = %x, want %x", 8*size, key, buf, got, want)
				}
				inPlace := bytes.Clone(buf)
				c.Encrypt(inPlace, inPlace)
				if !bytes.Equal(inPlace, want) {
					t.Fatalf("AES-%d: Encrypt in place differs", 8*size)
				}
				std.Decrypt(want, buf)
				got = bytes.Clone(buf)
				c.Decrypt(got, buf)
				if !bytes.Equal(got, want) {
					t.Fatalf("AES-%d key %x: Decrypt(%x) = %x, want %x", 8*size, key, buf, got, want)
				}
				inPlace = bytes.Clone(buf)
				c.Decrypt(inPlace, inPlace)
				if !bytes.Equal(inPlace, want) {
					t.Fatalf("AES-%d: Decrypt in place differs", 8*size)
				}
			}
		}
	})
}

func TestBlockSize(t *testing.T) {
	c, _ := NewCipher(make([]byte, 16))
	if c.BlockSize() != BlockSize || BlockSize != 16 {
		t.Errorf("BlockSize() = %d", c.BlockSize())
	}
}

func TestKeySizeError(t *testing.T) {
	for n := 0; n <= 64; n++ {
		c, err := NewCipher(make([]byte, n))
		switch n {
		case 16, 24, 32:
			if err != nil || c == nil {
				t.Errorf("NewCipher(%d bytes) = %v, %v", n, c, err)
			}
			continue
		}
		var kse KeySizeError
		if c != nil || !errors.As(err, &kse) || int(kse) != n {
			t.Errorf("NewCipher(%d bytes) = %v, %v; want KeySizeError(%d)", n, c, err, n)
			continue
		}
		want := "aes: invalid key size " + strconv.Itoa(n)
		if err.Error() != want {
			t.Errorf("error %q, want %q", err, want)
		}
	}
}

// mustPanic runs f and checks that it panics with the message want.
func mustPanic(t *testing.T, name, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Errorf("%s did not panic", name)
		} else if s, _ := r.(string); s != want {
			t.Errorf("%s panicked with %v, want %q", name, r, want)
		}
	}()
	f()
}

func TestPanics(t *testing.T) {
	c, _ := NewCipher(make([]byte, 16))
	full, short := make([]byte, 16), make([]byte, 15)
	for _, op := range []struct {
		name string
		f    func(dst, src []byte)
	}{{"Encrypt", c.Encrypt}, {"Decrypt", c.Decrypt}} {
		mustPanic(t, op.name+" short src", "aes: input not full block", func() { op.f(full, short) })
		mustPanic(t, op.name+" nil src", "aes: input not full block", func() { op.f(full, nil) })
		mustPanic(t, op.name+" short dst", "aes: output not full block", func() { op.f(short, full) })
		buf := make([]byte, 32)
		mustPanic(t, op.name+" overlap", "aes: invalid buffer overlap", func() { op.f(buf[1:], buf) })
		mustPanic(t, op.name+" overlap", "aes: invalid buffer overlap", func() { op.f(buf, buf[15:]) })
		// Exact overlap and adjacent buffers are allowed.
		op.f(buf, buf)
		op.f(buf[16:], buf[:16])
	}
}

func TestAllocations(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		key := make([]byte, 32)
		if n := testing.AllocsPerRun(20, func() { NewCipher(key) }); n > 1 {
			t.Errorf("NewCipher: %v allocations, want at most 1", n)
		}
		c, _ := NewCipher(key)
		buf := make([]byte, 16)
		if n := testing.AllocsPerRun(20, func() { c.Encrypt(buf, buf) }); n != 0 {
			t.Errorf("Encrypt: %v allocations, want 0", n)
		}
		if n := testing.AllocsPerRun(20, func() { c.Decrypt(buf, buf) }); n != 0 {
			t.Errorf("Decrypt: %v allocations, want 0", n)
		}
	})
}

// FuzzVsStdlib compares Encrypt and Decrypt with crypto/aes. The key is
// taken from the front of data (16, 24 or 32 bytes, by sel), the block from
// what follows.
func FuzzVsStdlib(f *testing.F) {
	for _, v := range knownAnswers {
		f.Add(byte(len(v.key)/16-2), append(unhex(v.key), unhex(v.pt)...))
	}
	f.Fuzz(func(t *testing.T, sel byte, data []byte) {
		size := 16 + 8*int(sel%3)
		if len(data) < size+BlockSize {
			return
		}
		key, blk := data[:size], data[size:size+BlockSize]
		std, _ := stdaes.NewCipher(key)
		want, wantDec := make([]byte, BlockSize), make([]byte, BlockSize)
		std.Encrypt(want, blk)
		std.Decrypt(wantDec, blk)
		cputest.ForEachImplementation(pkg, func(impl string) {
			c, err := NewCipher(key)
			if err != nil {
				t.Fatal(err)
			}
			got := make([]byte, BlockSize)
			c.Encrypt(got, blk)
			if !bytes.Equal(got, want) {
				t.Fatalf("%s: Encrypt = %x, want %x", impl, got, want)
			}
			c.Decrypt(got, blk)
			if !bytes.Equal(got, wantDec) {
				t.Fatalf("%s: Decrypt = %x, want %x", impl, got, wantDec)
			}
		})
	})
}
