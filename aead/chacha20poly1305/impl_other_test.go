package chacha20poly1305

import "github.com/crypton-go/crypton/cpufeat/cputest"

// wantImplementations states, independently of the package's own conditions,
// which implementations a CPU with these features must have. The package
// has no accelerated implementation yet, in any build, so this file has no
// build constraint; when the amd64 assembly lands, impl_amd64_test.go comes
// with it (//go:build gc && !purego, stating its features) and this file
// takes the opposite constraint.
var wantImplementations = cputest.Requirements{}
