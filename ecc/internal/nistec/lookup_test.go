package nistec

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
	"unsafe"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
	"github.com/crypton-go/crypton/internal/ctgrind"
	"github.com/crypton-go/crypton/mont/p256"
	"github.com/crypton-go/crypton/mont/p384"
	"github.com/crypton-go/crypton/mont/p521"
)

// TestLookupImplementations checks the curves' lookup (pointFuncs.lookup:
// the assembly scans of 8, 12 and 18 words where they are enabled), on
// every implementation of "nistec/lookup", and lookupGeneric on entries of
// other sizes, against a plain copy of the entry: tables of 0 to 33
// entries, every index from 0 (no entry: all zero) to one past the end,
// and random contents.
func TestLookupImplementations(t *testing.T) {
	cputest.TestAllImplementations(t, "nistec/lookup", func(t *testing.T) {
		testLookupSizes(t, p256Data.lookup)
		testLookupSizes(t, p384Data.lookup)
		testLookupSizes(t, p521Data.lookup)
		testLookupSizes(t, lookupGeneric[[2]uint64])
		testLookupSizes(t, lookupGeneric[[27]uint64])
	})
}

// lookupFunc is a table scan: a curve's pointFuncs.lookup, or
// lookupGeneric.
type lookupFunc[T any] func(out *T, table []T, idx int32)

// entryWords returns the memory of *e as 64-bit words.
func entryWords[T any](e *T) []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(e)), unsafe.Sizeof(*e)/8)
}

// entryBytes returns the memory of *e as bytes.
func entryBytes[T any](e *T) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(e)), unsafe.Sizeof(*e))
}

func testLookupSizes[T any](t *testing.T, lookup lookupFunc[T]) {
	r := newRand(t)
	var zero T
	words := len(entryWords(&zero))
	for n := 0; n <= 33; n++ {
		table := make([]T, n)
		for j := range table {
			for k := range entryWords(&table[j]) {
				entryWords(&table[j])[k] = r.Uint64()
			}
		}
		for idx := -1; idx <= n+1; idx++ {
			checkLookup(t, lookup, words, table, int32(idx), r)
		}
		// Indexes far out of range select nothing either.
		for _, idx := range []int32{-1 << 31, 1<<31 - 1, 1 << 16, 257} {
			checkLookup(t, lookup, words, table, idx, r)
		}
	}
}

// checkLookup runs lookup with idx on table, into an output of random
// contents, and compares it with entry idx−1 or zero.
func checkLookup[T any](t *testing.T, lookup lookupFunc[T], words int, table []T, idx int32, r *rand.Rand) {
	t.Helper()
	var out T
	for k := range entryWords(&out) {
		entryWords(&out)[k] = r.Uint64()
	}
	lookup(&out, table, idx)
	var want T
	if idx >= 1 && int(idx) <= len(table) {
		want = table[idx-1]
	}
	got, exp := entryWords(&out), entryWords(&want)
	for k := range got {
		if got[k] != exp[k] {
			t.Fatalf("%d words, %d entries, index %d: word %d = %#x, want %#x", words, len(table), idx, k, got[k], exp[k])
		}
	}
}

// TestLookupGuarded runs lookup on tables of the three affine point sizes
// that end right before, or start right after, an unmapped page, so that
// a scan reading past either end of the table faults.
func TestLookupGuarded(t *testing.T) {
	cputest.TestAllImplementations(t, "nistec/lookup", func(t *testing.T) {
		testLookupGuarded(t, p256Data.lookup)
		testLookupGuarded(t, p384Data.lookup)
		testLookupGuarded(t, p521Data.lookup)
	})
}

func testLookupGuarded[T any](t *testing.T, lookup lookupFunc[T]) {
	size := int(unsafe.Sizeof(*new(T)))
	for _, n := range []int{1, 3, 4, 5, multEntries, baseEntries} {
		end, start := cryptotest.GuardedBytes(t, n*size)
		for _, mem := range [][]byte{end, start} {
			table := unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(mem))), n)
			for idx := range n + 1 {
				var out T
				lookup(&out, table, int32(idx))
				var want T
				if idx > 0 {
					want = table[idx-1]
				}
				if !bytes.Equal(entryBytes(&out), entryBytes(&want)) {
					t.Fatalf("%d bytes, %d entries, index %d: wrong entry", size, n, idx)
				}
			}
		}
	}
}

