package main

import (
	"context"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Level is the kind of an API change.
type Level int

const (
	None       Level = iota // no change to the API
	Compatible              // additions only
	Breaking                // something removed or changed
)

func (l Level) String() string {
	switch l {
	case None:
		return "none"
	case Compatible:
		return "compatible"
	}
	return "breaking"
}

// API is the exported API of a module: for each package path, its
// exported identifiers (and the exported fields and methods of its types)
// with a description of their types.
type API map[string]map[string]apiItem

// apiItem describes one exported identifier. Two versions of it are
// compatible if desc is equal; the flags may change one way only.
type apiItem struct {
	desc       string
	comparable bool // a type whose values can be compared with ==
	sealed     bool // an interface with unexported methods: nobody outside implements it
	ptrOnly    bool // a method of *T only, not of T
	ifaceOf    string
}

// loadAPI loads the exported API of the module with path modPath whose
// source is in dir, with the go command's environment env. Packages whose
// path has an "internal" element are included if keep says so (they are
// part of the API only if other modules of the repository import them);
// commands are not.
//
// The type information comes from the compiler's export data ("go list
// -export") read with the standard library's importer, which always
// matches the go command that wrote it.
func loadAPI(ctx context.Context, dir string, env []string, modPath string, keep func(string) bool) (API, error) {
	cfg := &packages.Config{
		Context: ctx,
		Mode:    packages.NeedName | packages.NeedFiles | packages.NeedExportFile | packages.NeedImports | packages.NeedDeps | packages.NeedModule,
		Dir:     dir,
		Env:     env,
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		return nil, err
	}
	export := map[string]string{}
	packages.Visit(pkgs, nil, func(p *packages.Package) { export[p.PkgPath] = p.ExportFile })
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(p string) (io.ReadCloser, error) {
		f := export[p]
		if f == "" {
			return nil, fmt.Errorf("no export data for %s", p)
		}
		return os.Open(f)
	})
	api := API{}
	for _, p := range pkgs {
		if p.Module == nil || p.Module.Path != modPath || p.Name == "main" {
			continue
		}
		if len(p.GoFiles) == 0 && len(p.Errors) == 0 {
			continue
		}
		if isInternal(p.PkgPath) && !keep(p.PkgPath) {
			continue
		}
		if len(p.Errors) > 0 {
			var msgs []string
			for _, e := range p.Errors {
				msgs = append(msgs, e.Error())
			}
			if len(p.GoFiles) == 0 && strings.Contains(strings.Join(msgs, " "), "build constraints exclude") {
				continue
			}
			return nil, fmt.Errorf("package %s does not build: %s", p.PkgPath, strings.Join(msgs, "; "))
		}
		if p.ExportFile == "" {
			return nil, fmt.Errorf("package %s has no export data: it or a package it imports does not build", p.PkgPath)
		}
		tp, err := imp.Import(p.PkgPath)
		if err != nil {
			return nil, fmt.Errorf("reading the export data of %s: %v", p.PkgPath, err)
		}
		api[p.PkgPath] = packageAPI(tp)
	}
	return api, nil
}

func isInternal(pkgPath string) bool {
	for _, e := range strings.Split(pkgPath, "/") {
		if e == "internal" {
			return true
		}
	}
	return false
}

// packageAPI describes the exported identifiers of pkg. Keys are "Name"
// for package-level identifiers and "T.Name" for the fields and methods
// of type T.
func packageAPI(pkg *types.Package) map[string]apiItem {
	items := map[string]apiItem{}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch o := obj.(type) {
		case *types.Const:
			items[name] = apiItem{desc: "const " + typeString(o.Type()) + " = " + o.Val().ExactString()}
		case *types.Var:
			items[name] = apiItem{desc: "var " + typeString(o.Type())}
		case *types.Func:
			items[name] = apiItem{desc: "func" + signatureString(o.Type().(*types.Signature), true)}
		case *types.TypeName:
			typeAPI(items, name, o)
		}
	}
	return items
}

