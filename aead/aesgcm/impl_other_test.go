//go:build (!amd64 && !arm64) || !gc || purego

package aesgcm

import "github.com/crypton-go/crypton/cpufeat/cputest"

var wantImplementations = cputest.Requirements{}
