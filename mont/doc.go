// Package mont implements constant-time arithmetic on natural numbers
// modulo an odd modulus, in Montgomery form, for crypton's RSA and
// finite-field Diffie-Hellman. The prime fields of the elliptic curves live
// in sub-packages: gf25519 (GF(2^255-19)), gf448 (GF(2^448-2^224-1)), and
// p256, p384 and p521 (the base and scalar fields of the NIST curves).
//
// A [Modulus] holds an odd modulus and the constants of Montgomery
// multiplication; a [Nat] holds a number with a fixed number of 64-bit
// limbs, normally the modulus' (see [Nat.ExpandFor]). Operations set their
// receiver and return it, in the style of math/big:
//
//	m, _ := mont.NewModulus(p)
//	x, _ := mont.NewNat().SetBytes(a, m)
//	y, _ := mont.NewNat().SetBytes(b, m)
//	x.Mul(y, m) // x = a·b mod p
//
// Every operation on secret values runs in time independent of those
// values: no branch and no memory index depends on them; only lengths (the
// limb count of the modulus, the byte length of an exponent) are public.
// Functions that are deliberately variable-time, for public inputs only,
// say so in their names (VarTime).
//
// The Montgomery multiplication and squaring kernels are chosen once per
// process from the CPU's features, through crypton's cpufeat registry
// (package name "mont"): MULX/ADCX/ADOX assembly on amd64, with dedicated
// kernels for 1024-, 1536-, 2048-, 3072- and 4096-bit moduli, the ARM64
// kernel on arm64, and portable Go everywhere else. Exp's constant-time
// table scan is chosen independently (package name "mont/select"): AVX2 on
// amd64, portable Go elsewhere. On amd64 CPUs with AVX-512 IFMA, Exp,
// ExpPair and ExpShortVarTime run in radix 2⁵² instead, on IFMA kernels
// (package name "mont/ifma"), for moduli of 512 to 8192 bits. The
// CRYPTON_CPU environment variable can switch the assembly off
// (CRYPTON_CPU=generic, -adx, -avx2, -avx512, ...).
package mont
