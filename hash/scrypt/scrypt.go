// Package scrypt implements the scrypt password-based key derivation
// function of RFC 7914 (C. Percival, "Stronger key derivation via sequential
// memory-hard functions", 2009).
//
// scrypt makes each guess of a password cost both time and memory: its core,
// ROMix, fills a table of N blocks of 128·r bytes and then reads it back in
// an order that depends on the data, so an attacker who wants to test many
// passwords at once needs 128·r·N bytes of fast memory per guess. p such
// computations, independent of each other, make the derived key.
//
// The package mirrors golang.org/x/crypto/scrypt: [Key] has the same
// signature, rejects the parameters x/crypto rejects with the same error
// messages, and derives the same keys, so a program switches by changing an
// import path. The differences are in errors only: a keyLen below 1 or
// above (2³² - 1)·32 is an error here, where x/crypto panics, and so are
// parameters beyond RFC 7914's bound on N or the memory limit (see Limits),
// which x/crypto accepts.
//
// # Limits
//
// Besides the bounds of RFC 7914 (N a power of two greater than 1 and less
// than 2^(128·r/8), that is 2^(16·r), which matters for r of 1 to 3 only;
// r·p < 2³⁰, which keeps p within the RFC's ((2³² - 1)·32)/(128·r); and
// keyLen at most (2³² - 1)·32), Key refuses parameters for which one of the
// buffers it allocates would be larger than [DefaultMaxMemory], 1 GiB: the
// table of 128·r·N bytes, the p blocks B of 128·r·p bytes together, or the
// key of keyLen bytes. The error names the buffer, its size and the limit,
// and is returned before any buffer is allocated. This keeps parameters read
// from untrusted input (a stored hash string) from exhausting the
// process's memory, which Go reports with an unrecoverable fatal error.
// [Params] takes another limit in its MaxMemory field.
//
// # Wiping
//
// Before it returns, Key zeroes the tables, the working blocks and B (which
// hold values derived from the password), and PBKDF2 zeroes its copy of the
// password (github.com/crypton-go/crypton/hash/pbkdf2). Not cleared: the
// HMAC-SHA-256 states that PBKDF2 keys with the password and with B, left to
// the garbage collector, and the values that BlockMix and the Salsa20/8
// core keep on the goroutines' stacks. The password and the salt are not
// modified; the returned key belongs to the caller.
//
// # Implementation
//
// The Salsa20/8 core that BlockMix applies is
// github.com/crypton-go/crypton/aead/salsa20.XORCore8, the one
// implementation of that core in crypton, in portable Go. ROMix keeps its
// blocks as 32-bit words, converting from and to little-endian bytes once
// per lane, and PBKDF2-HMAC-SHA-256 is crypton's own
// (github.com/crypton-go/crypton/hash/pbkdf2 over hash/sha256, with its
// SHA-NI, AVX2 and ARMv8 paths).
//
// The p lanes are independent, and where x/crypto computes them one after
// the other, Key computes up to runtime.GOMAXPROCS of them at once, each in
// its own goroutine with its own table (when a table takes at least 32 KiB;
// smaller ones are done before goroutines would pay). The memory that Key
// uses then grows from 128·r·N bytes to min(p, GOMAXPROCS)·128·r·N bytes;
// Key keeps this within the memory limit (1 GiB by default), and within
// half the Go memory limit if one is set with GOMEMLIMIT or
// runtime/debug.SetMemoryLimit, by running fewer lanes at once, down to
// one, which is always possible. Within a lane, each Salsa20/8 core of
// BlockMix takes the previous one's output, so only the four quarter rounds
// of one core can run side by side, and a SIMD core on one block measured
// no faster than the scalar one (see XORCore8). Computing four or eight
// lanes at once in the 32-bit elements of vector registers would pay when p
// is at least that large; it is not implemented, and the usual p = 1 would
// not gain from it.
//
// # Timing
//
// The first loop of ROMix and the two PBKDF2 computations run in constant
// time. The second loop of ROMix does not, by the design of scrypt and in
// every implementation of it: the block it reads at each step, Integerify(X)
// mod N, is a function of the password and the salt, so the addresses that
// the computation touches in memory (and hence cache timing) depend on them.
// This is the memory-hardness of scrypt, and the reason to prefer Argon2id
// (github.com/crypton-go/crypton/hash/argon2), whose first pass is
// independent of the password, where an attacker can observe the cache of
// the machine that derives keys. The constant-time check of the repository
// (tools/cmd/ctcheck) runs Key with a secret password and that index alone
// declassified, and finds no other branch or address that depends on the
// password.
package scrypt

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/crypton-go/crypton/hash/pbkdf2"
	"github.com/crypton-go/crypton/hash/sha256"
)

const maxInt = int(^uint(0) >> 1)

