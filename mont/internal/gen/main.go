//go:build ignore

// This program writes the Go code that mont/p256, mont/p384 and mont/p521
// share except for sizes, constants and names: the Element and Scalar types
// with their methods (element.go, scalar.go), the two fields and the
// kernels they hand to mont/internal/limbs (fields.go), and the dispatch
// between the MULX/ADX kernels and the portable ones (pNNN_amd64.go,
// pNNN_noasm.go, the shape CONTRIBUTING.md's "One dispatch shape" sets).
// What really differs stays in each package's hand-written files: the
// package documentation, the encoded sizes and the curve's constants
// (pNNN.go) and the square-root chain (sqrt.go).
//
// Each package runs it from its pNNN.go, with its name as the argument:
//
//	//go:generate go run ../internal/gen/main.go p256
//
// and it writes the package's files into the current directory.
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"log"
	"math/big"
	"os"
	"strings"
	"text/template"
)

// A curve holds what the generated files of one package depend on.
type curve struct {
	Pkg   string // package name, "p256"
	Name  string // "P-256"
	Limbs int    // 64-bit limbs of p and of n

	// P is the base field's prime, a sum of signed powers of two (their
	// exponents, 0 for 1), in decreasing order: the documentation prints it
	// in this form, the code its value.
	P []term
	// N is the group order, in hexadecimal.
	N string

	// FpMULX and FpGeneric complete the names of the kernels of
	// mont/internal/limbs for the base field: limbs.Mul+FpMULX,
	// limbs.Square+FpMULX, limbs.SquareN+FpMULX and the same with
	// FpGeneric. The scalar field takes the generic Montgomery kernels of
	// its size (limbs.Mul4MULX, limbs.Mul4, ...).
	FpMULX, FpGeneric string

	// Plain says that the base field holds plain values, not in Montgomery
	// form, reduced by limbs.Reduce521: p = 2^521 − 1.
	Plain bool
}

// A term is ±2^Exp.
type term struct {
	Exp int
	Neg bool
}

var curves = []curve{
	{
		Pkg: "p256", Name: "P-256", Limbs: 4,
		P:      []term{{256, false}, {224, true}, {192, false}, {96, false}, {0, true}},
		N:      "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
		FpMULX: "P256MULX", FpGeneric: "4",
	},
	{
		Pkg: "p384", Name: "P-384", Limbs: 6,
		P:      []term{{384, false}, {128, true}, {96, true}, {32, false}, {0, true}},
		N:      "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973",
		FpMULX: "6MULX", FpGeneric: "6",
	},
	{
		Pkg: "p521", Name: "P-521", Limbs: 9,
		P:      []term{{521, false}, {0, true}},
		N:      "1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409",
		FpMULX: "521MULX", FpGeneric: "521",
		Plain: true,
	},
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("mont/internal/gen: ")
	if len(os.Args) != 2 {
		log.Fatal("usage: go run main.go PACKAGE (p256, p384 or p521)")
	}
	for _, c := range curves {
		if c.Pkg != os.Args[1] {
			continue
		}
		c.check()
		for _, f := range files {
			write(strings.ReplaceAll(f.name, "PKG", c.Pkg), f.tmpl, c)
		}
		return
	}
	log.Fatalf("unknown package %q", os.Args[1])
}

// p returns the base field's prime.
func (c curve) p() *big.Int {
	p := new(big.Int)
	for _, t := range c.P {
		x := new(big.Int).Lsh(big.NewInt(1), uint(t.Exp))
		if t.Neg {
			p.Sub(p, x)
		} else {
			p.Add(p, x)
		}
	}
	return p
}

// n returns the group order.
func (c curve) n() *big.Int {
	n, ok := new(big.Int).SetString(c.N, 16)
	if !ok {
		log.Fatalf("%s: bad order %q", c.Pkg, c.N)
	}
	return n
}

// check stops the generator if the parameters contradict what the
// templates say about them.
func (c curve) check() {
	p, n := c.p(), c.n()
	for _, m := range []*big.Int{p, n} {
		if (m.BitLen()+63)/64 != c.Limbs {
			log.Fatalf("%s: %x does not have %d limbs", c.Pkg, m, c.Limbs)
		}
		if !m.ProbablyPrime(20) {
			log.Fatalf("%s: %x is not prime", c.Pkg, m)
		}
	}
	// Element.Sqrt documents a^((p+1)/4).
	if p.Bit(0) != 1 || p.Bit(1) != 1 {
		log.Fatalf("%s: p is not 3 mod 4", c.Pkg)
	}
	if c.Plain && p.Cmp(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 521), big.NewInt(1))) != 0 {
		log.Fatalf("%s: plain values need p = 2^521 − 1 (limbs.Reduce521)", c.Pkg)
	}
}

