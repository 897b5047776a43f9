//go:build gc && !purego

package limbs

//go:generate go run github.com/crypton-go/crypton/tools/asm/mont/nist -out mul_amd64.s

// haveAsm reports whether this build has assembly kernels.
const haveAsm = true

// The kernels of mul_amd64.s need BMI2 and ADX; the packages that call
// Field.SetAsm check for them. montMul9MULX needs m < 2^574 and x < 2^575.

//go:noescape
func montMul4MULX(z, x, y, m *[4]uint64, m0inv uint64)

//go:noescape
func montMul6MULX(z, x, y, m *[6]uint64, m0inv uint64)

//go:noescape
func montMul9MULX(z, x, y, m *[9]uint64, m0inv uint64)

//go:noescape
func p256MulMULX(z, x, y *[4]uint64)

//go:noescape
func p256SquareMULX(z, x *[4]uint64)

//go:noescape
func mul521MULX(z, x, y *[9]uint64)

func mulAsm[T Limbs](f *Field[T], z, x, y *T) {
	switch len(*z) {
	case 4:
		if f.p256 {
			p256MulMULX(as4(z), as4(x), as4(y))
			return
		}
		montMul4MULX(as4(z), as4(x), as4(y), as4(&f.m), f.m0inv)
	case 6:
		montMul6MULX(as6(z), as6(x), as6(y), as6(&f.m), f.m0inv)
	case 9:
		if f.mersenne {
			mul521MULX(as9(z), as9(x), as9(y))
			return
		}
		montMul9MULX(as9(z), as9(x), as9(y), as9(&f.m), f.m0inv)
	}
}

func squareAsm[T Limbs](f *Field[T], z, x *T) {
	if len(*z) == 4 && f.p256 {
		p256SquareMULX(as4(z), as4(x))
		return
	}
	mulAsm(f, z, x, x)
}
