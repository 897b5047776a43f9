package mlkem_test

import (
	"bytes"
	"encoding/hex"
	"os"
	"testing"

	"github.com/crypton-go/crypton/hash/sha3"
	"github.com/crypton-go/crypton/pq/mlkem"
	"github.com/crypton-go/crypton/pq/mlkem/mlkemtest"
)

// TestAccumulated runs the accumulated ML-KEM-768 test of C2SP's CCTV
// (c2sp.org/CCTV/ML-KEM), whose module the Go proxy does not serve: seeds,
// messages and ciphertexts are read in turn from one SHAKE128 stream of the
// empty input; the encapsulation key, the ciphertext and shared key of a
// derandomized encapsulation, and the implicit-rejection key of the random
// ciphertext are all absorbed into a second SHAKE128, whose first 32 bytes
// of output must be CCTV's published value for the number of iterations:
// 10,000 (100 with -short; 1,000,000 with CRYPTON_LONG_TESTS=1).
func TestAccumulated(t *testing.T) {
	n, want := 10000, "8a518cc63da366322a8e7a818c7a0d63483cb3528d34a4cf42f35d5ad73f22fc"
	switch {
	case testing.Short():
		n, want = 100, "1114b1b6699ed191734fa339376afa7e285c9e6acf6ff0177d346696ce564415"
	case os.Getenv("CRYPTON_LONG_TESTS") == "1":
		n, want = 1000000, "424bf8f0e8ae99b78d788a6e2e8e9cdaf9773fc0c08a6f433507cb559edfd0f0"
	}
	in, out := sha3.NewSHAKE128(), sha3.NewSHAKE128()
	seed := make([]byte, mlkem.SeedSize)
	m := make([]byte, 32)
	ct1 := make([]byte, mlkem.CiphertextSize768)
	for i := range n {
		in.Read(seed)
		dk, err := mlkem.NewDecapsulationKey768(seed)
		if err != nil {
			t.Fatal(err)
		}
		ek := dk.EncapsulationKey()
		out.Write(ek.Bytes())
		in.Read(m)
		k, ct, err := mlkemtest.Encapsulate768(ek, m)
		if err != nil {
			t.Fatal(err)
		}
		out.Write(ct)
		out.Write(k)
		if kk, err := dk.Decapsulate(ct); err != nil || !bytes.Equal(kk, k) {
			t.Fatalf("iteration %d: decapsulation gave %x, %v; want %x", i, kk, err, k)
		}
		in.Read(ct1)
		k1, err := dk.Decapsulate(ct1)
		if err != nil {
			t.Fatal(err)
		}
		out.Write(k1)
	}
	sum := make([]byte, 32)
	out.Read(sum)
	if got := hex.EncodeToString(sum); got != want {
		t.Errorf("%d iterations: got %s, want %s", n, got, want)
	}
}
