package argon2_test

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/argon2"
	xargon2 "golang.org/x/crypto/argon2"
)

func fromHex(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// rfcParams are the inputs of the test vectors of RFC 9106, Section 5.
var rfcParams = argon2.Params{
	Time: 3, Memory: 32, Threads: 4, KeyLen: 32,
	Secret:         bytes.Repeat([]byte{3}, 8),
	AssociatedData: bytes.Repeat([]byte{4}, 12),
}

var (
	rfcPassword = bytes.Repeat([]byte{1}, 32)
	rfcSalt     = bytes.Repeat([]byte{2}, 16)
)

// TestRFC9106 checks the test vectors of RFC 9106, Sections 5.2 (Argon2i)
// and 5.3 (Argon2id), which use a secret and associated data, through
// Params and through a Hasher.
func TestRFC9106(t *testing.T) {
	vectors := []struct {
		name string
		want string
		key  func(argon2.Params, []byte, []byte) ([]byte, error)
		hash func(*argon2.Hasher, []byte, []byte) ([]byte, error)
	}{
		{"Argon2i", "c8 14 d9 d1 dc 7f 37 aa 13 f0 d7 7f 24 94 bd a1 c8 de 6b 01 6d d3 88 d2 99 52 a4 c4 67 2b 6c e8",
			argon2.Params.Key, (*argon2.Hasher).Key},
		{"Argon2id", "0d 64 0d f5 8d 78 76 6c 08 c0 37 a3 4a 8b 53 c9 d0 1e f0 45 2d 75 b6 5e b5 25 20 e9 6b 01 e6 59",
			argon2.Params.IDKey, (*argon2.Hasher).IDKey},
	}
	cputest.TestAllImplementations(t, "argon2", func(t *testing.T) {
		for _, v := range vectors {
			want := fromHex(v.want)
			got, err := v.key(rfcParams, rfcPassword, rfcSalt)
			if err != nil {
				t.Fatalf("%s: %v", v.name, err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s: got %x, want %x", v.name, got, want)
			}
			h, err := argon2.NewHasher(rfcParams)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 2 {
				got, err := v.hash(h, rfcPassword, rfcSalt)
				if err != nil {
					t.Fatalf("%s: Hasher: %v", v.name, err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s: Hasher, call %d: got %x, want %x", v.name, i+1, got, want)
				}
			}
		}
	})
}

// randomCase draws small random parameters and inputs.
type randomCase struct {
	time, memory   uint32
	threads        uint8
	keyLen         uint32
	password, salt []byte
}

func (c randomCase) String() string {
	return fmt.Sprintf("t=%d m=%d p=%d T=%d password=%x salt=%x", c.time, c.memory, c.threads, c.keyLen, c.password, c.salt)
}

func newRandomCase(r *rand.Rand) randomCase {
	bytes := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	return randomCase{
		time:     1 + r.Uint32N(3),
		memory:   8 + r.Uint32N(249),
		threads:  uint8(1 + r.IntN(4)),
		keyLen:   4 + r.Uint32N(77),
		password: bytes(r.IntN(70)),
		salt:     bytes(r.IntN(40)),
	}
}

// TestDifferential compares IDKey and Key with x/crypto's on random small
// parameters and inputs.
func TestDifferential(t *testing.T) {
	cputest.TestAllImplementations(t, "argon2", func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		n := 150
		if testing.Short() {
			n = 30
		}
		for range n {
			c := newRandomCase(r)
			got, err := argon2.IDKey(c.password, c.salt, c.time, c.memory, c.threads, c.keyLen)
			if err != nil {
				t.Fatalf("IDKey(%v): %v", c, err)
			}
			if want := xargon2.IDKey(c.password, c.salt, c.time, c.memory, c.threads, c.keyLen); !bytes.Equal(got, want) {
				t.Fatalf("IDKey(%v) = %x, x/crypto %x", c, got, want)
			}
			got, err = argon2.Key(c.password, c.salt, c.time, c.memory, c.threads, c.keyLen)
			if err != nil {
				t.Fatalf("Key(%v): %v", c, err)
			}
			if want := xargon2.Key(c.password, c.salt, c.time, c.memory, c.threads, c.keyLen); !bytes.Equal(got, want) {
				t.Fatalf("Key(%v) = %x, x/crypto %x", c, got, want)
			}
		}
	})
}

// TestSmallMemory checks that a memory below 8*threads KiB, and memories
// that are not multiples of 4*threads, give the same keys as x/crypto.
func TestSmallMemory(t *testing.T) {
	for _, threads := range []uint8{1, 2, 3} {
		for memory := uint32(0); memory <= 12*uint32(threads)+1; memory++ {
			got, err := argon2.IDKey([]byte("password"), []byte("somesalt"), 1, memory, threads, 16)
			if err != nil {
				t.Fatalf("m=%d p=%d: %v", memory, threads, err)
			}
			if want := xargon2.IDKey([]byte("password"), []byte("somesalt"), 1, memory, threads, 16); !bytes.Equal(got, want) {
				t.Errorf("m=%d p=%d: got %x, x/crypto %x", memory, threads, got, want)
			}
		}
	}
}

// TestLongKeys checks tag lengths around the boundaries of H' (64 bytes, a
// multiple of 32 above it) against x/crypto.
func TestLongKeys(t *testing.T) {
	for _, keyLen := range []uint32{4, 31, 32, 33, 63, 64, 65, 95, 96, 97, 127, 128, 129, 1000, 1024, 1025} {
		got, err := argon2.Key([]byte("pw"), []byte("saltsalt"), 1, 16, 2, keyLen)
		if err != nil {
			t.Fatal(err)
		}
		if want := xargon2.Key([]byte("pw"), []byte("saltsalt"), 1, 16, 2, keyLen); !bytes.Equal(got, want) {
			t.Errorf("keyLen %d: got %x, x/crypto %x", keyLen, got, want)
		}
	}
}

// TestParams checks that Params without a secret or associated data agree
// with the functions, and that each of them changes the key.
func TestParams(t *testing.T) {
	p := argon2.Params{Time: 2, Memory: 64, Threads: 2, KeyLen: 32}
	pw, salt := []byte("password"), []byte("somesalt")
	base, err := p.IDKey(pw, salt)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := argon2.IDKey(pw, salt, 2, 64, 2, 32); !bytes.Equal(base, want) {
		t.Errorf("Params.IDKey = %x, IDKey %x", base, want)
	}
	baseI, err := p.Key(pw, salt)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := argon2.Key(pw, salt, 2, 64, 2, 32); !bytes.Equal(baseI, want) {
		t.Errorf("Params.Key = %x, Key %x", baseI, want)
	}
	if bytes.Equal(base, baseI) {
		t.Error("Argon2id and Argon2i give the same key")
	}
	seen := map[string]string{hex.EncodeToString(base): "none"}
	for _, v := range []struct {
		name         string
		secret, data []byte
	}{
		{"secret", []byte("pepper"), nil},
		{"associated data", nil, []byte("pepper")},
		{"both", []byte("pepper"), []byte("pepper")},
	} {
		q := p
		q.Secret, q.AssociatedData = v.secret, v.data
		k, err := q.IDKey(pw, salt)
		if err != nil {
			t.Fatal(err)
		}
		if prev, ok := seen[hex.EncodeToString(k)]; ok {
			t.Errorf("%s gives the same key as %s", v.name, prev)
		}
		seen[hex.EncodeToString(k)] = v.name
	}
}

// TestHasher checks that a Hasher gives the same keys as the one-shot
// functions over several calls with different inputs, whatever came before,
// and that it keeps its own copy of the secret.
func TestHasher(t *testing.T) {
	cputest.TestAllImplementations(t, "argon2", func(t *testing.T) {
		secret := []byte("secret")
		p := argon2.Params{Time: 2, Memory: 100, Threads: 3, KeyLen: 24, Secret: secret, AssociatedData: []byte("ad")}
		h, err := argon2.NewHasher(p)
		if err != nil {
			t.Fatal(err)
		}
		want := p
		want.Secret = []byte("secret")
		secret[0] = 'S' // NewHasher must have copied it
		for i := range 6 {
			pw := []byte(fmt.Sprintf("password %d", i/2))
			salt := []byte("saltsalt")
			var got, exp []byte
			var err1, err2 error
			if i%2 == 0 {
				got, err1 = h.IDKey(pw, salt)
				exp, err2 = want.IDKey(pw, salt)
			} else {
				got, err1 = h.Key(pw, salt)
				exp, err2 = want.Key(pw, salt)
			}
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if !bytes.Equal(got, exp) {
				t.Errorf("call %d: Hasher gave %x, Params %x", i, got, exp)
			}
		}
	})
}

// TestHasherConcurrent checks that concurrent calls on one Hasher either
// succeed with the right key or return an error, never a wrong key.
func TestHasherConcurrent(t *testing.T) {
	p := argon2.Params{Time: 1, Memory: 256, Threads: 2, KeyLen: 16}
	h, err := argon2.NewHasher(p)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := p.IDKey([]byte("pw"), []byte("saltsalt"))
	var wg sync.WaitGroup
	var mu sync.Mutex
	busy := 0
	for range 8 {
		wg.Go(func() {
			for range 10 {
				got, err := h.IDKey([]byte("pw"), []byte("saltsalt"))
				if err != nil {
					mu.Lock()
					busy++
					mu.Unlock()
					continue
				}
				if !bytes.Equal(got, want) {
					t.Errorf("concurrent call gave %x, want %x", got, want)
				}
			}
		})
	}
	wg.Wait()
	t.Logf("%d of 80 calls found the Hasher busy", busy)
	if got, err := h.IDKey([]byte("pw"), []byte("saltsalt")); err != nil || !bytes.Equal(got, want) {
		t.Errorf("after the concurrent calls: %x, %v; want %x", got, err, want)
	}
}

// TestHasherAllocations checks that a Hasher call allocates little: the key,
// two BLAKE2b states and the goroutines of the lanes, not the memory.
func TestHasherAllocations(t *testing.T) {
	for _, threads := range []uint8{1, 4} {
		p := argon2.Params{Time: 1, Memory: 1024, Threads: threads, KeyLen: 32}
		h, err := argon2.NewHasher(p)
		if err != nil {
			t.Fatal(err)
		}
		pw, salt := []byte("password"), []byte("somesalt")
		allocs := testing.AllocsPerRun(10, func() {
			if _, err := h.IDKey(pw, salt); err != nil {
				t.Fatal(err)
			}
		})
		if max := 4 + float64(threads); allocs > max {
			t.Errorf("threads=%d: %v allocations per call, want at most %v", threads, allocs, max)
		}
		perCall := bytesPerCall(t, 5, func() { h.IDKey(pw, salt) })
		if perCall > 4096 {
			t.Errorf("threads=%d: %d bytes allocated per call of a Hasher with 1 MiB of memory, want at most 4096", threads, perCall)
		}
	}
}

// bytesPerCall returns the bytes f allocates on average over n calls after
// one call to warm up, or, if n is 0, the bytes that one call, without a
// warm-up, allocates.
func bytesPerCall(t *testing.T, n int, f func()) uint64 {
	t.Helper()
	if n > 0 {
		f() // warm up
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range max(n, 1) {
		f()
	}
	runtime.ReadMemStats(&after)
	return (after.TotalAlloc - before.TotalAlloc) / uint64(max(n, 1))
}

// TestMemoryReuse64MiB checks, in the long mode, that a Hasher with 64 MiB
// of memory does not allocate it again on later calls, and that IDKey
// allocates it at the first call of a size and then reuses it.
func TestMemoryReuse64MiB(t *testing.T) {
	if testing.Short() {
		t.Skip("64 MiB")
	}
	p := argon2.Params{Time: 1, Memory: 64 * 1024, Threads: 4, KeyLen: 32}
	h, err := argon2.NewHasher(p)
	if err != nil {
		t.Fatal(err)
	}
	pw, salt := []byte("password"), []byte("somesalt")
	got := bytesPerCall(t, 2, func() { h.IDKey(pw, salt) })
	if got > 64<<10 {
		t.Errorf("Hasher: %d bytes allocated per call, want less than 64 KiB", got)
	}
	// On one P, whose private slot of the pool keeps the memory given back
	// (a goroutine that has moved to another P would not see it), after two
	// collections, which empty the pools (a sync.Pool keeps its items
	// through one as victims).
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	runtime.GC()
	runtime.GC()
	const memory = 64*1024 + 16
	idKey := func() { argon2.IDKey(pw, salt, 1, memory, 4, 32) }
	first := bytesPerCall(t, 0, idKey)
	if first < 64<<20 {
		t.Errorf("IDKey: %d bytes allocated by the first call, want at least 64 MiB (is the test measuring?)", first)
	}
	if argon2.RaceEnabled {
		t.Logf("bytes allocated per call: Hasher %d, IDKey's first %d; the race detector drops pooled items at random, so IDKey's later calls are not checked", got, first)
		return
	}
	later := bytesPerCall(t, 2, idKey)
	if later > 64<<10 {
		t.Errorf("IDKey: %d bytes allocated per call after the first, want less than 64 KiB", later)
	}
	t.Logf("bytes allocated per call: Hasher %d, IDKey's first %d, later %d", got, first, later)
}

// TestErrors checks that bad parameters return the documented errors from
// every entry point, without a panic.
func TestErrors(t *testing.T) {
	ok := argon2.Params{Time: 1, Memory: 16, Threads: 1, KeyLen: 4}
	cases := []struct {
		change func(*argon2.Params)
		want   string
	}{
		{func(p *argon2.Params) { p.Time = 0 }, "argon2: number of rounds too small"},
		{func(p *argon2.Params) { p.Threads = 0 }, "argon2: parallelism degree too low"},
		{func(p *argon2.Params) { p.KeyLen = 0 }, "argon2: key length too short"},
		{func(p *argon2.Params) { p.KeyLen = 3 }, "argon2: key length too short"},
		{func(p *argon2.Params) { p.Time, p.Threads, p.KeyLen = 0, 0, 0 }, "argon2: number of rounds too small"},
	}
	pw, salt := []byte("pw"), []byte("saltsalt")
	for _, c := range cases {
		p := ok
		c.change(&p)
		check := func(what string, key []byte, err error) {
			t.Helper()
			if err == nil || err.Error() != c.want {
				t.Errorf("%s with %+v: error %v, want %q", what, p, err, c.want)
			}
			if key != nil {
				t.Errorf("%s with %+v: returned a key with the error", what, p)
			}
		}
		k, err := argon2.IDKey(pw, salt, p.Time, p.Memory, p.Threads, p.KeyLen)
		check("IDKey", k, err)
		k, err = argon2.Key(pw, salt, p.Time, p.Memory, p.Threads, p.KeyLen)
		check("Key", k, err)
		k, err = p.IDKey(pw, salt)
		check("Params.IDKey", k, err)
		k, err = p.Key(pw, salt)
		check("Params.Key", k, err)
		h, err := argon2.NewHasher(p)
		if h != nil {
			t.Errorf("NewHasher with %+v returned a Hasher", p)
		}
		check("NewHasher", nil, err)
	}
	// The smallest valid parameters work.
	if k, err := ok.IDKey(nil, nil); err != nil || len(k) != 4 {
		t.Errorf("IDKey with %+v and empty inputs: %x, %v", ok, k, err)
	}
}

// FuzzIDKey compares IDKey and Key with x/crypto's on small parameters, with
// every implementation.
func FuzzIDKey(f *testing.F) {
	f.Add([]byte("password"), []byte("somesalt"), uint8(1), uint16(8), uint8(1), uint8(32), false)
	f.Add([]byte{}, []byte{}, uint8(3), uint16(33), uint8(4), uint8(4), true)
	f.Add(bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 16), uint8(2), uint16(200), uint8(3), uint8(80), false)
	f.Fuzz(func(t *testing.T, password, salt []byte, time uint8, memory uint16, threads uint8, keyLen uint8, argon2i bool) {
		tm := 1 + uint32(time%3)
		m := uint32(memory % 300)
		p := 1 + threads%4
		T := 4 + uint32(keyLen%100)
		want := xargon2.IDKey
		got := argon2.IDKey
		if argon2i {
			want, got = xargon2.Key, argon2.Key
		}
		exp := want(password, salt, tm, m, p, T)
		cputest.ForEachImplementation("argon2", func(impl string) {
			k, err := got(password, salt, tm, m, p, T)
			if err != nil {
				t.Fatalf("%s: t=%d m=%d p=%d T=%d: %v", impl, tm, m, p, T, err)
			}
			if !bytes.Equal(k, exp) {
				t.Fatalf("%s: t=%d m=%d p=%d T=%d argon2i=%v: got %x, x/crypto %x", impl, tm, m, p, T, argon2i, k, exp)
			}
		})
	})
}
