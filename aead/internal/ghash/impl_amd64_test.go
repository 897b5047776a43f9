//go:build gc && !purego

package ghash

import "github.com/crypton-go/crypton/cpufeat"

type impl struct {
	name string
	f    UpdateFunc
}

// implementations are the implementations this CPU can run.
func implementations() []impl {
	out := []impl{{"generic", UpdateGeneric}}
	if cpufeat.HasPCLMULQDQ && cpufeat.HasSSSE3 {
		out = append(out, impl{"CLMUL", UpdateCLMUL})
	}
	if cpufeat.HasVPCLMULQDQ && cpufeat.HasAVX2 {
		out = append(out, impl{"VCLMUL", UpdateVCLMUL})
	}
	return out
}
