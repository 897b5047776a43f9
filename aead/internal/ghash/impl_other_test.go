//go:build (!amd64 && !arm64) || !gc || purego

package ghash

type impl struct {
	name string
	f    UpdateFunc
}

func implementations() []impl { return []impl{{"generic", UpdateGeneric}} }
