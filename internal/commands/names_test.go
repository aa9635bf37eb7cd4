package commands

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
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

// "_zed_ abandoned the game." rendered italic: every public line shows a
// display name in its plain form (a mention, @_zed_ in the console, is
// Discord's own rendering and stays).
func TestPublicLinesShowPlainNames(t *testing.T) {
	var out bytes.Buffer
	script := "\"_zed_\": /tally challenge opponent:@bob\n" +
		"\"_zed_\": /game abandon\n" +
		"\"_zed_\": click Abandon the game\n" +
		"\"_zed_\": /tally start\n" +
		"\"**amy**\": click Join\n" +
		"\"**amy**\": click Leave\n" +
		"\"_zed_\": click Leave\n"
	err := RunConsole(context.Background(), strings.NewReader(script), &out, ConsoleOptions{
		DB: filepath.Join(t.TempDir(), "c.db"), Seed: 3, Games: []Game{tallyGame}, Config: DefaultConfig(),
	})
	if err != nil {
		t.Fatal(err)
	}
	raw := regexp.MustCompile(`(^|[^@])(_zed_|\*\*amy\*\*)`)
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "[#") && raw.MatchString(line) {
			t.Errorf("a public line shows a name as typed: %q", line)
		}
	}
	if !strings.Contains(out.String(), "zed abandoned the game") {
		t.Errorf("the abandon line is missing:\n%s", out.String())
	}
}
