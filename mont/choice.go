package mont

// Choice is the result of a constant-time comparison: 1 for true, 0 for
// false. It is a plain integer so that it can be combined with arithmetic
// and bitwise operations without branching.
type Choice uint64

// Not returns 1 - c.
func (c Choice) Not() Choice { return c ^ 1 }

// And returns c AND d.
func (c Choice) And(d Choice) Choice { return c & d }

// Or returns c OR d.
func (c Choice) Or(d Choice) Choice { return c | d }

// mask returns all ones for 1 and zero for 0.
func (c Choice) mask() uint64 { return -uint64(c) }

// ctEq returns 1 if x == y and 0 otherwise, in constant time.
func ctEq(x, y uint64) Choice {
	d := x ^ y
	// d | -d has its top bit set exactly when d != 0.
	return Choice(((d | -d) >> 63) ^ 1)
}
