package main

import (
	"archive/tar"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/crypton-go/crypton/tools/cmd/avx512emu/internal/protocol"
)

// interrupted is done when the user interrupts or terminates the program;
// the emulators then stop and their work directories are removed.
var interrupted context.Context = context.Background()

// infraError is a failure of the emulator or of its set-up, as opposed to a
// failing test: a missing package, a guest that never reported, a time-out.
type infraError struct {
	msg      string
	timedOut bool // the emulator ran out of time
}

func (e *infraError) Error() string { return e.msg }

func infraf(format string, args ...any) error {
	return &infraError{msg: fmt.Sprintf(format, args...)}
}

// Files the emulator needs, and the Debian packages that provide them.
var hostFiles = []struct{ path, pkg string }{
	{"/usr/share/bochs/BIOS-bochs-latest", "bochsbios"},
	{"/usr/share/vgabios/vgabios.bin", "vgabios"},
	{"/usr/lib/ISOLINUX/isolinux.bin", "isolinux"},
	{"/usr/lib/syslinux/modules/bios/ldlinux.c32", "syslinux-common"},
}

// aptPackages is what `apt-get install` needs on Debian for avx512emu.
const aptPackages = "bochs bochsbios vgabios isolinux syslinux-common xorriso"

// checkHost reports the missing commands and files as one error that says
// what to install.
func checkHost() error {
	var missing []string
	for _, c := range []struct{ cmd, pkg string }{{"bochs", "bochs"}, {"xorriso", "xorriso"}, {"go", "golang"}} {
		if _, err := exec.LookPath(c.cmd); err != nil {
			missing = append(missing, c.pkg)
		}
	}
	for _, f := range hostFiles {
		if _, err := os.Stat(f.path); err != nil {
			missing = append(missing, f.pkg)
		}
	}
	if len(missing) > 0 {
		return infraf("missing %s; install with: apt-get install -y %s", strings.Join(missing, ", "), aptPackages)
	}
	return nil
}

// cacheDir returns the directory that keeps the guest kernel between runs:
// $AVX512EMU_CACHE, or avx512emu in the user's cache directory.
func cacheDir() (string, error) {
	if d := os.Getenv("AVX512EMU_CACHE"); d != "" {
		return d, os.MkdirAll(d, 0o755)
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	d = filepath.Join(d, "crypton-avx512emu")
	return d, os.MkdirAll(d, 0o755)
}

// kernel returns the path of the guest kernel: $AVX512EMU_KERNEL if set,
// else the vmlinuz of Debian's linux-image-cloud-amd64 (the smallest x86-64
// kernel Debian builds: it boots in a few seconds of emulated time, and has
// the serial console and initramfs support the guest needs built in),
// downloaded with apt-get once into the cache.
func kernel(cache string, log io.Writer) (string, error) {
	if k := os.Getenv("AVX512EMU_KERNEL"); k != "" {
		return k, nil
	}
	out, err := exec.Command("apt-cache", "depends", "linux-image-cloud-amd64").Output()
	pkg := ""
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "Depends:" && strings.HasPrefix(f[1], "linux-image-") {
			pkg = f[1]
			break
		}
	}
	if pkg == "" {
		// Without apt (or its package lists), use whatever kernel is
		// cached.
		if m, _ := filepath.Glob(filepath.Join(cache, "vmlinuz-*")); len(m) > 0 {
			return m[len(m)-1], nil
		}
		return "", infraf("cannot resolve linux-image-cloud-amd64 with apt-cache (%v); run apt-get update, or set AVX512EMU_KERNEL to an x86-64 bzImage", err)
	}
	path := filepath.Join(cache, "vmlinuz-"+pkg)
	if fi, err := os.Stat(path); err == nil && fi.Size() > 0 {
		return path, nil
	}
	fmt.Fprintf(log, "avx512emu: downloading %s into %s\n", pkg, cache)
	tmp, err := os.MkdirTemp(cache, "download")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	dl := exec.Command("apt-get", "download", pkg)
	dl.Dir = tmp
	if out, err := dl.CombinedOutput(); err != nil {
		return "", infraf("apt-get download %s: %v\n%s", pkg, err, out)
	}
	debs, _ := filepath.Glob(filepath.Join(tmp, "*.deb"))
	if len(debs) != 1 {
		return "", infraf("apt-get download %s left %d .deb files", pkg, len(debs))
	}
	if err := extractVmlinuz(debs[0], path+".tmp"); err != nil {
		return "", infraf("%s: %v", debs[0], err)
	}
	return path, os.Rename(path+".tmp", path)
}

