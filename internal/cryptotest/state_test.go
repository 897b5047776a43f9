package cryptotest

import (
	"reflect"
	"testing"
)

func TestUnexportedField(t *testing.T) {
	type inner struct{ X, y uint32 }
	type exported struct {
		H [8]uint32
		N uint64
	}
	type nested struct {
		A [2]inner
	}
	type hidden struct {
		h [8]uint32
	}
	for _, tc := range []struct {
		v    any
		want string
	}{
		{[4]uint64{}, ""},
		{exported{}, ""},
		{hidden{}, "cryptotest.hidden.h"},
		{nested{}, "cryptotest.inner.y"},
		{uint32(0), ""},
	} {
		if got := unexportedField(reflect.TypeOf(tc.v)); got != tc.want {
			t.Errorf("unexportedField(%T) = %q, want %q", tc.v, got, tc.want)
		}
	}
}
