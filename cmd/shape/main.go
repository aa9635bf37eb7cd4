// Command shape measures the table's structure, so a reshaping can be
// judged by numbers anyone can reproduce (docs/architecture.md):
//
//   - methods per type in the table's packages (no type may grow into the
//     room every feature lands in);
//   - what one move-button click enters, from the interaction's arrival
//     at internal/discord to the changed messages: the files and
//     functions it runs, by package, and the custom-id parsers it runs on
//     the way (parse… functions of an id or a menu).
//
// The click is internal/discord's TestOneMoveClickPath against the fake
// Discord, run twice with coverage counts: once stopping before the click
// (STANDOFF_CLICKPATH=setup) and once with it; what the second run counts
// more is the click's. The fake Discord's own code is left out.
//
//	go run ./cmd/shape            # both
//	go run ./cmd/shape -methods   # methods per type only (no tests run)
package main

import (
	"bufio"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// tablePackages are the packages the table is made of; a missing one
// (not made yet, or merged away) is skipped.
var tablePackages = []string{"internal/commands", "internal/delivery", "internal/console", "internal/discord"}

func main() {
	methodsOnly := flag.Bool("methods", false, "count methods per type only")
	flag.Parse()
	methods()
	if *methodsOnly {
		return
	}
	if err := clickPath(); err != nil {
		fmt.Fprintln(os.Stderr, "shape:", err)
		os.Exit(1)
	}
}

func methods() {
	fmt.Println("Methods per type (non-test files; types with more than 10):")
	for _, dir := range tablePackages {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		count := map[string]int{}
		fset := token.NewFileSet()
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(fset, f, nil, 0)
			if err != nil {
				continue
			}
			for _, d := range file.Decls {
				if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv != nil && len(fn.Recv.List) == 1 {
					count[receiverName(fn.Recv.List[0].Type)]++
				}
			}
		}
		names := make([]string, 0, len(count))
		for n := range count {
			names = append(names, n)
		}
		sort.Slice(names, func(i, j int) bool { return count[names[i]] > count[names[j]] })
		for _, n := range names {
			if count[n] > 10 {
				fmt.Printf("  %-22s %-12s %3d\n", dir, n, count[n])
			}
		}
	}
}

func receiverName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return receiverName(t.X)
	case *ast.IndexExpr:
		return receiverName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return "?"
}

// block is one counted block of a coverage profile.
type block struct {
	file                 string
	line, col            int
	endLine, endCol, cnt int
}

func clickPath() error {
	tmp, err := os.MkdirTemp("", "shape")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	profiles := map[string]map[string]block{}
	for _, run := range []struct{ name, env string }{{"setup", "setup"}, {"click", ""}} {
		out := filepath.Join(tmp, run.name+".out")
		cmd := exec.Command("go", "test", "./internal/discord", "-run", "^TestOneMoveClickPath$", "-count=1",
			"-covermode=count", "-coverpkg=standoff/...", "-coverprofile="+out)
		cmd.Env = append(os.Environ(), "STANDOFF_CLICKPATH="+run.env)
		if b, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s run: %v\n%s", run.name, err, b)
		}
		p, err := readProfile(out)
		if err != nil {
			return err
		}
		profiles[run.name] = p
	}
	// The click's share of each block.
	delta := map[string][]block{}
	for k, b := range profiles["click"] {
		b.cnt -= profiles["setup"][k].cnt
		if b.cnt > 0 {
			delta[b.file] = append(delta[b.file], b)
		}
	}
	mod, err := modulePath()
	if err != nil {
		return err
	}
	type pkgCount struct{ files, funcs int }
	byPkg := map[string]*pkgCount{}
	parses := map[string]int{}
	totalFiles, totalFuncs := 0, 0
	fset := token.NewFileSet()
	for file, blocks := range delta {
		if strings.Contains(file, "/discordtest/") {
			continue
		}
		path := strings.TrimPrefix(strings.TrimPrefix(file, mod), "/")
		src, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		entered := 0
		for _, d := range src.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			at := fset.Position(fn.Body.Lbrace)
			for _, b := range blocks {
				if b.line == at.Line && b.col == at.Column {
					entered++
					if name := fn.Name.Name; customIDParser(name) && !strings.Contains(path, "/games/") {
						parses[filepath.Base(path)+":"+name] += b.cnt
					}
				}
			}
		}
		if entered == 0 {
			continue
		}
		pkg := filepath.Dir(path)
		if byPkg[pkg] == nil {
			byPkg[pkg] = &pkgCount{}
		}
		byPkg[pkg].files++
		byPkg[pkg].funcs += entered
		totalFiles++
		totalFuncs += entered
	}
	fmt.Println("\nOne move-button click (internal/discord TestOneMoveClickPath), what it enters:")
	pkgs := make([]string, 0, len(byPkg))
	for p := range byPkg {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		fmt.Printf("  %-28s %3d files %4d functions\n", p, byPkg[p].files, byPkg[p].funcs)
	}
	fmt.Printf("  %-28s %3d files %4d functions\n", "total (fake Discord left out)", totalFiles, totalFuncs)
	fmt.Println("Custom-id parsers the click runs on the way (file:function: calls):")
	names := make([]string, 0, len(parses))
	for n := range parses {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Printf("  %s: %d\n", n, parses[n])
	}
	return nil
}

func readProfile(path string) (map[string]block, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]block{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") || line == "" {
			continue
		}
		// file.go:10.45,12.2 2 1
		loc, rest, _ := strings.Cut(line, " ")
		fields := strings.Fields(rest)
		file, span, _ := strings.Cut(loc, ":")
		from, to, _ := strings.Cut(span, ",")
		b := block{file: file}
		b.line, b.col = pos(from)
		b.endLine, b.endCol = pos(to)
		n, _ := strconv.Atoi(fields[len(fields)-1])
		key := loc
		if prev, ok := out[key]; ok {
			n += prev.cnt
		}
		b.cnt = n
		out[key] = b
	}
	return out, sc.Err()
}

func pos(s string) (int, int) {
	l, c, _ := strings.Cut(s, ".")
	line, _ := strconv.Atoi(l)
	col, _ := strconv.Atoi(c)
	return line, col
}

func modulePath() (string, error) {
	b, err := os.ReadFile("go.mod")
	if err != nil {
		return "", fmt.Errorf("run it from the repository's root: %w", err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "module ") {
			return strings.TrimSpace(strings.TrimPrefix(l, "module ")), nil
		}
	}
	return "", fmt.Errorf("go.mod names no module")
}

// customIDParser tells a parser of a control's custom id by its name.
func customIDParser(name string) bool {
	if !strings.HasPrefix(strings.ToLower(name), "parse") {
		return false
	}
	for _, w := range []string{"ID", "Id", "Menu", "Custom", "Control", "Click"} {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}
