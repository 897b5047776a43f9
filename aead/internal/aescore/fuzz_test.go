package aescore

import (
	"bytes"
	"crypto/aes"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// FuzzEncryptBlocks compares EncryptBlocks (on the whole blocks of data
// after a 16-, 24- or 32-byte key, chosen by sel) and DecryptBlock with
// crypto/aes on every implementation.
func FuzzEncryptBlocks(f *testing.F) {
	for _, n := range []int{0, 1, 3, 4, 7, 8, 9, 16, 17, 33} {
		for sel := byte(0); sel < 3; sel++ {
			data := make([]byte, 32+16*n)
			for i := range data {
				data[i] = byte(i*13 + int(sel))
			}
			f.Add(sel, data)
		}
	}
	f.Fuzz(func(t *testing.T, sel byte, data []byte) {
		size := 16 + 8*int(sel%3)
		if len(data) < size {
			return
		}
		key, src := data[:size], data[size:]
		src = src[:len(src)/BlockSize*BlockSize]
		std, _ := aes.NewCipher(key)
		want := make([]byte, len(src))
		for i := 0; i < len(src); i += BlockSize {
			std.Encrypt(want[i:], src[i:])
		}
		cputest.ForEachImplementation(pkg, func(impl string) {
			var k Key
			if err := k.Init(key); err != nil {
				t.Fatal(err)
			}
			got := make([]byte, len(src))
			EncryptBlocks(&k, got, src)
			if !bytes.Equal(got, want) {
				t.Fatalf("%s: EncryptBlocks differs from crypto/aes", impl)
			}
			for i := 0; i < len(src); i += BlockSize {
				var b [BlockSize]byte
				DecryptBlock(&k, &b, (*[BlockSize]byte)(got[i:]))
				if !bytes.Equal(b[:], src[i:i+BlockSize]) {
					t.Fatalf("%s: DecryptBlock differs", impl)
				}
			}
		})
	})
}
