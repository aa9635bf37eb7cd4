package games

import (
	"fmt"
	"strings"
)

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
