// Package argon2 implements the Argon2 memory-hard function of RFC 9106,
// "Argon2 Memory-Hard Function for Password Hashing and Proof-of-Work
// Applications", in its variants Argon2id and Argon2i (version 0x13).
// Argon2d is not provided.
//
// [IDKey] and [Key] have the parameters of golang.org/x/crypto/argon2 and
// return the same bytes for the same inputs, so that a program switches by
// changing an import path and handling an error. [Params] adds the secret
// key K and the associated data X of RFC 9106, which x/crypto lacks, and a
// [Hasher] keeps its memory from one call to the next, so that a server can
// bound the memory that password hashing takes. IDKey and Key do not
// allocate the whole memory at every call either: they reuse, zeroed, the
// memory of an earlier call of the same size if the garbage collector has
// not yet reclaimed it.
//
// If unsure, use Argon2id: RFC 9106, Section 4, recommends time=1,
// memory=2 GiB (2*1024*1024 KiB) and threads=4, or, with less memory, time=3,
// memory=64 MiB (64*1024 KiB) and threads=4. Use a random salt of 16 bytes.
//
// # Limits
//
// RFC 9106 allows up to 2^32-1 KiB of memory (4 TiB) and keys of up to
// 2^32-1 bytes, which the uint32 parameters already bound. Within those,
// [IDKey], [Key], the methods of [Params] and [NewHasher] refuse a memory
// (1024 bytes times the number of blocks, see Params.Memory) or a key
// length of more than [DefaultMaxMemory] bytes, 2 GiB, the largest memory
// that RFC 9106 recommends, with an error that names the limit, before
// either is allocated. This keeps parameters read from untrusted input (a
// stored hash string) from exhausting the process's memory, which Go
// reports with an unrecoverable fatal error. Params.MaxMemory sets another
// limit. The number of passes has no limit: the time a call takes grows
// with it.
//
// # Wiping
//
// Before a call returns, the memory (a Hasher's too) is zeroed, the lanes
// clearing their own blocks in their goroutines, and so are the buffers of
// H0 and H' and the XOR of the last blocks that the tag is computed from.
// Not cleared: the BLAKE2b states that hash the password and the secret,
// left to the garbage collector, and the temporaries of the compression
// function G on the goroutines' stacks. The password, the salt, the secret
// and the associated data are not modified; the returned key belongs to the
// caller.
//
// # Differences from x/crypto
//
//   - Bad parameters return an error instead of panicking: a time (number of
//     passes) or a number of threads of zero, a key length below 4 bytes (the
//     minimum tag length of RFC 9106, Section 3.1, which x/crypto does not
//     enforce), an input longer than 2^32-1 bytes, and a memory or key length
//     that cannot be addressed on the platform (on 32-bit systems).
//   - A memory or key length over the memory limit (see Limits) is an
//     error, where x/crypto allocates it, or ends the program trying.
//   - The memory is zeroed before a call returns (see Wiping); x/crypto
//     leaves it to the garbage collector.
//   - Like x/crypto, a memory below 8*threads KiB is not an error: the memory
//     used is raised to 8*threads KiB, while the memory parameter hashed into
//     the result stays the one given. The result is then the same as
//     x/crypto's but is not defined by RFC 9106, which requires at least
//     8*threads KiB.
//
// # Implementations
//
// The compression function G has implementations registered with
// github.com/crypton-go/crypton/cpufeat under the package name "argon2", in
// order of preference: "AVX-512" (amd64 with AVX-512F: the block in sixteen
// ZMM registers), "AVX2" (amd64 with AVX2, two permutations at once in YMM
// registers), and the portable Go code ("generic") that every other path
// is tested against. The -tags purego build uses only the generic code;
// CRYPTON_CPU turns paths off at run time. The lanes of one computation run
// in threads goroutines, which synchronize at the end of each of the four
// slices of a pass as RFC 9106, Section 3.4, requires.
//
// # Side channels
//
// The password, the secret and the salt are hashed with BLAKE2b, which
// performs no branch and no memory access that depends on them. Argon2i
// chooses the blocks it reads from a sequence that depends only on the public
// parameters (data-independent addressing), so its memory access pattern
// reveals nothing about the password. Argon2id does so during the first half
// of its first pass only: afterwards, by design, the blocks it reads depend on
// the contents of the memory and so on the password, which makes it harder to
// attack with time-memory trade-offs but lets an attacker who observes the
// access pattern (through a cache side channel) test password guesses
// cheaply. The time taken depends only on the parameters and the lengths of
// the inputs. The secret of [Params] is treated like the password. The
// claim for Argon2i, through Params and a Hasher, with every implementation
// of G, is checked under valgrind by tools/cmd/ctcheck.
package argon2

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sync/atomic"
)

