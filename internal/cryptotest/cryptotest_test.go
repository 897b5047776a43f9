package cryptotest

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"hash"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestHashStdlib(t *testing.T) {
	for _, c := range []struct {
		name string
		new  func() hash.Hash
	}{
		{"MD5", md5.New},
		{"SHA-1", sha1.New},
		{"SHA-224", sha256.New224},
		{"SHA-256", sha256.New},
		{"SHA-384", sha512.New384},
		{"SHA-512", sha512.New},
		{"SHA-512/224", sha512.New512_224},
		{"SHA-512/256", sha512.New512_256},
	} {
		t.Run(c.name, func(t *testing.T) { TestHash(t, c.new) })
	}
}

// TestHashOnlyInterface runs the suite over a hash that has none of the
// optional interfaces, whose checks must then be skipped, not failed.
func TestHashOnlyInterface(t *testing.T) {
	TestHash(t, func() hash.Hash { return struct{ hash.Hash }{sha256.New()} })
}

func TestAEADStdlib(t *testing.T) {
	for _, c := range []struct {
		name string
		new  func() cipher.AEAD
	}{
		{"AES-128-GCM", func() cipher.AEAD { return newGCM(t, 16, cipher.NewGCM) }},
		{"AES-256-GCM", func() cipher.AEAD { return newGCM(t, 32, cipher.NewGCM) }},
		{"AES-256-GCM-nonce-16", func() cipher.AEAD {
			return newGCM(t, 32, func(b cipher.Block) (cipher.AEAD, error) { return cipher.NewGCMWithNonceSize(b, 16) })
		}},
		// Not AES-GCM with a 12-byte tag: on amd64 and arm64 its assembly
		// writes up to 3 bytes past the end of Seal's result into dst's
		// spare capacity (golang/go#80288), which AppendDst reports.
		{"AES-256-GCM-random-nonce", func() cipher.AEAD { return newGCM(t, 32, cipher.NewGCMWithRandomNonce) }},
		// ChaCha20-Poly1305 is in golang.org/x/crypto, not the standard
		// library; crypton's aead module tests it against its own.
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			TestAEAD(t, c.new)
			t.Logf("suite took %v", time.Since(start))
		})
	}
}

