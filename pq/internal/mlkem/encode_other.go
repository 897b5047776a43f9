//go:build !amd64 || !gc || purego

package mlkem

func encode12[T ~[256]fieldElement](b []byte, f *T) []byte { return encode12Generic(b, f) }

func decode12Checked(f *nttElement, b []byte) error { return decode12CheckedGeneric(f, b) }

func decode12Reduce(f *nttElement, b []byte) { decode12ReduceGeneric(f, b) }

func encodeCompressed(b []byte, f *ringElement, d uint) []byte {
	return encodeCompressedGeneric(b, f, d)
}

func decodeDecompressed(f *ringElement, b []byte, d uint) { decodeDecompressedGeneric(f, b, d) }

func samplePolyCBD(b []byte, eta int) ringElement { return samplePolyCBDGeneric(b, eta) }
