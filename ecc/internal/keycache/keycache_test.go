package keycache

import (
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// index stands for the public half of a key, derived stands for an
// expanded key: it records the key it was made from, so that a caller can
// tell whether it still holds.
type (
	index   [8]byte
	derived struct {
		from index
		seed byte
	}
)

// counter wraps a Cache with the valid and fill functions of a caller like
// ed25519's expand, and counts how often fill runs for each key.
type counter struct {
	c     Cache[index, derived]
	mu    sync.Mutex
	fills map[derived]int
}

// get returns the value for the key (k, seed), as ed25519's expand does
// for a key of public half k.
func (k *counter) get(i index, seed byte) derived {
	var v derived
	if k.c.Load(i, &v, func(v *derived) bool { return *v == derived{i, seed} }) {
		return v
	}
	k.mu.Lock()
	if k.fills == nil {
		k.fills = make(map[derived]int)
	}
	k.fills[derived{i, seed}]++
	k.mu.Unlock()
	v = derived{i, seed}
	k.c.Put(i, &v)
	return v
}

func (k *counter) fillsOf(i index, seed byte) int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.fills[derived{i, seed}]
}

// entries counts the entries of c by walking its map, and checks Len.
func (c *Cache[K, V]) entries(t *testing.T) int {
	t.Helper()
	n := 0
	c.m.Range(func(any, any) bool { n++; return true })
	if l := c.Len(); l != n {
		t.Errorf("Len() = %d, map holds %d", l, n)
	}
	return n
}

// entryOf returns the entry stored under k, or nil.
func (c *Cache[K, V]) entryOf(k K) *entry[V] {
	x, ok := c.m.Load(k)
	if !ok {
		return nil
	}
	return x.(*entry[V])
}

// wiped reports whether e was dropped: marked dead, its value zero.
func wiped(e *entry[derived]) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.dead && e.v == derived{}
}

func TestOncePerKey(t *testing.T) {
	var k counter
	a, b := index{1}, index{2}
	for range 5 {
		if v := k.get(a, 1); v != (derived{a, 1}) {
			t.Fatalf("a: got %v", v)
		}
		if v := k.get(b, 2); v != (derived{b, 2}) {
			t.Fatalf("b: got %v", v)
		}
	}
	if n, m := k.fillsOf(a, 1), k.fillsOf(b, 2); n != 1 || m != 1 {
		t.Fatalf("fill ran %d times for a and %d for b, want once each", n, m)
	}
	if n := k.c.entries(t); n != 2 {
		t.Fatalf("%d entries, want 2", n)
	}
}

// A key that another key's index finds but does not validate refills, and
// its value replaces the older one, which is wiped.
func TestInvalidRefills(t *testing.T) {
	var k counter
	a := index{1}
	k.get(a, 1)
	old := k.c.entryOf(a)
	if v := k.get(a, 2); v != (derived{a, 2}) {
		t.Fatalf("another key under the same index: got %v", v)
	}
	if !wiped(old) {
		t.Error("the replaced value was not wiped")
	}
	if v := k.get(a, 2); v != (derived{a, 2}) || k.fillsOf(a, 2) != 1 {
		t.Fatal("refilled value not stored")
	}
	if n := k.c.entries(t); n != 1 {
		t.Fatalf("%d entries, want 1", n)
	}
}

func TestLoadMiss(t *testing.T) {
	var c Cache[index, derived]
	a := index{1}
	v := derived{a, 9}
	if c.Load(a, &v, func(*derived) bool { return true }) || v != (derived{a, 9}) {
		t.Fatal("Load of an empty cache found a value or changed dst")
	}
	c.Put(a, &derived{a, 1})
	if c.Load(a, &v, func(*derived) bool { return false }) || v != (derived{a, 9}) {
		t.Fatal("Load returned a value that valid rejected, or changed dst")
	}
	if !c.Load(a, &v, func(*derived) bool { return true }) || v != (derived{a, 1}) {
		t.Fatal("Load did not return the stored value")
	}
}

func TestPut(t *testing.T) {
	var c Cache[index, derived]
	a := index{3}
	v := derived{a, 3}
	c.Put(a, &v)
	v.seed = 4 // Put stored a copy
	c.Put(a, &derived{a, 3})
	var got derived
	if !c.Load(a, &got, func(w *derived) bool { return *w == derived{a, 3} }) || got != (derived{a, 3}) {
		t.Fatalf("Load after Put = %v", got)
	}
	if n := c.entries(t); n != 1 {
		t.Fatalf("%d entries, want 1", n)
	}
	c.Clear()
	if n := c.entries(t); n != 0 {
		t.Fatalf("%d entries after Clear", n)
	}
}

// sweep runs a garbage collection and waits for the sweep that follows it,
// with the collector otherwise off (see noGC), so that the test decides
// when sweeps happen.
func sweep(t *testing.T, c *Cache[index, derived]) {
	t.Helper()
	before := c.sweeps.Load()
	runtime.GC()
	deadline := time.Now().Add(10 * time.Second)
	for c.sweeps.Load() == before {
		if time.Now().After(deadline) {
			t.Fatal("no sweep within 10 s of a garbage collection")
		}
		time.Sleep(time.Millisecond)
	}
}

