//go:build !amd64 || !gc || purego

package argon2

// g computes the compression function G with the portable Go code; see
// gGeneric for the contract.
func g(out, x, y *block, xor bool) {
	gGeneric(out, x, y, xor)
}

// splitG reports whether segment computes G in parts: never without
// assembly, so the functions below are never called.
func splitG() bool { return false }

func gRows(q, out, x, y *block)                   { panic("argon2: internal error: no split G") }
func gColumnsFirst(out, x, y, q *block, xor bool) { panic("argon2: internal error: no split G") }
func gColumnsRest(out, x, y, q *block, xor bool)  { panic("argon2: internal error: no split G") }
func prefetch(b *block)                           {}
