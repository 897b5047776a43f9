// Package argon2 implements the Argon2 memory-hard function of RFC 9106,
// "Argon2 Memory-Hard Function for Password Hashing and Proof-of-Work
// Applications", in its variants Argon2id and Argon2i (version 0x13).
// Argon2d is not provided.
//
// [IDKey] and [Key] have the parameters of golang.org/x/crypto/argon2 and
// return the same bytes for the same inputs, so that a program switches by
// changing an import path and handling an error. [Params] adds the secret
// key K and the associated data X of RFC 9106, which x/crypto lacks, and a
// [Hasher] keeps its memory from one call to the next, so that a server that
// hashes many passwords does not allocate (and leave to the garbage
// collector) the whole memory of every call.
//
// If unsure, use Argon2id: RFC 9106, Section 4, recommends time=1,
// memory=2 GiB (2*1024*1024 KiB) and threads=4, or, with less memory, time=3,
// memory=64 MiB (64*1024 KiB) and threads=4. Use a random salt of 16 bytes.
//
// # Differences from x/crypto
//
//   - Bad parameters return an error instead of panicking: a time (number of
//     passes) or a number of threads of zero, a key length below 4 bytes (the
//     minimum tag length of RFC 9106, Section 3.1, which x/crypto does not
//     enforce), an input longer than 2^32-1 bytes, and a memory or key length
//     that cannot be addressed on the platform (on 32-bit systems).
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
// order of preference: "AVX2" (amd64 with AVX2, two permutations at once in
// YMM registers), and the portable Go code ("generic") that every other path
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
//
// Like x/crypto's, IDKey and Key leave their memory, which holds blocks
// derived from the password, to the garbage collector without clearing it;
// a [Hasher] overwrites its memory at the next call.
package argon2

import (
	"encoding/binary"
	"errors"
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
)

// minKeyLen is the shortest tag length RFC 9106, Section 3.1, allows.
const minKeyLen = 4

// IDKey derives a key of keyLen bytes from the password and the salt with
// Argon2id, making time passes over memory KiB of memory in threads lanes
// computed by as many goroutines. It returns the same key as IDKey of
// golang.org/x/crypto/argon2, but an error instead of a panic for bad
// parameters: time and threads must be at least 1 and keyLen at least 4.
// A memory below 8*threads KiB is raised to 8*threads KiB (see the package
// documentation).
//
// For example, the second recommendation of RFC 9106, Section 4, for a key of
// 32 bytes, is
//
//	key, err := argon2.IDKey(password, salt, 3, 64*1024, 4, 32)
//
// IDKey allocates memory KiB for each call; a [Hasher] reuses its memory.
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
// documentation).
//
// Argon2i needs more passes than Argon2id for the same resistance to
// time-memory trade-offs; RFC 9106 recommends Argon2id (see [IDKey]).
func Key(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) ([]byte, error) {
	p := Params{Time: time, Memory: memory, Threads: threads, KeyLen: keyLen}
	return p.Key(password, salt)
}

// Params are the parameters of Argon2 (RFC 9106, Section 3.1) besides the
// password and the salt, including the optional secret key and associated
// data. The zero value is not valid: Time, Threads and KeyLen must be set.
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
	in := newInstance(&p, make([]block, blocks))
	return in.run(mode, password, salt), nil
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
// is running on the same Hasher returns an error. The memory keeps blocks
// derived from the last password until the next call overwrites them.
type Hasher struct {
	busy atomic.Bool
	in   *instance
}

// NewHasher returns a Hasher for the parameters p, with its memory
// allocated. It copies p.Secret and p.AssociatedData.
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