// typeAPI adds type T's description and those of its exported fields and
// methods.
func typeAPI(items map[string]apiItem, name string, o *types.TypeName) {
	if o.IsAlias() {
		items[name] = apiItem{desc: "type = " + typeString(o.Type())}
		return
	}
	named, ok := o.Type().(*types.Named)
	if !ok {
		items[name] = apiItem{desc: "type " + typeString(o.Type().Underlying())}
		return
	}
	tparams := typeParamsString(named.TypeParams())
	item := apiItem{comparable: types.Comparable(named)}
	switch u := named.Underlying().(type) {
	case *types.Struct:
		item.desc = "type" + tparams + " struct"
		for fname, f := range structFields(u) {
			desc := "field " + typeString(f.Type())
			if f.Embedded() {
				desc += " (embedded)"
			}
			items[name+"."+fname] = apiItem{desc: desc}
		}
	case *types.Interface:
		item.desc = "type" + tparams + " interface"
		if !u.IsMethodSet() {
			item.desc += " " + typeString(u)
		}
		for i := 0; i < u.NumMethods(); i++ {
			m := u.Method(i)
			if !m.Exported() {
				item.sealed = true
				continue
			}
			items[name+"."+m.Name()] = apiItem{desc: "method" + signatureString(m.Type().(*types.Signature), false), ifaceOf: name}
		}
		items[name] = item
		return
	default:
		item.desc = "type" + tparams + " " + typeString(u)
	}
	items[name] = item
	// Methods of *T, which include those of T and the promoted ones.
	ptrSet := types.NewMethodSet(types.NewPointer(named))
	valSet := types.NewMethodSet(named)
	for i := 0; i < ptrSet.Len(); i++ {
		sel := ptrSet.At(i)
		m := sel.Obj()
		if !m.Exported() {
			continue
		}
		sig, ok := sel.Type().(*types.Signature)
		if !ok {
			continue
		}
		items[name+"."+m.Name()] = apiItem{
			desc:    "method" + signatureString(sig, false),
			ptrOnly: valSet.Lookup(m.Pkg(), m.Name()) == nil,
		}
	}
}

// structFields returns the exported fields that can be selected on a value
// of struct type s, the promoted ones included.
func structFields(s *types.Struct) map[string]*types.Var {
	fields := map[string]*types.Var{}
	seen := map[string]bool{} // names at shallower depths, exported or not
	level := []*types.Struct{s}
	visited := map[*types.Struct]bool{}
	for len(level) > 0 {
		count := map[string]int{}
		found := map[string]*types.Var{}
		var next []*types.Struct
		for _, st := range level {
			if visited[st] {
				continue
			}
			visited[st] = true
			for i := 0; i < st.NumFields(); i++ {
				f := st.Field(i)
				if seen[f.Name()] {
					continue
				}
				count[f.Name()]++
				found[f.Name()] = f
				if f.Embedded() {
					t := f.Type()
					if p, ok := t.(*types.Pointer); ok {
						t = p.Elem()
					}
					if es, ok := t.Underlying().(*types.Struct); ok {
						next = append(next, es)
					}
				}
			}
		}
		for n, c := range count {
			seen[n] = true
			if c == 1 && found[n].Exported() {
				fields[n] = found[n]
			}
		}
		level = next
	}
	return fields
}

// typeString describes type t: named types by package path and name, type
// parameters by position, parameter names left out, so that two loads of
// the same API (in different type-checker universes) give equal strings.
func typeString(t types.Type) string {
	var b strings.Builder
	writeType(&b, t)
	return b.String()
}

