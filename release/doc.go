// Package release will hold the release tool: the one way a crypton module
// gets a version. It records versions in a committed file, checks that each
// module builds and passes its tests on its own against the exact minimum
// versions of its siblings, refuses replace directives and sibling
// pseudo-versions, classifies API changes to choose the next version, and
// creates the tags.
//
// The tool is being written; see the module's README.
package release
