//go:build ctgrind && gc && !purego

package chacha20poly1305

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTPolyMULXKernels is the constant-time case of the scalar Poly1305
// kernels of the AVX-512 paths, which valgrind can run (the AVX-512 code
// around them it cannot): polyPowersMULX, polyPaddedMULX, polyStepsMULX
// and polyFinishMULX, with the key, the additional data and the message
// secret, on the lengths that take each branch of polyPaddedMULX and a
// message of whole steps and a tail. Only the tag is declassified.
func TestCTPolyMULXKernels(t *testing.T) {
	if !cpufeat.HasBMI2 {
		t.Skip("the CPU lacks BMI2, which the kernels need")
	}
	for _, adLen := range []int{0, 5, 13, 16, 40} {
		var key [32]byte
		for i := range key {
			key[i] = byte(7*i + adLen)
		}
		msg := make([]byte, 3*256+40)
		for i := range msg {
			msg[i] = byte(i * 13)
		}
		ad := make([]byte, adLen)
		for i := range ad {
			ad[i] = byte(i + 1)
		}
		ctgrind.Secret(key[:])
		ctgrind.Secret(msg)
		ctgrind.Secret(ad)

		var p polyState
		p.setKey(&key)
		var pw polyPowers
		polyPowersMULX(&p, &pw)
		polyPaddedMULX(&p, ad)
		n := len(msg) &^ 255
		polyStepsMULX(&p, &pw, msg[:n])
		var tag [16]byte
		polyFinishMULX(&p, nil, msg[n:], len(ad), len(msg), &tag)
		ctgrind.Public(tag[:])

		var q polyState
		q.setKey(&key)
		var want [16]byte
		polyFinishMULX(&q, ad, msg, len(ad), len(msg), &want)
		ctgrind.Public(want[:])
		if tag != want {
			t.Errorf("%d bytes of additional data: the steps give %x, the one-block code %x", adLen, tag, want)
		}
	}
}
