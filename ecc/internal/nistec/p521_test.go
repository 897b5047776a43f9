package nistec

import (
	stdecdh "crypto/ecdh"
	"crypto/elliptic"

	"github.com/crypton-go/crypton/mont/p521"
)

func init() {
	suites = append(suites, newSuite[p521.Element, *p521.Element, p521Curve](stdecdh.P521(), elliptic.P521()))
}
