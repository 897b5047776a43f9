package argon2_test

import (
	"crypto/rand"
	"crypto/subtle"
	"fmt"
	"log"

	"github.com/crypton-go/crypton/hash/argon2"
)

func ExampleIDKey() {
	// A real program draws a random salt for every password and stores it
	// with the key, and uses at least the memory RFC 9106 recommends (64 MiB:
	// IDKey(password, salt, 3, 64*1024, 4, 32)). The small parameters and
	// the fixed salt here keep the example fast and its output fixed.
	salt := []byte("0123456789abcdef")
	key, err := argon2.IDKey([]byte("correct horse battery staple"), salt, 3, 256, 4, 32)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%x\n", key)
	// Output:
	// 4c12c52d3a08230e3827d039f19013c61b669d945b1a3a794f64941d65ce7540
}

func ExampleParams_IDKey() {
	// A secret key (a "pepper"), kept apart from the stored hashes, makes a
	// stolen database useless without it.
	p := argon2.Params{
		Time: 3, Memory: 256, Threads: 4, KeyLen: 32,
		Secret:         []byte("kept in a hardware module"),
		AssociatedData: []byte("user id 42"),
	}
	key, err := p.IDKey([]byte("correct horse battery staple"), []byte("0123456789abcdef"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%x\n", key)
	// Output:
	// 1eb1a7e9dc92af90c8917b896818073d4c76dc1302e7f1ad380c0d93a66492d1
}

func ExampleParams_maxMemory() {
	// Parameters read from a stored hash are not to be trusted. A server
	// that allows 64 MiB refuses this one, which asks for 1 GiB, at once.
	// (The default limit is 2 GiB; a program that means to use more sets a
	// higher MaxMemory, such as 4 << 30 for 4 GiB.)
	stored := argon2.Params{Time: 1, Memory: 1 << 20, Threads: 4, KeyLen: 32, MaxMemory: 64 << 20}
	_, err := stored.IDKey([]byte("password"), []byte("0123456789abcdef"))
	fmt.Println(err)

	// The memory counted is the memory used, whole segments of at least
	// two blocks: 8 KiB per lane at least.
	p := argon2.Params{Time: 3, Memory: 8, Threads: 2, KeyLen: 32, MaxMemory: 16 << 10}
	if _, err := p.IDKey([]byte("password"), []byte("0123456789abcdef")); err != nil {
		log.Fatal(err)
	}
	p.Threads = 3
	_, err = p.IDKey([]byte("password"), []byte("0123456789abcdef"))
	fmt.Println(err)
	// Output:
	// argon2: memory of 1048576 KiB = 1073741824 bytes exceeds the memory limit of 67108864 bytes (raise it with argon2.Params.MaxMemory)
	// argon2: memory of 24 KiB = 24576 bytes exceeds the memory limit of 16384 bytes (raise it with argon2.Params.MaxMemory)
}

func ExampleHasher() {
	// A server that allows two password hashes at once keeps two Hashers,
	// here with the parameters OWASP recommends (19 MiB, two passes, one
	// lane): its memory for password hashing stays at 38 MiB however many
	// logins come in, and no call allocates 19 MiB.
	hashers := make(chan *argon2.Hasher, 2)
	for range cap(hashers) {
		h, err := argon2.NewHasher(argon2.Params{Time: 2, Memory: 19 * 1024, Threads: 1, KeyLen: 32})
		if err != nil {
			log.Fatal(err)
		}
		hashers <- h
	}

	verify := func(password, salt, stored []byte) bool {
		h := <-hashers
		defer func() { hashers <- h }()
		key, err := h.IDKey(password, salt)
		return err == nil && subtle.ConstantTimeCompare(key, stored) == 1
	}

	salt := make([]byte, 16)
	rand.Read(salt)
	h := <-hashers
	stored, err := h.IDKey([]byte("hunter2"), salt)
	hashers <- h
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(verify([]byte("hunter2"), salt, stored))
	fmt.Println(verify([]byte("hunter3"), salt, stored))
	// Output:
	// true
	// false
}
