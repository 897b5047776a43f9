//go:build !amd64 || !gc || purego

package p384

import "github.com/crypton-go/crypton/mont/internal/limbs"

// Only the portable Go code of mont/internal/limbs exists in this build: no
// implementation is registered with cpufeat. The kernels of the fields
// (limbs.Kernels) are the portable ones; see p384_amd64.go.

func fpMul(f *limbs.Field[[6]uint64], z, x, y *[6]uint64) { limbs.Mul6(f, z, x, y) }

func fpSquare(f *limbs.Field[[6]uint64], z, x *[6]uint64) { limbs.Square6(f, z, x) }

func fpSquareN(f *limbs.Field[[6]uint64], z, x *[6]uint64, k int) { limbs.SquareN6(f, z, x, k) }

func fnMul(f *limbs.Field[[6]uint64], z, x, y *[6]uint64) { limbs.Mul6(f, z, x, y) }

func fnSquare(f *limbs.Field[[6]uint64], z, x *[6]uint64) { limbs.Square6(f, z, x) }

func fnSquareN(f *limbs.Field[[6]uint64], z, x *[6]uint64, k int) { limbs.SquareN6(f, z, x, k) }

func invert(f *limbs.Field[[6]uint64], z, x *[6]uint64) { f.InvertCTGeneric(z, x) }
