package keycache

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"weak"
)

// object stands for a private key: large enough to stay out of the tiny
// allocator, whose blocks are freed together and would delay cleanups.
type object [64]byte

// derived stands for an expanded key: it records the contents it was made
// from, so that a caller can tell whether it still holds.
type derived struct {
	from object
}

// counter wraps a Cache with the valid and fill functions of a caller like
// ed25519's expand, and counts how often fill runs for each object (through
// weak pointers, so that counting does not keep an object alive).
type counter struct {
	c     Cache[object, derived]
	mu    sync.Mutex
	fills map[weak.Pointer[object]]int
}

func (k *counter) get(p *object) *derived {
	v, err := k.c.Get(p, func(v *derived) bool { return v.from == *p }, func() (*derived, error) {
		k.mu.Lock()
		if k.fills == nil {
			k.fills = make(map[weak.Pointer[object]]int)
		}
		k.fills[weak.Make(p)]++
		k.mu.Unlock()
		return &derived{from: *p}, nil
	})
	if err != nil {
		panic(err)
	}
	return v
}

func (k *counter) fillsOf(p *object) int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.fills[weak.Make(p)]
}

// entries counts the entries of c.
func (c *Cache[K, V]) entries() int {
	n := 0
	c.m.Range(func(any, any) bool { n++; return true })
	return n
}

func TestOncePerObject(t *testing.T) {
	var k counter
	a, b := &object{1}, &object{2}
	va := k.get(a)
	vb := k.get(b)
	for range 5 {
		if v := k.get(a); v != va {
			t.Fatal("a: another value on a later use")
		}
		if v := k.get(b); v != vb {
			t.Fatal("b: another value on a later use")
		}
	}
	if va.from != *a || vb.from != *b {
		t.Fatal("values mixed up")
	}
	if n, m := k.fillsOf(a), k.fillsOf(b); n != 1 || m != 1 {
		t.Fatalf("fill ran %d times for a and %d for b, want once each", n, m)
	}
	if n := k.c.entries(); n != 2 {
		t.Fatalf("%d entries, want 2", n)
	}
	runtime.KeepAlive(a)
	runtime.KeepAlive(b)
}

// An object that has the same contents as another at another address is
// another object.
func TestByAddress(t *testing.T) {
	var k counter
	a, b := &object{7}, &object{7}
	if k.get(a) == k.get(b) {
		t.Fatal("two objects share one value")
	}
	if n, m := k.fillsOf(a), k.fillsOf(b); n != 1 || m != 1 {
		t.Fatalf("fill ran %d and %d times, want once each", n, m)
	}
	runtime.KeepAlive(a)
	runtime.KeepAlive(b)
}

func TestInvalidRefills(t *testing.T) {
	var k counter
	a := &object{1}
	v1 := k.get(a)
	a[0] = 2 // the stored value no longer describes a
	v2 := k.get(a)
	if v2 == v1 || v2.from != *a {
		t.Fatal("stale value returned after the object changed")
	}
	if v := k.get(a); v != v2 {
		t.Fatal("refilled value not stored")
	}
	if n := k.fillsOf(a); n != 2 {
		t.Fatalf("fill ran %d times, want 2", n)
	}
	if n := k.c.entries(); n != 1 {
		t.Fatalf("%d entries, want 1", n)
	}
	runtime.KeepAlive(a)
}

func TestFillError(t *testing.T) {
	var c Cache[object, derived]
	a := &object{1}
	errBad := errors.New("bad")
	valid := func(*derived) bool { return true }
	v, err := c.Get(a, valid, func() (*derived, error) { return &derived{}, errBad })
	if v != nil || err != errBad {
		t.Fatalf("Get = %v, %v; want nil, %v", v, err, errBad)
	}
	if n := c.entries(); n != 0 {
		t.Fatalf("failed fill left %d entries", n)
	}
	good := &derived{from: *a}
	if v, err := c.Get(a, valid, func() (*derived, error) { return good, nil }); v != good || err != nil {
		t.Fatalf("Get after a failure = %v, %v", v, err)
	}
	if v, err := c.Get(a, valid, func() (*derived, error) { return nil, errBad }); v != good || err != nil {
		t.Fatal("fill ran although a valid value was stored")
	}
	runtime.KeepAlive(a)
}

// stored returns a cache holding the value v of one object a.
func stored(b byte) (c *Cache[object, derived], a *object, v *derived) {
	c, a = new(Cache[object, derived]), &object{b}
	v = &derived{from: *a}
	c.Put(a, v)
	return c, a, v
}

