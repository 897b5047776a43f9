//go:build ctgrind

package edwards448

import (
	"bytes"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTScalarBaseMult is the constant-time case of the operations on
// secret scalars, run by tools/cmd/ctcheck under valgrind: clamping and
// reduction of a secret, the fixed-base and the variable-base
// multiplication, encoding the results (marked public only afterwards), and
// the scalar arithmetic of signing.
func TestCTScalarBaseMult(t *testing.T) {
	cputest.TestAllImplementations(t, "gf448", func(t *testing.T) {
		secret := bytes.Repeat([]byte{0xa5}, 114)
		ctgrind.Secret(secret)
		s, err := new(Scalar).SetBytesWithClamping(secret[:57])
		if err != nil {
			t.Fatal(err)
		}
		r, err := new(Scalar).SetUniformBytes(secret)
		if err != nil {
			t.Fatal(err)
		}
		var p, q Point
		p.ScalarBaseMult(s)
		q.ScalarMult(r, NewGeneratorPoint())
		enc := p.Bytes()
		mont := q.BytesMontgomery()
		k := new(Scalar).MultiplyAdd(s, r, r)
		kb := k.Bytes()
		ctgrind.Public(enc)
		ctgrind.Public(mont)
		ctgrind.Public(kb)
		if bytes.Equal(enc[:56], mont) || bytes.Equal(kb, enc) {
			t.Error("unexpected equality")
		}
	})
}
