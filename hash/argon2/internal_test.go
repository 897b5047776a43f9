package argon2

import (
	"bytes"
	"fmt"
	"math"
	"runtime"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// RaceEnabled is raceEnabled for the tests of package argon2_test.
const RaceEnabled = raceEnabled

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
	p.Memory, p.MaxMemory = math.MaxUint32, math.MaxInt64
	if n, err := checkParams(&p, math.MaxInt64); err != nil || n != math.MaxUint32/4*4 {
		t.Errorf("4 TiB on a 64-bit platform without a memory limit: %d blocks, error %v", n, err)
	}
	p.MaxMemory = 0
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

// TestMemoryLimitEdges checks the memory limit at its edges without
// allocating: RFC 9106's first recommendation, 2 GiB, is within the
// default; one more segment of four blocks is not, until the limit is
// raised.
func TestMemoryLimitEdges(t *testing.T) {
	p := Params{Time: 1, Memory: 2 * 1024 * 1024, Threads: 4, KeyLen: 32}
	if n, err := checkParams(&p, math.MaxInt64); err != nil || n != p.Memory {
		t.Errorf("2 GiB: %d blocks, error %v", n, err)
	}
	p.Memory += 16
	want := "argon2: memory of 2097168 KiB = 2147500032 bytes exceeds the memory limit of 2147483648 bytes (raise it with argon2.Params.MaxMemory)"
	if _, err := checkParams(&p, math.MaxInt64); err == nil || err.Error() != want {
		t.Errorf("2 GiB + 16 KiB: error %v, want %q", err, want)
	}
	p.MaxMemory = 4 << 30
	if n, err := checkParams(&p, math.MaxInt64); err != nil || n != p.Memory {
		t.Errorf("2 GiB + 16 KiB with a 4 GiB limit: %d blocks, error %v", n, err)
	}
	p.Memory, p.KeyLen = 64, 4<<30-1
	if _, err := checkParams(&p, math.MaxInt64); err != nil {
		t.Errorf("a key of 4 GiB - 1 with a 4 GiB limit: %v", err)
	}
	p.MaxMemory = 0
	want = "argon2: key length of 4294967295 bytes exceeds the memory limit of 2147483648 bytes (raise it with argon2.Params.MaxMemory)"
	if _, err := checkParams(&p, math.MaxInt64); err == nil || err.Error() != want {
		t.Errorf("a key of 4 GiB - 1: error %v, want %q", err, want)
	}
	// The platform's limit comes first: raising MaxMemory does not help.
	p.Memory, p.KeyLen, p.MaxMemory = 2*1024*1024, 32, math.MaxInt64
	if _, err := checkParams(&p, math.MaxInt32); err != errMemory {
		t.Errorf("2 GiB on a 32-bit platform without a memory limit: error %v, want %v", err, errMemory)
	}
}

// TestWipe checks that a computation leaves its memory and its scratch
// buffers zeroed, with one lane and with several, for both types, on
// every implementation, and that a Hasher's memory is zeroed between calls.
func TestWipe(t *testing.T) {
	cputest.TestAllImplementations(t, "argon2", func(t *testing.T) {
		pw, salt := []byte("password"), []byte("somesalt")
		for _, threads := range []uint8{1, 3} {
			p := Params{Time: 2, Memory: 96, Threads: threads, KeyLen: 40, Secret: []byte("pepper")}
			for _, mode := range []uint32{argon2i, argon2id} {
				want, err := p.derive(mode, pw, salt)
				if err != nil {
					t.Fatal(err)
				}
				blocks, err := p.check()
				if err != nil {
					t.Fatal(err)
				}
				// derive gave its memory back to the pool, zeroed.
				pooled := getMemory(uint32(blocks))
				checkWiped(t, fmt.Sprintf("pooled memory, threads=%d mode=%d", threads, mode), &instance{mem: *pooled})
				in := newInstance(&p, make([]block, blocks))
				if got := in.run(mode, pw, salt); !bytes.Equal(got, want) {
					t.Fatalf("threads=%d mode=%d: run gives %x, derive %x", threads, mode, got, want)
				}
				checkWiped(t, fmt.Sprintf("threads=%d mode=%d", threads, mode), in)
			}
			h, err := NewHasher(p)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := h.IDKey(pw, salt); err != nil {
				t.Fatal(err)
			}
			checkWiped(t, fmt.Sprintf("Hasher, threads=%d", threads), h.in)
		}
	})
}

func checkWiped(t *testing.T, what string, in *instance) {
	t.Helper()
	for i := range in.mem {
		if in.mem[i] != (block{}) {
			t.Errorf("%s: block %d of %d not zeroed", what, i, len(in.mem))
			return
		}
	}
	if in.s != (scratch{}) {
		t.Errorf("%s: scratch buffers not zeroed", what)
	}
}

// TestMemoryPool checks that a memory given back is taken again for the
// same size, and not for another size. It runs on one P: sync.Pool keeps an
// item given back in the P's private slot, which a goroutine that has moved
// to another P does not see.
func TestMemoryPool(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector drops pooled items at random")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	const n = 1000
	m := getMemory(n)
	if len(*m) != n {
		t.Fatalf("getMemory(%d) has %d blocks", n, len(*m))
	}
	o := getMemory(n + 4)
	putMemory(m)
	if len(*o) != n+4 || o == m {
		t.Errorf("getMemory(%d) returned a memory of %d blocks", n+4, len(*o))
	}
	if again := getMemory(n); again != m {
		t.Errorf("getMemory(%d) after putMemory did not return the pooled memory", n)
	}
}
