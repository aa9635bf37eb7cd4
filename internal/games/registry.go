package games

import (
	"fmt"
	"sort"
	"strings"
)

var registry = map[string]*Kind{}

// Register adds a kind; it panics on a duplicate, which is a programming error.
func Register(k *Kind) {
	if _, dup := registry[k.Name]; dup {
		panic("games: kind registered twice: " + k.Name)
	}
	registry[k.Name] = k
}

// Lookup finds a kind by name.
func Lookup(name string) (*Kind, bool) {
	k, ok := registry[name]
	return k, ok
}

// Kinds lists the registered kinds by name.
func Kinds() []*Kind {
	out := make([]*Kind, 0, len(registry))
	for _, k := range registry {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Resolve completes options with defaults and checks ranges. Unknown names
// and out-of-range values are errors a player can read.
func (k *Kind) Resolve(given Options) (Options, error) {
	out := Options{}
	for _, o := range k.Options {
		out[o.Name] = o.Default
	}
	for name, v := range given {
		spec, ok := k.option(name)
		if !ok {
			return nil, fmt.Errorf("%s has no option %q; its options are %s", k.Title, name, k.optionNames())
		}
		switch spec.Kind {
		case OptionBool:
			if v != 0 && v != 1 {
				return nil, fmt.Errorf("option %s is true or false", name)
			}
		case OptionInt:
			if v < spec.Min || v > spec.Max {
				return nil, fmt.Errorf("option %s must be from %d to %d, not %d", name, spec.Min, spec.Max, v)
			}
		}
		out[name] = v
	}
	return out, nil
}

func (k *Kind) option(name string) (OptionSpec, bool) {
	for _, o := range k.Options {
		if o.Name == name {
			return o, true
		}
	}
	return OptionSpec{}, false
}

func (k *Kind) optionNames() string {
	if len(k.Options) == 0 {
		return "none"
	}
	var n []string
	for _, o := range k.Options {
		n = append(n, o.Name)
	}
	return strings.Join(n, ", ")
}

// CheckPlayers says whether a count of players can play this kind.
func (k *Kind) CheckPlayers(n int) error {
	if n < k.MinPlayers || n > k.MaxPlayers {
		if k.MinPlayers == k.MaxPlayers {
			return fmt.Errorf("%s needs exactly %d players, not %d", k.Title, k.MinPlayers, n)
		}
		return fmt.Errorf("%s needs %d to %d players, not %d", k.Title, k.MinPlayers, k.MaxPlayers, n)
	}
	return nil
}