func writeType(b *strings.Builder, t types.Type) {
	switch t := t.(type) {
	case nil:
		b.WriteString("<nil>")
	case *types.Alias:
		writeType(b, types.Unalias(t))
	case *types.Basic:
		b.WriteString(t.String())
	case *types.Named:
		o := t.Obj()
		if o.Pkg() != nil {
			b.WriteString(o.Pkg().Path())
			b.WriteByte('.')
		}
		b.WriteString(o.Name())
		if args := t.TypeArgs(); args.Len() > 0 {
			b.WriteByte('[')
			for i := 0; i < args.Len(); i++ {
				if i > 0 {
					b.WriteString(", ")
				}
				writeType(b, args.At(i))
			}
			b.WriteByte(']')
		}
	case *types.TypeParam:
		b.WriteString("$" + strconv.Itoa(t.Index()))
	case *types.Pointer:
		b.WriteByte('*')
		writeType(b, t.Elem())
	case *types.Slice:
		b.WriteString("[]")
		writeType(b, t.Elem())
	case *types.Array:
		fmt.Fprintf(b, "[%d]", t.Len())
		writeType(b, t.Elem())
	case *types.Map:
		b.WriteString("map[")
		writeType(b, t.Key())
		b.WriteByte(']')
		writeType(b, t.Elem())
	case *types.Chan:
		switch t.Dir() {
		case types.SendRecv:
			b.WriteString("chan ")
		case types.SendOnly:
			b.WriteString("chan<- ")
		case types.RecvOnly:
			b.WriteString("<-chan ")
		}
		writeType(b, t.Elem())
	case *types.Signature:
		b.WriteString("func")
		b.WriteString(signatureString(t, true))
	case *types.Struct:
		b.WriteString("struct{")
		for i := 0; i < t.NumFields(); i++ {
			if i > 0 {
				b.WriteString("; ")
			}
			f := t.Field(i)
			if !f.Embedded() {
				b.WriteString(f.Name())
				b.WriteByte(' ')
			}
			writeType(b, f.Type())
			if tag := t.Tag(i); tag != "" {
				b.WriteString(" " + strconv.Quote(tag))
			}
		}
		b.WriteByte('}')
	case *types.Interface:
		var elems []string
		for i := 0; i < t.NumMethods(); i++ {
			m := t.Method(i)
			elems = append(elems, m.Name()+signatureString(m.Type().(*types.Signature), false))
		}
		sort.Strings(elems)
		for i := 0; i < t.NumEmbeddeds(); i++ {
			if _, ok := t.EmbeddedType(i).Underlying().(*types.Interface); ok {
				continue // its methods are listed above
			}
			elems = append(elems, typeString(t.EmbeddedType(i)))
		}
		if t.IsComparable() && t.IsMethodSet() {
			elems = append(elems, "comparable")
		}
		b.WriteString("interface{" + strings.Join(elems, "; ") + "}")
	case *types.Union:
		for i := 0; i < t.Len(); i++ {
			if i > 0 {
				b.WriteString(" | ")
			}
			if t.Term(i).Tilde() {
				b.WriteByte('~')
			}
			writeType(b, t.Term(i).Type())
		}
	case *types.Tuple:
		b.WriteByte('(')
		for i := 0; i < t.Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			writeType(b, t.At(i).Type())
		}
		b.WriteByte(')')
	default:
		b.WriteString(t.String())
	}
}

// signatureString describes a signature without parameter names:
// "[$0 constraint](int, ...string) (error)". Type parameters are written
// if withTParams (a method's are its receiver type's).
func signatureString(sig *types.Signature, withTParams bool) string {
	var b strings.Builder
	if withTParams {
		b.WriteString(typeParamsString(sig.TypeParams()))
	}
	b.WriteByte('(')
	ps := sig.Params()
	for i := 0; i < ps.Len(); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		if sig.Variadic() && i == ps.Len()-1 {
			b.WriteString("...")
			if s, ok := ps.At(i).Type().(*types.Slice); ok {
				writeType(&b, s.Elem())
				continue
			}
		}
		writeType(&b, ps.At(i).Type())
	}
	b.WriteByte(')')
	if rs := sig.Results(); rs.Len() > 0 {
		b.WriteByte(' ')
		writeType(&b, rs)
	}
	return b.String()
}

func typeParamsString(tps *types.TypeParamList) string {
	if tps.Len() == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteByte('[')
	for i := 0; i < tps.Len(); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("$" + strconv.Itoa(i) + " ")
		writeType(&b, tps.At(i).Constraint())
	}
	b.WriteByte(']')
	return b.String()
}

// apiChange is one difference between two versions of an API.
type apiChange struct {
	Level Level
	What  string // "hash/sha256: removed func Sum224"
}

