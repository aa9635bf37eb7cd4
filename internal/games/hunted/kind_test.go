package hunted

import (
	"fmt"
	"strings"
	"testing"

	"standoff/internal/games"
)

// TestKind checks what Discord shows of the kind: lengths within limits, the
// options, and move help naming every verb.
func TestKind(t *testing.T) {
	if len(Kind.Summary) > 100 || len(Kind.Rules) >= 1900 {
		t.Fatalf("summary %d, rules %d characters", len(Kind.Summary), len(Kind.Rules))
	}
	if Kind.MinPlayers != 1 || Kind.MaxPlayers != 2 {
		t.Fatalf("players %d-%d", Kind.MinPlayers, Kind.MaxPlayers)
	}
	for _, o := range Kind.Options {
		if len(o.Description) > 100 {
			t.Fatalf("option %s description too long", o.Name)
		}
	}
	for verb := range map[string]bool{verbDraw: true, verbHide: true, verbActivate: true, verbUse: true, verbFlip: true,
		verbReload: true, verbShare: true, verbGive: true, verbEnd: true, verbGo: true, verbYes: true, verbNo: true,
		verbWatch: true, verbFight: true, verbGrenade: true, verbRegroup: true, verbReroll: true, verbKeep: true, verbTake: true} {
		if !strings.Contains(Kind.MoveHelp, "`"+verb) {
			t.Fatalf("move help does not name %q", verb)
		}
	}
	if _, err := Kind.Decode([]byte(`{"schema":99}`)); err == nil {
		t.Fatal("unknown schema decoded")
	}
}

// TestData checks the authored data against the component list.
func TestData(t *testing.T) {
	count := map[string]int{}
	for _, c := range data.Hunted {
		count[c.Type]++
	}
	if count[typeTerrorist] == 0 || count[typeDoor] == 0 || count[typeWeapon] == 0 || count[typeItem] == 0 ||
		count[typeHostage] == 0 || count[typeRegroup] != regroupTokens || count[typeEvent] == 0 {
		t.Fatalf("card types %v", count)
	}
	roles := 0
	for _, c := range data.Hunted {
		if c.Role {
			roles++
		}
	}
	if roles != 2 {
		t.Fatalf("%d role cards, want Sgt. Pratt and Agent O'Neil", roles)
	}
	if data.location["L02"].Name != "Surveillance Room" || !strings.Contains(data.location["L02"].Text, "Discard 1. Place 1 on the bottom of the deck. Place 1 on top of the deck.") {
		t.Fatal("the Surveillance Room's text is not the rulebook's")
	}
	// The weapon dice of any one weapon fit the components (one weapon rolls a round).
	for _, c := range data.Hunted {
		if c.Type == typeWeapon && ((c.Sides == 8 && c.Dice > 3) || (c.Sides == 10 && c.Dice > 2) || (c.Sides == 6 && c.Dice > 4)) {
			t.Fatalf("%s rolls more dice than the box holds", c.Name)
		}
	}
	if _, err := load([]byte(`{"hunted":[]}`)); err == nil {
		t.Fatal("an empty data file loaded")
	}
}

// TestSetupText: the options as a game starts with them. "To play with two
// players, set up the game like normal, except begin the game with only
// four health (which is your max)": a co-op game never says health 6.
func TestSetupText(t *testing.T) {
	for _, c := range []struct {
		players int
		opts    games.Options
		want    string
	}{
		{1, games.Options{"health": 6, "time": 20}, "health 6, time 20"},
		{1, games.Options{"health": 4, "time": 17}, "health 4, time 17"},
		{2, games.Options{"health": 6, "time": 20}, "co-op, 4 health each, time 20"},
		{2, games.Options{"health": 4, "time": 17}, "co-op, 4 health each, time 17"},
	} {
		if got := SetupText(c.players, c.opts); got != c.want {
			t.Fatalf("%d players %v: %q, want %q", c.players, c.opts, got, c.want)
		}
		s := newTest(t, 1, c.opts, []string{"Alice", "Bob"}[:c.players]...)
		if !strings.Contains(s.Log[0], fmt.Sprintf("%d health", s.Players[0].Health)) {
			t.Fatalf("the start narration %q does not give the health %d", s.Log[0], s.Players[0].Health)
		}
	}
}
