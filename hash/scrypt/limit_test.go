package scrypt

import (
	"bytes"
	"math"
	"math/big"
	"runtime"
	"strings"
	"sync"
	"testing"

	xscrypt "golang.org/x/crypto/scrypt"
)

// bytesAllocated returns the bytes that f allocates.
func bytesAllocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// limitMsg is the end of the errors for a buffer over the default limit.
const limitMsg = " bytes exceeds the memory limit of 1073741824 bytes (raise it with scrypt.Params.MaxMemory)"

// TestMemoryLimit checks that parameters whose buffers exceed the default
// memory limit, or RFC 7914's bounds, give an error that names the limit,
// at once and without allocating the memory they ask for. Before the limit,
// each of the first six calls ended the test binary: the first five with
// "fatal error: out of memory", N = 2^50 with a panic in makeslice. Values
// that do not fit in an int are skipped on 32-bit platforms, and want32,
// if set, is the error there.
func TestMemoryLimit(t *testing.T) {
	cases := []struct {
		N, r, p, keyLen uint64
		want, want32    string
	}{
		{1 << 30, 8, 1, 32, "scrypt: 128*r*N = 1099511627776" + limitMsg, errTooLarge.Error()},
		{2, 1, 1 << 29, 32, "scrypt: 128*r*p = 68719476736" + limitMsg, errTooLarge.Error()},
		{2, 1 << 28, 1, 32, "scrypt: 128*r*N = 68719476736" + limitMsg, errTooLarge.Error()},
		{1 << 50, 1, 1, 32, "scrypt: N = 1125899906842624 is not less than 2^(128*r/8) = 2^16 (RFC 7914)", ""},
		{1 << 50, 8, 1, 32, "scrypt: 128*r*N = 1152921504606846976" + limitMsg, ""},
		{16, 1, 1, 1 << 36, "scrypt: keyLen = 68719476736" + limitMsg, ""},

		// Near 2^63: the largest tables whose size is an int, and the
		// first that are not (which x/crypto rejects too).
		{1 << 53, 4, 1, 32, "scrypt: 128*r*N = 4611686018427387904" + limitMsg, ""},
		{1 << 54, 4, 1, 32, errTooLarge.Error(), ""},
		{1 << 55, 1, 1, 32, "scrypt: N = 36028797018963968 is not less than 2^(128*r/8) = 2^16 (RFC 7914)", ""},
		{1 << 56, 1, 1, 32, errTooLarge.Error(), ""},
		{1 << 62, 1, 1, 32, errTooLarge.Error(), ""},
		{2, 1 << 55, 1, 32, errTooLarge.Error(), ""},
		{16, 1, 1, math.MaxInt64, errKeyTooLong.Error(), ""},

		// Near 2^32, and RFC 7914's bounds on N for r = 1, 2 and 3.
		{1 << 16, 1, 1, 32, "scrypt: N = 65536 is not less than 2^(128*r/8) = 2^16 (RFC 7914)", ""},
		{1 << 32, 2, 1, 32, "scrypt: N = 4294967296 is not less than 2^(128*r/8) = 2^32 (RFC 7914)", ""},
		{1 << 31, 2, 1, 32, "scrypt: 128*r*N = 549755813888" + limitMsg, ""},
		{1 << 48, 3, 1, 32, "scrypt: N = 281474976710656 is not less than 2^(128*r/8) = 2^48 (RFC 7914)", ""},
		{1 << 47, 3, 1, 32, "scrypt: 128*r*N = 54043195528445952" + limitMsg, ""},
		{1 << 23, 8, 1, 32, "scrypt: 128*r*N = 8589934592" + limitMsg, errTooLarge.Error()},
		{2, 1, 1<<30 - 1, 32, "scrypt: 128*r*p = 137438953344" + limitMsg, errTooLarge.Error()}, // r·p = 2^30 - 1
		{2, 1<<30 - 1, 1, 32, "scrypt: 128*r*N = 274877906688" + limitMsg, errTooLarge.Error()},
		{16, 1, 1, (1<<32 - 1) * 32, "scrypt: keyLen = 137438953440" + limitMsg, ""},
		{16, 1, 1, (1<<32-1)*32 + 1, errKeyTooLong.Error(), ""},
		{16, 1, 1, 1<<30 + 1, "scrypt: keyLen = 1073741825" + limitMsg, ""},

		// Near 2^31, for 32-bit platforms.
		{1 << 23, 2, 1, 32, "scrypt: 128*r*N = 2147483648" + limitMsg, errTooLarge.Error()},
		{1 << 30, 1, 1, 32, "scrypt: N = 1073741824 is not less than 2^(128*r/8) = 2^16 (RFC 7914)", errTooLarge.Error()},
		{1 << 23, 1, 1, 32, "scrypt: N = 8388608 is not less than 2^(128*r/8) = 2^16 (RFC 7914)", ""},
		{16, 1, 1, math.MaxInt32, "scrypt: keyLen = 2147483647" + limitMsg, ""},
		{2, 1 << 23, 1, 32, "scrypt: 128*r*N = 2147483648" + limitMsg, errTooLarge.Error()},
	}
	password, salt := []byte("password"), []byte("salt")
	for _, c := range cases {
		if c.N > math.MaxInt || c.r > math.MaxInt || c.p > math.MaxInt || c.keyLen > math.MaxInt {
			t.Logf("N=%d, r=%d, p=%d, keyLen=%d: not ints on this platform", c.N, c.r, c.p, c.keyLen)
			continue
		}
		N, r, p, keyLen := int(c.N), int(c.r), int(c.p), int(c.keyLen)
		want := c.want
		if math.MaxInt == math.MaxInt32 && c.want32 != "" {
			want = c.want32
		}
		var dk []byte
		var err error
		n := bytesAllocated(func() {
			defer func() {
				if e := recover(); e != nil {
					t.Errorf("Key(N=%d, r=%d, p=%d, keyLen=%d) panicked: %v", N, r, p, keyLen, e)
				}
			}()
			dk, err = Key(password, salt, N, r, p, keyLen)
		})
		if dk != nil || err == nil || err.Error() != want {
			t.Errorf("Key(N=%d, r=%d, p=%d, keyLen=%d) = %x, %v; want nil and the error %q", N, r, p, keyLen, dk, err, want)
		}
		// TotalAlloc counts the whole process (the runtime and the testing
		// package allocate a few KiB now and then): the bound is far below the
		// smallest buffer these calls ask for (1 MiB) and far above that noise.
		if n > 256<<10 {
			t.Errorf("Key(N=%d, r=%d, p=%d, keyLen=%d) allocated %d bytes before it failed", N, r, p, keyLen, n)
		}
	}
}