// DiffAPI compares an API with its previous version.
func DiffAPI(old, new API) (Level, []apiChange) {
	var changes []apiChange
	add := func(l Level, format string, args ...any) {
		changes = append(changes, apiChange{l, fmt.Sprintf(format, args...)})
	}
	for _, p := range sortedKeys(old) {
		if _, ok := new[p]; !ok {
			add(Breaking, "%s: package removed", p)
		}
	}
	for _, p := range sortedKeys(new) {
		o, ok := old[p]
		if !ok {
			add(Compatible, "%s: package added", p)
			continue
		}
		n := new[p]
		for _, k := range sortedKeys(o) {
			if _, ok := n[k]; !ok {
				add(Breaking, "%s: removed %s (%s)", p, k, o[k].desc)
			}
		}
		for _, k := range sortedKeys(n) {
			ni := n[k]
			oi, ok := o[k]
			if !ok {
				if ni.ifaceOf != "" {
					if io, ok := o[ni.ifaceOf]; ok && !io.sealed && strings.Contains(io.desc, "interface") {
						add(Breaking, "%s: added method %s to interface %s: other implementations of %s no longer satisfy it", p, k, ni.ifaceOf, ni.ifaceOf)
						continue
					}
				}
				add(Compatible, "%s: added %s (%s)", p, k, ni.desc)
				continue
			}
			if oi.desc != ni.desc {
				add(Breaking, "%s: changed %s from %s to %s", p, k, oi.desc, ni.desc)
				continue
			}
			flag := func(was, is bool, lost, gained string) {
				switch {
				case was && !is:
					add(Breaking, "%s: %s %s", p, k, lost)
				case !was && is:
					add(Compatible, "%s: %s %s", p, k, gained)
				}
			}
			flag(oi.comparable, ni.comparable, "is no longer comparable", "is now comparable")
			flag(!oi.sealed, !ni.sealed, "gained an unexported method: other packages can no longer implement it", "can now be implemented by other packages")
			flag(!oi.ptrOnly, !ni.ptrOnly, "moved to a pointer receiver", "moved to a value receiver")
		}
	}
	level := None
	for _, c := range changes {
		if c.Level > level {
			level = c.Level
		}
	}
	return level, changes
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// crossImports returns the packages of each module that other modules of
// the repository import (tests included), from their working trees.
func crossImports(r *Repo) (map[string]bool, error) {
	imported := map[string]bool{}
	for _, m := range r.Modules {
		c, err := r.ContentWorktree(m)
		if err != nil {
			return nil, err
		}
		imps, err := scanImports(c)
		if err != nil {
			return nil, err
		}
		for p := range imps {
			if s := r.ModuleOfPackage(p); s != nil && s != m {
				imported[p] = true
			}
		}
	}
	return imported, nil
}

// apiDiff compares the API of module m's latest release with that of its
// candidate: from the working tree in the workspace (worktree true) or
// from the candidate content copied out and built against the proxy.
func (e *engine) apiDiff(m *Module, worktree bool) (Level, []apiChange, error) {
	_, old, ok, err := e.latestContent(m)
	if err != nil {
		return 0, nil, err
	}
	if !ok {
		return Compatible, nil, nil
	}
	cand, err := e.candidate(m)
	if err != nil {
		return 0, nil, err
	}
	if cand.Hash == old.Hash {
		return None, nil, nil
	}
	if e.cross == nil {
		if e.cross, err = crossImports(e.r); err != nil {
			return 0, nil, err
		}
	}
	keep := func(p string) bool { return e.cross[p] }
	if err := e.ensureReqs(m.Dir, old.GoMod); err != nil {
		return 0, nil, err
	}
	odir, err := e.copyOut(old, m.Dir+"-released")
	if err != nil {
		return 0, nil, err
	}
	oapi, err := loadAPI(e.t.ctx, odir, e.env, m.Path, keep)
	if err != nil {
		return 0, nil, fmt.Errorf("API of the latest release: %v", err)
	}
	var napi API
	if worktree {
		napi, err = loadAPI(e.t.ctx, e.r.Root+"/"+m.Dir, e.t.env, m.Path, keep)
	} else {
		if err = e.ensureReqs(m.Dir, cand.GoMod); err != nil {
			return 0, nil, err
		}
		var ndir string
		if ndir, err = e.copyOut(cand, m.Dir+"-"+cand.Origin); err == nil {
			napi, err = loadAPI(e.t.ctx, ndir, e.env, m.Path, keep)
		}
	}
	if err != nil {
		return 0, nil, fmt.Errorf("API of the %s: %v", cand.Origin, err)
	}
	level, changes := DiffAPI(oapi, napi)
	return level, changes, nil
}
