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
