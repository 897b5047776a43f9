// Package cryptotest holds conformance suites that crypton's tests run over
// every implementation of a standard interface, checks of the block
// functions of hashes, and a helper that fetches test data published as Go
// modules.
//
// [TestHash] checks any [hash.Hash] (and, where implemented, [hash.Cloner],
// [encoding.BinaryMarshaler], [encoding.BinaryUnmarshaler] and
// [encoding.BinaryAppender]); [TestAEAD] checks any [crypto/cipher.AEAD].
// Both only use the interfaces, so they apply equally to crypton's types,
// the standard library's and x/crypto's, and to each accelerated path of one
// algorithm. [TestBlockFunc] compares a block function of a hash (typically
// assembly) directly with its reference, and [TestBlockFuncGuarded] does so
// on inputs next to unreadable pages from [GuardedBytes], which catches
// reads outside the input. [FetchModule] downloads a module into the module
// cache, for vector suites such as Wycheproof.
//
// The package is for tests only: it imports package testing and is
// imported only from _test.go files.
package cryptotest
