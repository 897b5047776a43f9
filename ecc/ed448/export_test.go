package ed448

// ForgetKeys empties the key cache (wiping its entries), so that the next
// signature with any key expands and checks it again: the constant-time
// cases use it to run the checking path under valgrind.
func ForgetKeys() { keyCache.Clear() }

// CachedKeys returns the number of keys in the key cache.
func CachedKeys() int { return keyCache.Len() }