// The error messages of golang.org/x/crypto/scrypt, word for word, and
// ours for the key lengths for which it panics and for the limits it does
// not have.
var (
	errN          = errors.New("scrypt: N must be > 1 and a power of 2")
	errRP         = errors.New("scrypt: parameters must be > 0")
	errTooLarge   = errors.New("scrypt: parameters are too large")
	errKeyLen     = errors.New("scrypt: keyLen must be > 0")
	errKeyTooLong = errors.New("scrypt: keyLen is too large: more than (2^32-1)*32 bytes (RFC 7914)")
	errMaxMemory  = errors.New("scrypt: MaxMemory must not be negative")
)

// DefaultMaxMemory is the memory limit, in bytes, of [Key], and of
// [Params.Key] when [Params].MaxMemory is 0: 1 GiB. It admits the largest
// parameters of RFC 7914's test vectors and of the scrypt paper (N = 2²⁰,
// r = 8: a table of 1 GiB).
const DefaultMaxMemory = 1 << 30

// parallelTable is the smallest table (128·r·N bytes) for which Key
// computes lanes in parallel: below it, a lane takes less than about 25 µs
// and starting goroutines is not worth it.
const parallelTable = 32 << 10

// Params are the parameters of scrypt (RFC 7914, Section 2) and the memory
// limit of a derivation, for [Params.Key].
type Params struct {
	// N is the CPU and memory cost parameter: a power of two greater than 1
	// and less than 2^(16·R).
	N int

	// R is the block size parameter; at least 1, with R·P < 2³⁰.
	R int

	// P is the parallelization parameter; at least 1, with R·P < 2³⁰.
	P int

	// KeyLen is the length of the derived key in bytes, dkLen: from 1 to
	// (2³² - 1)·32.
	KeyLen int

	// MaxMemory is the memory limit in bytes: none of the buffers that the
	// derivation allocates may be larger, neither a table of 128·R·N bytes,
	// nor the P blocks B of 128·R bytes (128·R·P bytes together), nor the
	// key (KeyLen bytes); and the tables of the lanes computed at the same
	// time take at most MaxMemory together. 0 stands for DefaultMaxMemory
	// (1 GiB), and a negative value is an error. math.MaxInt64 turns the
	// limit off: parameters that ask for more memory than the machine has
	// then end the program, as they do with x/crypto.
	MaxMemory int64
}

// Key derives a key of keyLen bytes from password and salt with the scrypt
// function of RFC 7914, with cost parameters N, r and p.
//
// N is the CPU and memory cost, which must be a power of two greater than
// 1 (and, as RFC 7914 requires, less than 2^(16·r)); r is the block size
// factor, and p the parallelization parameter, with r·p < 2³⁰. One
// derivation takes 128·r·N bytes of memory per lane computed at the same
// time (see the package documentation) and time proportional to N·r·p. Key
// returns a nil slice and an error if the parameters are out of range, if
// keyLen is below 1 or above (2³² - 1)·32, or if 128·r·N, 128·r·p or keyLen
// is more than [DefaultMaxMemory] bytes (1 GiB; [Params] takes a higher
// limit).
//
// For example, a 32-byte key for AES-256 is derived by
//
//	dk, err := scrypt.Key([]byte("some password"), salt, 32768, 8, 1, 32)
//
// with a random salt of at least 16 bytes. N=32768, r=8, p=1 were the
// usual parameters for interactive logins in 2017; choose N as the largest
// power of two that keeps a derivation within the application's time and
// memory budget, and prefer Argon2id for new designs.
//
// password and salt are only read and may overlap.
func Key(password, salt []byte, N, r, p, keyLen int) ([]byte, error) {
	return Params{N: N, R: r, P: p, KeyLen: keyLen}.Key(password, salt)
}