// noGC turns the garbage collector's own cycles off for the rest of the
// test; runtime.GC still collects.
func noGC(t *testing.T) {
	old := debug.SetGCPercent(-1)
	t.Cleanup(func() { debug.SetGCPercent(old) })
}

// TestAgeing checks the lifetime of entries: an entry used between every
// two collections stays, one left unused for a whole cycle between two
// collections is dropped and wiped, and the sweeps stop once the cache is
// empty.
func TestAgeing(t *testing.T) {
	noGC(t)
	var k counter
	hot, cold := index{1}, index{2}
	k.get(hot, 1)
	k.get(cold, 2)
	coldEntry := k.c.entryOf(cold)
	sweep(t, &k.c) // both were used before it: both stay
	if n := k.c.entries(t); n != 2 {
		t.Fatalf("%d entries after the first sweep, want 2", n)
	}
	for range 3 {
		k.get(hot, 1)
		sweep(t, &k.c)
	}
	if k.c.entryOf(cold) != nil {
		t.Error("an unused entry is still there after three sweeps")
	}
	if !wiped(coldEntry) {
		t.Error("the dropped entry was not wiped")
	}
	if k.c.entryOf(hot) == nil || k.fillsOf(hot, 1) != 1 {
		t.Fatal("the entry in use was dropped")
	}
	if !k.c.armed.Load() {
		t.Error("no sweep scheduled while the cache holds an entry")
	}
	// Unused since the last sweep: dropped by the next one, after which
	// no more sweeps are scheduled.
	sweep(t, &k.c)
	if n := k.c.entries(t); n != 0 {
		t.Fatalf("%d entries, want 0", n)
	}
	if k.c.armed.Load() {
		t.Error("a sweep is still scheduled for an empty cache")
	}
	// A new entry arms the sweeps again.
	k.get(cold, 2)
	if !k.c.armed.Load() {
		t.Error("no sweep scheduled after an entry was added")
	}
	sweep(t, &k.c)
	sweep(t, &k.c)
	if n := k.c.entries(t); n != 0 {
		t.Fatalf("%d entries, want 0", n)
	}
}

func TestMaxEntries(t *testing.T) {
	var c Cache[int, derived]
	for i := range MaxEntries + 10 {
		c.Put(i, &derived{seed: 1})
	}
	if n := c.Len(); n != MaxEntries {
		t.Fatalf("%d entries, want %d", n, MaxEntries)
	}
	// A full cache still replaces an entry it holds.
	c.Put(0, &derived{seed: 2})
	var v derived
	if !c.Load(0, &v, func(*derived) bool { return true }) || v.seed != 2 {
		t.Error("a full cache did not replace an entry")
	}
	c.Put(-1, &derived{seed: 3})
	if c.Load(-1, &v, func(*derived) bool { return true }) || c.Len() != MaxEntries {
		t.Error("a full cache stored a new entry")
	}
	c.Clear()
	if n := c.Len(); n != 0 {
		t.Fatalf("%d entries after Clear", n)
	}
}

// TestConcurrent uses keys from several goroutines while entries are
// replaced, cleared and swept: no look-up may return a value that is not
// the one its key made (in particular, no wiped value, even to a valid
// function that accepts anything).
func TestConcurrent(t *testing.T) {
	var k counter
	const keys, goroutines, rounds = 16, 8, 3000
	var wrong atomic.Int32
	var wg sync.WaitGroup
	stop := make(chan struct{})
	var bg sync.WaitGroup
	bg.Add(1)
	go func() {
		defer bg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			runtime.GC()
			k.c.Clear()
			time.Sleep(100 * time.Microsecond)
		}
	}()
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range rounds {
				i := index{byte((g + r) % keys), 1}
				if v := k.get(i, 1); v != (derived{i, 1}) {
					wrong.Add(1)
				}
				// Two keys under one index replace each other.
				j := index{byte(r % keys), 2}
				if v := k.get(j, byte(g%2)); v != (derived{j, byte(g % 2)}) {
					wrong.Add(1)
				}
				// A caller that accepts any stored value never sees a
				// wiped one.
				var v derived
				if k.c.Load(i, &v, func(*derived) bool { return true }) && v != (derived{i, 1}) {
					wrong.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	bg.Wait()
	if n := wrong.Load(); n != 0 {
		t.Fatalf("%d wrong values", n)
	}
	if n, l := k.c.entries(t), k.c.Len(); n > 2*keys || l != n {
		t.Fatalf("%d entries (Len %d), want at most %d", n, l, 2*keys)
	}
}

func TestAllocations(t *testing.T) {
	var c Cache[index, derived]
	a := index{1}
	c.Put(a, &derived{a, 1})
	valid := func(w *derived) bool { return w.from == a }
	var v derived
	if n := testing.AllocsPerRun(100, func() { c.Load(a, &v, valid) }); n != 0 {
		t.Errorf("Load of a stored value: %v allocations", n)
	}
}

// BenchmarkLoad measures a look-up that finds its value, which every
// signature with a known key pays.
func BenchmarkLoad(b *testing.B) {
	var c Cache[[57]byte, [256]byte]
	a := [57]byte{1}
	c.Put(a, &[256]byte{1})
	valid := func(w *[256]byte) bool { return w[0] == 1 }
	var v [256]byte
	b.ReportAllocs()
	for b.Loop() {
		c.Load(a, &v, valid)
	}
}