func newGCM(t *testing.T, keySize int, mode func(cipher.Block) (cipher.AEAD, error)) cipher.AEAD {
	key := pseudoRandom("gcm key", keySize)
	b, err := aes.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	a, err := mode(b)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestToy runs the suites over the correct toy implementations, so that a
// failure of one with a bug can only come from that bug.
func TestToy(t *testing.T) {
	t.Run("Hash", func(t *testing.T) {
		TestHash(t, func() hash.Hash { return newToyHash("") })
	})
	t.Run("AEAD", func(t *testing.T) {
		TestAEAD(t, func() cipher.AEAD { return newToyAEAD("") })
	})
	t.Run("BlockFunc", func(t *testing.T) {
		TestBlockFunc(t, toyBlockSize, newToyBlock(""), toyBlockReference, nil)
	})
	t.Run("BlockFuncRandom", func(t *testing.T) {
		TestBlockFunc(t, toyBlockSize, newToyBlock(""), toyBlockReference, func(r *rand.Rand) (h toyBlockState) {
			for i := range h {
				h[i] = r.Uint32()
			}
			return h
		})
	})
	t.Run("BlockFuncGuarded", func(t *testing.T) {
		TestBlockFuncGuarded(t, toyBlockSize, newToyBlock(""), toyBlockReference, nil)
	})
}

// brokenEnv selects, in a re-executed test binary, the broken implementation
// that TestBrokenHelper runs a suite over: "hash:BUG", "aead:BUG", or
// "block:BUG" and "guarded:BUG" for TestBlockFunc and TestBlockFuncGuarded.
const brokenEnv = "CRYPTOTEST_BROKEN"

// TestBrokenHelper is not a test of its own: TestSuitesCatchBugs runs it in
// a subprocess, over one broken implementation, and expects it to fail.
func TestBrokenHelper(t *testing.T) {
	v := os.Getenv(brokenEnv)
	if v == "" {
		t.Skip("helper for TestSuitesCatchBugs; runs only with " + brokenEnv + " set")
	}
	kind, bug, _ := strings.Cut(v, ":")
	switch kind {
	case "hash":
		TestHash(t, func() hash.Hash { return newToyHash(bug) })
	case "aead":
		TestAEAD(t, func() cipher.AEAD { return newToyAEAD(bug) })
	case "block":
		TestBlockFunc(t, toyBlockSize, newToyBlock(bug), toyBlockReference, nil)
	case "guarded":
		TestBlockFuncGuarded(t, toyBlockSize, newToyBlock(bug), toyBlockReference, nil)
	default:
		t.Fatalf("bad %s=%q", brokenEnv, v)
	}
}

// TestSuitesCatchBugs runs each suite over each broken toy implementation in
// a subprocess and checks that the suite fails, in the subtest that checks
// the broken property and with a message that names it.
func TestSuitesCatchBugs(t *testing.T) {
	cases := []struct {
		kind, bug string
		subtest   string // the subtest that must fail
		mention   string // a phrase its failure message must contain
	}{
		{"hash", "size-varies", "Sizes", "Size changed from 32 to 31 after writing"},
		{"hash", "write-count", "Write", "Write of 2 bytes returned (1, <nil>), want (2, nil)"},
		{"hash", "sum-mutates", "Sum", "second Sum(nil)"},
		{"hash", "sum-no-append", "Sum", "Sum(prefix)"},
		{"hash", "drop-at-boundary", "Chunking", "chunked write of"},
		{"hash", "reset-keeps-buffer", "Reset", "Reset after writing 1 bytes: Sum ="},
		{"hash", "clone-shares-buffer", "Clone", "Clone after writing"},
		{"hash", "marshal-loses-length", "MarshalBinary", "MarshalBinary after writing 1 bytes"},
		{"hash", "unmarshal-panics", "UnmarshalBinary", "truncated to 0 bytes panicked"},
		{"hash", "unmarshal-accepts-garbage", "UnmarshalBinary", "UnmarshalBinary accepted"},
		{"hash", "append-binary-drops-prefix", "AppendBinary", "AppendBinary(prefix)"},
		{"aead", "overhead-lies", "RoundTrip", "the ciphertext length must be the plaintext length plus Overhead()"},
		{"aead", "seal-clobbers-dst", "AppendDst", "Seal (plaintext 0 bytes, additional data 0 bytes) into a dst prefix"},
		{"aead", "seal-writes-past-end", "AppendDst", "beyond the"},
		{"aead", "open-decrypts-before-mac", "InPlace", "in-place Open"},
		{"aead", "open-skips-last-tag-byte", "Tamper", "of the tag (the last 16 bytes) flipped, want an error"},
		{"aead", "mac-skips-ciphertext-tail", "Tamper", "accepted the ciphertext with bit 0 flipped"},
		{"aead", "ignores-ad", "Tamper", "accepted the additional data with bit 0 flipped"},
		{"aead", "open-returns-plaintext-on-failure", "Tamper", "non-nil plaintext"},
		{"aead", "no-nonce-panic", "NonceLength", "with a 0-byte nonce (NonceSize is 12) did not panic"},
		{"block", "reads-past-end", "Direct", "0 blocks + 0 trailing bytes at offset 0 (state at 16n+0), from state"},
		{"block", "writes-past-state", "Direct", "0 blocks + 0 trailing bytes at offset 0 (state at 16n+0): wrote outside the state"},
		{"block", "writes-before-state", "Direct", "0 blocks + 0 trailing bytes at offset 0 (state at 16n+0): wrote outside the state"},
		{"block", "drops-odd-block", "Direct", "1 blocks + 0 trailing bytes at offset 0 (state at 16n+0), from state"},
		{"block", "changes-input", "Direct", "0 blocks + 1 trailing bytes at offset 0: changed byte 0 of its input"},
		{"block", "stops-at-64-blocks", "Chained", "67 blocks in one call, from state"},
		{"guarded", "loads-pair-past-end", "EndsAtGuard", "1 blocks + 0 trailing bytes ending at an unreadable page: faulted reading or writing address"},
		{"guarded", "reads-before-start", "StartsAfterGuard", "0 blocks + 0 trailing bytes starting right after an unreadable page: faulted reading or writing address"},
	}
	// Every bug of the toys must have a case.
	covered := map[string]bool{}
	for _, c := range cases {
		covered[c.kind+":"+c.bug] = true
	}
	for _, b := range toyHashBugs[1:] {
		if !covered["hash:"+b] {
			t.Errorf("toy hash bug %q has no case", b)
		}
	}
	for _, b := range toyAEADBugs[1:] {
		if !covered["aead:"+b] {
			t.Errorf("toy AEAD bug %q has no case", b)
		}
	}
	for _, b := range toyBlockBugs[1:] {
		if !covered["block:"+b] && !covered["guarded:"+b] {
			t.Errorf("toy block function bug %q has no case", b)
		}
	}

	for _, c := range cases {
		t.Run(c.kind+"/"+c.bug, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command(os.Args[0], "-test.run=^TestBrokenHelper$", "-test.timeout=5m")
			cmd.Env = append(os.Environ(), brokenEnv+"="+c.kind+":"+c.bug)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("the %s suite passed an implementation with bug %q; output:\n%s", c.kind, c.bug, out)
			}
			if _, ok := err.(*exec.ExitError); !ok {
				t.Fatalf("running %s: %v", os.Args[0], err)
			}
			if strings.Contains(string(out), "panic: ") {
				t.Fatalf("the %s suite crashed on bug %q instead of reporting it; output:\n%s", c.kind, c.bug, out)
			}
			if want := "--- FAIL: TestBrokenHelper/" + c.subtest + " "; !strings.Contains(string(out), want) {
				t.Errorf("bug %q: the output lacks %q; output:\n%s", c.bug, want, out)
			}
			if !strings.Contains(string(out), c.mention) {
				t.Errorf("bug %q: the output does not mention %q; output:\n%s", c.bug, c.mention, out)
			}
		})
	}
}

