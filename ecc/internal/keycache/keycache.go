// Package keycache keeps values derived from private keys, such as their
// expanded forms, for as long as the keys are in use.
//
// The signature packages of this module (ed25519, ed448) use it to check a
// private key's public half against its seed once per key rather than once
// per signature: the first use of a key derives its expanded form, checks
// it, and stores it here, under the key's public half; later uses find it
// again and validate it against the key's bytes.
//
// # Indexed by value, not by address
//
// A Cache is indexed by a comparable value that the caller chooses, which
// must not be secret (the public half of a key): the index decides which
// memory a look-up reads. It never refers to the caller's memory: it keeps
// no pointer into a key, weak or strong, and hands none to the runtime
// (weak.Make, runtime.AddCleanup), so keys may live anywhere: on the Go
// heap, in a global, on a stack, or in memory that the Go heap does not own
// (a buffer from mmap, locked with mlock; memory from C), where
// weak.Make would end the program. The cache stores a copy of each value,
// and [Cache.Load] copies a value out into the caller's variable: a caller
// never holds a reference to a stored value.
//
// Several keys may share an index (a key whose seed was altered keeps its
// public half), so a caller says, through the valid function given to
// [Cache.Load], whether a stored value describes the key at hand (by a
// constant-time comparison of a copy of the key kept in the value).
//
// # Lifetime and wiping
//
// An entry stays while its key is used: after each garbage collection, the
// entries that were not used since the collection before it are dropped,
// so an entry lasts until one or two collections after its last use (with
// the collector off, GOGC=off, entries are not dropped by age). A cache
// holds at most [MaxEntries] entries; when it is full, values for further
// indexes are not stored, and each use of such a key derives the value
// again. A value that is replaced or dropped is overwritten with the zero
// value of its type at once, under the entry's lock, so that no look-up
// reads it half wiped.
package keycache

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// MaxEntries is the most entries that a Cache holds.
const MaxEntries = 4096

// A Cache maps indexes of type K to values of type V. The zero Cache is
// empty and ready to use. A Cache is safe for concurrent use and must not
// be copied after first use.
type Cache[K comparable, V any] struct {
	m sync.Map     // K → *entry[V]
	n atomic.Int64 // entries in m
	// armed is set while a sweep is due after the next garbage
	// collection.
	armed atomic.Bool
	// sweeps counts the sweeps, for tests.
	sweeps atomic.Int64
}

// entry is one stored value.
type entry[V any] struct {
	mu   sync.Mutex
	v    V
	used bool // since the last sweep
	dead bool // dropped: v is wiped and must not be read
}

// drop wipes e and marks it dead, for the look-ups that found it before it
// left the map.
func (e *entry[V]) drop() {
	e.mu.Lock()
	var zero V
	e.v = zero
	e.dead = true
	e.mu.Unlock()
}

// Load sets *dst to the value stored under k and returns true if there is
// one and valid reports that it holds for the caller's key; otherwise it
// returns false and leaves *dst alone. valid runs with the entry locked and
// must not call into c.
//
// A caller that finds nothing derives the value and stores it with
// [Cache.Put]. For one key used by one goroutine at a time, that happens
// once until the stored value is dropped or stops being valid; goroutines
// that use a key for the first time at the same moment may each derive
// it, and the value stored last stays.
func (c *Cache[K, V]) Load(k K, dst *V, valid func(*V) bool) bool {
	x, ok := c.m.Load(k)
	if !ok {
		return false
	}
	e := x.(*entry[V])
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.dead || !valid(&e.v) {
		return false
	}
	e.used = true
	*dst = e.v
	return true
}

// Put stores a copy of *v under k, replacing (and wiping) any value stored
// under k before. If the cache is full and holds nothing under k, Put
// stores nothing.
func (c *Cache[K, V]) Put(k K, v *V) {
	if c.n.Load() >= MaxEntries {
		if _, ok := c.m.Load(k); !ok {
			return
		}
	}
	e := &entry[V]{v: *v, used: true}
	if old, loaded := c.m.Swap(k, e); loaded {
		old.(*entry[V]).drop()
	} else {
		c.n.Add(1)
	}
	if c.armed.CompareAndSwap(false, true) {
		c.arm()
	}
}

// Clear drops (and wipes) every entry.
func (c *Cache[K, V]) Clear() {
	c.m.Range(func(k, x any) bool {
		if c.m.CompareAndDelete(k, x) {
			c.n.Add(-1)
			x.(*entry[V]).drop()
		}
		return true
	})
}

// Len returns the number of entries.
func (c *Cache[K, V]) Len() int { return int(c.n.Load()) }

// sentinel is an object whose only purpose is to be collected: its cleanup
// sweeps a cache after the garbage collection that finds it unreachable.
// It holds pointers so that it is not batched with other objects by the
// tiny allocator, which would delay its collection.
type sentinel struct{ _ [2]*byte }

// arm schedules a sweep of c after the next garbage collection.
func (c *Cache[K, V]) arm() {
	runtime.AddCleanup(new(sentinel), (*Cache[K, V]).sweep, c)
}

// sweep drops the entries that were not used since the last sweep, clears
// the used marks of the others, and schedules the next sweep if entries
// remain. It runs on the runtime's cleanup goroutine, once per garbage
// collection while the cache is not empty.
func (c *Cache[K, V]) sweep() {
	// Disarm before looking at the entries: a Put that adds an entry
	// after this point either sees armed false and arms, or added its
	// entry before the count below is read.
	c.armed.Store(false)
	c.m.Range(func(k, x any) bool {
		e := x.(*entry[V])
		e.mu.Lock()
		idle := !e.used
		e.used = false
		e.mu.Unlock()
		// A look-up between the unlock and the delete still copied a
		// whole value; the next one refills.
		if idle && c.m.CompareAndDelete(k, x) {
			c.n.Add(-1)
			e.drop()
		}
		return true
	})
	if c.n.Load() > 0 && c.armed.CompareAndSwap(false, true) {
		c.arm()
	}
	// Counted last, so that a test that has seen the count grow knows the
	// next sweep is already scheduled: its next runtime.GC collects the
	// new sentinel.
	c.sweeps.Add(1)
}
