// Package tools is the root of crypton's tools module: the crypton command
// (cmd/crypton), which shows what crypton detects and selects on a machine,
// and, in asm/, the avo programs that generate crypton's assembly. Nothing
// in the library modules imports this module.
package tools
