package pbkdf2_test

import (
	"bytes"
	stdpbkdf2 "crypto/pbkdf2"
	stdsha256 "crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/hash/internal/hashtest"
	"github.com/crypton-go/crypton/hash/pbkdf2"
	"github.com/crypton-go/crypton/hash/sha256"
)

var hashes = hashtest.All

// longTests reports whether the slow tests run: only without -short and
// with CRYPTON_LONG_TESTS=1 in the environment.
func longTests() bool {
	return !testing.Short() && os.Getenv("CRYPTON_LONG_TESTS") == "1"
}

// longIterations is the iteration count above which a vector counts as
// slow and runs only when longTests says so. The slow vectors are the ones
// with 16777216 iterations (RFC 6070 and Wycheproof's copy of it), several
// seconds each with SHA-1 in Go; 80000 (RFC 7914) stays in.
const longIterations = 1 << 20

type kat struct {
	hash     string
	password string
	salt     string
	iter     int
	dk       string
}

var vectors = []kat{
	// RFC 6070, section 2: PBKDF2-HMAC-SHA1.
	{"SHA-1", "password", "salt", 1, "0c60c80f961f0e71f3a9b524af6012062fe037a6"},
	{"SHA-1", "password", "salt", 2, "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957"},
	{"SHA-1", "password", "salt", 4096, "4b007901b765489abead49d926f721d065a429c1"},
	{"SHA-1", "password", "salt", 16777216, "eefe3d61cd4da4e4e9945b3d6ba2158c2634e984"},
	{"SHA-1", "passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096, "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038"},
	{"SHA-1", "pass\x00word", "sa\x00lt", 4096, "56fa6aa75548099dcc37d7f03425e0c3"},

	// RFC 7914, section 11: PBKDF2-HMAC-SHA256.
	{"SHA-256", "passwd", "salt", 1, "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"},
	{"SHA-256", "Password", "NaCl", 80000, "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"},

	// The inputs of RFC 6070 with HMAC-SHA-256, as published for example at
	// https://stackoverflow.com/questions/5130513 and in many libraries'
	// test suites.
	{"SHA-256", "password", "salt", 1, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"},
	{"SHA-256", "password", "salt", 2, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"},
	{"SHA-256", "password", "salt", 4096, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"},
	{"SHA-256", "passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096, "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9"},
	{"SHA-256", "pass\x00word", "sa\x00lt", 4096, "89b69d0516f829893c696226650a8687"},
}

func TestVectors(t *testing.T) {
	for i, v := range vectors {
		t.Run(fmt.Sprintf("%s/%d", v.hash, i), func(t *testing.T) {
			if v.iter > longIterations && !longTests() {
				t.Skipf("%d iterations: runs only without -short and with CRYPTON_LONG_TESTS=1", v.iter)
			}
			hf := hashtest.ByName(t, v.hash)
			want, err := hex.DecodeString(v.dk)
			if err != nil {
				t.Fatal(err)
			}
			// The vector must hold for the standard library too, or it was
			// copied wrong.
			if dk, err := stdpbkdf2.Key(hf.Std, v.password, []byte(v.salt), v.iter, len(want)); err != nil || !bytes.Equal(dk, want) {
				t.Fatalf("crypto/pbkdf2 gives %x, %v: the vector is wrong", dk, err)
			}
			dk, err := pbkdf2.Key(hf.New, v.password, []byte(v.salt), v.iter, len(want))
			if err != nil || !bytes.Equal(dk, want) {
				t.Errorf("Key(%q, %q, %d, %d) = %x, %v; want %x", v.password, v.salt, v.iter, len(want), dk, err, want)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	password, salt := "password", []byte("salt")
	for _, hf := range hashes {
		size := hf.New().Size()
		type tc struct {
			iter, keyLength int
			err             string
		}
		tests := []tc{
			{1, 0, "pbkdf2: keyLength must be larger than 0"},
			{1, -1, "pbkdf2: keyLength must be larger than 0"},
			{1, math.MinInt, "pbkdf2: keyLength must be larger than 0"},
			{0, 0, "pbkdf2: keyLength must be larger than 0"},
			{0, 16, "pbkdf2: iteration count must be larger than 0"},
			{-1, 16, "pbkdf2: iteration count must be larger than 0"},
			{math.MinInt, 16, "pbkdf2: iteration count must be larger than 0"},
			{1, math.MaxInt, "pbkdf2: keyLength too long"},
			{1, math.MaxInt - size + 1, "pbkdf2: keyLength too long"},
		}
		if n := int64(math.MaxUint32)*int64(size) + 1; n <= math.MaxInt {
			// One byte more than 2³² - 1 blocks, possible with a 64-bit
			// int: rejected before anything is allocated.
			tests = append(tests, tc{1, int(n), "pbkdf2: keyLength too long"})
		}
		for _, tc := range tests {
			dk, err := pbkdf2.Key(hf.New, password, salt, tc.iter, tc.keyLength)
			// The errors for a key too long add the limit to the message.
			if dk != nil || err == nil || (err.Error() != tc.err && !strings.HasPrefix(err.Error(), tc.err+": ")) {
				t.Errorf("%s: Key(iter %d, keyLength %d) = %x, %v; want nil and the error %q", hf.Name, tc.iter, tc.keyLength, dk, err, tc.err)
			}
			// crypto/pbkdf2 rejects the same key lengths (with a typo,
			// "pkbdf2", in one message); it accepts any iteration count.
			if tc.iter >= 1 {
				if _, err := stdpbkdf2.Key(hf.Std, password, salt, tc.iter, tc.keyLength); err == nil {
					t.Errorf("%s: crypto/pbkdf2 accepts keyLength %d", hf.Name, tc.keyLength)
				}
			}
		}
	}
}

// TestIterationCountBelowOne documents the one behavior that differs from
// crypto/pbkdf2, which treats an iteration count below 1 as 1.
func TestIterationCountBelowOne(t *testing.T) {
	one, _ := stdpbkdf2.Key(stdsha256.New, "password", []byte("salt"), 1, 32)
	for _, iter := range []int{0, -1} {
		if dk, err := stdpbkdf2.Key(stdsha256.New, "password", []byte("salt"), iter, 32); err != nil || !bytes.Equal(dk, one) {
			t.Logf("crypto/pbkdf2 no longer treats iter = %d as 1 (%x, %v): update the package doc", iter, dk, err)
		}
		if _, err := pbkdf2.Key(sha256.New, "password", []byte("salt"), iter, 32); err == nil {
			t.Errorf("Key with iter = %d succeeded, want an error", iter)
		}
	}
}

// TestDifferential compares Key with crypto/pbkdf2 on random passwords,
// salts, iteration counts and key lengths spanning several blocks.
func TestDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, hf := range hashes {
		size := hf.New().Size()
		for range 60 {
			password := string(randBytes(r, r.IntN(2*hf.New().BlockSize()+2)))
			salt := randBytes(r, r.IntN(100))
			if r.IntN(8) == 0 {
				salt = nil
			}
			iter := 1 + r.IntN(40)
			keyLength := 1 + r.IntN(4*size)
			want, err := stdpbkdf2.Key(hf.Std, password, salt, iter, keyLength)
			if err != nil {
				t.Fatal(err)
			}
			dk, err := pbkdf2.Key(hf.New, password, salt, iter, keyLength)
			if err != nil || !bytes.Equal(dk, want) {
				t.Fatalf("%s: Key(%x, %x, %d, %d) = %x, %v; crypto/pbkdf2 %x", hf.Name, password, salt, iter, keyLength, dk, err, want)
			}
			if cap(dk) != len(dk) {
				t.Fatalf("%s: Key returned a slice with capacity %d beyond its length %d", hf.Name, cap(dk), len(dk))
			}
		}
	}
}

// concreteHash is a hash type other than hash.Hash, to check that Key
// accepts constructors of any hash type, as crypto/pbkdf2's does.
type concreteHash struct{ hash.Hash }

func newConcrete() *concreteHash { return &concreteHash{sha256.New()} }

func TestGenericHashType(t *testing.T) {
	want, _ := stdpbkdf2.Key(stdsha256.New, "password", []byte("salt"), 3, 40)
	dk, err := pbkdf2.Key(newConcrete, "password", []byte("salt"), 3, 40)
	if err != nil || !bytes.Equal(dk, want) {
		t.Errorf("Key with *concreteHash = %x, %v; want %x", dk, err, want)
	}
}

// TestAllocations checks that the iterations allocate nothing: the count of
// allocations is the same for 1 and for 1000 iterations.
func TestAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	salt := []byte("saltSALTsaltSALT")
	for _, hf := range hashes {
		size := hf.New().Size()
		allocs := func(iter int) float64 {
			return testing.AllocsPerRun(5, func() {
				pbkdf2.Key(hf.New, "password", salt, iter, 2*size+1)
			})
		}
		one, many := allocs(1), allocs(1000)
		if one != many {
			t.Errorf("%s: Key allocates %v times with 1 iteration and %v times with 1000", hf.Name, one, many)
		}
		t.Logf("%s: %v allocations per call, whatever the iteration count", hf.Name, one)
	}
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// FuzzKey compares Key with crypto/pbkdf2; the iteration count is kept
// small (1 to 64) and the key length to 1 to 400 bytes. Its seeds run in
// every ordinary go test.
func FuzzKey(f *testing.F) {
	f.Add(uint8(0), "password", []byte("salt"), uint8(1), uint16(20))
	f.Add(uint8(2), "", []byte{}, uint8(0), uint16(0))
	f.Add(uint8(4), strings.Repeat("long password ", 20), []byte("salt"), uint8(9), uint16(129))
	f.Add(uint8(6), "pass\x00word", []byte("sa\x00lt"), uint8(63), uint16(399))
	f.Fuzz(func(t *testing.T, which uint8, password string, salt []byte, iter uint8, keyLength uint16) {
		hf := hashes[int(which)%len(hashes)]
		it := 1 + int(iter)%64
		n := 1 + int(keyLength)%400
		want, err := stdpbkdf2.Key(hf.Std, password, salt, it, n)
		if err != nil {
			t.Fatal(err)
		}
		dk, err := pbkdf2.Key(hf.New, password, salt, it, n)
		if err != nil || !bytes.Equal(dk, want) {
			t.Fatalf("%s: Key(%q, %x, %d, %d) = %x, %v; crypto/pbkdf2 %x", hf.Name, password, salt, it, n, dk, err, want)
		}
	})
}

// BenchmarkPBKDF2 derives one hash output's worth of key with 10000
// iterations, with crypton and with the standard library side by side:
// BenchmarkPBKDF2/SHA-256/crypton and BenchmarkPBKDF2/SHA-256/stdlib.
func BenchmarkPBKDF2(b *testing.B) {
	const iter = 10000
	salt := []byte("saltSALTsaltSALT")
	for _, name := range []string{"SHA-1", "SHA-256", "SHA-512"} {
		hf := hashtest.ByName(b, name)
		size := hf.New().Size()
		b.Run(name+"/crypton", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				pbkdf2.Key(hf.New, "password", salt, iter, size)
			}
		})
		b.Run(name+"/stdlib", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				stdpbkdf2.Key(hf.Std, "password", salt, iter, size)
			}
		})
	}
}