// PExpr returns p as the documentation writes it, "2^256 − 2^224 + ... − 1".
func (c curve) PExpr() string {
	var b strings.Builder
	for i, t := range c.P {
		switch {
		case i > 0 && t.Neg:
			b.WriteString(" − ")
		case i > 0:
			b.WriteString(" + ")
		case t.Neg:
			b.WriteString("−")
		}
		if t.Exp == 0 {
			b.WriteString("1")
		} else {
			fmt.Fprintf(&b, "2^%d", t.Exp)
		}
	}
	return b.String()
}

// Array is the Go type of the limbs, "[4]uint64".
func (c curve) Array() string { return fmt.Sprintf("[%d]uint64", c.Limbs) }

// RBits is the bit length of the Montgomery constant R = 2^(64·Limbs).
func (c curve) RBits() int { return 64 * c.Limbs }

// PLimbs and NLimbs are the composite literals of p and n.
func (c curve) PLimbs() string { return c.literal(c.p()) }
func (c curve) NLimbs() string { return c.literal(c.n()) }

func (c curve) literal(m *big.Int) string {
	var parts []string
	mask := new(big.Int).SetUint64(^uint64(0))
	for i := 0; i < c.Limbs; i++ {
		w := new(big.Int).Rsh(m, uint(64*i))
		parts = append(parts, fmt.Sprintf("0x%016x", w.And(w, mask).Uint64()))
	}
	return c.Array() + "{" + strings.Join(parts, ", ") + "}"
}

// NHex is n as the documentation writes it, "0xffffffff00000000...".
func (c curve) NHex() string { return "0x" + c.n().Text(16) }

