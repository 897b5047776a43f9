// Package protocol is what avx512emu's host and its guest init agree on:
// the job the host packs into the initramfs, and the marker lines the guest
// writes to the serial console around each test's output.
package protocol

// JobFile is where the guest finds the job, as JSON.
const JobFile = "/avx512emu/job.json"

// A Job is what one boot of the guest runs, in order.
type Job struct {
	// Tag is random per boot and part of every marker line, so that no
	// test output can be taken for one.
	Tag  string `json:"tag"`
	Runs []Run  `json:"runs"`
}

// A Run is one test binary to run in the guest.
type Run struct {
	Name string   `json:"name"` // the package's import path
	Bin  string   `json:"bin"`  // the binary, in the guest
	Args []string `json:"args"`
	Env  []string `json:"env"` // KEY=VALUE, added to a minimal environment
	Dir  string   `json:"dir"` // the working directory, in the guest
}

// Marker kinds. The guest writes, each on a line of its own,
//
//	Marker(tag, CPU)   + " MODEL; flag -missingflag ..."
//	Marker(tag, Begin) + " N"
//	Marker(tag, End)   + " N STATUS SECONDS"
//	Marker(tag, Done)
//
// where N is the run's index, STATUS its exit status (128+signal when a
// signal ended it, 127 when it could not start) and SECONDS the guest's
// clock, which counts emulated instructions, not the host's time.
const (
	CPU   = "CPU"
	Begin = "BEGIN"
	End   = "END"
	Done  = "DONE"
)

// Marker returns the start of a marker line of the given kind.
func Marker(tag, kind string) string { return "AVX512EMU-" + tag + "-" + kind }
