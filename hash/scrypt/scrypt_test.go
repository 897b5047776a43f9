package scrypt

import (
	"bytes"
	"encoding/hex"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	xscrypt "golang.org/x/crypto/scrypt"
)

// longTests reports whether the slow known answer (1 GiB of memory, several
// seconds) runs: only without -short and with CRYPTON_LONG_TESTS=1 in the
// environment.
func longTests() bool {
	return !testing.Short() && os.Getenv("CRYPTON_LONG_TESTS") == "1"
}

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// rfcVectors are the test vectors of RFC 7914, Section 12. The last one
// (N = 2²⁰, 1 GiB) runs only with CRYPTON_LONG_TESTS=1.
var rfcVectors = []struct {
	password, salt string
	N, r, p        int
	want           string
	long           bool
}{
	{"", "", 16, 1, 1, `
		77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442
		fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906`, false},
	{"password", "NaCl", 1024, 8, 16, `
		fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162
		2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640`, false},
	{"pleaseletmein", "SodiumChloride", 16384, 8, 1, `
		7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2
		d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887`, false},
	{"pleaseletmein", "SodiumChloride", 1048576, 8, 1, `
		2101cb9b6a511aaeaddbbe09cf70f881ec568d574a2ffd4dabe5ee9820adaa47
		8e56fd8f4ba5d09ffa1c6d927c40f4c337304049e8a952fbcbf45c6fa77a41a4`, true},
}

// TestRFC7914 checks the test vectors of RFC 7914, Section 12, on every
// implementation of SHA-256 (which PBKDF2 runs on), with the lanes of the
// second vector both computed one at a time and in parallel.
func TestRFC7914(t *testing.T) {
	cputest.TestAllImplementations(t, "sha256", func(t *testing.T) {
		for _, v := range rfcVectors {
			if v.long && !longTests() {
				t.Logf("N=%d: skipped; set CRYPTON_LONG_TESTS=1 (without -short) to run it", v.N)
				continue
			}
			if v.N > 1024 && testing.Short() {
				continue
			}
			want := unhex(t, v.want)
			for _, procs := range []int{1, 4} {
				if procs > 1 && v.p == 1 {
					continue
				}
				old := runtime.GOMAXPROCS(procs)
				got, err := Key([]byte(v.password), []byte(v.salt), v.N, v.r, v.p, len(want))
				runtime.GOMAXPROCS(old)
				if err != nil {
					t.Fatalf("N=%d r=%d p=%d: %v", v.N, v.r, v.p, err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("N=%d r=%d p=%d GOMAXPROCS=%d: got %x, want %x", v.N, v.r, v.p, procs, got, want)
				}
			}
		}
	})
}

// TestImplementations checks that scrypt registers no implementations of
// its own with cpufeat: its core, salsa20.XORCore8, is portable Go, and
// PBKDF2's SHA-256 registers under "sha256", whose implementations the
// tests of this package run through.
func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, "scrypt", cputest.Requirements{})
}

// randomParams returns random small parameters within the ranges the
// differential tests cover: N from 2 to 1024, r from 1 to 8, p from 1 to 4,
// keyLen from 1 to 100, and password and salt of 0 to 80 random bytes.
func randomParams(rng *rand.Rand) (password, salt []byte, N, r, p, keyLen int) {
	password = make([]byte, rng.IntN(81))
	salt = make([]byte, rng.IntN(81))
	for i := range password {
		password[i] = byte(rng.Uint32())
	}
	for i := range salt {
		salt[i] = byte(rng.Uint32())
	}
	return password, salt, 1 << (1 + rng.IntN(10)), 1 + rng.IntN(8), 1 + rng.IntN(4), 1 + rng.IntN(100)
}

// TestDifferential compares Key with x/crypto's on random small
// parameters, on every implementation of SHA-256, with the lanes computed
// in parallel (GOMAXPROCS=4, where the tables take 32 KiB or more) and
// (GOMAXPROCS=1) one after the other.
func TestDifferential(t *testing.T) {
	cputest.TestAllImplementations(t, "sha256", func(t *testing.T) {
		rng := rand.New(rand.NewChaCha8([32]byte([]byte("crypton scrypt differential 0001"))))
		n := 60
		if testing.Short() {
			n = 10
		}
		for i := range n {
			password, salt, N, r, p, keyLen := randomParams(rng)
			want, err := xscrypt.Key(password, salt, N, r, p, keyLen)
			if err != nil {
				t.Fatal(err)
			}
			procs := 4 // parallel lanes where the tables are large enough
			if i%3 == 0 {
				procs = 1
			}
			old := runtime.GOMAXPROCS(procs)
			got, err := Key(password, salt, N, r, p, keyLen)
			runtime.GOMAXPROCS(old)
			if err != nil {
				t.Fatalf("N=%d r=%d p=%d keyLen=%d: %v", N, r, p, keyLen, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("password %x salt %x N=%d r=%d p=%d keyLen=%d: got %x, want %x",
					password, salt, N, r, p, keyLen, got, want)
			}
		}
	})
}

// TestAliasing checks that password and salt may be the same slice and are
// left unchanged.
func TestAliasing(t *testing.T) {
	buf := []byte("password and salt at once")
	orig := bytes.Clone(buf)
	want, err := xscrypt.Key(orig, orig, 16, 2, 3, 40)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Key(buf, buf, 16, 2, 3, 40)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("got %x, want %x", got, want)
	}
	if !bytes.Equal(buf, orig) {
		t.Errorf("Key modified its input")
	}
}

