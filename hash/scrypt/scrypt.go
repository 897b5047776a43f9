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
// signature, accepts and rejects the same parameters with the same error
// messages, and derives the same keys, so a program switches by changing an
// import path. The one difference is in errors only: a keyLen below 1 or
// above (2³² - 1)·32 is an error here, where x/crypto panics.
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
// smaller ones are done before goroutines would pay). The memory that Key uses then grows
// from 128·r·N bytes to min(p, GOMAXPROCS)·128·r·N bytes; Key keeps this
// within 1 GiB (and within half the Go memory limit if one is set with
// GOMEMLIMIT or runtime/debug.SetMemoryLimit) by running fewer lanes at once,
// down to one, which is always possible. Within a lane, each Salsa20/8 core
// of BlockMix takes the previous one's output, so only the four quarter
// rounds of one core can run side by side, and a SIMD core on one block
// measured no faster than the scalar one (see XORCore8). Computing four or
// eight lanes at once in the 32-bit elements of vector registers would pay
// when p is at least that large; it is not implemented, and the usual p = 1
// would not gain from it.
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
	"math"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/crypton-go/crypton/hash/pbkdf2"
	"github.com/crypton-go/crypton/hash/sha256"
)

const maxInt = int(^uint(0) >> 1)

// The error messages of golang.org/x/crypto/scrypt, word for word, and
// ours for the key lengths for which it panics.
var (
	errN          = errors.New("scrypt: N must be > 1 and a power of 2")
	errRP         = errors.New("scrypt: parameters must be > 0")
	errTooLarge   = errors.New("scrypt: parameters are too large")
	errKeyLen     = errors.New("scrypt: keyLen must be > 0")
	errKeyTooLong = errors.New("scrypt: keyLen is too large")
)

// parallelTable is the smallest table (128·r·N bytes) for which Key
// computes lanes in parallel: below it, a lane takes less than about 25 µs
// and starting goroutines is not worth it.
const parallelTable = 32 << 10

// parallelMemory is the most memory that the tables of lanes computed at
// the same time may take together, unless a single table is larger (it is
// then computed alone).
const parallelMemory = 1 << 30

// Key derives a key of keyLen bytes from password and salt with the scrypt
// function of RFC 7914, with cost parameters N, r and p.
//
// N is the CPU and memory cost, which must be a power of two greater than
// 1; r is the block size factor, and p the parallelization parameter, with
// r·p < 2³⁰. One derivation takes 128·r·N bytes of memory per lane computed
// at the same time (see the package documentation) and time proportional
// to N·r·p. Key returns a nil slice and an error if the parameters are out
// of range, or if keyLen is below 1 or above (2³² - 1)·32.
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
	// The checks and their order are those of x/crypto, so that the same
	// parameters give the same error.
	if N <= 1 || N&(N-1) != 0 {
		return nil, errN
	}
	if r <= 0 || p <= 0 {
		return nil, errRP
	}
	if uint64(r)*uint64(p) >= 1<<30 || r > maxInt/128/p || r > maxInt/256 || N > maxInt/128/r {
		return nil, errTooLarge
	}
	if keyLen <= 0 {
		return nil, errKeyLen
	}
	if uint64(keyLen) > (1<<32-1)*sha256.Size {
		return nil, errKeyTooLong
	}

	// B = PBKDF2-HMAC-SHA256(P, S, 1, p·128·r), whose length is below
	// 2³⁷, within what PBKDF2 allows.
	pw := string(password)
	b, err := pbkdf2.Key(sha256.New, pw, salt, 1, p*128*r)
	if err != nil {
		return nil, err
	}

	lanes := lanesAtOnce(N, r, p)
	if lanes == 1 {
		v := make([]uint32, 32*r*N)
		xy := make([]uint32, 64*r)
		for i := range p {
			smix(b[i*128*r:(i+1)*128*r], r, N, v, xy)
		}
	} else {
		// Each goroutine takes the next lane until none is left.
		var next atomic.Int64
		var wg sync.WaitGroup
		for range lanes {
			wg.Go(func() {
				v := make([]uint32, 32*r*N)
				xy := make([]uint32, 64*r)
				for {
					i := int(next.Add(1) - 1)
					if i >= p {
						return
					}
					smix(b[i*128*r:(i+1)*128*r], r, N, v, xy)
				}
			})
		}
		wg.Wait()
	}

	return pbkdf2.Key(sha256.New, pw, b, 1, keyLen)
}

// lanesAtOnce returns how many of the p lanes Key computes at the same
// time: at most p and GOMAXPROCS, and as many tables of 128·r·N bytes as
// fit in parallelMemory and in half the Go memory limit, but at least one;
// and one if the tables are smaller than parallelTable.
func lanesAtOnce(N, r, p int) int {
	lanes := min(p, runtime.GOMAXPROCS(0))
	table := 128 * int64(r) * int64(N)
	if lanes <= 1 || table < parallelTable {
		return 1
	}
	budget := int64(parallelMemory)
	if limit := debug.SetMemoryLimit(-1); limit != math.MaxInt64 {
		budget = min(budget, limit/2)
	}
	return int(max(1, min(int64(lanes), budget/table)))
}
