package console

import (
	"fmt"
	"strings"

	"standoff/internal/commands"
)

// unknownOption says which options a subcommand takes instead of k.
func unknownOption(command string, sub commands.Subcommand, k string) error {
	var names []string
	for _, o := range sub.Options {
		names = append(names, o.Name)
	}
	if len(names) == 0 {
		return fmt.Errorf("/%s %s has no option %q; it takes none", command, sub.Name, k)
	}
	return fmt.Errorf("/%s %s has no option %q; its options are: %s", command, sub.Name, k, strings.Join(names, ", "))
}

func splitWords(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	quoted, any := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, any = !quoted, true
		case r == ' ' && !quoted:
			if any {
				out = append(out, cur.String())
				cur.Reset()
				any = false
			}
		default:
			cur.WriteRune(r)
			any = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("a quote is not closed")
	}
	if any {
		out = append(out, cur.String())
	}
	return out, nil
}
