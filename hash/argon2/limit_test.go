package argon2_test

import (
	"bytes"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/hash/argon2"
	xargon2 "golang.org/x/crypto/argon2"
)

// entryPoints calls the methods of p, NewHasher(p) and the Hasher's IDKey,
// and if p has the default limit, IDKey and Key, and reports each result.
func entryPoints(p argon2.Params, pw, salt []byte, report func(what string, key []byte, err error)) {
	if p.MaxMemory == 0 { // the functions have the default limit
		k, err := argon2.IDKey(pw, salt, p.Time, p.Memory, p.Threads, p.KeyLen)
		report("IDKey", k, err)
		k, err = argon2.Key(pw, salt, p.Time, p.Memory, p.Threads, p.KeyLen)
		report("Key", k, err)
	}
	k, err := p.IDKey(pw, salt)
	report("Params.IDKey", k, err)
	k, err = p.Key(pw, salt)
	report("Params.Key", k, err)
	h, err := argon2.NewHasher(p)
	if err != nil {
		report("NewHasher", nil, err)
		return
	}
	k, err = h.IDKey(pw, salt)
	report("Hasher.IDKey", k, err)
}

// TestMemoryLimit checks that a memory or a key length over the default
// limit of 2 GiB is an error that names the limit, from every entry point,
// at once and without allocating it. Before the limit, IDKey with 4 TiB
// (the first case) ended the test binary with "fatal error: out of memory".
// On 32-bit platforms the memory cannot be addressed, a different error.
func TestMemoryLimit(t *testing.T) {
	cases := []struct {
		p            argon2.Params
		want, want32 string
	}{
		{argon2.Params{Time: 1, Memory: math.MaxUint32, Threads: 1, KeyLen: 32},
			"argon2: memory of 4294967292 KiB = 4398046507008 bytes exceeds the memory limit of 2147483648 bytes (raise it with argon2.Params.MaxMemory)",
			"argon2: memory too large for this platform"},
		{argon2.Params{Time: 1, Memory: 4 * 1024 * 1024, Threads: 4, KeyLen: 32},
			"argon2: memory of 4194304 KiB = 4294967296 bytes exceeds the memory limit of 2147483648 bytes (raise it with argon2.Params.MaxMemory)",
			"argon2: memory too large for this platform"},
		{argon2.Params{Time: 1, Memory: math.MaxUint32, Threads: 255, KeyLen: 32},
			"argon2: memory of 4294967040 KiB = 4398046248960 bytes exceeds the memory limit of 2147483648 bytes (raise it with argon2.Params.MaxMemory)",
			"argon2: memory too large for this platform"},
		{argon2.Params{Time: 1, Memory: 8, Threads: 1, KeyLen: math.MaxUint32},
			"argon2: key length of 4294967295 bytes exceeds the memory limit of 2147483648 bytes (raise it with argon2.Params.MaxMemory)",
			"argon2: key length too large for this platform"},
		{argon2.Params{Time: 1, Memory: 8, Threads: 1, KeyLen: 2<<30 + 1},
			"argon2: key length of 2147483649 bytes exceeds the memory limit of 2147483648 bytes (raise it with argon2.Params.MaxMemory)",
			"argon2: key length too large for this platform"},
		{argon2.Params{Time: 1, Memory: math.MaxUint32, Threads: 1, KeyLen: 32, MaxMemory: -1},
			"argon2: MaxMemory must not be negative",
			"argon2: memory too large for this platform"},
	}
	pw, salt := []byte("password"), []byte("somesalt")
	for _, c := range cases {
		want := c.want
		if math.MaxInt == math.MaxInt32 {
			want = c.want32
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		calls := 0
		entryPoints(c.p, pw, salt, func(what string, key []byte, err error) {
			calls++
			if key != nil || err == nil || err.Error() != want {
				t.Errorf("%s with %+v: %x, %v; want nil and the error %q", what, c.p, key, err, want)
			}
		})
		runtime.ReadMemStats(&after)
		// TotalAlloc counts the whole process (the runtime and the testing
		// package allocate a few KiB now and then): the bound is far below the
		// smallest buffer these calls ask for (1 MiB) and far above that noise.
		if n := after.TotalAlloc - before.TotalAlloc; n > 256<<10*uint64(calls) {
			t.Errorf("%+v: %d bytes allocated by %d failing calls", c.p, n, calls)
		}
	}
}

// TestMemoryLimitRaised checks that Params.MaxMemory moves the limit: the
// memory, then the key, just over a low limit, then the limit raised to
// them, which gives x/crypto's key. The memory counted is the one used,
// after the rounding to whole segments and to at least 8 KiB per lane.
func TestMemoryLimitRaised(t *testing.T) {
	pw, salt := []byte("password"), []byte("somesalt")
	for _, c := range []struct {
		p    argon2.Params
		size int64
		want string
	}{
		{argon2.Params{Time: 2, Memory: 64, Threads: 1, KeyLen: 32}, 64 << 10,
			"argon2: memory of 64 KiB = 65536 bytes exceeds the memory limit of 65535 bytes"},
		{argon2.Params{Time: 1, Memory: 70, Threads: 2, KeyLen: 32}, 64 << 10, // rounded down to 64 KiB
			"argon2: memory of 64 KiB = 65536 bytes exceeds the memory limit of 65535 bytes"},
		{argon2.Params{Time: 1, Memory: 0, Threads: 3, KeyLen: 16}, 24 << 10, // raised to 24 KiB
			"argon2: memory of 24 KiB = 24576 bytes exceeds the memory limit of 24575 bytes"},
		{argon2.Params{Time: 1, Memory: 8, Threads: 1, KeyLen: 8193}, 8193,
			"argon2: key length of 8193 bytes exceeds the memory limit of 8192 bytes"},
	} {
		p := c.p
		p.MaxMemory = c.size - 1
		entryPoints(p, pw, salt, func(what string, key []byte, err error) {
			if key != nil || err == nil || err.Error() != c.want+" (raise it with argon2.Params.MaxMemory)" {
				t.Errorf("%s with %+v: %x, %v; want nil and the error %q", what, p, key, err, c.want)
			}
		})
		p.MaxMemory = c.size
		want := xargon2.IDKey(pw, salt, p.Time, p.Memory, p.Threads, p.KeyLen)
		entryPoints(p, pw, salt, func(what string, key []byte, err error) {
			if strings.HasSuffix(what, ".Key") {
				return // Argon2i
			}
			if err != nil || !bytes.Equal(key, want) {
				t.Errorf("%s with %+v: %x, %v; want x/crypto's %x", what, p, key, err, want)
			}
		})
	}
}

// FuzzParamsLimit gives Params any memory and key length with a memory
// limit of at most 256 KiB: it must never panic, must return an error
// exactly when the memory used or the key length is over the limit (or
// another parameter is invalid), and otherwise x/crypto's key.
func FuzzParamsLimit(f *testing.F) {
	f.Add(uint8(1), uint32(math.MaxUint32), uint8(1), uint32(32), uint32(0))
	f.Add(uint8(1), uint32(8), uint8(1), uint32(math.MaxUint32), uint32(0))
	f.Add(uint8(0), uint32(64), uint8(0), uint32(3), uint32(1<<16))
	f.Add(uint8(2), uint32(64), uint8(1), uint32(32), uint32(64<<10-1))
	f.Add(uint8(2), uint32(64), uint8(1), uint32(32), uint32(64<<10))
	f.Add(uint8(1), uint32(0), uint8(3), uint32(100), uint32(24<<10))
	f.Add(uint8(3), uint32(255), uint8(4), uint32(1000), uint32(math.MaxUint32))
	f.Fuzz(func(t *testing.T, time uint8, memory uint32, threads uint8, keyLen, maxMem uint32) {
		p := argon2.Params{
			Time: uint32(time % 4), Memory: memory, Threads: threads % 8, KeyLen: keyLen,
			MaxMemory: 1 + int64(maxMem%(256<<10)),
		}
		key, err := p.IDKey([]byte("password"), []byte("somesalt"))
		var used uint64 // the memory in bytes, as RFC 9106 rounds it
		if p.Threads > 0 {
			q := 4 * uint64(p.Threads)
			used = 1024 * max(uint64(p.Memory)/q*q, 2*q)
		}
		valid := p.Time >= 1 && p.Threads >= 1 && p.KeyLen >= 4 &&
			used <= uint64(p.MaxMemory) && uint64(p.KeyLen) <= uint64(p.MaxMemory)
		if !valid {
			if key != nil || err == nil || !strings.HasPrefix(err.Error(), "argon2: ") {
				t.Fatalf("%+v: %x, %v; want nil and an error", p, key, err)
			}
			return
		}
		want := xargon2.IDKey([]byte("password"), []byte("somesalt"), p.Time, p.Memory, p.Threads, p.KeyLen)
		if err != nil || !bytes.Equal(key, want) {
			t.Fatalf("%+v: %x, %v; want x/crypto's %x", p, key, err, want)
		}
	})
}
