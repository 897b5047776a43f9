// Package internal is the root of crypton's test support module,
// github.com/crypton-go/crypton/internal. Nothing in it is part of crypton's
// API. Only _test.go files of the other crypton modules import it, and
// files built only with the ctgrind tag (declassify_ctgrind.go), which tell
// the constant-time check which values a protocol reveals; no ordinary
// build of a crypton library imports it.
//
// The module holds:
//
//   - [github.com/crypton-go/crypton/internal/cryptotest]: conformance suites
//     for any hash.Hash and cipher.AEAD, and FetchModule, which downloads a
//     Go module (such as a test vector collection) into the module cache;
//   - [github.com/crypton-go/crypton/internal/wycheproof]: typed loaders for
//     the Wycheproof test vectors of the github.com/C2SP/wycheproof module;
//   - [github.com/crypton-go/crypton/internal/fieldtest]: checks a
//     prime-field element type against math/big through its exported
//     methods (mont's NIST fields and scalars);
//   - [github.com/crypton-go/crypton/internal/ctgrind]: marks secrets for
//     valgrind's memcheck in the constant-time cases that tools/cmd/ctcheck
//     runs.
//
// The module depends on the standard library only.
package internal
