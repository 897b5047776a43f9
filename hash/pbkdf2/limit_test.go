package pbkdf2_test

import (
	"bytes"
	stdpbkdf2 "crypto/pbkdf2"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/hash/internal/hashtest"
	"github.com/crypton-go/crypton/hash/pbkdf2"
	"github.com/crypton-go/crypton/hash/sha256"
)

// TestKeyLengthLimit checks that a key longer than the default limit, 1 GiB,
// is an error that names the limit, at once and without allocating it,
// although RFC 8018 allows it. Before the limit, Key(sha256.New, "pw", nil,
// 1, 1<<36) ended the test binary with "fatal error: out of memory". Near
// 2^63 and beyond RFC 8018's (2^32 - 1)·hLen, the error names that limit,
// and on 32-bit platforms what an int can address.
func TestKeyLengthLimit(t *testing.T) {
	const msg = "pbkdf2: keyLength too long: %d bytes exceeds the limit of 1073741824 bytes (raise it with pbkdf2.Params.MaxKeyLength)"
	type tc struct {
		p    pbkdf2.Params
		want string
	}
	cases := []tc{
		{pbkdf2.Params{Iter: 1, KeyLength: 1<<30 + 1}, fmt.Sprintf(msg, 1<<30+1)},
		{pbkdf2.Params{Iter: 1 << 30, KeyLength: math.MaxInt32 - 64}, fmt.Sprintf(msg, math.MaxInt32-64)},
		{pbkdf2.Params{Iter: 1, KeyLength: 1 << 20, MaxKeyLength: -1}, "pbkdf2: MaxKeyLength must not be negative"},
	}
	if math.MaxInt > math.MaxInt32 {
		shift := 36
		n := 1 << shift // not a constant, which would not compile for a 32-bit int
		spec := uint64(1<<32-1) * 32
		cases = append(cases,
			tc{pbkdf2.Params{Iter: 1, KeyLength: n}, fmt.Sprintf(msg, n)},
			tc{pbkdf2.Params{Iter: 1, KeyLength: int(spec)}, fmt.Sprintf(msg, spec)},
			tc{pbkdf2.Params{Iter: 1, KeyLength: int(spec) + 1},
				"pbkdf2: keyLength too long: 137438953441 bytes exceeds (2^32-1)*hLen = 137438953440 bytes (RFC 8018)"},
			tc{pbkdf2.Params{Iter: 1, KeyLength: int(spec) + 1, MaxKeyLength: math.MaxInt},
				"pbkdf2: keyLength too long: 137438953441 bytes exceeds (2^32-1)*hLen = 137438953440 bytes (RFC 8018)"},
			tc{pbkdf2.Params{Iter: 1, KeyLength: math.MaxInt, MaxKeyLength: math.MaxInt},
				"pbkdf2: keyLength too long: 9223372036854775807 bytes exceeds (2^32-1)*hLen = 137438953440 bytes (RFC 8018)"},
		)
	} else {
		cases = append(cases,
			tc{pbkdf2.Params{Iter: 1, KeyLength: math.MaxInt, MaxKeyLength: math.MaxInt},
				"pbkdf2: keyLength too long: 2147483647 bytes exceeds what this platform can address"},
			tc{pbkdf2.Params{Iter: 1, KeyLength: math.MaxInt - 31, MaxKeyLength: math.MaxInt},
				"pbkdf2: keyLength too long: 2147483616 bytes exceeds what this platform can address"},
		)
	}
	for _, c := range cases {
		var dk []byte
		var err error
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		dk, err = pbkdf2.KeyWithParams(sha256.New, "pw", nil, c.p)
		runtime.ReadMemStats(&after)
		if dk != nil || err == nil || err.Error() != c.want {
			t.Errorf("KeyWithParams(%+v) = %x, %v; want nil and the error %q", c.p, dk, err, c.want)
		}
		// TotalAlloc counts the whole process (the runtime and the testing
		// package allocate a few KiB now and then): the bound is far below the
		// smallest buffer these calls ask for (1 MiB) and far above that noise.
		if n := after.TotalAlloc - before.TotalAlloc; n > 256<<10 {
			t.Errorf("KeyWithParams(%+v) allocated %d bytes before it failed", c.p, n)
		}
		if c.p.MaxKeyLength == 0 {
			dk, err = pbkdf2.Key(sha256.New, "pw", nil, c.p.Iter, c.p.KeyLength)
			if dk != nil || err == nil || err.Error() != c.want {
				t.Errorf("Key(iter %d, keyLength %d) = %x, %v; want nil and the error %q", c.p.Iter, c.p.KeyLength, dk, err, c.want)
			}
		}
	}
}

