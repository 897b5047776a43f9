package argon2

import (
	"encoding/binary"
	"hash"
	"sync"

	"github.com/crypton-go/crypton/hash/blake2b"
)

// slices is the number of slices of a pass, SL of RFC 9106, Section 3.4:
// the lanes synchronize at the end of each.
const slices = 4

// instance is one Argon2 computation over a memory of len(mem) blocks: the
// parameters, the memory, and the shape of the lanes.
type instance struct {
	p       Params
	mem     []block
	mode    uint32 // argon2i or argon2id, set by run
	lanes   uint32 // p, the number of lanes
	laneLen uint32 // q, the number of blocks in a lane
	segLen  uint32 // the number of blocks in a segment, q/4
	bar     barrier
	s       scratch
}

// scratch holds the buffers that the BLAKE2b computations of H0 and H' pass
// to a hash.Hash: a Hasher keeps them with its memory, so that they are not
// allocated by every call. run clears them before it returns.
type scratch struct {
	params [24]byte
	h0     [blake2b.Size]byte
	v      [blake2b.Size]byte
	buf    [1024]byte
}

// zeroBlock is the all-zero block, the first input of G when it generates
// addresses.
var zeroBlock block

// newInstance returns an instance for p, which check has validated, over mem,
// whose length is memoryBlocks(p.Memory, p.Threads).
func newInstance(p *Params, mem []block) *instance {
	in := &instance{p: *p, mem: mem, lanes: uint32(p.Threads)}
	in.laneLen = uint32(len(mem)) / in.lanes
	in.segLen = in.laneLen / slices
	in.bar.n = int(in.lanes)
	in.bar.cond.L = &in.bar.mu
	return in
}

// run computes Argon2 of type mode (argon2i or argon2id) on the password and
// the salt, overwriting the memory, and returns the tag. It leaves the memory
// and the scratch buffers zeroed: fill clears every block but the last of
// each lane, and tag those.
func (in *instance) run(mode uint32, password, salt []byte) []byte {
	in.mode = mode
	in.initLanes(in.h0(password, salt))
	in.fill()
	key := in.tag()
	in.s = scratch{}
	return key
}

// newHash returns a BLAKE2b hash of size bytes, 1 to 64.
func newHash(size int) hash.Hash {
	h, err := blake2b.New(size, nil)
	if err != nil {
		panic("argon2: internal error: " + err.Error()) // size is always valid
	}
	return h
}

// h0 returns H0 of RFC 9106, Section 3.2, the BLAKE2b-512 hash of the
// parameters and the inputs, each variable-length input preceded by its
// length as a 32-bit little-endian number.
func (in *instance) h0(password, salt []byte) *[blake2b.Size]byte {
	p := &in.p
	buf := &in.s.params
	b := buf[:0]
	b = le32(b, uint32(p.Threads))
	b = le32(b, p.KeyLen)
	b = le32(b, p.Memory)
	b = le32(b, p.Time)
	b = le32(b, Version)
	b = le32(b, in.mode)
	h := newHash(blake2b.Size)
	h.Write(b)
	for _, s := range [...][]byte{password, salt, p.Secret, p.AssociatedData} {
		h.Write(le32(buf[:0], uint32(len(s))))
		h.Write(s)
	}
	h.Sum(in.s.h0[:0])
	return &in.s.h0
}

// initLanes computes the first two blocks of every lane, RFC 9106, Section
// 3.2, steps 3 and 4: B[i][j] = H'^1024(H0 || LE32(j) || LE32(i)) for j = 0, 1.
func (in *instance) initLanes(h0 *[blake2b.Size]byte) {
	// The input of the first BLAKE2b of H': the output length, H0, j, i.
	var seed [4 + blake2b.Size + 8]byte
	binary.LittleEndian.PutUint32(seed[:], 1024)
	copy(seed[4:], h0[:])
	buf := &in.s.buf
	for lane := uint32(0); lane < in.lanes; lane++ {
		for j := uint32(0); j < 2; j++ {
			binary.LittleEndian.PutUint32(seed[4+blake2b.Size:], j)
			binary.LittleEndian.PutUint32(seed[4+blake2b.Size+4:], lane)
			in.s.v = blake2b.Sum512(seed[:])
			in.expand(buf[:])
			b := &in.mem[lane*in.laneLen+j]
			for k := range b {
				b[k] = binary.LittleEndian.Uint64(buf[8*k:])
			}
		}
	}
	clear(seed[:])
}

