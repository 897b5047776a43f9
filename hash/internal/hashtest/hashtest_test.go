package hashtest

import (
	"bytes"
	"testing"
)

// TestAll checks that every entry pairs a crypton hash with the standard
// library's same function, and that ByName finds each.
func TestAll(t *testing.T) {
	msg := []byte("hashtest")
	for _, h := range All {
		a, b := h.New(), h.Std()
		a.Write(msg)
		b.Write(msg)
		if !bytes.Equal(a.Sum(nil), b.Sum(nil)) {
			t.Errorf("%s: crypton and the standard library differ", h.Name)
		}
		if ByName(t, h.Name).Name != h.Name {
			t.Errorf("ByName(%q) is wrong", h.Name)
		}
	}
	if got := FromHex("00 ff"); !bytes.Equal(got, []byte{0, 0xff}) {
		t.Errorf("FromHex = %x", got)
	}
}
