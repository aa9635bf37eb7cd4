package hunted

import (
	"strings"
	"testing"
)

// larsAtLastTime is the Roof fight with Lars on two hits and one time unit
// left; the player holds a regroup token, the handgun and nothing else.
func larsAtLastTime(t *testing.T) *State {
	t.Helper()
	s := staged(t)
	s.Players[0].Inv = []string{"HG1"}
	s.Out = append(s.Out, "CH")
	s.Players[0].Regroup, s.Regroups = 1, regroupTokens-1
	s.startFight(0, &Fight{Name: data.Lars.Name, Lars: true, Targets: []int{data.Lars.Target}, Hit: []bool{false}, LarsHits: 2}, nil)
	s.Time = 1
	return s
}

// TestLastTimeRollRegroup: "These tokens can be discarded after any die roll
// to add two to a die"; on the Roof "If you're able to hit him three times,
// you defeat him". A roll that spends the last time unit is still a roll:
// its regroup token may turn a 4 into Lars's third hit before time runs out.
func TestLastTimeRollRegroup(t *testing.T) {
	s := larsAtLastTime(t)
	s.forceDice(t, 6, 4)
	ev := must(t, s, "fight 1 HG1")
	if s.Outcome() != nil || s.Phase != phaseRoll || s.Time != 0 {
		t.Fatalf("the roll of the last time unit ended the game before its regroup token: phase %s, outcome %+v\n%s", s.Phase, s.Outcome(), eventText(ev))
	}
	if p := s.Prompts(); len(p) != 1 || !strings.Contains(p[0].Text, "last of your time") {
		t.Fatalf("prompts %+v", p)
	}
	ev = must(t, s, "regroup 1")
	text := eventText(ev)
	if !s.Won || s.Outcome() == nil || s.Outcome().Rank[0] != 1 {
		t.Fatalf("not won with the third hit: %+v\n%s", s.Outcome(), text)
	}
	if !strings.Contains(text, "d6:4(+2=6): 1 hit on Lars (3 of 3)") {
		t.Fatalf("the roll's result is not told:\n%s", text)
	}
}

// TestLastTimeRollKept: "if you run out of time ... you lose": a last roll
// kept without the third hit loses, and its result is told before the end.
func TestLastTimeRollKept(t *testing.T) {
	s := larsAtLastTime(t)
	s.forceDice(t, 6, 4)
	must(t, s, "fight 1 HG1")
	ev := must(t, s, "keep")
	text := eventText(ev)
	if s.Outcome() == nil || s.Outcome().Rank[0] != 2 || !strings.Contains(s.Outcome().Text, "Time has run out") {
		t.Fatalf("outcome %+v", s.Outcome())
	}
	if i, j := strings.Index(text, "d6:4: 0 hits on Lars (2 of 3)"), strings.Index(text, "Time has run out"); i < 0 || j < i {
		t.Fatalf("the roll's result should come before the end:\n%s", text)
	}
}

// TestLastTimeReroll: "Discard to reroll any number of dice you just
// rolled" (the Chocolates), also after the roll that spent the last time.
func TestLastTimeReroll(t *testing.T) {
	s := larsAtLastTime(t)
	s.Players[0].Regroup, s.Regroups = 0, regroupTokens
	s.Out = without(s.Out, "CH")
	s.Players[0].Inv = append(s.Players[0].Inv, "CH")
	s.forceDice(t, 6, 2, 6)
	must(t, s, "fight 1 HG1")
	if s.Outcome() != nil || s.Phase != phaseRoll {
		t.Fatalf("phase %s outcome %+v", s.Phase, s.Outcome())
	}
	must(t, s, "reroll CH 1")
	if !s.Won {
		t.Fatalf("the reroll's 6 should be the third hit: %+v", s.Outcome())
	}
}

// TestLastTimeFightWonKeepsReward: "After you defeat a terrorist card, you
// may draw cards ... you may immediately add one of them to your inventory
// for free", and the score counts "+3 points for every face-up hostage card
// in your inventory". A fight won with the roll that spent the last time
// unit still offers its card; the game ends once it is chosen, and a
// hostage kept counts.
func TestLastTimeFightWonKeepsReward(t *testing.T) {
	s := fightStaged(t, "T02") // Gunman 4, draw 1
	s.stack(t, "H01")          // the reward draw: Receptionist, a hostage
	s.Time = 1
	s.forceDice(t, 6, 6)
	must(t, s, "fight 1 HG1")
	if s.Outcome() != nil || s.Phase != phaseReward || s.Time != 0 {
		t.Fatalf("the won fight's card is not offered: phase %s, outcome %+v", s.Phase, s.Outcome())
	}
	if p := s.Prompts(); len(p) != 1 || !has(s.Legal(0), "take H01") || !strings.Contains(p[0].Text, "Time is up") {
		t.Fatalf("prompts %+v, legal %v", p, s.Legal(0))
	}
	ev := must(t, s, "take H01")
	o := s.Outcome()
	if o == nil || o.Rank[0] != 2 || !strings.Contains(o.Text, "Time has run out") {
		t.Fatalf("the game goes on after the last time unit: %+v", o)
	}
	if _, _, _, up, _ := s.Score(); up != 1 || !strings.Contains(eventText(ev), "keeps Receptionist (H01)") {
		t.Fatalf("the hostage kept does not count: %d face up\n%s", up, eventText(ev))
	}
}
