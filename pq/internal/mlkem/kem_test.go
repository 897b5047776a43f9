package mlkem

import (
	"bytes"
	"crypto/mlkem"
	"crypto/mlkem/mlkemtest"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// TestAgainstStdlib768 checks this package's ML-KEM-768, on every
// implementation, against Go's crypto/mlkem; pq/mlkem's tests do the rest.
func TestAgainstStdlib768(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, testAgainstStdlib768)
}

func testAgainstStdlib768(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		seed := make([]byte, 64)
		for i := range seed {
			seed[i] = byte(r.Uint32())
		}
		dk, err := NewDecapsulationKey(Params768, seed)
		if err != nil {
			t.Fatal(err)
		}
		sdk, err := mlkem.NewDecapsulationKey768(seed)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(dk.EncapsulationKey().Bytes(), sdk.EncapsulationKey().Bytes()) {
			t.Fatal("ek differs")
		}
		var m [32]byte
		for i := range m {
			m[i] = byte(r.Uint32())
		}
		K, c := dk.EncapsulationKey().Encapsulate(&m)
		sK, sc, err := mlkemtest.Encapsulate768(sdk.EncapsulationKey(), m[:])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(K, sK) || !bytes.Equal(c, sc) {
			t.Fatal("encaps differs")
		}
		K2, err := dk.Decapsulate(c)
		if err != nil || !bytes.Equal(K2, K) {
			t.Fatal("decaps differs")
		}
		c[r.IntN(len(c))] ^= 1 << r.IntN(8)
		K3, _ := dk.Decapsulate(c)
		sK3, _ := sdk.Decapsulate(c)
		if !bytes.Equal(K3, sK3) {
			t.Fatal("rejection differs")
		}
	}
}
