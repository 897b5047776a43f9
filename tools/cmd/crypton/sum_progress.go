package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// sumProgressMin is the total size of the named regular files from which
// crypton sum shows a progress line (when standard error is a terminal).
const sumProgressMin = 64 << 20

// sumProgress keeps one line on a terminal up to date with how much of the
// files has been hashed: "crypton sum: 1.2 of 4.0 GB (30%)". It is redrawn
// every interval by one goroutine, and cleared by stop.
type sumProgress struct {
	w        io.Writer
	prog     string // the line's prefix: "crypton sum", or argv[0] as sha256sum
	total    int64
	done     atomic.Int64
	interval time.Duration
	quit     chan struct{}
	wg       sync.WaitGroup
	mu       sync.Mutex // held while the line is drawn or cleared
}

// isTerminal reports whether w is a character device, such as a terminal
// (not a file or a pipe).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// totalSize adds up the sizes of the named regular files; others (standard
// input, pipes, unreadable names) count as zero.
func totalSize(names []string) int64 {
	var n int64
	for _, name := range names {
		if name == "-" {
			continue
		}
		if fi, err := os.Stat(name); err == nil && fi.Mode().IsRegular() {
			n += fi.Size()
		}
	}
	return n
}

func startSumProgress(w io.Writer, total int64, interval time.Duration) *sumProgress {
	return startSumProgressAs(w, "crypton sum", total, interval)
}

// startSumProgressAs is startSumProgress with the program name prog.
func startSumProgressAs(w io.Writer, prog string, total int64, interval time.Duration) *sumProgress {
	p := &sumProgress{w: w, prog: prog, total: total, interval: interval, quit: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-p.quit:
				return
			case <-t.C:
				p.draw()
			}
		}
	}()
	return p
}

func (p *sumProgress) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	done := min(p.done.Load(), p.total)
	fmt.Fprintf(p.w, "\r%s: %.1f of %.1f GB (%d%%)\x1b[K", p.prog, float64(done)/1e9, float64(p.total)/1e9, done*100/max(p.total, 1))
}

// stop ends the updates and erases the line, so that what follows on the
// terminal starts on a clean line.
func (p *sumProgress) stop() {
	close(p.quit)
	p.wg.Wait()
	fmt.Fprint(p.w, "\r\x1b[K")
}

// clearWhile erases the line and runs f, which prints to the terminal,
// before the line can be drawn again.
func (p *sumProgress) clearWhile(f func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprint(p.w, "\r\x1b[K")
	f()
}

// reader counts what r delivers towards the progress line.
func (p *sumProgress) reader(r io.Reader) io.Reader {
	return &countingReader{r: r, n: &p.done}
}

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
	return n, err
}
