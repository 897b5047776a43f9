package argon2

import "sync"

// memories keeps, for each memory size in blocks, a sync.Pool of memories
// that calls of IDKey and Key have finished with. run leaves a memory
// zeroed, so a pooled memory holds nothing derived from a password; taking
// one spares the next call of the same size the page faults or the zeroing
// of a fresh allocation, which at 64 MiB cost about a third of the time of
// Argon2 itself. The garbage collector empties the pools (see sync.Pool),
// so a program that stops hashing passwords gives the memory back.
var memories sync.Map // uint32 (the number of blocks) → *sync.Pool of *[]block

// getMemory returns a zeroed memory of n blocks.
func getMemory(n uint32) *[]block {
	if p, ok := memories.Load(n); ok {
		if m, ok := p.(*sync.Pool).Get().(*[]block); ok {
			return m
		}
	}
	m := make([]block, n)
	return &m
}

// putMemory gives back a memory from getMemory, which run has zeroed.
func putMemory(m *[]block) {
	n := uint32(len(*m))
	p, ok := memories.Load(n)
	if !ok {
		p, _ = memories.LoadOrStore(n, new(sync.Pool))
	}
	p.(*sync.Pool).Put(m)
}
