//go:build gc && !purego

package mlkem

// The byte encodings, compression and noise sampling with AVX2; see
// ntt_amd64.s and its generator, tools/asm/pq/mlkem (encode.go). They are
// switched on by either implementation (avx2Kernels).

// encode12AVX2 is encode12Generic with AVX2.
//
//go:noescape
func encode12AVX2(out *[384]byte, f *[256]fieldElement)

// decode12CheckedAVX2 is decode12CheckedGeneric with AVX2: it returns a
// value other than zero if a value of b is q or more.
//
//go:noescape
func decode12CheckedAVX2(f *nttElement, b *[384]byte) int

// decode12ReduceAVX2 is decode12ReduceGeneric with AVX2.
//
//go:noescape
func decode12ReduceAVX2(f *nttElement, b *[384]byte)

// encodeCompressed1AVX2 is encodeCompressedGeneric with AVX2 for d = 1,
// writing the 32 bytes to out.
//
//go:noescape
func encodeCompressed1AVX2(out *[32]byte, f *ringElement)

// encodeCompressed4AVX2 is encodeCompressedGeneric with AVX2 for d = 4,
// writing the 128 bytes to out.
//
//go:noescape
func encodeCompressed4AVX2(out *[128]byte, f *ringElement)

// encodeCompressed5AVX2 is encodeCompressedGeneric with AVX2 for d = 5,
// writing the 160 bytes to out.
//
//go:noescape
func encodeCompressed5AVX2(out *[160]byte, f *ringElement)

// encodeCompressed10AVX2 is encodeCompressedGeneric with AVX2 for d = 10,
// writing the 320 bytes to out.
//
//go:noescape
func encodeCompressed10AVX2(out *[320]byte, f *ringElement)

// encodeCompressed11AVX2 is encodeCompressedGeneric with AVX2 for d = 11,
// writing the 352 bytes to out.
//
//go:noescape
func encodeCompressed11AVX2(out *[352]byte, f *ringElement)

// decodeDecompressed1AVX2 is decodeDecompressedGeneric with AVX2 for
// d = 1.
//
//go:noescape
func decodeDecompressed1AVX2(f *ringElement, b *[32]byte)

// decodeDecompressed4AVX2 is decodeDecompressedGeneric with AVX2 for
// d = 4.
//
//go:noescape
func decodeDecompressed4AVX2(f *ringElement, b *[128]byte)

// decodeDecompressed5AVX2 is decodeDecompressedGeneric with AVX2 for
// d = 5.
//
//go:noescape
func decodeDecompressed5AVX2(f *ringElement, b *[160]byte)

// decodeDecompressed10AVX2 is decodeDecompressedGeneric with AVX2 for
// d = 10.
//
//go:noescape
func decodeDecompressed10AVX2(f *ringElement, b *[320]byte)

// decodeDecompressed11AVX2 is decodeDecompressedGeneric with AVX2 for
// d = 11.
//
//go:noescape
func decodeDecompressed11AVX2(f *ringElement, b *[352]byte)

// samplePolyCBD2AVX2 is samplePolyCBDGeneric with AVX2 for η = 2.
//
//go:noescape
func samplePolyCBD2AVX2(f *ringElement, b *[128]byte)

// samplePolyCBD3AVX2 is samplePolyCBDGeneric with AVX2 for η = 3.
//
//go:noescape
func samplePolyCBD3AVX2(f *ringElement, b *[192]byte)

// encode12 appends ByteEncode₁₂(f) to b; see encode12Generic.
func encode12[T ~[256]fieldElement](b []byte, f *T) []byte {
	if avx2Kernels() {
		b = growBy(b, 384)
		l := len(b)
		b = b[:l+384]
		encode12AVX2((*[384]byte)(b[l:]), (*[256]fieldElement)((*f)[:]))
		return b
	}
	return encode12Generic(b, f)
}

// decode12Checked decodes ByteDecode₁₂(b) into f with the modulus check;
// see decode12CheckedGeneric.
func decode12Checked(f *nttElement, b []byte) error {
	if avx2Kernels() {
		if decode12CheckedAVX2(f, (*[384]byte)(b)) != 0 {
			return errModulus
		}
		return nil
	}
	return decode12CheckedGeneric(f, b)
}

// decode12Reduce decodes ByteDecode₁₂(b) into f modulo q; see
// decode12ReduceGeneric.
func decode12Reduce(f *nttElement, b []byte) {
	if avx2Kernels() {
		decode12ReduceAVX2(f, (*[384]byte)(b))
		return
	}
	decode12ReduceGeneric(f, b)
}

// encodeCompressed appends ByteEncode_d(Compress_d(f)) to b; see
// encodeCompressedGeneric.
func encodeCompressed(b []byte, f *ringElement, d uint) []byte {
	if !avx2Kernels() {
		return encodeCompressedGeneric(b, f, d)
	}
	b = growBy(b, encodedSize(d))
	l := len(b)
	out := b[l : l+encodedSize(d)]
	switch d {
	case 1:
		encodeCompressed1AVX2((*[32]byte)(out), f)
	case 4:
		encodeCompressed4AVX2((*[128]byte)(out), f)
	case 5:
		encodeCompressed5AVX2((*[160]byte)(out), f)
	case 10:
		encodeCompressed10AVX2((*[320]byte)(out), f)
	case 11:
		encodeCompressed11AVX2((*[352]byte)(out), f)
	default:
		return encodeCompressedGeneric(b, f, d)
	}
	return b[:l+len(out)]
}

// decodeDecompressed sets f to Decompress_d(ByteDecode_d(b)); see
// decodeDecompressedGeneric.
func decodeDecompressed(f *ringElement, b []byte, d uint) {
	if !avx2Kernels() {
		decodeDecompressedGeneric(f, b, d)
		return
	}
	switch d {
	case 1:
		decodeDecompressed1AVX2(f, (*[32]byte)(b))
	case 4:
		decodeDecompressed4AVX2(f, (*[128]byte)(b))
	case 5:
		decodeDecompressed5AVX2(f, (*[160]byte)(b))
	case 10:
		decodeDecompressed10AVX2(f, (*[320]byte)(b))
	case 11:
		decodeDecompressed11AVX2(f, (*[352]byte)(b))
	default:
		decodeDecompressedGeneric(f, b, d)
	}
}

// samplePolyCBD returns SamplePolyCBD_η(b); see samplePolyCBDGeneric.
func samplePolyCBD(b []byte, eta int) (f ringElement) {
	switch {
	case avx2Kernels() && eta == 2:
		samplePolyCBD2AVX2(&f, (*[128]byte)(b))
	case avx2Kernels() && eta == 3:
		samplePolyCBD3AVX2(&f, (*[192]byte)(b))
	default:
		f = samplePolyCBDGeneric(b, eta)
	}
	return f
}
