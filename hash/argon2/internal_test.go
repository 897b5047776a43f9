package argon2

import (
	"math"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, "argon2", wantImplementations)
}

// TestCheckParams32 checks the limits of a 32-bit platform, whose int holds
// at most 2^31-1: 2 GiB of memory cannot be addressed, and neither can a
// key of 2 GiB.
func TestCheckParams32(t *testing.T) {
	const maxInt32 = math.MaxInt32
	p := Params{Time: 1, Memory: 2 * 1024 * 1024, Threads: 1, KeyLen: 32}
	if _, err := checkParams(&p, maxInt32); err != errMemory {
		t.Errorf("2 GiB on a 32-bit platform: error %v, want %v", err, errMemory)
	}
	p.Memory = 2*1024*1024 - 4
	if n, err := checkParams(&p, maxInt32); err != nil || n != p.Memory {
		t.Errorf("2 GiB - 4 KiB on a 32-bit platform: %d blocks, error %v; want %d blocks", n, err, p.Memory)
	}
	p.Memory = math.MaxUint32
	if n, err := checkParams(&p, math.MaxInt64); err != nil || n != math.MaxUint32/4*4 {
		t.Errorf("4 TiB on a 64-bit platform: %d blocks, error %v", n, err)
	}
	p.Memory, p.KeyLen = 64, 1<<31
	if _, err := checkParams(&p, maxInt32); err != errKeyLarge {
		t.Errorf("a key of 2 GiB on a 32-bit platform: error %v, want %v", err, errKeyLarge)
	}
	if math.MaxInt == math.MaxInt32 {
		p.Memory, p.KeyLen = 2*1024*1024, 32
		if _, err := p.IDKey(nil, nil); err != errMemory {
			t.Errorf("IDKey with 2 GiB on this 32-bit platform: error %v, want %v", err, errMemory)
		}
	}
}

// TestMemoryBlocks checks the rounding of the memory to whole segments.
func TestMemoryBlocks(t *testing.T) {
	for _, c := range []struct {
		memory  uint32
		threads uint8
		want    uint32
	}{
		{0, 1, 8}, {8, 1, 8}, {11, 1, 8}, {12, 1, 12}, {15, 1, 12},
		{0, 3, 24}, {24, 3, 24}, {35, 3, 24}, {36, 3, 36},
		{math.MaxUint32, 255, math.MaxUint32 / 1020 * 1020},
	} {
		if got := memoryBlocks(c.memory, c.threads); got != c.want {
			t.Errorf("memoryBlocks(%d, %d) = %d, want %d", c.memory, c.threads, got, c.want)
		}
	}
}