// hashLong sets out to H'^T(msg), the variable-length hash of RFC 9106,
// Section 3.3, with T = len(out), which is at least 1.
func (in *instance) hashLong(out, msg []byte) {
	t := in.s.params[:4]
	binary.LittleEndian.PutUint32(t, uint32(len(out)))
	if len(out) <= blake2b.Size {
		h := newHash(len(out))
		h.Write(t)
		h.Write(msg)
		h.Sum(out[:0])
		return
	}
	h := newHash(blake2b.Size)
	h.Write(t)
	h.Write(msg)
	h.Sum(in.s.v[:0])
	in.expand(out)
}

// expand completes H' for an output longer than 64 bytes, given its first
// hash V1 in in.s.v: out is the first 32 bytes of V1, ..., V_r, with V_i the
// BLAKE2b-512 hash of V_{i-1}, followed by V_{r+1}, the hash of V_r of the
// remaining 33 to 64 bytes. It overwrites in.s.v.
func (in *instance) expand(out []byte) {
	v := &in.s.v
	const half = blake2b.Size / 2
	copy(out, v[:half])
	out = out[half:]
	for len(out) > blake2b.Size {
		*v = blake2b.Sum512(v[:])
		copy(out, v[:half])
		out = out[half:]
	}
	if len(out) == blake2b.Size {
		*v = blake2b.Sum512(v[:])
		copy(out, v[:])
		return
	}
	h := newHash(len(out))
	h.Write(v[:])
	h.Sum(out[:0])
}

// tag returns the key: H'^T of the XOR of the last blocks of the lanes (RFC
// 9106, Section 3.2, steps 7 and 8). It zeroes those blocks and their XOR;
// the bytes of the XOR stay in in.s.buf, which run clears.
func (in *instance) tag() []byte {
	first := &in.mem[in.laneLen-1]
	c := *first
	*first = block{}
	for lane := uint32(1); lane < in.lanes; lane++ {
		last := &in.mem[(lane+1)*in.laneLen-1]
		for i := range c {
			c[i] ^= last[i]
		}
		*last = block{}
	}
	buf := &in.s.buf
	for i, w := range c {
		binary.LittleEndian.PutUint64(buf[8*i:], w)
	}
	clear(c[:])
	key := make([]byte, in.p.KeyLen)
	in.hashLong(key, buf[:])
	return key
}

// fill makes the passes over the memory: every slice of every pass, the
// lanes one segment each, in parallel, one goroutine per lane. Then it
// zeroes every block but the last of each lane, which tag needs.
func (in *instance) fill() {
	if in.lanes == 1 {
		for pass := uint32(0); pass < in.p.Time; pass++ {
			for slice := uint32(0); slice < slices; slice++ {
				in.segment(pass, slice, 0)
			}
		}
		in.clearLane(0)
		return
	}
	for lane := uint32(1); lane < in.lanes; lane++ {
		go in.lane(lane)
	}
	in.lane(0)
}

// lane computes the segments of one lane, waiting at the end of every slice
// for the other lanes, and then, once no lane reads them any more, zeroes
// the lane's blocks but the last, and waits for the other lanes to do the
// same. When lane returns, every lane has finished (their last wait
// happened before), so the goroutine that computes lane 0 may read the whole
// memory, and no goroutine of the call writes to it any more.
func (in *instance) lane(lane uint32) {
	for pass := uint32(0); pass < in.p.Time; pass++ {
		for slice := uint32(0); slice < slices; slice++ {
			in.segment(pass, slice, lane)
			in.bar.wait()
		}
	}
	in.clearLane(lane)
	in.bar.wait()
}

// clearLane zeroes the blocks of a lane but its last one.
func (in *instance) clearLane(lane uint32) {
	start := lane * in.laneLen
	clear(in.mem[start : start+in.laneLen-1])
}

