// Package nistec implements the groups of points of the NIST prime curves
// P-256, P-384 and P-521 (FIPS 186-5, SP 800-186), y² = x³ − 3x + b over
// the fields of mont/p256, mont/p384 and mont/p521, for crypton's ecc/ecdh
// and ecc/ecdsa. Its API follows that of Go's crypto/internal/fips140/nistec.
//
// One implementation, generic over the field element type, serves the three
// curves; P256Point, P384Point and P521Point are its instances, and the
// documentation of their methods is on the generic type point. (Every field
// operation is then an indirect call through the instance's dictionary;
// measured on P-256, that costs nothing visible next to the field
// arithmetic itself.)
//
// Points are kept in projective coordinates and added with the complete
// formulas of Renes, Costello and Batina for a = −3 (ePrint 2015/1060,
// Algorithms 4, 5 and 6), which have no exceptional case. Inside the
// scalar multiplications the sums run in Jacobian coordinates, with the
// doubling dbl-2001-b (exception-free on curves of prime order) and the
// mixed addition madd-2007-bl wherever its exceptional cases are proven
// impossible or fixed by masked selects; the complete formulas take the
// windows where they are not. Every operation except the one named VarTime
// is constant time:
//
//   - ScalarMult reduces the scalar modulo n and uses signed 5-bit windows
//     over the 16 affine multiples of the point (one inversion), each
//     look-up a masked scan of the whole table;
//   - ScalarBaseMult uses signed 6-bit windows over a table of 32 affine
//     multiples of 2^(6i)·G for every window position i, computed on first
//     use, with no doubling at all: it is four to five times faster than
//     ScalarMult;
//   - ScalarBaseMultAddVarTime, for signature verification, interleaves
//     width-7 and width-5 NAFs with mixed additions that branch on their
//     exceptional cases, and runs in variable time.
//
// Encodings are those of SEC 1, Section 2.3: uncompressed 0x04‖X‖Y,
// compressed 0x02/0x03‖X, and the single byte 0x00 for the point at
// infinity. Scalars are big-endian byte strings of the curve's scalar size
// and may have any value.
package nistec
