package sha3

// keccakF1600x4Generic applies Keccak-f[1600] to each of the four states
// interleaved in a, whose a[i][j] is lane i of state j (lane A[x, y] at
// i = x+5y, as in keccakF1600Generic): it gathers each state into a
// scalar one, permutes it with keccakF1600 (the fastest scalar
// implementation enabled) and scatters it back.
func keccakF1600x4Generic(a *[25][4]uint64) {
	var t [25]uint64
	for j := range 4 {
		for i := range t {
			t[i] = a[i][j]
		}
		keccakF1600(&t)
		for i := range t {
			a[i][j] = t[i]
		}
	}
}
