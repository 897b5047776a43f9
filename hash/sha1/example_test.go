package sha1_test

import (
	"fmt"
	"io"

	"github.com/crypton-go/crypton/hash/sha1"
)

func ExampleSum() {
	sum := sha1.Sum([]byte("The quick brown fox jumps over the lazy dog"))
	fmt.Printf("%x\n", sum)
	// Output: 2fd4e1c67a2d28fced849ee1bb76e7391b93eb12
}

func ExampleNew() {
	h := sha1.New()
	h.Write([]byte("hello "))
	io.WriteString(h, "world\n")
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: 22596363b3de40b06f981fb85d82312e8c0ed511
}