const (
	testModule  = "github.com/C2SP/wycheproof"
	testVersion = "v0.0.0-20250901140545-b51abcfb8daf"
)

func TestFetchModule(t *testing.T) {
	dir := FetchModule(t, testModule, testVersion)
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatalf("FetchModule returned %s, which has no go.mod: %v", dir, err)
	}
	if !strings.Contains(filepath.ToSlash(dir), "wycheproof@"+testVersion) {
		t.Errorf("FetchModule returned %s, not a module cache directory for %s@%s", dir, testModule, testVersion)
	}

	// A second call is answered from the cache, concurrently too.
	var wg sync.WaitGroup
	start := time.Now()
	for range 8 {
		wg.Go(func() {
			if got := FetchModule(t, testModule, testVersion); got != dir {
				t.Errorf("second FetchModule returned %s, first %s", got, dir)
			}
		})
	}
	wg.Wait()
	if d := time.Since(start); d > time.Second {
		t.Errorf("cached FetchModule calls took %v", d)
	}
}

// recorder is a testing.TB that records FailNow and SkipNow instead of
// acting on them; use it from its own goroutine.
type recorder struct {
	testing.TB
	failed, skipped bool
	msg             string
}

func (r *recorder) Helper() {}
func (r *recorder) Logf(format string, args ...any) {
	r.msg += fmt.Sprintf(format, args...) + "\n"
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = true
	r.Logf(format, args...)
	runtime.Goexit()
}
func (r *recorder) Skipf(format string, args ...any) {
	r.skipped = true
	r.Logf(format, args...)
	runtime.Goexit()
}

// run calls f with r in a new goroutine and waits for it.
func (r *recorder) run(f func(testing.TB)) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
}

func TestFetchModuleFailure(t *testing.T) {
	r := &recorder{TB: t}
	r.run(func(tb testing.TB) {
		FetchModule(tb, "example.com/crypton/no such module", "v1.0.0")
	})
	if !r.failed || r.skipped {
		t.Fatalf("FetchModule of a malformed module path: failed = %v, skipped = %v, want a failure; message: %s", r.failed, r.skipped, r.msg)
	}
	if !strings.Contains(r.msg, "mod download -json") || !strings.Contains(r.msg, "malformed module path") {
		t.Errorf("FetchModule's failure message does not name the command and its error:\n%s", r.msg)
	}
	t.Logf("failure message: %s", r.msg)
}

// TestFetchModuleNoGo checks, in a subprocess without GOROOT or PATH, that
// FetchModule skips the test when there is no go command.
func TestFetchModuleNoGo(t *testing.T) {
	if os.Getenv("CRYPTOTEST_NO_GO") != "" {
		FetchModule(t, testModule, testVersion)
		t.Fatal("FetchModule without a go command did not skip")
	}
	empty := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestFetchModuleNoGo$", "-test.v")
	cmd.Env = append(os.Environ(), "CRYPTOTEST_NO_GO=1", "GOROOT="+empty, "PATH="+empty)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("subprocess failed: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- SKIP: TestFetchModuleNoGo") || !strings.Contains(string(out), "no go command found") {
		t.Fatalf("FetchModule without a go command did not skip with a message saying so; output:\n%s", out)
	}
}

// TestSampleBits checks the bits TestAEAD's Tamper check flips: every bit
// of a short buffer; of a long one, the edges whole and a stride between,
// which -short widens; and endBits's first and last bit when sparse.
func TestSampleBits(t *testing.T) {
	if got := sampleBits(512, true); len(got) != 4096 || got[4095] != 4095 {
		t.Errorf("sampleBits(512, true) has %d bits, want all 4096", len(got))
	}
	for _, c := range []struct {
		short        bool
		edge, stride int
	}{{false, 256, 97}, {true, 128, 1021}} {
		got := sampleBits(8193, c.short)
		bits := 8 * 8193
		seen := map[int]bool{}
		for k, i := range got {
			if i < 0 || i >= bits || seen[i] || k > 0 && i <= got[k-1] {
				t.Fatalf("short=%v: bit %d out of range, repeated or out of order", c.short, i)
			}
			seen[i] = true
		}
		for i := range c.edge {
			if !seen[i] || !seen[bits-1-i] {
				t.Errorf("short=%v: edge bit %d or %d missing", c.short, i, bits-1-i)
			}
		}
		if want := 2*c.edge + (bits-2*c.edge+c.stride-1)/c.stride; len(got) != want {
			t.Errorf("short=%v: %d bits, want %d", c.short, len(got), want)
		}
	}
	if got := endBits(16, true); len(got) != 2 || got[0] != 0 || got[1] != 127 {
		t.Errorf("endBits(16, true) = %v, want [0 127]", got)
	}
	if got := endBits(16, false); len(got) != 128 {
		t.Errorf("endBits(16, false) has %d bits, want 128", len(got))
	}
	if got := endBits(0, true); len(got) != 0 {
		t.Errorf("endBits(0, true) = %v, want none", got)
	}
}