// Key derives a key of p.KeyLen bytes from password and salt with scrypt
// and the cost parameters p.N, p.R and p.P, as [Key] does, with p.MaxMemory
// as the memory limit instead of [DefaultMaxMemory]. For example, N = 2²¹
// and r = 8 take a table of 2 GiB:
//
//	p := scrypt.Params{N: 1 << 21, R: 8, P: 1, KeyLen: 32, MaxMemory: 2 << 30}
//	dk, err := p.Key(password, salt)
//
// It returns the errors of [Key], and one if p.MaxMemory is negative. The
// error for a buffer over the limit names the buffer, its size and the
// limit.
func (p Params) Key(password, salt []byte) ([]byte, error) {
	limit, err := p.check()
	if err != nil {
		return nil, err
	}
	// Locals, not p's fields, in the closures below: p would escape.
	N, r, P := p.N, p.R, p.P
	blockLen := 128 * r

	// PBKDF2 takes the password as a string. The conversion would copy it
	// to memory that nothing clears; this string shares the caller's bytes
	// instead, and lives only for this call, during which they are only
	// read (pbkdf2.KeyWithParams keeps no reference to it).
	pw := unsafe.String(unsafe.SliceData(password), len(password))

	// B = PBKDF2-HMAC-SHA256(password, salt, 1, p·128·r), at most limit
	// bytes (see check), holds the state of the lanes; it is cleared once
	// the key is derived from it.
	bLen := P * blockLen
	b, err := pbkdf2.KeyWithParams(sha256.New, pw, salt, pbkdf2.Params{Iter: 1, KeyLength: bLen, MaxKeyLength: bLen})
	if err != nil {
		return nil, err
	}

	lanes := lanesAtOnce(N, r, P, limit)
	if lanes == 1 {
		v, xy := newWords(32*r*N), newWords(64*r)
		for i := range P {
			smix(b[i*blockLen:(i+1)*blockLen], r, N, v, xy)
		}
		clear(v)
		clear(xy)
	} else {
		// Each goroutine takes the next lane until none is left, then
		// clears its table and working blocks.
		var next atomic.Int64
		var wg sync.WaitGroup
		for range lanes {
			wg.Go(func() {
				v, xy := newWords(32*r*N), newWords(64*r)
				for {
					i := int(next.Add(1) - 1)
					if i >= P {
						break
					}
					smix(b[i*blockLen:(i+1)*blockLen], r, N, v, xy)
				}
				clear(v)
				clear(xy)
			})
		}
		wg.Wait()
	}

	dk, err := pbkdf2.KeyWithParams(sha256.New, pw, b, pbkdf2.Params{Iter: 1, KeyLength: p.KeyLen, MaxKeyLength: p.KeyLen})
	clear(b)
	if err != nil {
		return nil, err
	}
	return dk, nil
}

// check validates p, in the order of x/crypto's checks so that the same
// parameters give the same error, then against the limits of RFC 7914 and
// the memory limit, which it returns.
func (p *Params) check() (int64, error) {
	N, r, pp, keyLen := p.N, p.R, p.P, p.KeyLen
	if N <= 1 || N&(N-1) != 0 {
		return 0, errN
	}
	if r <= 0 || pp <= 0 {
		return 0, errRP
	}
	// With these, 128·r·N, 128·r·p and 256·r are ints, and r·p < 2³⁰
	// keeps p within RFC 7914's ((2³² - 1)·32) / (128·r).
	if uint64(r)*uint64(pp) >= 1<<30 || r > maxInt/128/pp || r > maxInt/256 || N > maxInt/128/r {
		return 0, errTooLarge
	}
	if keyLen <= 0 {
		return 0, errKeyLen
	}
	if uint64(keyLen) > (1<<32-1)*sha256.Size {
		return 0, errKeyTooLong
	}
	// RFC 7914, Section 2: N < 2^(128·r/8). The bound is above every int
	// from r = 4 on.
	if r < 4 && uint64(N) >= 1<<(16*r) {
		return 0, fmt.Errorf("scrypt: N = %d is not less than 2^(128*r/8) = 2^%d (RFC 7914)", N, 16*r)
	}

	limit := p.MaxMemory
	if limit < 0 {
		return 0, errMaxMemory
	}
	if limit == 0 {
		limit = DefaultMaxMemory
	}
	table := 128 * uint64(r) * uint64(N)
	blocks := 128 * uint64(r) * uint64(pp)
	switch {
	case table > uint64(limit):
		return 0, fmt.Errorf("scrypt: 128*r*N = %d bytes exceeds the memory limit of %d bytes (raise it with scrypt.Params.MaxMemory)", table, limit)
	case blocks > uint64(limit):
		return 0, fmt.Errorf("scrypt: 128*r*p = %d bytes exceeds the memory limit of %d bytes (raise it with scrypt.Params.MaxMemory)", blocks, limit)
	case uint64(keyLen) > uint64(limit):
		return 0, fmt.Errorf("scrypt: keyLen = %d bytes exceeds the memory limit of %d bytes (raise it with scrypt.Params.MaxMemory)", keyLen, limit)
	}
	return limit, nil
}

// newWords allocates the tables and the working blocks of Key; a test
// replaces it to check that Key zeroes them.
var newWords = func(n int) []uint32 { return make([]uint32, n) }

// lanesAtOnce returns how many of the p lanes Key computes at the same
// time: at most p and GOMAXPROCS, and as many tables of 128·r·N bytes as
// fit in limit and in half the Go memory limit, but at least one; and one
// if the tables are smaller than parallelTable.
func lanesAtOnce(N, r, p int, limit int64) int {
	lanes := min(p, runtime.GOMAXPROCS(0))
	table := 128 * int64(r) * int64(N)
	if lanes <= 1 || table < parallelTable {
		return 1
	}
	budget := limit
	if memLimit := debug.SetMemoryLimit(-1); memLimit != math.MaxInt64 {
		budget = min(budget, memLimit/2)
	}
	return int(max(1, min(int64(lanes), budget/table)))
}