func TestPut(t *testing.T) {
	c, a, v := stored(3)
	c.Put(a, v) // a second Put for one object adds no entry
	got, err := c.Get(a, func(w *derived) bool { return w.from == *a }, func() (*derived, error) {
		t.Error("fill ran after Put")
		return nil, errors.New("unreachable")
	})
	if got != v || err != nil {
		t.Fatalf("Get after Put = %v, %v", got, err)
	}
	if n := c.entries(); n != 1 {
		t.Fatalf("%d entries, want 1", n)
	}
	runtime.KeepAlive(a)
}

// waitEntries collects garbage until c has want entries or ten seconds
// pass; cleanups run on their own goroutine after a collection.
func waitEntries[K, V any](t *testing.T, c *Cache[K, V], want int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for c.entries() != want {
		if time.Now().After(deadline) {
			t.Fatalf("%d entries after collection, want %d", c.entries(), want)
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}

//go:noinline
func useAndDrop(k *counter, n int) {
	for i := range n {
		p := &object{byte(i)}
		k.get(p)
		if i%2 == 0 {
			k.c.Put(p, &derived{from: *p}) // replacing adds no second cleanup
		}
	}
}

func TestCollectedObjectLeavesNoEntry(t *testing.T) {
	var k counter
	kept := &object{0xff}
	k.get(kept)
	useAndDrop(&k, 100)
	if n := k.c.entries(); n < 1 || n > 101 {
		t.Fatalf("%d entries before collection", n)
	}
	waitEntries(t, &k.c, 1)
	if v := k.get(kept); v.from != *kept || k.fillsOf(kept) != 1 {
		t.Fatal("the live object lost its entry")
	}
	runtime.KeepAlive(kept)
}

// global is outside the heap: its entry cannot be dropped, but it must
// work like any other.
var global object

func TestNonHeapObject(t *testing.T) {
	var k counter
	global[0] = 5
	v := k.get(&global)
	if k.get(&global) != v || k.fillsOf(&global) != 1 {
		t.Fatal("global object: fill ran more than once")
	}
	var stack object
	stack[0] = 6
	if k.get(&stack).from != stack {
		t.Fatal("stack object: wrong value")
	}
}

func TestConcurrent(t *testing.T) {
	var k counter
	const objects, goroutines, rounds = 16, 8, 200
	objs := make([]*object, objects)
	for i := range objs {
		objs[i] = &object{byte(i), 1}
	}
	var wrong atomic.Int32
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range rounds {
				p := objs[(g+r)%objects]
				if v := k.get(p); v.from[0] != p[0] || v.from[1] != 1 {
					wrong.Add(1)
				}
				// Short-lived objects churn the map and the cleanups.
				q := &object{byte(r), 2}
				if v := k.get(q); v.from != *q {
					wrong.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if n := wrong.Load(); n != 0 {
		t.Fatalf("%d wrong values", n)
	}
	for i, p := range objs {
		// Goroutines meeting an object for the first time together may
		// each fill it; after that no one does.
		if n := k.fillsOf(p); n < 1 || n > goroutines {
			t.Errorf("object %d: fill ran %d times", i, n)
		}
	}
	before := make([]int, objects)
	for i, p := range objs {
		before[i] = k.fillsOf(p)
		k.get(p)
	}
	for i, p := range objs {
		if k.fillsOf(p) != before[i] {
			t.Errorf("object %d: filled again once stored", i)
		}
	}
	waitEntries(t, &k.c, objects)
	runtime.KeepAlive(objs)
}

func TestAllocations(t *testing.T) {
	c, a, _ := stored(1)
	valid := func(w *derived) bool { return w.from == *a }
	fill := func() (*derived, error) { return nil, errors.New("unreachable") }
	if n := testing.AllocsPerRun(100, func() { c.Get(a, valid, fill) }); n != 0 {
		t.Errorf("Get of a stored value: %v allocations", n)
	}
	runtime.KeepAlive(a)
}

// BenchmarkGet measures a look-up that finds its value, which every
// signature with a known key pays.
func BenchmarkGet(b *testing.B) {
	c, a, _ := stored(1)
	valid := func(w *derived) bool { return w.from == *a }
	fill := func() (*derived, error) { return nil, errors.New("unreachable") }
	b.ReportAllocs()
	for b.Loop() {
		c.Get(a, valid, fill)
	}
	runtime.KeepAlive(a)
}
