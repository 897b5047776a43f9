package sha3_test

import (
	"fmt"

	"github.com/crypton-go/crypton/hash/sha3"
)

func ExampleSum256() {
	fmt.Printf("%x\n", sha3.Sum256([]byte("abc")))
	// Output: 3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532
}

func ExampleNew256() {
	h := sha3.New256()
	h.Write([]byte("a"))
	h.Write([]byte("bc"))
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: 3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532
}

func ExampleNewLegacyKeccak256() {
	h := sha3.NewLegacyKeccak256()
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470
}

func ExampleSumSHAKE128() {
	fmt.Printf("%x\n", sha3.SumSHAKE128(nil, 32))
	// Output: 7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26
}

func ExampleNewCSHAKE256() {
	// Sample #3 of NIST SP 800-185's cSHAKE examples.
	x := sha3.NewCSHAKE256(nil, []byte("Email Signature"))
	x.Write([]byte{0, 1, 2, 3})
	out := make([]byte, 64)
	x.Read(out)
	fmt.Printf("%x\n", out[:16])
	// Output: d008828e2b80ac9d2218ffee1d070c48
}

func ExampleNewSHAKE128x4() {
	// Four SHAKE128 streams of the same shape, as ML-KEM expands four
	// matrix entries SHAKE128(ρ‖j‖i) at a time.
	var rho [32]byte
	var in [4][34]byte
	for k := range in {
		copy(in[k][:], rho[:])
		in[k][32], in[k][33] = byte(k), 0 // j, i
	}
	x := sha3.NewSHAKE128x4()
	x.Write(in[0][:], in[1][:], in[2][:], in[3][:])
	var out [4][168]byte
	x.Read(out[0][:], out[1][:], out[2][:], out[3][:])

	// The same as four separate SHAKE128 instances.
	one := sha3.NewSHAKE128()
	one.Write(in[2][:])
	want := make([]byte, 168)
	one.Read(want)
	fmt.Println(string(out[2][:]) == string(want))
	// Output: true
}
