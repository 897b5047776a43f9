//go:build ctgrind

package mldsa

// declassifyHook, when set, is called with values that are derived from
// secrets but public by design: the seed ρ and the encoding of a public
// key, the rejection decisions of ExpandS and of the signing loop, the
// challenge c̃ of each signing attempt, the signature, and whether an
// expanded private key is valid. The constant-time check (ct_test.go) sets
// it to mark them public, so that the code that branches on them, such as
// the rejection sampling of Â from ρ, is not reported.
var declassifyHook func([]byte)

func declassify(b []byte) {
	if declassifyHook != nil {
		declassifyHook(b)
	}
}
