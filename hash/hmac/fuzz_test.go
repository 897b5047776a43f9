package hmac_test

import (
	"bytes"
	stdhmac "crypto/hmac"
	"hash"
	"testing"

	"github.com/crypton-go/crypton/hash/hmac"
)

// FuzzHMAC compares crypton's HMAC with crypto/hmac: the hash is chosen by
// which, the message is written in two pieces split at split, and the MAC is
// taken, then taken again after Reset and after a Clone. Its seeds run in
// every ordinary go test.
func FuzzHMAC(f *testing.F) {
	f.Add(uint8(0), []byte("Jefe"), []byte("what do ya want for nothing?"), uint16(3))
	f.Add(uint8(2), []byte{}, []byte{}, uint16(0))
	f.Add(uint8(4), bytes.Repeat([]byte{0xaa}, 131), bytes.Repeat([]byte{0xdd}, 300), uint16(129))
	f.Add(uint8(5), bytes.Repeat([]byte{1}, 128), []byte("block-size key"), uint16(7))
	f.Add(uint8(6), bytes.Repeat([]byte{2}, 129), bytes.Repeat([]byte{3}, 128), uint16(64))
	f.Add(uint8(1), bytes.Repeat([]byte{4}, 65), bytes.Repeat([]byte{5}, 55), uint16(55))
	f.Add(uint8(3), []byte("k"), bytes.Repeat([]byte{6}, 112), uint16(111))
	f.Fuzz(func(t *testing.T, which uint8, key, msg []byte, split uint16) {
		hf := hashes[int(which)%len(hashes)]
		k := int(split) % (len(msg) + 1)

		std := stdhmac.New(hf.Std, key)
		std.Write(msg)
		want := std.Sum(nil)

		m := hmac.New(hf.New, key)
		m.Write(msg[:k])
		m.Write(msg[k:])
		if got := m.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("%s: MAC %x, crypto/hmac %x", hf.Name, got, want)
		}
		if !hmac.Equal(m.Sum(nil), want) {
			t.Fatalf("%s: Equal rejects the right MAC", hf.Name)
		}

		c, err := m.(hash.Cloner).Clone()
		if err != nil {
			t.Fatal(err)
		}
		m.Reset()
		m.Write(msg)
		if got := m.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("%s: after Reset: MAC %x, crypto/hmac %x", hf.Name, got, want)
		}
		c.Write(key)
		std.Write(key)
		if got, want := c.Sum(nil), std.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("%s: clone, after writing more: MAC %x, crypto/hmac %x", hf.Name, got, want)
		}
	})
}
