// Package stitch lets a generator interleave two streams of instructions,
// such as the vector code of a stream cipher and the scalar code of a MAC
// that run on different execution units: each stream is first recorded
// as a list of functions, one instruction each, and Merge emits them
// spread evenly among each other.
package stitch

// Ops is a list of instructions not yet emitted. A nil *Ops emits at once:
// code written against an *Ops serves both the stitched kernel, which
// records, and a kernel of its own, which passes nil.
type Ops []func()

// Add records f, or runs it at once if o is nil.
func (o *Ops) Add(f func()) {
	if o == nil {
		f()
		return
	}
	*o = append(*o, f)
}

// Merge emits the instructions of a with those of b spread evenly among
// them: after instruction i of a, as many of b as make (i+1)/len(a) of it.
// Neither list may read what the other changes at a point where the
// interleaving would matter (flags included): that is the caller's
// guarantee.
func Merge(a, b Ops) {
	j := 0
	for i, f := range a {
		f()
		for want := (i + 1) * len(b) / len(a); j < want; j++ {
			b[j]()
		}
	}
	for ; j < len(b); j++ {
		b[j]()
	}
}
