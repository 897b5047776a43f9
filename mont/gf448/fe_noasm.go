//go:build (!amd64 && !arm64) || !gc || purego

package gf448

func feMul(v, x, y *Element) { feMulGeneric(v, x, y) }

func feSquare(v, x *Element) { feSquareGeneric(v, x) }

func feSquareN(v, x *Element, n int) { feSquareNGeneric(v, x, n) }

func ladder(x2, z2 *Element, scalar *[56]byte, x1 *Element) {
	ladderGeneric(x2, z2, scalar, x1)
}
