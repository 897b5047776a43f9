package sha512_test

import (
	"fmt"
	"io"

	"github.com/crypton-go/crypton/hash/sha512"
)

func ExampleSum512() {
	sum := sha512.Sum512([]byte("hello world\n"))
	fmt.Printf("%x\n", sum)
	// Output: db3974a97f2407b7cae1ae637c0030687a11913274d578492558e39c16c017de84eacdc8c62fe34ee4e12b4b1428817f09b6a2760c3f8a664ceae94d2434a593
}

func ExampleSum384() {
	sum := sha512.Sum384([]byte("The quick brown fox jumps over the lazy dog"))
	fmt.Printf("%x\n", sum)
	// Output: ca737f1014a48f4c0b6dd43cb177b0afd9e5169367544c494011e3317dbf9a509cb1e5dc1e85a941bbee3d7f2afbc9b1
}

func ExampleNew() {
	h := sha512.New()
	// The input can be written in any number of pieces.
	io.WriteString(h, "The quick brown fox ")
	io.WriteString(h, "jumps over the lazy dog")
	fmt.Printf("%x\n", h.Sum(nil))
	// Output: 07e547d9586f6a73f73fbac0435ed76951218fb7d0c8d788a309d785436bbb642e93a252a954f23912547d1e8a3b5ed6e1bfd7097821233fa0538f3db854fee6
}
