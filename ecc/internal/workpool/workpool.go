// Package workpool keeps the workspaces of ecc's scalar multiplications and
// ECDSA operations between calls. They are kilobytes that escape to the
// heap (generic code reaches them through pointers): allocating one per
// call cost more than a pool, with the garbage collector's work on top.
// Every workspace is cleared before it goes back, so none keeps a secret
// and Get always returns a zeroed one.
package workpool

import "sync"

// Get returns a zeroed *W from pool, or a new one.
func Get[W any](pool *sync.Pool) *W {
	if w, ok := pool.Get().(*W); ok {
		return w
	}
	return new(W)
}

// Put clears *w and returns it to pool. w must not be used afterwards.
func Put[W any](pool *sync.Pool, w *W) {
	var zero W
	*w = zero
	pool.Put(w)
}
