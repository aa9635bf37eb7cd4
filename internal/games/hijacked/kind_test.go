package hijacked

import (
	"strings"
	"testing"
)

// The kind fits the platform's limits: rules under 1900 characters, a
// summary under 100, and the move help names every verb.
func TestKind(t *testing.T) {
	if n := len(Kind.Rules); n >= 1900 {
		t.Errorf("rules are %d characters", n)
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
