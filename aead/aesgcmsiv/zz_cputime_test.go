package aesgcmsiv

import (
	"crypto/cipher"
	"fmt"
	"os"
	"runtime"
	"sort"
	"syscall"
	"testing"
	"time"
)

func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestZZCPUTime(t *testing.T) {
	if os.Getenv("ZZCPU") == "" {
		t.Skip()
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	key := make([]byte, 32)
	type entry struct {
		name string
		a    cipher.AEAD
		open bool
	}
	var es []entry
	for _, ks := range []int{16, 32} {
		for _, op := range []bool{false, true} {
			es = append(es, entry{fmt.Sprintf("siv%d open=%v", 8*ks, op), cryptonSIV(key[:ks]), op})
			es = append(es, entry{fmt.Sprintf("gcm%d open=%v", 8*ks, op), cryptonGCM(key[:ks]), op})
		}
	}
	for _, n := range []int{64, 1024, 16384} {
		pt := make([]byte, n)
		nonce := make([]byte, 12)
		ad := make([]byte, 13)
		res := map[string][]float64{}
		for rep := 0; rep < 7; rep++ {
			for _, e := range es {
				ct := e.a.Seal(nil, nonce, pt, ad)
				out := make([]byte, 0, n+16)
				iters := 20000
				if n == 16384 {
					iters = 2000
				}
				start := threadCPU()
				for i := 0; i < iters; i++ {
					if e.open {
						out, _ = e.a.Open(out[:0], nonce, ct, ad)
					} else {
						out = e.a.Seal(out[:0], nonce, pt, ad)
					}
				}
				d := threadCPU() - start
				res[e.name] = append(res[e.name], float64(d.Nanoseconds())/float64(iters))
			}
		}
		for _, e := range es {
			v := res[e.name]
			sort.Float64s(v)
			med := v[len(v)/2]
			fmt.Printf("%6d %-18s %9.0f ns/op %8.0f MB/s\n", n, e.name, med, float64(n)/med*1e3)
		}
	}
}
