// Package keycache remembers a value derived from an object for as long as
// the object lives, keyed by the object's address.
//
// The signature packages of this module (ed25519, ed448) use it to check a
// private key's public half against its seed once per key rather than once
// per signature: the first use of a key derives its expanded form, checks
// it, and stores it here; later uses find it again by the address of the
// key's backing array.
//
// A Cache holds its objects through weak pointers, so it never keeps an
// object alive, and it drops an object's entry after the garbage collector
// has reclaimed the object. An object that is not on the heap (a global
// array, say) may keep its entry for the life of the program.
//
// An entry is found by address alone: an object whose contents change keeps
// its entry, so a caller must say, through the valid function given to
// [Cache.Get], whether a stored value still describes the object.
package keycache

import (
	"runtime"
	"sync"
	"weak"
)

// A Cache maps live objects of type K, by their address, to values of type
// V derived from them. The zero Cache is empty and ready to use. A Cache is
// safe for concurrent use and must not be copied after first use.
type Cache[K, V any] struct {
	m sync.Map // weak.Pointer[K] → *V
}

// Get returns the value stored for p if there is one and valid reports that
// it still holds for p. Otherwise it calls fill, stores the value that fill
// returns for p, replacing any older one, and returns it; if fill returns an
// error, Get stores nothing and returns that error with a nil value.
//
// For one object used by one goroutine at a time, fill runs once until the
// stored value stops being valid. Goroutines that use one object for the
// first time at the same moment may each run fill; the value stored last
// stays.
func (c *Cache[K, V]) Get(p *K, valid func(*V) bool, fill func() (*V, error)) (*V, error) {
	if v, ok := c.m.Load(weak.Make(p)); ok {
		if v := v.(*V); valid(v) {
			return v, nil
		}
	}
	v, err := fill()
	if err != nil {
		return nil, err
	}
	c.Put(p, v)
	return v, nil
}

// Put stores v for p, replacing any value stored for p before. The entry
// is dropped after p's object has been garbage collected.
func (c *Cache[K, V]) Put(p *K, v *V) {
	wp := weak.Make(p)
	if _, present := c.m.Swap(wp, v); !present {
		runtime.AddCleanup(p, c.evict, wp)
	}
}

func (c *Cache[K, V]) evict(wp weak.Pointer[K]) { c.m.Delete(wp) }
