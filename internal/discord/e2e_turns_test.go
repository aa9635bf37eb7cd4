package discord_test

import (
	"slices"
	"strings"
	"testing"

	"standoff/internal/discordtest"
)

// A second server, where alice and bob also play.
const (
	guild2 = "950"
	far    = "951"
)

// /game turns through discordgo and the fake Discord: in a server it lists,
// for the player alone, the games there waiting on them with a link button
// to each channel; in the bot's DM, those of every server; the player next
// is told whom they are next after. Discord accepts the link buttons (the
// fake checks a link button has a URL and no custom id).
func TestTurnsInAGuildAndInTheBotsDM(t *testing.T) {
	inModes(t, func(t *testing.T, mode envOption) {
		e := newEnv(t, mode, withFake(func(f *discordtest.Server) { f.AddChannel(guild2, far) }))
		threadsOff(t, e.db, guild2)
		for _, ch := range []string{general, other, far} {
			if s := e.reply(alice, ch, "hijack", "challenge", discordtest.Opt("opponent", bob), discordtest.Opt("num_pieces", 3)); !strings.Contains(s.Content, "Challenge sent") {
				t.Fatalf("challenge in %s answered %q", ch, s.Content)
			}
			lobby, _ := e.fake.LastMessage(ch)
			accept, _ := findID(lobby, "accept:")
			row, _ := e.game(ch)
			e.click(bob, lobby.ID, accept)
			e.settle(ch, row)
		}

		here := e.reply(alice, general, "game", "turns")
		if !here.Ephemeral || !strings.Contains(here.Content, "**Your turn** in 2 games on this server") {
			t.Fatalf("alice's turns in the server: ephemeral %v\n%s", here.Ephemeral, here.Content)
		}
		if want := []string{"https://discord.com/channels/900/902", "https://discord.com/channels/900/901"}; !slices.Equal(linkURLs(here), want) {
			t.Fatalf("links in the server: %v, want %v", linkURLs(here), want)
		}

		dm := e.fake.DMChannelID(alice)
		everywhere := e.reply(alice, dm, "game", "turns")
		if !strings.Contains(everywhere.Content, "**Your turn** in 3 games on any server") || !strings.Contains(everywhere.Content, "<#951>") {
			t.Fatalf("alice's turns in the bot's DM:\n%s", everywhere.Content)
		}
		if urls := linkURLs(everywhere); len(urls) != 3 || urls[0] != "https://discord.com/channels/950/951" {
			t.Fatalf("links in the DM: %v", urls)
		}

		next := e.reply(bob, other, "game", "turns")
		if !next.Ephemeral || !strings.Contains(next.Content, "you are next after alice") {
			t.Fatalf("bob's turns:\n%s", next.Content)
		}
		e.noErrorsBut()
	})
}

// linkURLs lists a message's link buttons' URLs, checking each is one.
func linkURLs(m discordtest.Message) []string {
	var out []string
	for _, b := range m.Buttons() {
		if b.Style == discordtest.ButtonLink && b.CustomID == "" {
			out = append(out, b.URL)
		}
	}
	return out
}
