package limbs

// divsteps_arm64.s, the arm64 kernels of divsteps_arm64.go, is generated
// by tools/asm/mont/divstepsarm64; the directive is here, in a file of
// every build, so that go generate refreshes it on any host.

//go:generate go run github.com/crypton-go/crypton/tools/asm/mont/divstepsarm64 -out divsteps_arm64.s
