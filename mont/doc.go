// Package mont is the root of crypton's constant-time arithmetic module:
// natural numbers modulo an odd modulus in Montgomery form, for RSA and
// finite-field Diffie-Hellman, and the prime fields of the elliptic curves
// (GF(2^255-19), GF(2^448-2^224-1), the NIST P-256, P-384 and P-521 fields
// and their scalar fields) in sub-packages.
//
// Every operation on secret values runs in time independent of those
// values: no branch and no memory index depends on them. Functions that are
// deliberately variable-time, for public inputs only, say so in their names
// (VarTime).
//
// The packages are being written; see the module's README for what exists
// today.
package mont
