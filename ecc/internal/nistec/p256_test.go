package nistec

import (
	stdecdh "crypto/ecdh"
	"crypto/elliptic"

	"github.com/crypton-go/crypton/mont/p256"
)

func init() {
	suites = append(suites, newSuite[p256.Element, *p256.Element, p256Curve](stdecdh.P256(), elliptic.P256()))
}
