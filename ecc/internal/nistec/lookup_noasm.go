//go:build (!amd64 && !arm64) || !gc || purego

package nistec

import (
	"github.com/crypton-go/crypton/mont/p256"
	"github.com/crypton-go/crypton/mont/p384"
	"github.com/crypton-go/crypton/mont/p521"
)

// The curves' pointFuncs.lookup are lookupGeneric: there is no assembly
// scan in this build.

func p256Lookup(out *affinePoint[p256.Element], table []affinePoint[p256.Element], idx int32) {
	lookupGeneric(out, table, idx)
}

func p384Lookup(out *affinePoint[p384.Element], table []affinePoint[p384.Element], idx int32) {
	lookupGeneric(out, table, idx)
}

func p521Lookup(out *affinePoint[p521.Element], table []affinePoint[p521.Element], idx int32) {
	lookupGeneric(out, table, idx)
}
