package commands

import (
	"strconv"
	"strings"
	"testing"

	"standoff/internal/games"
)

// pickRules picks value from the rules menu of resp, as the reader would.
func pickRules(t *testing.T, h *harness, user string, resp Response, value string) Response {
	t.Helper()
	if len(resp.Message.Rows) != 1 || resp.Message.Rows[0].Select == nil {
		t.Fatalf("a rules message without its menu: %+v", resp.Message)
	}
	in := Interaction{Type: ComponentClick, User: User{ID: user, Name: NameOf(user)}, CustomID: resp.Message.Rows[0].Select.CustomID, Values: []string{value}}
	return h.r.Handle(t.Context(), in)
}

// Every part of the rules fits one message and together they hold the
// whole text, whatever its length: a long part is cut into numbered parts,
// never clipped.
func TestRulesPartsHoldTheWholeText(t *testing.T) {
	long := &games.Kind{Name: "long", Title: "Long", MinPlayers: 2, MaxPlayers: 4,
		Rules: "A long game.\nSetup: " + strings.Repeat("A paragraph of rules that goes on and on. ", 30) + "\n\n" +
			strings.Repeat("Another one, also long. ", 60) + "\n- an item of the setup\nEnd: The last sentence.",
		MoveHelp: strings.Repeat("`move x` does x. ", 150) + "The end of the syntax."}
	for _, k := range []*games.Kind{tallyKind, long} {
		parts := rulesParts(k)
		var all []string
		for i := range parts {
			m := rulesMessage(k, itoa(i))
			if n := len(m.Content); n > maxContent {
				t.Fatalf("%s part %d is %d characters", k.Name, i, n)
			}
			if strings.HasSuffix(m.Content, "…") {
				t.Fatalf("%s part %d is cut: %q", k.Name, i, m.Content)
			}
			if got := len(m.Rows[0].Select.Options); got != len(parts)+1 {
				t.Fatalf("%s: the menu has %d entries for the overview and %d parts", k.Name, got, len(parts))
			}
			all = append(all, parts[i].text)
		}
		intro, _ := rulesIntro(k)
		joined := strings.Join(strings.Fields(intro+" "+strings.Join(all, " ")), " ")
		for _, want := range []string{k.Rules, k.MoveHelp} {
			if !strings.Contains(joined, strings.Join(strings.Fields(want), " ")) {
				t.Fatalf("%s: the parts lose part of %q", k.Name, want[:40])
			}
		}
	}
	var titles []string
	for _, p := range rulesParts(long) {
		titles = append(titles, p.title)
	}
	if got := strings.Join(titles, "|"); got != "Setup (1/2)|Setup (2/2)|End|Typed moves (1/2)|Typed moves (2/2)" {
		t.Fatalf("the long game's parts: %s", got)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// /game rules shows the overview and a menu; each pick shows its part in
// the same message (an update, not a new message), the menu staying; the
// menu names no game in a channel, so it works in the bot's DM, after a
// restart, and where the bot may not post.
func TestRulesMenuShowsEachPart(t *testing.T) {
	h := newHarness(t)
	first := h.cmd("alice", "game", "rules", "game=tally")
	mustEphemeral(t, first, "reaching the target wins")
	moves := pickRules(t, h, "alice", first, "0")
	if moves.Kind != Update || !strings.Contains(moves.Message.Content, "**Typed moves**") || !strings.Contains(moves.Message.Content, tallyKind.MoveHelp) {
		t.Fatalf("picking the typed moves should update the message with them: %+v", moves)
	}
	if moves.Message.Rows[0].Select.CustomID != first.Message.Rows[0].Select.CustomID {
		t.Fatal("the menu should stay, for the next pick")
	}
	h.restart()
	back := pickRules(t, h, "bob", moves, rulesOverview)
	if back.Kind != Update || !strings.Contains(back.Message.Content, "Pick a part of the rules") {
		t.Fatalf("the overview again: %+v", back)
	}
	// Read-only: it works where the bot may not post, and in a DM.
	in := Interaction{Type: ComponentClick, Channel: chanID, User: User{ID: "bob", Name: NameOf("bob")}, CustomID: rulesMenuID("tally"), Values: []string{"0"}, CannotPost: "I cannot post here."}
	if h.r.Route(in).posts {
		t.Fatal("a rules menu should not need the channel")
	}
	if r := h.r.Handle(t.Context(), in); r.Kind != Update {
		t.Fatalf("a rules menu where the bot may not post: %+v", r)
	}
	in.Channel, in.DM, in.CannotPost = "dm-bob", true, ""
	if r := h.r.Handle(t.Context(), in); r.Kind != Update {
		t.Fatalf("a rules menu in a DM: %+v", r)
	}
	// An older message's page button shows the menu in its place.
	if r := h.clickID("bob", nil, rulesID("tally", 1)); r.Kind != Update || r.Message.Rows[0].Select == nil {
		t.Fatalf("an old page button: %+v", r)
	}
	mustEphemeral(t, h.clickID("bob", nil, "rules:nosuch:0"), "no longer host")
	mustEphemeral(t, pickRules(t, h, "bob", first, "9"), "no longer in the rules")
	mustEphemeral(t, pickRules(t, h, "bob", first, "x"), "no longer in the rules")
}