// Version is the version of Argon2 that the package implements, 0x13 (RFC
// 9106, Section 3.1).
const Version = 0x13

// The types of Argon2 (the y of RFC 9106, Section 3.1).
const (
	argon2i  = 1
	argon2id = 2
)

var (
	errTime     = errors.New("argon2: number of rounds too small")
	errThreads  = errors.New("argon2: parallelism degree too low")
	errKeyLen   = errors.New("argon2: key length too short")
	errMemory   = errors.New("argon2: memory too large for this platform")
	errKeyLarge = errors.New("argon2: key length too large for this platform")
	errPassword = errors.New("argon2: password too long")
	errSalt     = errors.New("argon2: salt too long")
	errSecret   = errors.New("argon2: secret too long")
	errData     = errors.New("argon2: associated data too long")
	errBusy     = errors.New("argon2: Hasher used by more than one goroutine at once")
	errLimit    = errors.New("argon2: MaxMemory must not be negative")
)

// DefaultMaxMemory is the memory limit, in bytes, of [IDKey] and [Key], and
// of [Params] whose MaxMemory is 0: 2 GiB, the memory of the first
// recommendation of RFC 9106, Section 4.
const DefaultMaxMemory = 2 << 30

// minKeyLen is the shortest tag length RFC 9106, Section 3.1, allows.
const minKeyLen = 4

// IDKey derives a key of keyLen bytes from the password and the salt with
// Argon2id, making time passes over memory KiB of memory in threads lanes
// computed by as many goroutines. It returns the same key as IDKey of
// golang.org/x/crypto/argon2, but an error instead of a panic for bad
// parameters: time and threads must be at least 1 and keyLen at least 4.
// A memory below 8*threads KiB is raised to 8*threads KiB (see the package
// documentation). A memory or a key length of more than [DefaultMaxMemory]
// bytes (2 GiB) is an error; [Params] takes a higher limit.
//
// For example, the second recommendation of RFC 9106, Section 4, for a key of
// 32 bytes, is
//
//	key, err := argon2.IDKey(password, salt, 3, 64*1024, 4, 32)
//
// IDKey takes its memory from a pool of the memories, zeroed, that earlier
// calls of the same size have finished with, and allocates it only if the
// pool has none; the garbage collector empties the pool. A [Hasher] holds
// its memory for as long as it is kept.
func IDKey(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) ([]byte, error) {
	p := Params{Time: time, Memory: memory, Threads: threads, KeyLen: keyLen}
	return p.IDKey(password, salt)
}

// Key derives a key of keyLen bytes from the password and the salt with
// Argon2i, making time passes over memory KiB of memory in threads lanes
// computed by as many goroutines. It returns the same key as Key of
// golang.org/x/crypto/argon2, but an error instead of a panic for bad
// parameters: time and threads must be at least 1 and keyLen at least 4.
// A memory below 8*threads KiB is raised to 8*threads KiB (see the package
// documentation). A memory or a key length of more than [DefaultMaxMemory]
// bytes (2 GiB) is an error; [Params] takes a higher limit.
//
// Argon2i needs more passes than Argon2id for the same resistance to
// time-memory trade-offs; RFC 9106 recommends Argon2id (see [IDKey]).
func Key(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) ([]byte, error) {
	p := Params{Time: time, Memory: memory, Threads: threads, KeyLen: keyLen}
	return p.Key(password, salt)
}

