//go:build (!amd64 && !arm64) || !gc || purego

package mont

func montMul(z, x, y, m []uint64, m0inv uint64) { montMulGeneric(z, x, y, m, m0inv) }

func montSqr(z, x, m []uint64, m0inv uint64) { montSqrGeneric(z, x, m, m0inv) }

func selectEntry(z []uint64, table []uint64, n int, k uint64) { selectEntryGeneric(z, table, n, k) }