// TestMemoryLimitRaised checks that Params.MaxMemory moves the limit: each
// buffer in turn just over a low limit, then the limit raised to it, which
// gives x/crypto's key; and the default and disabled limits.
func TestMemoryLimitRaised(t *testing.T) {
	password, salt := []byte("password"), []byte("salt")
	for _, c := range []struct {
		p    Params
		size int64 // of the buffer over the limit
		want string
	}{
		{Params{N: 1024, R: 8, P: 1, KeyLen: 32}, 1 << 20, "scrypt: 128*r*N = 1048576 bytes exceeds the memory limit of 1048575 bytes"},
		{Params{N: 16, R: 1, P: 64, KeyLen: 32}, 8192, "scrypt: 128*r*p = 8192 bytes exceeds the memory limit of 8191 bytes"},
		{Params{N: 16, R: 1, P: 1, KeyLen: 4097}, 4097, "scrypt: keyLen = 4097 bytes exceeds the memory limit of 4096 bytes"},
		{Params{N: 256, R: 1, P: 3, KeyLen: 40}, 32768, "scrypt: 128*r*N = 32768 bytes exceeds the memory limit of 32767 bytes"},
	} {
		p := c.p
		p.MaxMemory = c.size - 1
		dk, err := p.Key(password, salt)
		if dk != nil || err == nil || !strings.HasPrefix(err.Error(), c.want+" (raise it with scrypt.Params.MaxMemory)") {
			t.Errorf("%+v: %x, %v; want the error %q", p, dk, err, c.want)
		}
		p.MaxMemory = c.size
		want, err := xscrypt.Key(password, salt, p.N, p.R, p.P, p.KeyLen)
		if err != nil {
			t.Fatal(err)
		}
		for _, procs := range []int{1, 4} { // with p = 3: lanes in parallel
			old := runtime.GOMAXPROCS(procs)
			dk, err = p.Key(password, salt)
			runtime.GOMAXPROCS(old)
			if err != nil || !bytes.Equal(dk, want) {
				t.Errorf("%+v, GOMAXPROCS=%d: %x, %v; want %x", p, procs, dk, err, want)
			}
		}
	}

	// 0 is the default, which admits a table of 1 GiB; larger limits admit
	// larger tables; math.MaxInt64 turns the limit off. Only the checks run.
	p := Params{N: 1 << 21, R: 4, P: 1, KeyLen: 32}
	if limit, err := p.check(); err != nil || limit != DefaultMaxMemory {
		t.Errorf("%+v: %d, %v; want %d", p, limit, err, DefaultMaxMemory)
	}
	if math.MaxInt > math.MaxInt32 {
		p := Params{N: 1 << 21, R: 8, P: 1, KeyLen: 32} // 2 GiB
		if _, err := p.check(); err == nil || err.Error() != "scrypt: 128*r*N = 2147483648"+limitMsg {
			t.Errorf("%+v: %v; want the default limit", p, err)
		}
		p.MaxMemory = 2 << 30
		if limit, err := p.check(); err != nil || limit != 2<<30 {
			t.Errorf("%+v: %d, %v", p, limit, err)
		}
		shift := 53 // not a constant, which would not compile for a 32-bit int
		p = Params{N: 1 << shift, R: 4, P: 1, KeyLen: 32, MaxMemory: math.MaxInt64}
		if limit, err := p.check(); err != nil || limit != math.MaxInt64 {
			t.Errorf("%+v: %d, %v", p, limit, err)
		}
	}
	p = Params{N: 16, R: 1, P: 1, KeyLen: 32, MaxMemory: -1}
	if dk, err := p.Key(password, salt); dk != nil || err != errMaxMemory {
		t.Errorf("%+v: %x, %v; want %v", p, dk, err, errMaxMemory)
	}
}