// TestErrors checks that bad parameters give an error, the same as
// x/crypto's where x/crypto returns one, and never a panic.
func TestErrors(t *testing.T) {
	big := maxInt/2 + 1 // a power of two
	cases := []struct {
		N, r, p, keyLen int
		want            error
	}{
		{0, 1, 1, 32, errN},
		{1, 1, 1, 32, errN},
		{-16, 1, 1, 32, errN},
		{3, 1, 1, 32, errN},
		{24, 1, 1, 32, errN},
		{math.MinInt, 1, 1, 32, errN},
		{maxInt, 1, 1, 32, errN},
		{3, 0, 0, 0, errN}, // N is checked first, as in x/crypto
		{16, 0, 1, 32, errRP},
		{16, 1, 0, 32, errRP},
		{16, -1, 1, 32, errRP},
		{16, 1, -1, 32, errRP},
		{16, 0, 1, 0, errRP},
		{16, 1 << 15, 1 << 15, 32, errTooLarge},
		{16, 1 << 29, 2, 32, errTooLarge},
		{16, 1, 1 << 30, 32, errTooLarge},
		{16, maxInt, 1, 32, errTooLarge},
		{16, 1, maxInt, 32, errTooLarge},
		{16, maxInt / 128, 2, 32, errTooLarge},
		{big, 1, 1, 32, errTooLarge},
		{big, 8, 1, 32, errTooLarge},
		{16, 1, 1, 0, errKeyLen},
		{16, 1, 1, -1, errKeyLen},
		{16, 1, 1, math.MinInt, errKeyLen},
	}
	if math.MaxInt > 1<<33 {
		tooLong := uint64(1<<32-1)*32 + 1 // a variable: the constant overflows a 32-bit int
		cases = append(cases, struct {
			N, r, p, keyLen int
			want            error
		}{16, 1, 1, int(tooLong), errKeyTooLong}, struct {
			N, r, p, keyLen int
			want            error
		}{16, 1, 1, maxInt, errKeyTooLong})
	}
	for _, c := range cases {
		func() {
			defer func() {
				if e := recover(); e != nil {
					t.Errorf("Key(N=%d, r=%d, p=%d, keyLen=%d) panicked: %v", c.N, c.r, c.p, c.keyLen, e)
				}
			}()
			dk, err := Key([]byte("password"), []byte("salt"), c.N, c.r, c.p, c.keyLen)
			if err != c.want || dk != nil {
				t.Errorf("Key(N=%d, r=%d, p=%d, keyLen=%d) = %x, %v; want nil, %v", c.N, c.r, c.p, c.keyLen, dk, err, c.want)
			}
			if c.want == errKeyLen || c.want == errKeyTooLong {
				return // x/crypto panics
			}
			_, xerr := xscrypt.Key([]byte("password"), []byte("salt"), c.N, c.r, c.p, c.keyLen)
			if xerr == nil || xerr.Error() != err.Error() {
				t.Errorf("Key(N=%d, r=%d, p=%d, keyLen=%d): error %q, x/crypto's %v", c.N, c.r, c.p, c.keyLen, err, xerr)
			}
		}()
	}
}

