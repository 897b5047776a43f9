package nistec

import (
	"reflect"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/cryptotest"
	"github.com/crypton-go/crypton/mont/p256"
)

func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, "nistec", wantImplementations)
	cputest.CheckImplementations(t, "nistec/lookup", wantLookupImplementations)
}

// BenchmarkImplementations measures the P-256 scalar multiplications on
// every implementation of the point arithmetic, "nistec" (the assembly of
// p256_amd64.s and the generic code, both over mont/p256's default field
// arithmetic, with the default table scan).
func BenchmarkImplementations(b *testing.B) {
	k := benchScalar(p256.ScalarSize)
	q := NewP256Point().Double(NewP256Generator())
	p := NewP256Point()
	cputest.BenchmarkAllImplementations(b, "nistec", func(b *testing.B) {
		p.ScalarBaseMult(k)
		p.ScalarBaseMultAddVarTime(k, q, k)
		b.Run("ScalarMult", func(b *testing.B) {
			cryptotest.CPUTime(b)
			for b.Loop() {
				p.ScalarMult(q, k)
			}
		})
		b.Run("ScalarBaseMult", func(b *testing.B) {
			cryptotest.CPUTime(b)
			for b.Loop() {
				p.ScalarBaseMult(k)
			}
		})
		b.Run("ScalarBaseMultAddVarTime", func(b *testing.B) {
			cryptotest.CPUTime(b)
			for b.Loop() {
				p.ScalarBaseMultAddVarTime(k, q, k)
			}
		})
	})
}

// TestPointFuncs checks that every curve has every one of its pointFuncs
// (a dispatching function or a generic one), in every build.
func TestPointFuncs(t *testing.T) {
	for _, c := range []struct {
		name  string
		funcs any
	}{
		{p256Data.name, p256Data.pointFuncs},
		{p384Data.name, p384Data.pointFuncs},
		{p521Data.name, p521Data.pointFuncs},
	} {
		v := reflect.ValueOf(c.funcs)
		if v.NumField() == 0 {
			t.Fatalf("%s: pointFuncs has no fields", c.name)
		}
		for i := range v.NumField() {
			if v.Field(i).IsNil() {
				t.Errorf("%s: pointFuncs.%s is nil", c.name, v.Type().Field(i).Name)
			}
		}
	}
}
