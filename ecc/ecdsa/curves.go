package ecdsa

import (
	"crypto/elliptic"

	"github.com/crypton-go/crypton/ecc/internal/nistec"
	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/hash/sha512"
	"github.com/crypton-go/crypton/mont/p256"
	"github.com/crypton-go/crypton/mont/p384"
	"github.com/crypton-go/crypton/mont/p521"
)

var (
	curveP256 Curve = &nistCurve[p256.Scalar, nistec.P256Point, nistec.VarTimeTable[p256.Element],
		*p256.Scalar, *nistec.P256Point]{
		name: "P-256", size: p256.ScalarSize, orderBits: p256.OrderBits,
		newPoint: nistec.NewP256Point, std: elliptic.P256, hedgeHash: sha256.New,
	}
	curveP384 Curve = &nistCurve[p384.Scalar, nistec.P384Point, nistec.VarTimeTable[p384.Element],
		*p384.Scalar, *nistec.P384Point]{
		name: "P-384", size: p384.ScalarSize, orderBits: p384.OrderBits,
		newPoint: nistec.NewP384Point, std: elliptic.P384, hedgeHash: sha512.New,
	}
	curveP521 Curve = &nistCurve[p521.Scalar, nistec.P521Point, nistec.VarTimeTable[p521.Element],
		*p521.Scalar, *nistec.P521Point]{
		name: "P-521", size: p521.ScalarSize, orderBits: p521.OrderBits,
		newPoint: nistec.NewP521Point, std: elliptic.P521, hedgeHash: sha512.New,
	}
)
