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
	if cpufeat.HasARM64PMULL {
		out = append(out, impl{"PMULL", UpdatePMULL})
	}
	return out
}
