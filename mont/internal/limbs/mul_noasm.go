//go:build !amd64 || !gc || purego

package limbs

// haveAsm reports whether this build has assembly kernels: not this one.
// The stubs below are never called; they let the code that chooses a
// kernel compile unchanged.
const haveAsm = false

func montMul4MULX(z, x, y, m *[4]uint64, m0inv uint64)        { panic("limbs: no assembly") }
func montMul6MULX(z, x, y, m *[6]uint64, m0inv uint64)        { panic("limbs: no assembly") }
func montMul9MULX(z, x, y, m *[9]uint64, m0inv uint64)        { panic("limbs: no assembly") }
func p256MulMULX(z, x, y *[4]uint64)                          { panic("limbs: no assembly") }
func p256SquareMULX(z, x *[4]uint64)                          { panic("limbs: no assembly") }
func mul521MULX(z, x, y *[9]uint64)                           { panic("limbs: no assembly") }
func sqr521MULX(z, x *[9]uint64)                              { panic("limbs: no assembly") }
func montSqr4MULX(z, x, m *[4]uint64, m0inv uint64)           { panic("limbs: no assembly") }
func montSqr6MULX(z, x, m *[6]uint64, m0inv uint64)           { panic("limbs: no assembly") }
func montSqr9MULX(z, x, m *[9]uint64, m0inv uint64)           { panic("limbs: no assembly") }
func p256SquareRepMULX(z, x *[4]uint64, k int)                { panic("limbs: no assembly") }
func montSqr4RepMULX(z, x, m *[4]uint64, m0inv uint64, k int) { panic("limbs: no assembly") }
func montSqr6RepMULX(z, x, m *[6]uint64, m0inv uint64, k int) { panic("limbs: no assembly") }
func montSqr9RepMULX(z, x, m *[9]uint64, m0inv uint64, k int) { panic("limbs: no assembly") }
func sqr521RepMULX(z, x *[9]uint64, k int)                    { panic("limbs: no assembly") }
