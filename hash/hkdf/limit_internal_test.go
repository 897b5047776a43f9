package hkdf

import (
	"math"
	"testing"
)

// TestLengthLimit checks the bound of RFC 5869, L ≤ 255·HashLen, at its edge
// and for output sizes whose 255 multiple does not fit in an int, where
// computing 255·HashLen would overflow.
func TestLengthLimit(t *testing.T) {
	big := math.MaxInt/255 + 1 // 255·big overflows
	for _, c := range []struct {
		keyLength, size int
		ok              bool
	}{
		{0, 32, true},
		{0, 0, true},
		{1, 0, false},
		{255 * 32, 32, true},
		{255*32 + 1, 32, false},
		{math.MaxInt, 64, false},
		{math.MaxInt, math.MaxInt, true},
		{math.MaxInt, big, true}, // 255·big > MaxInt ≥ keyLength
		{math.MaxInt, math.MaxInt / 255, false},
		{math.MaxInt / 255 * 255, math.MaxInt / 255, true},
		{math.MaxInt/255*255 + 1, math.MaxInt / 255, false},
		{255 << 22, 1 << 22, true},
		{255<<22 + 1, 1 << 22, false},
		{-1, 32, false},
		{math.MinInt, 32, false},
	} {
		err := checkLength(c.keyLength, c.size)
		if (err == nil) != c.ok {
			t.Errorf("checkLength(%d, %d) = %v, want ok = %v", c.keyLength, c.size, err, c.ok)
		}
	}
}
