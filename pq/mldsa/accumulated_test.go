package mldsa_test

import (
	"encoding/hex"
	"testing"

	"github.com/crypton-go/crypton/hash/sha3"
	"github.com/crypton-go/crypton/pq/mldsa"
)

// TestAccumulated runs the accumulated ML-DSA tests of C2SP's CCTV
// (c2sp.org/CCTV/ML-DSA), whose module the Go proxy does not serve: for
// each iteration, a 32-byte seed read from one SHAKE128 stream of the empty
// input gives a key; its public key and its deterministic signature of the
// empty message with the empty context are absorbed into a second
// SHAKE128, whose first 32 bytes of output must be CCTV's published value
// for 10,000 iterations (100 with -short). The signature must verify and
// the public key must parse back to itself.
func TestAccumulated(t *testing.T) {
	for _, tc := range []struct {
		p           *mldsa.Parameters
		short, full string
	}{
		{mldsa.MLDSA44(), "d51148e1f9f4fa1a723a6cf42e25f2a99eb5c1b378b3d2dbbd561b1203beeae4", "e7fd21f6a59bcba60d65adc44404bb29a7c00e5d8d3ec06a732c00a306a7d143"},
		{mldsa.MLDSA65(), "8358a1843220194417cadbc2651295cd8fc65125b5a5c1a239a16dc8b57ca199", "5ff5e196f0b830c3b10a9eb5358e7c98a3a20136cb677f3ae3b90175c3ace329"},
		{mldsa.MLDSA87(), "8c3ad714777622b8f21ce31bb35f71394f23bc0fcf3c78ace5d608990f3b061b", "80a8cf39317f7d0be0e24972c51ac152bd2a3e09bc0c32ce29dd82c4e7385e60"},
	} {
		t.Run(tc.p.String(), func(t *testing.T) {
			t.Parallel()
			n, want := 10000, tc.full
			if testing.Short() {
				n, want = 100, tc.short
			}
			in, out := sha3.NewSHAKE128(), sha3.NewSHAKE128()
			seed := make([]byte, mldsa.PrivateKeySize)
			for i := range n {
				in.Read(seed)
				sk, err := mldsa.NewPrivateKey(tc.p, seed)
				if err != nil {
					t.Fatal(err)
				}
				pkb := sk.PublicKey().Bytes()
				out.Write(pkb)
				sig, err := sk.SignDeterministic(nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				out.Write(sig)
				pk, err := mldsa.NewPublicKey(tc.p, pkb)
				if err != nil || !pk.Equal(sk.PublicKey()) {
					t.Fatalf("iteration %d: the public key does not parse back to itself (%v)", i, err)
				}
				if err := mldsa.Verify(pk, nil, sig, nil); err != nil {
					t.Fatalf("iteration %d: %v", i, err)
				}
			}
			sum := make([]byte, 32)
			out.Read(sum)
			if got := hex.EncodeToString(sum); got != want {
				t.Errorf("%d iterations: got %s, want %s", n, got, want)
			}
		})
	}
}
