package ctgrind_test

import (
	"testing"

	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestOutsideValgrind: the requests leave memory as it is, whether or not
// the binary was built for the check (outside valgrind they are no-ops even
// then).
func TestOutsideValgrind(t *testing.T) {
	b := []byte{1, 2, 3}
	ctgrind.Secret(b)
	ctgrind.Public(b)
	ctgrind.Secret(nil)
	x := [2]uint64{4, 5}
	ctgrind.SecretValue(&x)
	ctgrind.PublicValue(&x)
	var empty struct{}
	ctgrind.SecretValue(&empty)
	if b[0] != 1 || b[2] != 3 || x != [2]uint64{4, 5} {
		t.Errorf("memory changed: %v %v", b, x)
	}
}
