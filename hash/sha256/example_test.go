package sha256_test

import (
	stdsha256 "crypto/sha256"
	"encoding"
	"fmt"
	"io"

	"github.com/crypton-go/crypton/hash/sha256"
)

func ExampleSum256() {
	sum := sha256.Sum256([]byte("hello world\n"))
	fmt.Printf("%x\n", sum)
	// Output: a948904f2f0f479b8f8197694b30184b0d2ed1c1cd2a1ec0fb85d299a192a447
}

func ExampleSum224() {
	sum := sha256.Sum224([]byte("The quick brown fox jumps over the lazy dog"))
	fmt.Printf("%x\n", sum)
	// Output: 730e109bd7a8a32b1cb9d9a09aa2325d2430587ddbc0c38bad911525
}

func ExampleNew() {
	h := sha256.New()
	h.Write([]byte("hello "))
	io.WriteString(h, "world\n")
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: a948904f2f0f479b8f8197694b30184b0d2ed1c1cd2a1ec0fb85d299a192a447
}

func ExampleNew_marshal() {
	// The state of a hash can be saved in the middle of a message and
	// restored later, by this package or by crypto/sha256.
	h := sha256.New()
	h.Write([]byte("hello "))
	state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		panic(err)
	}

	restored := stdsha256.New()
	if err := restored.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
		panic(err)
	}
	restored.Write([]byte("world\n"))
	fmt.Printf("%x\n", restored.Sum(nil))
	// Output: a948904f2f0f479b8f8197694b30184b0d2ed1c1cd2a1ec0fb85d299a192a447
}