// extractVmlinuz copies ./boot/vmlinuz-* out of a kernel .deb into dst.
func extractVmlinuz(deb, dst string) error {
	cmd := exec.Command("dpkg-deb", "--fsys-tarfile", deb)
	r, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer cmd.Wait()
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err != nil {
			return fmt.Errorf("no boot/vmlinuz-* in the package (%v)", err)
		}
		if !strings.HasPrefix(strings.TrimPrefix(h.Name, "./"), "boot/vmlinuz-") {
			continue
		}
		f, err := os.Create(dst)
		if err != nil {
			return err
		}
		_, err = io.Copy(f, tr)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		go io.Copy(io.Discard, r)
		return err
	}
}

// buildGuest builds the guest's init (package guest beside this command)
// as a static Linux binary.
func buildGuest(dst string) error {
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", dst, guestPkg)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH=amd64")
	if out, err := cmd.CombinedOutput(); err != nil {
		return infraf("building the guest init (%s): %v\n%s", guestPkg, err, out)
	}
	return nil
}

const guestPkg = "github.com/crypton-go/crypton/tools/cmd/avx512emu/guest"

// A testRun is one test binary to run in the guest and what became of it.
type testRun struct {
	name string   // what to call it: the package's import path
	bin  string   // the test binary on the host
	dir  string   // the host directory to copy into its working directory ("" for none)
	args []string // its arguments
	env  []string // extra environment, KEY=VALUE

	// Filled in from the console.
	started bool
	ended   bool
	status  int
	seconds float64 // emulated seconds
	output  bytes.Buffer
}

// machine is one emulated computer: its settings and work directory.
type machine struct {
	cpu     string // Bochs CPU model
	megs    int    // guest memory in MiB
	timeout time.Duration
	kernel  string
	init    string // the guest init binary
	work    string // a directory of its own
	verbose io.Writer
	log     io.Writer      // where to say that the emulator starts again, or nil
	live    io.Writer      // where to copy test output as it arrives, or nil
	onEnd   func(*testRun) // called as each run ends, if not nil
}

// bootAttempts is how many times boot starts an emulator whose guest ended
// before it began its first test (Bochs failing to start, say because every
// VNC port its display tries is taken): nothing has run then, so starting
// again cannot hide a test's result.
const bootAttempts = 3

// boot runs runs in one guest, in order, and fills in their results. It
// returns an infraError when the guest did not report on every run.
func (m *machine) boot(runs []*testRun) (cpuLine string, err error) {
	for attempt := 1; ; attempt++ {
		cpuLine, err = m.bootOnce(runs)
		if err == nil || attempt == bootAttempts || anyStarted(runs) || interrupted.Err() != nil {
			return cpuLine, err
		}
		if ie, ok := err.(*infraError); !ok || ie.timedOut {
			return cpuLine, err
		}
		if m.log != nil {
			fmt.Fprintf(m.log, "avx512emu: starting the emulator again (attempt %d of %d) after: %s\n", attempt+1, bootAttempts, strings.SplitN(err.Error(), "\n", 2)[0])
		}
		time.Sleep(time.Duration(attempt) * 5 * time.Second)
	}
}

func anyStarted(runs []*testRun) bool {
	for _, r := range runs {
		if r.started {
			return true
		}
	}
	return false
}

