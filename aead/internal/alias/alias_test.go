package alias

import "testing"

func TestOverlap(t *testing.T) {
	buf := make([]byte, 100)
	for _, tc := range []struct {
		name         string
		x, y         []byte
		any, inexact bool
	}{
		{"disjoint", buf[0:10], buf[10:20], false, false},
		{"disjoint, reversed", buf[10:20], buf[0:10], false, false},
		{"same", buf[0:10], buf[0:10], true, false},
		{"same start, different lengths", buf[0:10], buf[0:50], true, false},
		{"shifted by one", buf[0:10], buf[1:11], true, true},
		{"shifted back by one", buf[1:11], buf[0:10], true, true},
		{"last byte shared", buf[0:10], buf[9:20], true, true},
		{"contained", buf[0:50], buf[10:20], true, true},
		{"empty", buf[0:0], buf[0:10], false, false},
		{"nil", nil, buf, false, false},
		{"separate arrays", make([]byte, 10), make([]byte, 10), false, false},
	} {
		if got := AnyOverlap(tc.x, tc.y); got != tc.any {
			t.Errorf("%s: AnyOverlap = %v, want %v", tc.name, got, tc.any)
		}
		if got := InexactOverlap(tc.x, tc.y); got != tc.inexact {
			t.Errorf("%s: InexactOverlap = %v, want %v", tc.name, got, tc.inexact)
		}
	}
}

func TestSliceForAppend(t *testing.T) {
	in := make([]byte, 3, 10)
	copy(in, "abc")
	head, tail := SliceForAppend(in, 4)
	if len(head) != 7 || len(tail) != 4 || &head[0] != &in[0] || &tail[0] != &head[3] {
		t.Errorf("with capacity: head len %d, tail len %d; want 7 and 4 in in's array", len(head), len(tail))
	}
	head, tail = SliceForAppend(in, 8)
	if len(head) != 11 || len(tail) != 8 || &head[0] == &in[0] || string(head[:3]) != "abc" || &tail[0] != &head[3] {
		t.Errorf("without capacity: head %q (len %d), tail len %d; want a new array starting with abc", head[:3], len(head), len(tail))
	}
	head, tail = SliceForAppend(nil, 0)
	if len(head) != 0 || len(tail) != 0 {
		t.Errorf("nil, 0: lengths %d and %d", len(head), len(tail))
	}
}

// TestOverlapExhaustive compares AnyOverlap and InexactOverlap with their
// definitions, element by element, for every pair of subslices of a short
// array.
func TestOverlapExhaustive(t *testing.T) {
	var buf [8]byte
	for a := 0; a <= len(buf); a++ {
		for b := a; b <= len(buf); b++ {
			for c := 0; c <= len(buf); c++ {
				for d := c; d <= len(buf); d++ {
					x, y := buf[a:b], buf[c:d]
					anyShared, inexact := false, false
					for i := range x {
						for j := range y {
							if &x[i] == &y[j] {
								anyShared = true
								if i != j {
									inexact = true
								}
							}
						}
					}
					if got := AnyOverlap(x, y); got != anyShared {
						t.Errorf("buf[%d:%d], buf[%d:%d]: AnyOverlap = %v, want %v", a, b, c, d, got, anyShared)
					}
					if got := InexactOverlap(x, y); got != inexact {
						t.Errorf("buf[%d:%d], buf[%d:%d]: InexactOverlap = %v, want %v", a, b, c, d, got, inexact)
					}
				}
			}
		}
	}
}
