package hijacked

import (
	"strings"
	"testing"
)

// The kind fits the platform's limits: the rules menu shows the first line
// of the rules as the overview (at most 400 characters) and every other
// line, opened by a short label and a colon, as one part that must fit a
// Discord message whole (2,000 characters, less the heading); a summary
// under 100, and the move help names every verb.
func TestKind(t *testing.T) {
	lines := strings.Split(Kind.Rules, "\n")
	if n := len(lines[0]); n > 400 {
		t.Errorf("the overview is %d characters", n)
	}
	if n := len(lines); n > 23 {
		t.Errorf("%d parts: the menu holds 25 entries with the overview and the typed moves", n)
	}
	for _, l := range lines[1:] {
		label, _, ok := strings.Cut(l, ": ")
		if !ok || len(label) > 40 || len(strings.Fields(label)) > 6 {
			t.Errorf("a part without a short label: %q", l)
		}
		if len(l) > 1600 {
			t.Errorf("part %q is %d characters", label, len(l))
		}
	}
	if n := len(Kind.Summary); n > 100 {
		t.Errorf("summary is %d characters", n)
	}
	for _, v := range []string{verbCard, verbPlay, verbDiscard, verbReserve, verbTrust, verbPersuade, verbRetreat, verbDemand,
		verbBonus, verbAdjust, verbKeep, verbEnd, verbFree, verbCash, verbMedal, verbTile} {
		if !strings.Contains(Kind.MoveHelp, "`"+v) {
			t.Errorf("move help lacks %s", v)
		}
	}
	if Kind.MinPlayers != 2 || Kind.MaxPlayers != 4 {
		t.Errorf("players %d-%d", Kind.MinPlayers, Kind.MaxPlayers)
	}
}

// /game rules is read by new players: each part is written in sentences
// (no "track + medals + demands" or "discard, +1, trust -10%" shorthand),
// and the solo mode has parts of its own saying how the Cybot picks its
// card, works down its priorities, spends its dice and tokens, asks for the
// police retreat, and scores.
func TestRulesReadAsSentences(t *testing.T) {
	for _, l := range strings.Split(Kind.Rules, "\n") {
		for _, short := range []string{" + ", "+1", "-10%", "->", "<->", ">=", "(1)", "(2)"} {
			if strings.Contains(l, short) {
				t.Errorf("shorthand %q in %q", short, l)
			}
		}
		if !strings.HasSuffix(l, ".") {
			t.Errorf("not a sentence: %q", l)
		}
	}
	for _, want := range []string{
		"Solo against the Cybot: Start it with /hijacked solo",
		"turns up one of its 12 cards",
		"The card lists its actions in order of priority. It does each action it can, in that order, and skips one its dice cannot do",
		"the first one takes a demand token, a second one chooses one more passenger card",
		"The Cybot's choices: When the Cybot chooses a passenger card, it prefers",
		"Every demand token is a joker for the Cybot",
		"If not, you are asked whether you cooperate",
		"it scores 3 points for each bonus tile it holds, 3 for each score-track bonus it stopped on (set aside unused), and 8 for each hijacker it persuaded",
	} {
		if !strings.Contains(Kind.Rules, want) {
			t.Errorf("the rules lack %q", want)
		}
	}
}