// Params are the parameters of Argon2 (RFC 9106, Section 3.1) besides the
// password and the salt, including the optional secret key and associated
// data, and the memory limit of a call. The zero value is not valid: Time,
// Threads and KeyLen must be set.
//
// For example, memory=4 GiB needs a limit above the default 2 GiB:
//
//	p := argon2.Params{Time: 1, Memory: 4 * 1024 * 1024, Threads: 4, KeyLen: 32, MaxMemory: 4 << 30}
//	key, err := p.IDKey(password, salt)
type Params struct {
	// Time is the number of passes over the memory, t; at least 1.
	Time uint32
	// Memory is the size of the memory in KiB, m. It is rounded down to a
	// multiple of 4*Threads and raised to at least 8*Threads.
	Memory uint32
	// Threads is the degree of parallelism, p: the number of lanes, each
	// computed by its own goroutine; at least 1.
	Threads uint8
	// KeyLen is the length of the derived key (the tag), T; at least 4.
	KeyLen uint32
	// Secret is the optional secret value K, a key kept apart from the
	// stored hashes (a "pepper"); nil or empty if unused.
	Secret []byte
	// AssociatedData is the optional associated data X; nil or empty if
	// unused.
	AssociatedData []byte
	// MaxMemory is the memory limit in bytes: neither the memory (1024
	// bytes times the number of blocks, after the rounding that Memory
	// describes) nor KeyLen may be larger. 0 stands for DefaultMaxMemory (2
	// GiB), and a negative value is an error. math.MaxInt64 turns the limit
	// off. MaxMemory is not an input of Argon2: it does not change the key.
	MaxMemory int64
}

// IDKey derives a key of p.KeyLen bytes from the password and the salt with
// Argon2id and the parameters p. With no secret and no associated data, it
// returns the same as [IDKey].
func (p Params) IDKey(password, salt []byte) ([]byte, error) {
	return p.derive(argon2id, password, salt)
}

// Key derives a key of p.KeyLen bytes from the password and the salt with
// Argon2i and the parameters p. With no secret and no associated data, it
// returns the same as [Key].
func (p Params) Key(password, salt []byte) ([]byte, error) {
	return p.derive(argon2i, password, salt)
}

func (p Params) derive(mode uint32, password, salt []byte) ([]byte, error) {
	blocks, err := p.check()
	if err != nil {
		return nil, err
	}
	if err := checkInputs(password, salt); err != nil {
		return nil, err
	}
	mem := getMemory(uint32(blocks))
	key := newInstance(&p, *mem).run(mode, password, salt)
	putMemory(mem)
	return key, nil
}

// check validates p and returns the number of blocks of memory it uses.
func (p *Params) check() (int, error) {
	blocks, err := checkParams(p, math.MaxInt)
	if err != nil {
		return 0, err
	}
	return int(blocks), nil
}

