package lockedout

import (
	"strings"
	"testing"
)

// Refusals quote what the player typed, as typed: not lower-cased, not with
// a leading space (issue 8, item 15).
func TestRefusalsQuoteWhatWasTyped(t *testing.T) {
	s := staged(t, 4, 0)
	s.Hands[0] = s.from(t, "OA1", "R2", "L3")
	s.Hands[1] = s.from(t, "L4")
	s.Piles["galley"] = s.from(t, "L7", "L6")
	for move, quoted := range map[string]string{
		"move Narnia":   `"Narnia"`,
		"go  Bridge  2": `"Bridge 2"`,
	} {
		err := refused(t, s, 0, move)
		if !strings.Contains(err.Error(), quoted) {
			t.Fatalf("%s: refusal %q does not quote %s", move, err, quoted)
		}
	}
	must(t, s, 0, "move galley")
	for move, quoted := range map[string]string{
		"play oA9":        `"oA9"`,
		"PLAY Gold Watch": `"Gold Watch"`,
		"search Foo Bar":  `"Foo Bar"`,
		"play   OA1x":     `"OA1x"`,
	} {
		err := refused(t, s, 0, move)
		if !strings.Contains(err.Error(), quoted) {
			t.Fatalf("%s: refusal %q does not quote %s", move, err, quoted)
		}
		if strings.Contains(err.Error(), `" `) && strings.Contains(err.Error(), `" `+strings.ToLower(strings.Trim(quoted, `"`))) {
			t.Fatalf("%s: refusal %q quotes a mangled argument", move, err)
		}
	}
	must(t, s, 0, "play OA1")
	err := refused(t, s, 0, "accuse Zed")
	if !strings.Contains(err.Error(), `"Zed"`) {
		t.Fatalf("refusal %q does not quote Zed", err)
	}
	must(t, s, 0, "accuse Bob")
	err = refused(t, s, 1, "reveal Moon Rock X")
	if !strings.Contains(err.Error(), `"Moon Rock X"`) {
		t.Fatalf("refusal %q", err)
	}
	err = refused(t, s, 1, "Fly Away")
	if !strings.Contains(err.Error(), `"Fly"`) {
		t.Fatalf("refusal %q does not quote the verb as typed", err)
	}
}

// An ambiguous start of a room name lists the rooms it could mean, and only
// those (issue 8, item 16).
func TestAmbiguousRoomListsTheMatches(t *testing.T) {
	s := staged(t, 4, 0)
	for arg, want := range map[string][]string{
		"c":  {"corridor", "cargo", "quarters", "comms", "computer"}, // Crew Quarters starts with c too
		"co": {"corridor", "comms", "computer"},
	} {
		err := refused(t, s, 0, "move "+arg)
		msg := err.Error()
		for _, id := range want {
			if !strings.Contains(msg, ship.room[id].Name) {
				t.Fatalf("move %s: %q does not list %s", arg, msg, ship.room[id].Name)
			}
		}
		for _, r := range ship.Rooms {
			if !contains(want, r.ID) && strings.Contains(msg, r.Name) {
				t.Fatalf("move %s: %q lists %s, which does not match", arg, msg, r.Name)
			}
		}
		if strings.Contains(msg, "no room") {
			t.Fatalf("move %s: an ambiguous name is reported as no room: %q", arg, msg)
		}
	}
}

// A refusal says what was wrong and the form that would be right, without
// the whole move help; the help stays in /game rules (issue 8, item 17).
func TestRefusalsAreShort(t *testing.T) {
	s := staged(t, 4, 0)
	s.Hands[0] = s.from(t, "OA1", "R2", "L3", "L5")
	s.Hands[1] = s.from(t, "L4", "PB1")
	s.Piles["galley"] = s.from(t, "L6")
	check := func(seat int, move string, want ...string) {
		t.Helper()
		err := refused(t, s, seat, move)
		msg := err.Error()
		if strings.Contains(msg, moveHelp) || strings.Contains(msg, "Moves:") {
			t.Fatalf("%s: refusal repeats the move help: %q", move, msg)
		}
		if len(msg) > 320 {
			t.Fatalf("%s: refusal is %d bytes: %q", move, len(msg), msg)
		}
		for _, w := range want {
			if !strings.Contains(msg, w) {
				t.Fatalf("%s: refusal %q does not say %q", move, msg, w)
			}
		}
	}
	check(0, "", "move <room>")
	check(0, "fly galley", `"fly"`, "move <room>")
	check(0, "play OA1", "move <room>")
	check(0, "move armory", "galley")
	check(1, "move galley", "Alice must move")
	must(t, s, 0, "move galley")
	check(0, "fly", `"fly"`, "play <card>", "end")
	check(0, "play L3", "search")
	check(0, "keep it", "keep")
	check(0, "search L3", "search")
	must(t, s, 0, "play OA1")
	check(0, "end", "accuse")
	check(0, "wave", "accuse")
	must(t, s, 0, "accuse 2")
	check(1, "take PB1", "reveal")
	check(1, "hmm", "reveal", "none")
}
