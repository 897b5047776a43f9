package blake2b_test

import (
	"encoding"
	"fmt"
	"io"

	"github.com/crypton-go/crypton/hash/blake2b"
	xblake2b "golang.org/x/crypto/blake2b"
)

func ExampleSum512() {
	sum := blake2b.Sum512([]byte("abc"))
	fmt.Printf("%x\n", sum)
	// Output: ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923
}

func ExampleSum256() {
	sum := blake2b.Sum256([]byte("abc"))
	fmt.Printf("%x\n", sum)
	// Output: bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319
}

func ExampleNew() {
	// A 32-byte MAC with a 32-byte key (RFC 7693, Section 3.3).
	key := []byte("an example key of thirty-two b.!")
	mac, err := blake2b.New(32, key)
	if err != nil {
		panic(err)
	}
	io.WriteString(mac, "hello ")
	io.WriteString(mac, "world\n")
	fmt.Printf("%x\n", mac.Sum(nil))

	// The same with x/crypto.
	x, _ := xblake2b.New(32, key)
	io.WriteString(x, "hello world\n")
	fmt.Println(string(x.Sum(nil)) == string(mac.Sum(nil)))
	// Output:
	// cdf5b9b6a3ad9337f392ad313b1c0af1de2107c8a0d685469e747cca59aa61ca
	// true
}

func ExampleNew512_marshal() {
	// The state of a hash can be saved in the middle of a message and
	// restored later, by this package or by x/crypto/blake2b.
	h, _ := blake2b.New512(nil)
	io.WriteString(h, "a")
	state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		panic(err)
	}

	restored, _ := xblake2b.New512(nil)
	if err := restored.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
		panic(err)
	}
	io.WriteString(restored, "bc")
	fmt.Printf("%x\n", restored.Sum(nil))
	// Output: ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923
}