// TestLanesAtOnce checks how many lanes run in parallel: never more than p
// or GOMAXPROCS, within the memory limit and half the Go memory limit, and
// at least one.
func TestLanesAtOnce(t *testing.T) {
	oldProcs := runtime.GOMAXPROCS(8)
	defer runtime.GOMAXPROCS(oldProcs)
	oldLimit := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(oldLimit)
	debug.SetMemoryLimit(math.MaxInt64)

	cases := []struct{ N, r, p, want int }{
		{1024, 8, 1, 1},
		{1024, 8, 3, 3},
		{1024, 8, 16, 8},
		{1 << 20, 8, 4, 1},  // 1 GiB tables: one at a time
		{1 << 19, 8, 4, 2},  // 512 MiB tables: two
		{1 << 17, 8, 16, 8}, // 128 MiB tables: eight
		{1 << 22, 8, 2, 1},  // a table above the budget still runs
		{1 << 14, 8, 1 << 20, 8},
	}
	for _, c := range cases {
		if got := lanesAtOnce(c.N, c.r, c.p, DefaultMaxMemory); got != c.want {
			t.Errorf("lanesAtOnce(N=%d, r=%d, p=%d) = %d, want %d", c.N, c.r, c.p, got, c.want)
		}
	}

	debug.SetMemoryLimit(64 << 20) // 64 MiB: 32 MiB for parallel tables
	if got := lanesAtOnce(1<<14, 8, 8, DefaultMaxMemory); got != 2 {
		t.Errorf("with a 64 MiB limit, lanesAtOnce(N=16384, r=8, p=8) = %d, want 2", got)
	}
	if got := lanesAtOnce(1<<16, 8, 8, DefaultMaxMemory); got != 1 {
		t.Errorf("with a 64 MiB limit, lanesAtOnce(N=65536, r=8, p=8) = %d, want 1", got)
	}
	debug.SetMemoryLimit(math.MaxInt64)

	if got := lanesAtOnce(128, 1, 4, DefaultMaxMemory); got != 1 {
		t.Errorf("lanesAtOnce(N=128, r=1, p=4) = %d, want 1: 16 KiB tables", got)
	}
	if got := lanesAtOnce(256, 1, 4, DefaultMaxMemory); got != 4 {
		t.Errorf("lanesAtOnce(N=256, r=1, p=4) = %d, want 4: 32 KiB tables", got)
	}

	// The memory limit is the budget of the tables at once: raised, more
	// lanes; lowered, fewer.
	if got := lanesAtOnce(1<<20, 8, 4, 4<<30); got != 4 {
		t.Errorf("with a 4 GiB limit, lanesAtOnce(N=2^20, r=8, p=4) = %d, want 4", got)
	}
	if got := lanesAtOnce(1<<14, 8, 8, 48<<20); got != 3 {
		t.Errorf("with a 48 MiB limit, lanesAtOnce(N=16384, r=8, p=8) = %d, want 3", got)
	}

	runtime.GOMAXPROCS(1)
	if got := lanesAtOnce(1024, 8, 4, DefaultMaxMemory); got != 1 {
		t.Errorf("with GOMAXPROCS=1, lanesAtOnce(p=4) = %d, want 1", got)
	}
}

// TestAllocations bounds the allocations of one derivation: two PBKDF2
// computations (eleven allocations each, mostly HMAC's key setup), the
// table, the working blocks, B and the key; per extra lane computed in
// parallel, its goroutine, table and working blocks.
func TestAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	password, salt := []byte("password"), []byte("salt")
	// AllocsPerRun runs with GOMAXPROCS=1: one lane at a time.
	n := testing.AllocsPerRun(10, func() {
		if _, err := Key(password, salt, 16, 2, 3, 32); err != nil {
			t.Fatal(err)
		}
	})
	if n > 26 {
		t.Errorf("Key with one lane at a time allocates %v times, want at most 26", n)
	}

	// Two lanes at a time (32 KiB tables), counted by hand over a few runs.
	old := runtime.GOMAXPROCS(2)
	defer runtime.GOMAXPROCS(old)
	if lanesAtOnce(256, 1, 3, DefaultMaxMemory) != 2 {
		t.Fatal("N=256, r=1, p=3 does not run two lanes at a time")
	}
	Key(password, salt, 256, 1, 3, 32)
	const runs = 20
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		if _, err := Key(password, salt, 256, 1, 3, 32); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	if n := float64(after.Mallocs-before.Mallocs) / runs; n > 40 {
		t.Errorf("Key with two lanes at a time allocates %v times, want at most 40", n)
	}

	if n := testing.AllocsPerRun(10, func() { Key(password, salt, 3, 1, 1, 32) }); n != 0 {
		t.Errorf("Key with bad parameters allocates %v times", n)
	}
}

// FuzzKey compares Key with x/crypto's on any password and salt with small
// parameters: N = 2 to 1024, r = 1 to 8, p = 1 to 4, keyLen = 1 to 100.
func FuzzKey(f *testing.F) {
	f.Add([]byte("password"), []byte("NaCl"), uint8(3), uint8(0), uint8(1), uint8(63))
	f.Add([]byte{}, []byte{}, uint8(0), uint8(7), uint8(3), uint8(0))
	f.Add(bytes.Repeat([]byte{0xff}, 100), []byte("salt"), uint8(9), uint8(2), uint8(0), uint8(99))
	f.Fuzz(func(t *testing.T, password, salt []byte, logN, r, p, keyLen uint8) {
		N := 1 << (1 + int(logN)%10)
		R, P, K := 1+int(r)%8, 1+int(p)%4, 1+int(keyLen)%100
		want, err := xscrypt.Key(password, salt, N, R, P, K)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Key(password, salt, N, R, P, K)
		if err != nil {
			t.Fatalf("N=%d r=%d p=%d keyLen=%d: %v", N, R, P, K, err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("N=%d r=%d p=%d keyLen=%d: got %x, want %x", N, R, P, K, got, want)
		}
	})
}
