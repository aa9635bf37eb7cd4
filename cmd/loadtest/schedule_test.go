package main

import (
	"math"
	"strings"
	"testing"

	"standoff/internal/commands"
	"standoff/internal/games"
)

func tablesOf(counts map[string]int) []*table {
	var ts []*table
	for k, n := range counts {
		for range n {
			ts = append(ts, &table{game: commands.Game{Kind: &games.Kind{Name: k}}})
		}
	}
	return ts
}

// Each kind's games together offer what they were given: the share of a
// kind with one, the rest of the rate for the others, split equally.
func TestOfferSharesTheRateByKind(t *testing.T) {
	ts := tablesOf(map[string]int{"hijack": 250, "hijacked": 250, "hunted": 250, "lockedout": 250})
	perSecond := func(o offer) map[string]float64 {
		out := map[string]float64{}
		means := o.means(ts)
		for _, tb := range ts {
			out[tb.game.Kind.Name] += 1 / means[tb.game.Kind.Name]
		}
		return out
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

	even := perSecond(offer{total: 300})
	for k, r := range even {
		if !near(r, 75) {
			t.Errorf("without shares %s offers %.2f moves/s, want 75", k, r)
		}
	}
	shared := perSecond(offer{total: 300, byKind: map[string]float64{"lockedout": 40}})
	if !near(shared["lockedout"], 40) {
		t.Errorf("lockedout offers %.2f moves/s, want its share of 40", shared["lockedout"])
	}
	for _, k := range []string{"hijack", "hijacked", "hunted"} {
		if !near(shared[k], 260.0/3) {
			t.Errorf("%s offers %.2f moves/s, want a third of the other 260", k, shared[k])
		}
	}
	if got := len(offer{}.means(ts)); got != 0 {
		t.Errorf("the closed loop has %d means, want none", got)
	}
}

func TestOfferRefusesSharesItCannotOffer(t *testing.T) {
	kinds := []string{"hijack", "lockedout"}
	for _, c := range []struct {
		o    offer
		want string
	}{
		{offer{byKind: map[string]float64{"lockedout": 40}}, "needs -rate"},
		{offer{total: 300, byKind: map[string]float64{"chess": 40}}, "does not play"},
		{offer{total: 300, byKind: map[string]float64{"lockedout": 300}}, "leaving nothing"},
		{offer{total: 300, byKind: map[string]float64{"lockedout": -1}}, "positive"},
	} {
		err := c.o.check(kinds)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error saying %q", c.o, err, c.want)
		}
	}
	if err := (offer{total: 300, byKind: map[string]float64{"lockedout": 40}}).check(kinds); err != nil {
		t.Errorf("a share under the rate refused: %v", err)
	}
	if err := (offer{total: 40, byKind: map[string]float64{"hijack": 10, "lockedout": 30}}).check(kinds); err != nil {
		t.Errorf("shares for every kind that add up to the rate refused: %v", err)
	}
}

func TestParseKindRates(t *testing.T) {
	got, err := parseKindRates("lockedout=40,hunted=12.5")
	if err != nil || got["lockedout"] != 40 || got["hunted"] != 12.5 || len(got) != 2 {
		t.Errorf("parsed %v, %v", got, err)
	}
	for _, bad := range []string{"lockedout", "lockedout=fast", "=3"} {
		if _, err := parseKindRates(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if got, err := parseKindRates(""); err != nil || len(got) != 0 {
		t.Errorf("empty: %v, %v", got, err)
	}
}