// TestRFCLimits checks RFC 7914's bound N < 2^(128·r/8) at its edge: the
// largest N it allows for r = 1 derives x/crypto's key, and the next is an
// error.
func TestRFCLimits(t *testing.T) {
	password, salt := []byte("password"), []byte("salt")
	want, err := xscrypt.Key(password, salt, 1<<15, 1, 1, 32)
	if err != nil {
		t.Fatal(err)
	}
	if dk, err := Key(password, salt, 1<<15, 1, 1, 32); err != nil || !bytes.Equal(dk, want) {
		t.Errorf("N=2^15, r=1: %x, %v; want %x", dk, err, want)
	}
	if dk, err := Key(password, salt, 1<<16, 1, 1, 32); dk != nil || err == nil || !strings.Contains(err.Error(), "RFC 7914") {
		t.Errorf("N=2^16, r=1: %x, %v; want an error", dk, err)
	}
	for r := 1; r <= 4; r++ {
		q := Params{N: 1 << 15, R: r, P: 1, KeyLen: 32}
		if _, err := q.check(); err != nil {
			t.Errorf("%+v: %v", q, err)
		}
	}
}

// TestWipe checks that Key leaves the tables and working blocks it
// allocated zeroed, with the lanes computed one at a time and in parallel.
func TestWipe(t *testing.T) {
	var mu sync.Mutex
	var bufs [][]uint32
	old := newWords
	defer func() { newWords = old }()
	newWords = func(n int) []uint32 {
		b := make([]uint32, n)
		mu.Lock()
		bufs = append(bufs, b)
		mu.Unlock()
		return b
	}
	for _, procs := range []int{1, 4} {
		bufs = nil
		oldProcs := runtime.GOMAXPROCS(procs)
		_, err := Key([]byte("password"), []byte("salt"), 256, 1, 3, 40)
		runtime.GOMAXPROCS(oldProcs)
		if err != nil {
			t.Fatal(err)
		}
		if len(bufs) < 2 {
			t.Fatalf("GOMAXPROCS=%d: %d buffers allocated through newWords, want at least 2", procs, len(bufs))
		}
		for i, b := range bufs {
			for j, w := range b {
				if w != 0 {
					t.Errorf("GOMAXPROCS=%d: buffer %d of %d words: word %d is %#x after Key returned", procs, i, len(b), j, w)
					break
				}
			}
		}
	}
}

