//go:build ctgrind

package nistec

import (
	"bytes"
	"testing"

	"github.com/crypton-go/crypton/internal/ctgrind"
	"github.com/crypton-go/crypton/mont/p256"
	"github.com/crypton-go/crypton/mont/p384"
	"github.com/crypton-go/crypton/mont/p521"
)

// TestCTScalarMult is the constant-time case of the secret-scalar
// operations, run by tools/cmd/ctcheck under valgrind: the scalars of
// ScalarBaseMult and ScalarMult, and the point that ScalarMult multiplies
// (a product of the secret), are secret; the encoded results are marked
// public before they are compared.
func TestCTScalarMult(t *testing.T) {
	t.Run("P-256", ctScalarMult[p256.Element, *p256.Element, p256Curve])
	t.Run("P-384", ctScalarMult[p384.Element, *p384.Element, p384Curve])
	t.Run("P-521", ctScalarMult[p521.Element, *p521.Element, p521Curve])
}

func ctScalarMult[E any, PE fieldElement[E], C curveParams[E]](t *testing.T) {
	size := params[E, C]().scalarSize
	a := bytes.Repeat([]byte{0x3d}, size)
	b := bytes.Repeat([]byte{0x8e}, size)
	a[0], b[0] = 0x01, 0x01
	ctgrind.Secret(a)
	ctgrind.Secret(b)
	pa, err := newPoint[E, PE, C]().ScalarBaseMult(a)
	if err != nil {
		t.Fatal(err)
	}
	pb, err := newPoint[E, PE, C]().ScalarBaseMult(b)
	if err != nil {
		t.Fatal(err)
	}
	ab, err := newPoint[E, PE, C]().ScalarMult(pb, a)
	if err != nil {
		t.Fatal(err)
	}
	ba, err := newPoint[E, PE, C]().ScalarMult(pa, b)
	if err != nil {
		t.Fatal(err)
	}
	x1, x2 := ab.Bytes(), ba.Bytes()
	ctgrind.Public(x1)
	ctgrind.Public(x2)
	if !bytes.Equal(x1, x2) {
		t.Error("a·(b·G) != b·(a·G)")
	}
}
