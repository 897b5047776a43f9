package nistec

import (
	stdecdh "crypto/ecdh"
	"crypto/elliptic"

	"github.com/crypton-go/crypton/mont/p384"
)

func init() {
	suites = append(suites, newSuite[p384.Element, *p384.Element, p384Curve](stdecdh.P384(), elliptic.P384()))
}
