package discord_test

import (
	"strings"
	"testing"

	"standoff/internal/discordtest"
	"standoff/internal/images"
	"standoff/storage"
)

// The pictures an interaction answers with (/game status, /<game> board and
// the turn message's "Full board" button) carry their alt text as the
// attachment's description, as the channel's pictures do: whether the
// answer is the interaction's response (gateway), or comes after a
// deferral (HTTP mode, where files cannot ride in the response body: the
// "thinking..." edited, or a follow-up for a click).
func TestAnswerPicturesCarryAltText(t *testing.T) {
	inModes(t, func(t *testing.T, mode envOption) {
		e := newEnv(t, mode)
		before := &storage.Game{Version: -1}
		if s := e.reply(alice, general, "hunted", "solo"); !strings.Contains(s.Content, "started") {
			t.Fatalf("/hunted solo answered %q", s.Content)
		}
		e.settle(general, before)
		_, st := e.game(general)
		want := images.HuntedAlt(st.Public())
		if want == "" || len(want) > discordtest.MaxAttachmentDescription {
			t.Fatalf("Hunted's alt text is %d bytes", len(want))
		}
		check := func(what string, m discordtest.Message) {
			t.Helper()
			if len(m.Attachments) != 1 || m.Attachments[0].Description != want {
				t.Errorf("%s: the picture is described as %+v, want %q", what, m.Attachments, want)
			}
		}
		check("/game status", e.reply(alice, general, "game", "status"))
		check("/hunted board", e.reply(alice, general, "hunted", "board"))
		turn := e.turnMessage(general)
		full, ok := findID(turn, "full:")
		if !ok {
			t.Fatalf("the turn message has no Full board button: %v", turn.CustomIDs())
		}
		told := e.told(e.must(e.fake.Click(alice, turn.ID, full)))
		if len(told) != 1 {
			t.Fatalf("Full board answered %+v", told)
		}
		check("Full board", told[0])
		e.noErrorsBut()
	})
}