// segment computes the blocks of one segment: those of slice in lane in the
// given pass (RFC 9106, Section 3.2, steps 5 and 6, and Section 3.4).
func (in *instance) segment(pass, slice, lane uint32) {
	// Argon2i, and Argon2id in the first half of the first pass, take the
	// reference blocks from pseudo-random numbers that depend only on the
	// position and the parameters (Section 3.4.1.2): G(0, G(0, Z)) for the
	// input block Z. The others take them from the first word of the
	// previous block (Section 3.4.1.1).
	independent := in.mode == argon2i || (pass == 0 && slice < slices/2)
	var addresses, input block
	first := uint32(0)
	if pass == 0 && slice == 0 {
		first = 2 // the blocks of initLanes
	}
	if independent {
		input[0] = uint64(pass)
		input[1] = uint64(lane)
		input[2] = uint64(slice)
		input[3] = uint64(len(in.mem))
		input[4] = uint64(in.p.Time)
		input[5] = uint64(in.mode)
		if first != 0 {
			nextAddresses(&addresses, &input)
		}
	}

	split := splitG()
	var q block // between the parts of G, if split
	start := lane * in.laneLen
	cur := start + slice*in.segLen + first
	prev := cur - 1
	if cur == start {
		prev = start + in.laneLen - 1 // the previous block wraps around the lane
	}
	for index := first; index < in.segLen; index++ {
		var rand uint64
		if independent {
			if index%blockWords == 0 {
				nextAddresses(&addresses, &input)
			}
			rand = addresses[index%blockWords]
		} else {
			rand = in.mem[prev][0]
		}
		ref := in.refBlock(pass, slice, lane, index, rand)
		out, x, y := &in.mem[cur], &in.mem[prev], &in.mem[ref]
		if !split {
			g(out, x, y, pass > 0)
		} else {
			// The reference block of the next block is usually not in
			// the cache: once the first word of out, which may select
			// it, is final, ask for it while the other columns of G are
			// computed.
			gRows(&q, out, x, y)
			gColumnsFirst(out, x, y, &q, pass > 0)
			if next := index + 1; next < in.segLen {
				switch {
				case !independent:
					prefetch(&in.mem[in.refBlock(pass, slice, lane, next, out[0])])
				case next%blockWords != 0:
					prefetch(&in.mem[in.refBlock(pass, slice, lane, next, addresses[next%blockWords])])
				}
			}
			gColumnsRest(out, x, y, &q, pass > 0)
		}
		prev = cur
		cur++
	}
	clear(q[:])
}

// nextAddresses increments the counter of the input block and sets
// addresses to the next 128 pseudo-random numbers, G(0, G(0, input)).
func nextAddresses(addresses, input *block) {
	input[6]++
	g(addresses, &zeroBlock, input, false)
	g(addresses, &zeroBlock, addresses, false)
}

// refBlock returns the index in the memory of the reference block of block
// number index of the segment, given the pseudo-random number rand, as RFC
// 9106, Section 3.4.1.1 and 3.4.2, says: the lane from the high 32 bits of
// rand, and within the blocks it may reference, a block at a distance from
// the current one that depends on the low 32 bits of rand and favours the
// recent blocks.
func (in *instance) refBlock(pass, slice, lane, index uint32, rand uint64) uint32 {
	j1 := rand & 0xffffffff
	refLane := uint32(rand>>32) % in.lanes
	if pass == 0 && slice == 0 {
		refLane = lane
	}
	// The reference area: in the first pass, the slices before this one;
	// afterwards, the three other slices, starting with the one after this
	// one. In the current lane, also the blocks of this segment before the
	// previous one; in another lane, not its last block if this one is the
	// first of the segment.
	var area, start uint32
	if pass == 0 {
		area = slice * in.segLen
	} else {
		area = (slices - 1) * in.segLen
		start = (slice + 1) % slices * in.segLen
	}
	if refLane == lane {
		area += index - 1
	} else if index == 0 {
		area--
	}
	x := j1 * j1 >> 32
	y := uint64(area) * x >> 32
	rel := uint64(area) - 1 - y
	return refLane*in.laneLen + uint32((uint64(start)+rel)%uint64(in.laneLen))
}

// barrier makes the goroutines of the lanes wait for each other at the end
// of every slice.
type barrier struct {
	mu      sync.Mutex
	cond    sync.Cond // on mu
	n       int       // the number of goroutines that wait
	arrived int       // how many of them wait now
	round   uint64    // incremented whenever all n have arrived
}

// wait blocks until n goroutines, this one included, have called it in this
// round.
func (b *barrier) wait() {
	b.mu.Lock()
	round := b.round
	b.arrived++
	if b.arrived == b.n {
		b.arrived = 0
		b.round++
		b.cond.Broadcast()
	} else {
		for round == b.round {
			b.cond.Wait()
		}
	}
	b.mu.Unlock()
}