// BenchmarkLookupImplementations measures the scan of one row of
// ScalarBaseMult's table (32 entries) and of ScalarMult's table (16) for
// each curve and implementation of "nistec/lookup".
func BenchmarkLookupImplementations(b *testing.B) {
	cputest.BenchmarkAllImplementations(b, "nistec/lookup", func(b *testing.B) {
		benchLookup(b, "P256", p256Data.lookup)
		benchLookup(b, "P384", p384Data.lookup)
		benchLookup(b, "P521", p521Data.lookup)
	})
}

func benchLookup[E any](b *testing.B, name string, lookup lookupFunc[affinePoint[E]]) {
	for _, n := range []int{multEntries, baseEntries} {
		table := make([]affinePoint[E], n)
		var out affinePoint[E]
		b.Run(name+"/"+strconv.Itoa(n), func(b *testing.B) {
			cryptotest.CPUTime(b)
			for i := 0; b.Loop(); i++ {
				lookup(&out, table, int32(i%(n+1)))
			}
		})
	}
}

// TestScalarMultProjective checks ScalarMult (whose table of multiples
// multTable builds in Jacobian coordinates from the projective q) on
// points q whose Z is not 1: results of ScalarBaseMult, and those scaled
// by λ = −1, 2, 3, ... (the same point with another Z), on every
// combination of the point arithmetic and the table scans.
func TestScalarMultProjective(t *testing.T) {
	cputest.TestAllCombinations(t, []string{"nistec", "nistec/lookup"}, func(t *testing.T) {
		for _, s := range suites {
			t.Run(s.name, func(t *testing.T) {
				switch s.name {
				case "P-256":
					testScalarMultProjective[p256.Element, *p256.Element, p256Curve](t, s)
				case "P-384":
					testScalarMultProjective[p384.Element, *p384.Element, p384Curve](t, s)
				case "P-521":
					testScalarMultProjective[p521.Element, *p521.Element, p521Curve](t, s)
				default:
					t.Fatalf("unknown curve %s", s.name)
				}
			})
		}
	})
}

func testScalarMultProjective[E any, PE fieldElement[E], C curveParams[E]](t *testing.T, s *suite) {
	r := newRand(t)
	n := s.ell.Params().N
	var lambda, one E
	PE(&one).One()
	for i := range iterations(8) {
		a, b := s.randScalar(r), s.randScalar(r)
		q := baseMult[E, PE, C](t, s.bytes(a))
		if i > 0 {
			// (λX : λY : λZ) with λ = −1 for i = 1, λ = i after that.
			PE(&lambda).Negate(&one)
			if i > 1 {
				PE(&lambda).Zero()
				for range i {
					PE(&lambda).Add(&lambda, &one)
				}
			}
			PE(&q.x).Mul(&q.x, &lambda)
			PE(&q.y).Mul(&q.y, &lambda)
			PE(&q.z).Mul(&q.z, &lambda)
		}
		want := s.stdPublic(t, new(big.Int).Mod(new(big.Int).Mul(a, b), n))
		if got := mult(t, q, s.bytes(b)).Bytes(); !bytes.Equal(got, want) {
			t.Fatalf("ScalarMult(%xG with Z = %x, %x) = %x, want %x", a, PE(&q.z).FillBytes(make([]byte, params[E, C]().elementSize)), b, got, want)
		}
	}
}

// TestCTLookup is a constant-time case for tools/cmd/ctcheck (outside
// valgrind, an ordinary test): the curves' lookup with a secret index, on
// every implementation of "nistec/lookup". The
// entry found is marked public before it is compared.
func TestCTLookup(t *testing.T) {
	cputest.TestAllImplementations(t, "nistec/lookup", func(t *testing.T) {
		ctLookup(t, p256Data.lookup)
		ctLookup(t, p384Data.lookup)
		ctLookup(t, p521Data.lookup)
	})
}

func ctLookup[T any](t *testing.T, lookup lookupFunc[T]) {
	r := newRand(t)
	table := make([]T, baseEntries)
	for j := range table {
		for k := range entryWords(&table[j]) {
			entryWords(&table[j])[k] = r.Uint64()
		}
	}
	for _, i := range []int32{0, 1, 7, baseEntries} {
		idx := i
		ctgrind.SecretValue(&idx)
		var out T
		lookup(&out, table, idx)
		ctgrind.PublicValue(&out)
		var want T
		if i > 0 {
			want = table[i-1]
		}
		got, exp := entryWords(&out), entryWords(&want)
		for k := range got {
			if got[k] != exp[k] {
				t.Fatalf("index %d: word %d = %#x, want %#x", i, k, got[k], exp[k])
			}
		}
	}
}
