package discord_test

import (
	"strings"
	"testing"

	"standoff/internal/discordtest"
	"standoff/internal/images"
)

// Every board picture in the channel carries alt text, the attachment's
// description, said from the public view: a screen reader reads what the
// picture shows. It is sent with the message that carries the picture,
// whether the bot's token posts it or the player's interaction does.
func TestBoardPicturesCarryAltText(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	row := e.startHijack(general)
	check := func(when string) {
		t.Helper()
		turn := e.turnMessage(general)
		_, st := e.game(general)
		want := images.HijackAlt(st.Public())
		if want == "" {
			t.Fatal("Hijack has no alt text for its board")
		}
		if len(turn.Attachments) != 1 || turn.Attachments[0].Description != want {
			t.Fatalf("%s: the turn message's picture is described as %+v, want %q", when, turn.Attachments, want)
		}
	}
	check("at the start")
	_, st := e.game(general)
	mv := firstMove(st.Legal(0))
	if s := e.reply(alice, general, "hijack", "move", discordtest.Opt("move", mv)); !strings.Contains(s.Content, "Played") {
		t.Fatalf("move answered %q", s.Content)
	}
	e.settle(general, row)
	check("after a move posted through the interaction")
}