// checkParams validates p for a platform whose int holds at most maxInt, and
// returns the number of blocks of memory, m' of RFC 9106, Section 3.2.
func checkParams(p *Params, maxInt uint64) (uint32, error) {
	switch {
	case p.Time < 1:
		return 0, errTime
	case p.Threads < 1:
		return 0, errThreads
	case p.KeyLen < minKeyLen:
		return 0, errKeyLen
	case uint64(p.KeyLen) > maxInt:
		return 0, errKeyLarge
	case uint64(len(p.Secret)) > math.MaxUint32:
		return 0, errSecret
	case uint64(len(p.AssociatedData)) > math.MaxUint32:
		return 0, errData
	}
	blocks := memoryBlocks(p.Memory, p.Threads)
	if uint64(blocks)*1024 > maxInt {
		return 0, errMemory
	}
	limit := p.MaxMemory
	if limit < 0 {
		return 0, errLimit
	}
	if limit == 0 {
		limit = DefaultMaxMemory
	}
	// At most 2^42 bytes and 2^32-1: no overflow.
	if bytes := uint64(blocks) * 1024; bytes > uint64(limit) {
		return 0, fmt.Errorf("argon2: memory of %d KiB = %d bytes exceeds the memory limit of %d bytes (raise it with argon2.Params.MaxMemory)", blocks, bytes, limit)
	}
	if uint64(p.KeyLen) > uint64(limit) {
		return 0, fmt.Errorf("argon2: key length of %d bytes exceeds the memory limit of %d bytes (raise it with argon2.Params.MaxMemory)", p.KeyLen, limit)
	}
	return blocks, nil
}

// memoryBlocks returns the number of blocks for memory KiB in threads lanes:
// memory rounded down to a multiple of 4*threads (a whole number of segments
// in every lane) and at least 8*threads (two blocks per segment).
func memoryBlocks(memory uint32, threads uint8) uint32 {
	q := 4 * uint32(threads)
	return max(memory/q*q, 2*q)
}

// checkInputs checks that the password and the salt fit the 32-bit lengths
// that H0 encodes.
func checkInputs(password, salt []byte) error {
	if uint64(len(password)) > math.MaxUint32 {
		return errPassword
	}
	if uint64(len(salt)) > math.MaxUint32 {
		return errSalt
	}
	return nil
}

// A Hasher computes Argon2id or Argon2i with fixed parameters, reusing its
// memory from one call to the next: after [NewHasher], a call allocates
// about a kilobyte (the key it returns, two BLAKE2b states and, with several
// lanes, their goroutines) instead of the whole memory.
// A server can keep a few Hashers (one per concurrent hash it allows) and so
// bound the memory that password hashing takes.
//
// A Hasher may be used by one goroutine at a time; a call made while another
// is running on the same Hasher returns an error. Each call zeroes the
// memory before it returns, so that it keeps nothing derived from the
// password between calls.
type Hasher struct {
	busy atomic.Bool
	in   *instance
}

// NewHasher returns a Hasher for the parameters p, with its memory
// allocated, or an error if p is not valid or exceeds its memory limit
// (see [Params]). It copies p.Secret and p.AssociatedData.
func NewHasher(p Params) (*Hasher, error) {
	blocks, err := p.check()
	if err != nil {
		return nil, err
	}
	p.Secret = append([]byte(nil), p.Secret...)
	p.AssociatedData = append([]byte(nil), p.AssociatedData...)
	return &Hasher{in: newInstance(&p, make([]block, blocks))}, nil
}

// IDKey derives a key from the password and the salt with Argon2id and the
// Hasher's parameters, like [Params.IDKey], reusing the Hasher's memory.
func (h *Hasher) IDKey(password, salt []byte) ([]byte, error) {
	return h.derive(argon2id, password, salt)
}

// Key derives a key from the password and the salt with Argon2i and the
// Hasher's parameters, like [Params.Key], reusing the Hasher's memory.
func (h *Hasher) Key(password, salt []byte) ([]byte, error) {
	return h.derive(argon2i, password, salt)
}

func (h *Hasher) derive(mode uint32, password, salt []byte) ([]byte, error) {
	if err := checkInputs(password, salt); err != nil {
		return nil, err
	}
	if !h.busy.CompareAndSwap(false, true) {
		return nil, errBusy
	}
	defer h.busy.Store(false)
	return h.in.run(mode, password, salt), nil
}

// le32 appends v to b in little-endian order.
func le32(b []byte, v uint32) []byte {
	return binary.LittleEndian.AppendUint32(b, v)
}
