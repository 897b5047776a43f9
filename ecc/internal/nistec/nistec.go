// Package nistec implements the groups of points of the NIST prime curves
// P-256, P-384 and P-521 (FIPS 186-5, SP 800-186), y² = x³ − 3x + b over
// the fields of mont/p256, mont/p384 and mont/p521, for crypton's ecc/ecdh
// and ecc/ecdsa. Its API follows that of Go's crypto/internal/fips140/nistec.
//
// One implementation, generic over the field element type, serves the three
// curves; P256Point, P384Point and P521Point are its instances, and the
// documentation of their methods is on the generic type point. Points are
// kept in projective coordinates and added with the complete formulas of
// Renes, Costello and Batina for a = −3 (ePrint 2015/1060, Algorithms 4, 5
// and 6), which have no exceptional case, so every operation except those
// named VarTime is constant time: scalar multiplication uses signed 5-bit
// windows and looks up its table of multiples by a masked scan of every
// entry; fixed-base multiplication uses a table of multiples of the
// generator for every window position, computed on first use, and no
// doubling. ScalarBaseMultAddVarTime, for signature verification, uses
// width-w NAFs and runs in variable time.
//
// Encodings are those of SEC 1, Section 2.3: uncompressed 0x04‖X‖Y,
// compressed 0x02/0x03‖X, and the single byte 0x00 for the point at
// infinity. Scalars are big-endian byte strings of the curve's scalar size
// and may have any value.
package nistec