// TestKeyLengthLimitRaised checks that Params.MaxKeyLength moves the limit:
// a key one byte over a low limit is an error, and with the limit raised to
// it the standard library's key, for every hash.
func TestKeyLengthLimitRaised(t *testing.T) {
	for _, hf := range hashes {
		size := hf.New().Size()
		for _, n := range []int{1, size, 3*size + 1} {
			p := pbkdf2.Params{Iter: 3, KeyLength: n, MaxKeyLength: n - 1}
			if n == 1 {
				p.MaxKeyLength = 0 // the default
			}
			want, err := stdpbkdf2.Key(hf.Std, "password", []byte("salt"), p.Iter, n)
			if err != nil {
				t.Fatal(err)
			}
			if p.MaxKeyLength > 0 {
				dk, err := pbkdf2.KeyWithParams(hf.New, "password", []byte("salt"), p)
				wantErr := fmt.Sprintf("pbkdf2: keyLength too long: %d bytes exceeds the limit of %d bytes", n, n-1)
				if dk != nil || err == nil || !strings.HasPrefix(err.Error(), wantErr) {
					t.Errorf("%s: KeyWithParams(%+v) = %x, %v; want the error %q", hf.Name, p, dk, err, wantErr)
				}
				p.MaxKeyLength = n
			}
			dk, err := pbkdf2.KeyWithParams(hf.New, "password", []byte("salt"), p)
			if err != nil || !bytes.Equal(dk, want) {
				t.Errorf("%s: KeyWithParams(%+v) = %x, %v; want %x", hf.Name, p, dk, err, want)
			}
		}
	}
}

// FuzzKeyLimit gives KeyWithParams any key length with a limit of at most
// 64 KiB: it must return an error exactly when the length is below 1 or
// over the limit, and otherwise the standard library's key.
func FuzzKeyLimit(f *testing.F) {
	f.Add(uint8(0), int64(1<<36), uint16(0))
	f.Add(uint8(1), int64(math.MaxInt64), uint16(math.MaxUint16))
	f.Add(uint8(2), int64(math.MinInt64), uint16(1))
	f.Add(uint8(3), int64(100), uint16(99))
	f.Add(uint8(4), int64(100), uint16(100))
	f.Add(uint8(5), int64(0), uint16(0))
	f.Fuzz(func(t *testing.T, which uint8, keyLength int64, maxKey uint16) {
		if keyLength != int64(int(keyLength)) {
			return // not an int on this platform
		}
		hf := hashtest.All[int(which)%len(hashtest.All)]
		p := pbkdf2.Params{Iter: 2, KeyLength: int(keyLength), MaxKeyLength: 1 + int(maxKey)}
		dk, err := pbkdf2.KeyWithParams(hf.New, "password", []byte("salt"), p)
		if keyLength < 1 || keyLength > int64(p.MaxKeyLength) {
			if dk != nil || err == nil || !strings.HasPrefix(err.Error(), "pbkdf2: ") {
				t.Fatalf("%s: KeyWithParams(%+v) = %x, %v; want nil and an error", hf.Name, p, dk, err)
			}
			return
		}
		want, err2 := stdpbkdf2.Key(hf.Std, "password", []byte("salt"), p.Iter, p.KeyLength)
		if err != nil || err2 != nil || !bytes.Equal(dk, want) {
			t.Fatalf("%s: KeyWithParams(%+v) = %x, %v; crypto/pbkdf2 %x, %v", hf.Name, p, dk, err, want, err2)
		}
	})
}