// validParams is the rule of the package, written out in unbounded
// integers: the checks of x/crypto, RFC 7914's bounds and the memory limit.
func validParams(N, r, p, keyLen, limit int64) bool {
	b := func(x int64) *big.Int { return big.NewInt(x) }
	mul := func(xs ...int64) *big.Int {
		z := big.NewInt(1)
		for _, x := range xs {
			z.Mul(z, b(x))
		}
		return z
	}
	le := func(x, y *big.Int) bool { return x.Cmp(y) <= 0 }
	maxInt := b(math.MaxInt)
	switch {
	case N <= 1 || N&(N-1) != 0, r <= 0, p <= 0, keyLen <= 0:
		return false
	case !(mul(r, p).Cmp(b(1<<30)) < 0), !le(mul(128, r, p), maxInt), !le(mul(256, r), maxInt), !le(mul(128, r, N), maxInt):
		return false
	case !le(b(keyLen), mul(1<<32-1, 32)):
		return false
	case r < 4 && !(b(N).Cmp(new(big.Int).Lsh(b(1), uint(16*r))) < 0):
		return false
	case !le(mul(128, r, N), b(limit)), !le(mul(128, r, p), b(limit)), !le(b(keyLen), b(limit)):
		return false
	}
	return true
}

// FuzzParamsLimit gives Params.Key any N, r, p and keyLen with a memory
// limit of at most 64 KiB: it must never panic, must return an error exactly
// when validParams says so, and otherwise x/crypto's key. Its seeds are the
// calls of TestMemoryLimit and the edges of the bounds.
func FuzzParamsLimit(f *testing.F) {
	f.Add(int64(1<<30), int64(8), int64(1), int64(32), uint16(0))
	f.Add(int64(2), int64(1), int64(1<<29), int64(32), uint16(0))
	f.Add(int64(2), int64(1<<28), int64(1), int64(32), uint16(0))
	f.Add(int64(1<<50), int64(1), int64(1), int64(32), uint16(0))
	f.Add(int64(16), int64(1), int64(1), int64(1<<36), uint16(0))
	f.Add(int64(1<<53), int64(4), int64(1), int64(32), uint16(math.MaxUint16))
	f.Add(int64(math.MinInt64), int64(-1), int64(0), int64(math.MaxInt64), uint16(1))
	f.Add(int64(1024), int64(8), int64(1), int64(32), uint16(0))        // 1 MiB table, limit 64 KiB
	f.Add(int64(64), int64(8), int64(1), int64(32), uint16(65535))      // 64 KiB table, limit 64 KiB - 1
	f.Add(int64(32), int64(2), int64(3), int64(100), uint16(8192))      // within the limit
	f.Add(int64(16), int64(1), int64(512), int64(65536), uint16(65535)) // 64 KiB of B
	f.Fuzz(func(t *testing.T, N, r, p, keyLen int64, maxMem uint16) {
		if N != int64(int(N)) || r != int64(int(r)) || p != int64(int(p)) || keyLen != int64(int(keyLen)) {
			return // not ints on this platform
		}
		params := Params{N: int(N), R: int(r), P: int(p), KeyLen: int(keyLen), MaxMemory: int64(maxMem) + 1}
		dk, err := params.Key([]byte("password"), []byte("salt"))
		if !validParams(N, r, p, keyLen, params.MaxMemory) {
			if dk != nil || err == nil || !strings.HasPrefix(err.Error(), "scrypt: ") {
				t.Fatalf("%+v: %x, %v; want nil and an error", params, dk, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%+v: %v", params, err)
		}
		want, err := xscrypt.Key([]byte("password"), []byte("salt"), int(N), int(r), int(p), int(keyLen))
		if err != nil || !bytes.Equal(dk, want) {
			t.Fatalf("%+v: %x; x/crypto %x, %v", params, dk, want, err)
		}
	})
}
