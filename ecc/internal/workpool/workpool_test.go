package workpool

import (
	"sync"
	"testing"
)

type work struct {
	secret [64]byte
	n      int
}

// TestPutClears checks that a workspace comes back zeroed whether it is new
// or was used and put back.
func TestPutClears(t *testing.T) {
	var pool sync.Pool
	for i := range 100 {
		w := Get[work](&pool)
		if *w != (work{}) {
			t.Fatalf("round %d: Get returned a used workspace: %+v", i, *w)
		}
		for j := range w.secret {
			w.secret[j] = byte(i + j + 1)
		}
		w.n = i + 1
		Put(&pool, w)
		if *w != (work{}) {
			t.Fatalf("round %d: Put left %+v", i, *w)
		}
	}
}

// TestGetOtherType checks that a pool holding something else yields a new
// workspace rather than a panic.
func TestGetOtherType(t *testing.T) {
	var pool sync.Pool
	pool.Put(new(int))
	if w := Get[work](&pool); w == nil || *w != (work{}) {
		t.Fatalf("Get = %v", w)
	}
}