// privateNetwork returns the command prefix that runs Bochs in a network
// namespace of its own, or nil where the host allows none. Bochs's rfb
// display listens on the first free TCP port from 5900 to 5949; on a host
// that runs many emulators at once (CI runners sharing a network) all fifty
// can be taken, and Bochs then exits before the guest boots. In a namespace
// of its own every emulator finds port 5900 free.
var privateNetwork = sync.OnceValue(func() []string {
	for _, prefix := range [][]string{{"unshare", "--net"}, {"unshare", "--map-root-user", "--net"}} {
		if exec.Command(prefix[0], append(prefix[1:], "true")...).Run() == nil {
			return prefix
		}
	}
	return nil
})

// bootOnce is one start of the emulator for boot.
func (m *machine) bootOnce(runs []*testRun) (cpuLine string, err error) {
	tagBytes := make([]byte, 6)
	rand.Read(tagBytes)
	tag := hex.EncodeToString(tagBytes)

	initrd := filepath.Join(m.work, "initrd.cpio")
	if err := m.writeInitrd(initrd, tag, runs); err != nil {
		return "", err
	}
	iso := filepath.Join(m.work, "boot.iso")
	if err := m.writeISO(iso, initrd); err != nil {
		return "", err
	}
	console := filepath.Join(m.work, "console.log")
	rc := filepath.Join(m.work, "bochsrc")
	if err := os.WriteFile(rc, []byte(bochsrc(m.cpu, m.megs, iso, console, filepath.Join(m.work, "bochs.log"))), 0o644); err != nil {
		return "", err
	}
	// Debian's Bochs is built with its debugger, which stops before the
	// first instruction: a command file makes it continue.
	dbg := filepath.Join(m.work, "debugger.rc")
	os.WriteFile(dbg, []byte("c\n"), 0o644)
	os.WriteFile(console, nil, 0o644)

	argv := append(privateNetwork(), "bochs", "-q", "-f", rc, "-rc", dbg)
	cmd := exec.Command(argv[0], argv[1:]...)
	out, _ := os.Create(filepath.Join(m.work, "bochs.out"))
	defer out.Close()
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		return "", infraf("starting bochs: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()

	p := &consoleParser{tag: tag, runs: runs, verbose: m.verbose, live: m.live, onEnd: m.onEnd}
	f, err := os.Open(console)
	if err != nil {
		cmd.Process.Kill()
		return "", err
	}
	defer f.Close()
	deadline := time.After(m.timeout)
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	buf := make([]byte, 64<<10)
	var bochsErr error
	running, timedOut := true, false
	for running {
		select {
		case bochsErr = <-exited:
			running = false
		case <-deadline:
			cmd.Process.Kill()
			bochsErr = <-exited
			running, timedOut = false, true
		case <-interrupted.Done():
			cmd.Process.Kill()
			<-exited
			return p.cpu, infraf("interrupted")
		case <-tick.C:
		}
		for {
			n, _ := f.Read(buf)
			if n == 0 {
				break
			}
			p.write(buf[:n])
		}
		if p.panic != "" && running {
			// panic=0: the guest kernel waits for ever after a panic.
			cmd.Process.Kill()
			bochsErr = <-exited
			running = false
		}
		if p.done && running {
			// The guest has said all it will; give Bochs a moment to
			// power off, then end it.
			select {
			case bochsErr = <-exited:
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				<-exited
			}
			running = false
		}
	}
	p.flush()
	switch {
	case timedOut:
		err := infraf("the emulator ran out of time (%v); %s", m.timeout, p.where())
		err.(*infraError).timedOut = true
		return p.cpu, err
	case !p.done:
		tail, _ := os.ReadFile(filepath.Join(m.work, "bochs.out"))
		return p.cpu, infraf("the guest ended without reporting (bochs: %v); %s; console and logs kept in %s\n%s", bochsErr, p.where(), m.work, lastLines(string(tail), 8))
	}
	return p.cpu, nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// writeInitrd writes the initramfs: the guest init, the job, and each
// run's binary and working directory.
func (m *machine) writeInitrd(name, tag string, runs []*testRun) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer f.Close()
	c := newCPIOWriter(f)
	c.copyFile("init", m.init)
	c.mkdirAll("tmp")
	c.mkdirAll("dev")
	c.mkdirAll("proc")
	c.mkdirAll("sys")
	j := protocol.Job{Tag: tag}
	bins := map[string]string{} // host binary -> guest path
	for i, r := range runs {
		bin, ok := bins[r.bin]
		if !ok {
			bin = fmt.Sprintf("/avx512emu/bin/%d.test", len(bins))
			bins[r.bin] = bin
			c.copyFile(bin, r.bin)
		}
		dir := fmt.Sprintf("/avx512emu/work/%d", i)
		if r.dir != "" {
			copyPackageDir(c, dir, r.dir)
		}
		c.mkdirAll(dir)
		j.Runs = append(j.Runs, protocol.Run{Name: r.name, Bin: bin, Args: r.args, Env: r.env, Dir: dir})
	}
	js, err := json.Marshal(j)
	if err != nil {
		return err
	}
	c.file(protocol.JobFile, 0o644, js)
	return c.close()
}

// copyPackageDir copies what a test may read from its package directory:
// the files in it and its testdata tree (not the packages below it).
func copyPackageDir(c *cpioWriter, dst, src string) {
	entries, err := os.ReadDir(src)
	if err != nil {
		c.err = err
		return
	}
	for _, e := range entries {
		switch {
		case e.Type().IsRegular():
			c.copyFile(filepath.ToSlash(filepath.Join(dst, e.Name())), filepath.Join(src, e.Name()))
		case e.IsDir() && e.Name() == "testdata":
			c.copyTree(filepath.ToSlash(filepath.Join(dst, "testdata")), filepath.Join(src, "testdata"))
		}
	}
}

// The kernel command line. The clearcpuid list keeps the guest kernel off
// features that Bochs 2.7's Ice Lake and Tiger Lake models describe wrongly
// (its CPUID leaf 0xD gets PKRU and the compacted XSAVE size wrong, which
// makes Linux turn XSAVE, and with it AVX and AVX-512, off; and with rdpid,
// umip or fsrm in use the kernel faults early in boot). Only the kernel
// stops using them: CPUID in user space still shows every feature.
const cmdline = "console=ttyS0,115200 quiet loglevel=3 panic=0 rdinit=/init nokaslr " +
	"mitigations=off random.trust_cpu=on tsc=reliable 8250.nr_uarts=1 " +
	"clearcpuid=xsavec,xsaves,pku,aperfmperf,rdpid,umip,fsrm"

// writeISO writes a bootable ISO image with ISOLINUX, the kernel and the
// initramfs (xorriso's graft points name the files without copying them).
func (m *machine) writeISO(iso, initrd string) error {
	cfg := filepath.Join(m.work, "isolinux.cfg")
	err := os.WriteFile(cfg, []byte("DEFAULT linux\nPROMPT 0\nTIMEOUT 0\nLABEL linux\n  KERNEL /vmlinuz\n  INITRD /initrd\n  APPEND "+cmdline+"\n"), 0o644)
	if err != nil {
		return err
	}
	cmd := exec.Command("xorriso", "-as", "mkisofs", "-quiet", "-o", iso, "-graft-points",
		"-b", "isolinux/isolinux.bin", "-c", "isolinux/boot.cat",
		"-no-emul-boot", "-boot-load-size", "4", "-boot-info-table",
		"isolinux/isolinux.bin="+hostFiles[2].path,
		"isolinux/ldlinux.c32="+hostFiles[3].path,
		"isolinux/isolinux.cfg="+cfg,
		"vmlinuz="+m.kernel, "initrd="+initrd)
	if out, err := cmd.CombinedOutput(); err != nil {
		return infraf("xorriso: %v\n%s", err, out)
	}
	return nil
}

// bochsrc returns the emulator's configuration: one CPU of the given model,
// booting the ISO, the first serial port written to console, no sound (the
// ALSA plugin aborts Bochs on machines without a sound card) and the rfb
// display, which waits for no client (Debian builds no "nogui"). The guest's
// clock follows the instruction count (200 million a second), so that its
// timings do not depend on the host's load.
func bochsrc(cpu string, megs int, iso, console, log string) string {
	return fmt.Sprintf(`config_interface: textconfig
display_library: rfb, options="timeout=0"
memory: guest=%d, host=%d
romimage: file=%s
vgaromimage: file=%s
cpu: model=%s, count=1, ips=200000000, reset_on_triple_fault=0
ata0-master: type=cdrom, path=%s, status=inserted
boot: cdrom
com1: enabled=1, mode=file, dev=%s
speaker: enabled=0
sound: waveoutdrv=dummy, waveindrv=dummy, midioutdrv=dummy
log: %s
panic: action=fatal
error: action=report
info: action=ignore
debug: action=ignore
clock: sync=none, time0=local
`, megs, megs, hostFiles[0].path, hostFiles[1].path, cpu, iso, console, log)
}

// consoleParser reads the guest's console and files each line under the
// run it belongs to, by the guest's marker lines (see package protocol).
type consoleParser struct {
	tag     string
	runs    []*testRun
	verbose io.Writer // every console line, if not nil
	live    io.Writer // test output as it arrives, if not nil
	onEnd   func(*testRun)

	partial []byte
	cur     *testRun
	cpu     string
	done    bool
	panic   string // a kernel panic line
}

func (p *consoleParser) write(b []byte) {
	p.partial = append(p.partial, b...)
	for {
		i := bytes.IndexByte(p.partial, '\n')
		if i < 0 {
			return
		}
		p.line(strings.TrimSuffix(string(p.partial[:i]), "\r"))
		p.partial = p.partial[i+1:]
	}
}

// flush takes a last line without its newline.
func (p *consoleParser) flush() {
	if len(p.partial) > 0 {
		p.line(strings.TrimSuffix(string(p.partial), "\r"))
		p.partial = nil
	}
}

func (p *consoleParser) line(s string) {
	if p.verbose != nil {
		fmt.Fprintln(p.verbose, s)
	}
	marker := protocol.Marker(p.tag, "")
	if !strings.HasPrefix(s, marker) {
		if strings.Contains(s, "Kernel panic") {
			p.panic = s
		}
		if p.cur != nil {
			p.cur.output.WriteString(s + "\n")
			if p.live != nil {
				fmt.Fprintln(p.live, s)
			}
		}
		return
	}
	kind, rest, _ := strings.Cut(s[len(marker):], " ")
	switch kind {
	case protocol.CPU:
		p.cpu = rest
	case protocol.Begin:
		var i int
		if _, err := fmt.Sscan(rest, &i); err == nil && i >= 0 && i < len(p.runs) {
			p.cur = p.runs[i]
			p.cur.started = true
		}
	case protocol.End:
		var i, status int
		var secs float64
		if _, err := fmt.Sscan(rest, &i, &status, &secs); err == nil && i >= 0 && i < len(p.runs) {
			r := p.runs[i]
			r.ended, r.status, r.seconds = true, status, secs
			if p.onEnd != nil {
				p.onEnd(r)
			}
		}
		p.cur = nil
	case protocol.Done:
		p.done = true
		p.cur = nil
	}
}

// where says how far the guest got.
func (p *consoleParser) where() string {
	s := "the guest did not start its first test"
	for _, r := range p.runs {
		if r.started && !r.ended {
			s = "the guest stopped during " + r.name
		} else if r.ended {
			s = "the guest stopped after " + r.name
		}
	}
	if p.panic != "" {
		s += " (" + p.panic + ")"
	}
	return s
}
