package commands

import (
	"strings"
	"testing"
)

// "display names go raw into public messages (markdown, masked links under
// the bot's name)": a seat keeps a name public text can show.
func TestPlayerNameIsPlainText(t *testing.T) {
	for raw, want := range map[string]string{
		"alice":                                "alice",
		"**Admin**":                            "Admin",
		"[free nitro](https://evil.example/x)": "free nitrohttpsevil.examplex",
		"# Big\n> quoted":                      "Big quoted",
		"||spoiler||":                          "spoiler",
		"<@123> everyone":                      "123 everyone",
		"   ":                                  "player",
		"Zoë 🎲 the_best":                       "Zoë 🎲 thebest",
		strings.Repeat("long", 20):             strings.Repeat("long", 8),
	} {
		if got := playerName(raw); got != want {
			t.Errorf("playerName(%q) = %q, want %q", raw, got, want)
		}
	}
}

// A challenge names its players as plain text in the channel.
func TestChallengeShowsPlainNames(t *testing.T) {
	h := newHarness(t)
	in := Interaction{Type: SlashCommand, Guild: "g", Channel: chanID, User: User{ID: "alice", Name: NameOf("**[boss](https://x.y)**")},
		Command: "tally", Sub: "challenge", Options: map[string]string{"opponent": "bob"}, Users: map[string]Name{"bob": NameOf("# bob")}}
	h.r.Handle(t.Context(), in)
	h.click("bob", h.rec.last(chanID, ""), "Accept")
	for _, s := range h.game().Seats {
		if strings.ContainsAny(s.Name, markdownRunes) {
			t.Errorf("seat name %q keeps markdown", s.Name)
		}
	}
	if m := h.turn(); strings.Contains(m.m.Content, "](") || strings.Contains(m.m.Content, "**[") {
		t.Errorf("the turn message shows a raw name: %q", m.m.Content)
	}
}
