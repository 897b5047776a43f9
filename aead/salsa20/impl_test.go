package salsa20

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// pkg is the name the keystream implementations register under with
// cpufeat (in github.com/crypton-go/crypton/aead/internal/salsa).
const pkg = "salsa20"

func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, pkg, wantImplementations)
}
