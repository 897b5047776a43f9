//go:build (!amd64 && !arm64) || !gc || purego

package aesgcmsiv

import "github.com/crypton-go/crypton/cpufeat/cputest"

var wantImplementations = cputest.Requirements{}