func write(name string, tmpl *template.Template, c curve) {
	var b bytes.Buffer
	b.WriteString("// Code generated by mont/internal/gen/main.go; DO NOT EDIT.\n\n")
	if err := tmpl.Execute(&b, c); err != nil {
		log.Fatalf("%s: %v", name, err)
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatalf("%s: %v\n%s", name, err, b.Bytes())
	}
	if err := os.WriteFile(name, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// files are the generated files; PKG in a name is the package's name.
var files = []struct {
	name string
	tmpl *template.Template
}{
	{"element.go", template.Must(template.New("element").Parse(elementTmpl))},
	{"scalar.go", template.Must(template.New("scalar").Parse(scalarTmpl))},
	{"fields.go", template.Must(template.New("fields").Parse(fieldsTmpl))},
	{"PKG_amd64.go", template.Must(template.New("amd64").Parse(amd64Tmpl))},
	{"PKG_noasm.go", template.Must(template.New("noasm").Parse(noasmTmpl))},
}

const elementTmpl = `package {{.Pkg}}

import (
	"encoding/hex"

	"github.com/crypton-go/crypton/mont/internal/limbs"
)

// Element is an element of GF(p), p = {{.PExpr}}. The
// zero value is 0.
type Element struct {
{{- if .Plain}}
	// l holds x in little-endian limbs, below p (not in Montgomery form).
{{- else}}
	// l holds x·2^{{.RBits}} mod p in little-endian limbs, below p.
{{- end}}
	l {{.Array}}
}

// mustElement decodes a constant of the package.
func mustElement(s string) *Element {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	e, err := new(Element).SetBytes(b)
	if err != nil {
		panic(err)
	}
	return e
}

// Zero sets e = 0 and returns e.
func (e *Element) Zero() *Element { *e = Element{}; return e }

// One sets e = 1 and returns e.
func (e *Element) One() *Element { fp.One(&e.l); return e }

// Set sets e = a and returns e.
func (e *Element) Set(a *Element) *Element { *e = *a; return e }

// Add sets e = a + b and returns e.
func (e *Element) Add(a, b *Element) *Element { limbs.Add{{.Limbs}}(fp, &e.l, &a.l, &b.l); return e }

// Sub sets e = a − b and returns e.
func (e *Element) Sub(a, b *Element) *Element { limbs.Sub{{.Limbs}}(fp, &e.l, &a.l, &b.l); return e }

// Negate sets e = −a and returns e.
func (e *Element) Negate(a *Element) *Element { fp.Neg(&e.l, &a.l); return e }

// Mul sets e = a · b and returns e.
func (e *Element) Mul(a, b *Element) *Element { fpMul(fp, &e.l, &a.l, &b.l); return e }

// Square sets e = a² and returns e.
func (e *Element) Square(a *Element) *Element { fpSquare(fp, &e.l, &a.l); return e }

// Select sets e to a if cond == 1 and to b if cond == 0, and returns e. cond
// must be 0 or 1; the choice is made in constant time.
func (e *Element) Select(a, b *Element, cond int) *Element {
	limbs.Select(&e.l, &a.l, &b.l, cond)
	return e
}

// Equal returns 1 if e and a are equal and 0 otherwise.
func (e *Element) Equal(a *Element) int { return limbs.Equal(&e.l, &a.l) }

// IsZero returns 1 if e is 0 and 0 otherwise.
func (e *Element) IsZero() int { return limbs.IsZero(&e.l) }

// IsOdd returns 1 if the canonical value of e (its encoding) is odd and 0
// otherwise: the bit of SEC 1's point compression.
func (e *Element) IsOdd() int { return fp.IsOdd(&e.l) }

// Invert sets e = 1/a and returns e; if a is 0, e is set to 0. It runs a
// fixed number of Bernstein–Yang divsteps, in constant time.
func (e *Element) Invert(a *Element) *Element { fp.Invert(&e.l, &a.l); return e }

// InvertVarTime sets e = 1/a and returns e; if a is 0, e is set to 0.
//
// InvertVarTime is VARIABLE TIME in the value of a (a binary extended GCD,
// Bernstein–Yang divsteps): use it only for public inputs, never for
// secrets. [Element.Invert] is the constant-time alternative.
func (e *Element) InvertVarTime(a *Element) *Element { fp.InvertVarTime(&e.l, &a.l); return e }

// Sqrt sets e to a square root of a and returns e and 1 if a is a square;
// otherwise it leaves e unchanged and returns e and 0. Which root is
// returned is unspecified (use [Element.IsOdd] and [Element.Negate] to pick
// one). It computes a^((p+1)/4), as p ≡ 3 (mod 4), in constant time.
func (e *Element) Sqrt(a *Element) (*Element, int) {
	ok := fp.Sqrt(&e.l, &a.l)
	return e, ok
}

// SetBytes sets e to the big-endian encoding b, which must be exactly
// [ElementSize] bytes with a value below p, and returns e. Otherwise it
// returns nil and an error and leaves e unchanged.
func (e *Element) SetBytes(b []byte) (*Element, error) {
	if !fp.SetCanonical(&e.l, b, ElementSize) {
		return nil, errElement
	}
	return e, nil
}

// Bytes returns the canonical big-endian encoding of e, [ElementSize] bytes.
func (e *Element) Bytes() []byte {
	var out [ElementSize]byte
	return e.FillBytes(out[:])
}

// FillBytes writes the canonical big-endian encoding of e into
// b[:ElementSize] and returns it, without allocating. It panics if b is
// shorter than [ElementSize].
func (e *Element) FillBytes(b []byte) []byte { return fp.Encode(b, &e.l, ElementSize) }
`

const scalarTmpl = `package {{.Pkg}}

import "github.com/crypton-go/crypton/mont/internal/limbs"

// Scalar is an integer modulo the order n of the {{.Name}} group, whose
// hexadecimal value is
//
//	{{.NHex}}
//
// The zero value is 0.
type Scalar struct {
	// l holds x·2^{{.RBits}} mod n in little-endian limbs, below n.
	l {{.Array}}
}

// Zero sets s = 0 and returns s.
func (s *Scalar) Zero() *Scalar { *s = Scalar{}; return s }

// One sets s = 1 and returns s.
func (s *Scalar) One() *Scalar { fn.One(&s.l); return s }

// Set sets s = a and returns s.
func (s *Scalar) Set(a *Scalar) *Scalar { *s = *a; return s }

// Add sets s = a + b mod n and returns s.
func (s *Scalar) Add(a, b *Scalar) *Scalar { limbs.Add{{.Limbs}}(fn, &s.l, &a.l, &b.l); return s }

// Sub sets s = a − b mod n and returns s.
func (s *Scalar) Sub(a, b *Scalar) *Scalar { limbs.Sub{{.Limbs}}(fn, &s.l, &a.l, &b.l); return s }

// Negate sets s = −a mod n and returns s.
func (s *Scalar) Negate(a *Scalar) *Scalar { fn.Neg(&s.l, &a.l); return s }

// Mul sets s = a · b mod n and returns s.
func (s *Scalar) Mul(a, b *Scalar) *Scalar { fnMul(fn, &s.l, &a.l, &b.l); return s }

// Square sets s = a² mod n and returns s.
func (s *Scalar) Square(a *Scalar) *Scalar { fnSquare(fn, &s.l, &a.l); return s }

// Select sets s to a if cond == 1 and to b if cond == 0, and returns s. cond
// must be 0 or 1; the choice is made in constant time.
func (s *Scalar) Select(a, b *Scalar, cond int) *Scalar {
	limbs.Select(&s.l, &a.l, &b.l, cond)
	return s
}

// Equal returns 1 if s and a are equal and 0 otherwise.
func (s *Scalar) Equal(a *Scalar) int { return limbs.Equal(&s.l, &a.l) }

// IsZero returns 1 if s is 0 and 0 otherwise.
func (s *Scalar) IsZero() int { return limbs.IsZero(&s.l) }

// Invert sets s = 1/a mod n and returns s; if a is 0, s is set to 0. It
// runs a fixed number of Bernstein–Yang divsteps, in constant time.
func (s *Scalar) Invert(a *Scalar) *Scalar { fn.Invert(&s.l, &a.l); return s }

// InvertVarTime sets s = 1/a mod n and returns s; if a is 0, s is set to
// 0.
//
// InvertVarTime is VARIABLE TIME in the value of a (a binary extended GCD,
// Bernstein–Yang divsteps): use it only for public inputs, such as the s of
// an ECDSA signature being verified, never for secrets. [Scalar.Invert] is
// the constant-time alternative.
func (s *Scalar) InvertVarTime(a *Scalar) *Scalar { fn.InvertVarTime(&s.l, &a.l); return s }

// SetBytes sets s to the big-endian encoding b, which must be exactly
// [ScalarSize] bytes with a value below n, and returns s. Otherwise it
// returns nil and an error and leaves s unchanged.
func (s *Scalar) SetBytes(b []byte) (*Scalar, error) {
	if !fn.SetCanonical(&s.l, b, ScalarSize) {
		return nil, errScalar
	}
	return s, nil
}

// SetBytesReduced sets s to the big-endian number b reduced modulo n, and
// returns s. b may have any value and up to [ScalarSize] bytes (an ECDSA
// digest truncated to the order's length, for one); if it is longer,
// SetBytesReduced returns nil and an error and leaves s unchanged. Its time
// depends on len(b) only.
func (s *Scalar) SetBytesReduced(b []byte) (*Scalar, error) {
	if !fn.SetReduced(&s.l, b, ScalarSize) {
		return nil, errScalar
	}
	return s, nil
}

// Bytes returns the canonical big-endian encoding of s, [ScalarSize] bytes.
func (s *Scalar) Bytes() []byte {
	var out [ScalarSize]byte
	return s.FillBytes(out[:])
}

// FillBytes writes the canonical big-endian encoding of s into
// b[:ScalarSize] and returns it, without allocating. It panics if b is
// shorter than [ScalarSize].
func (s *Scalar) FillBytes(b []byte) []byte { return fn.Encode(b, &s.l, ScalarSize) }
`

const fieldsTmpl = `package {{.Pkg}}

import "github.com/crypton-go/crypton/mont/internal/limbs"

// fp is the arithmetic modulo p, fn modulo n, with the kernels of
// {{.Pkg}}_amd64.go or {{.Pkg}}_noasm.go.
{{- if .Plain}}
//
// p is 2^521 − 1, whose field holds plain values (not in Montgomery form):
// its kernels compute the product and fold it with 2^521 ≡ 1
// (limbs.Kernels.Plain reduces any value).
{{- end}}
var (
	fp = limbs.NewField({{.PLimbs}}, fpKernels)
	fn = limbs.NewField({{.NLimbs}}, fnKernels)
)

// fpKernels and fnKernels hand the kernels of {{.Pkg}}_amd64.go (or
// {{.Pkg}}_noasm.go) to limbs.NewField, by value (see limbs.Kernels); the
// methods of Element and Scalar call them directly.
var (
	fpKernels = limbs.Kernels[{{.Array}}]{
		Mul:     func(f *limbs.Field[{{.Array}}], x, y {{.Array}}) {{.Array}} { fpMul(f, &x, &x, &y); return x },
		Square:  func(f *limbs.Field[{{.Array}}], x {{.Array}}) {{.Array}} { fpSquare(f, &x, &x); return x },
		SquareN: func(f *limbs.Field[{{.Array}}], x {{.Array}}, k int) {{.Array}} { fpSquareN(f, &x, &x, k); return x },
		Invert:  invertV,
		Sqrt:    sqrt,
{{- if .Plain}}
		Plain:   func(x {{.Array}}) {{.Array}} { limbs.Reduce521(&x, &x); return x },
{{- end}}
	}
	fnKernels = limbs.Kernels[{{.Array}}]{
		Mul:     func(f *limbs.Field[{{.Array}}], x, y {{.Array}}) {{.Array}} { fnMul(f, &x, &x, &y); return x },
		Square:  func(f *limbs.Field[{{.Array}}], x {{.Array}}) {{.Array}} { fnSquare(f, &x, &x); return x },
		SquareN: func(f *limbs.Field[{{.Array}}], x {{.Array}}, k int) {{.Array}} { fnSquareN(f, &x, &x, k); return x },
		Invert:  invertV,
	}
)

// invertV is invert by value.
func invertV(f *limbs.Field[{{.Array}}], x {{.Array}}) {{.Array}} { invert(f, &x, &x); return x }
`

const amd64Tmpl = `//go:build gc && !purego

package {{.Pkg}}

import (
	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/mont/internal/limbs"
)

// useMULX enables, for both fields, the MULX/ADCX/ADOX kernels of
// mont/internal/limbs (mul_amd64.s, generated by tools/asm/mont/nist) and
// the inversion's divsteps and matrix updates in assembly (baseline amd64,
// under the same switch).
var useMULX = cpufeat.HasBMI2 && cpufeat.HasADX

func init() {
	cpufeat.Register("{{.Pkg}}", "MULX/ADX", &useMULX)
}

// The kernels of the fields (limbs.Kernels), chosen by useMULX at each
// call.
{{range .Kernels}}
// {{.Name}} sets {{.Doc}}: limbs.{{.MULX}} or limbs.{{.Generic}}.
func {{.Name}}(f *limbs.Field[{{$.Array}}], {{.Params}}) {
	if useMULX {
		limbs.{{.MULX}}({{.Args}})
		return
	}
	limbs.{{.Generic}}({{.Args}})
}
{{end}}
// invert sets z = x⁻¹ in either field, in constant time.
func invert(f *limbs.Field[{{.Array}}], z, x *{{.Array}}) {
	if useMULX {
		f.InvertCTAsm(z, x)
		return
	}
	f.InvertCTGeneric(z, x)
}
`

const noasmTmpl = `//go:build !amd64 || !gc || purego

package {{.Pkg}}

import "github.com/crypton-go/crypton/mont/internal/limbs"

// Only the portable Go code of mont/internal/limbs exists in this build: no
// implementation is registered with cpufeat. The kernels of the fields
// (limbs.Kernels) are the portable ones; see {{.Pkg}}_amd64.go.
{{range .Kernels}}
func {{.Name}}(f *limbs.Field[{{$.Array}}], {{.Params}}) { limbs.{{.Generic}}({{.Args}}) }
{{end}}
func invert(f *limbs.Field[{{.Array}}], z, x *{{.Array}}) { f.InvertCTGeneric(z, x) }
`

// A kernel is one of the dispatched field operations.
type kernel struct {
	Name, Doc, Params, Args, MULX, Generic string
}

// Kernels returns the dispatched multiplications and squarings of both
// fields.
func (c curve) Kernels() []kernel {
	var ks []kernel
	for _, fld := range []struct{ pre, mod, mulx, generic string }{
		{"fp", "p", c.FpMULX, c.FpGeneric},
		{"fn", "n", fmt.Sprint(c.Limbs, "MULX"), fmt.Sprint(c.Limbs)},
	} {
		a := c.Array()
		ks = append(ks,
			kernel{fld.pre + "Mul", "z = x·y modulo " + fld.mod, "z, x, y *" + a, "f, z, x, y", "Mul" + fld.mulx, "Mul" + fld.generic},
			kernel{fld.pre + "Square", "z = x² modulo " + fld.mod, "z, x *" + a, "f, z, x", "Square" + fld.mulx, "Square" + fld.generic},
			kernel{fld.pre + "SquareN", "z = x^(2^k), k ≥ 1, modulo " + fld.mod, "z, x *" + a + ", k int", "f, z, x, k", "SquareN" + fld.mulx, "SquareN" + fld.generic},
		)
	}
	return ks
}
