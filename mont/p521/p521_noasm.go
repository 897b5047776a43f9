//go:build !amd64 || !gc || purego

package p521

import "github.com/crypton-go/crypton/mont/internal/limbs"

// Only the portable Go code of mont/internal/limbs exists in this build: no
// implementation is registered with cpufeat. The kernels of the fields
// (limbs.Kernels) are the portable ones; see p521_amd64.go.

func fpMul(f *limbs.Field[[9]uint64], z, x, y *[9]uint64) { limbs.Mul521(f, z, x, y) }

func fpSquare(f *limbs.Field[[9]uint64], z, x *[9]uint64) { limbs.Square521(f, z, x) }

func fpSquareN(f *limbs.Field[[9]uint64], z, x *[9]uint64, k int) { limbs.SquareN521(f, z, x, k) }

func fnMul(f *limbs.Field[[9]uint64], z, x, y *[9]uint64) { limbs.Mul9(f, z, x, y) }

func fnSquare(f *limbs.Field[[9]uint64], z, x *[9]uint64) { limbs.Square9(f, z, x) }

func fnSquareN(f *limbs.Field[[9]uint64], z, x *[9]uint64, k int) { limbs.SquareN9(f, z, x, k) }

func invert(f *limbs.Field[[9]uint64], z, x *[9]uint64) { f.InvertCTGeneric(z, x) }
