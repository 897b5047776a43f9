package blake2s_test

import (
	"encoding"
	"fmt"
	"io"

	"github.com/crypton-go/crypton/hash/blake2s"
	xblake2s "golang.org/x/crypto/blake2s"
)

func ExampleSum256() {
	sum := blake2s.Sum256([]byte("abc"))
	fmt.Printf("%x\n", sum)
	// Output: 508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982
}

func ExampleNew128() {
	// BLAKE2s-128 is a MAC: the key is required.
	mac, err := blake2s.New128([]byte("a sixteen-b key!"))
	if err != nil {
		panic(err)
	}
	io.WriteString(mac, "hello world\n")
	fmt.Printf("%x\n", mac.Sum(nil))

	_, err = blake2s.New128(nil)
	fmt.Println(err)
	// Output:
	// a20b0e29cc6eca1dfe4cb2a4dc7f980a
	// blake2s: a key is required for a 128-bit hash
}

func ExampleNew256_marshal() {
	// The state of a hash can be saved in the middle of a message and
	// restored later, by this package or by x/crypto/blake2s.
	h, _ := blake2s.New256(nil)
	io.WriteString(h, "a")
	state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		panic(err)
	}

	restored, _ := xblake2s.New256(nil)
	if err := restored.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
		panic(err)
	}
	io.WriteString(restored, "bc")
	fmt.Printf("%x\n", restored.Sum(nil))
	// Output: 508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982
}
