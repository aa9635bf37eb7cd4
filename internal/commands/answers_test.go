package commands

import (
	"fmt"
	"testing"
)

// A transport that must acknowledge a slow slash command before its answer
// exists makes the acknowledgement as public as its Call says (Route), and
// the answer follows it. So every answer shown in the channel must come
// from a subcommand whose route is public, or it would stay private
// whenever it is slow. Every subcommand of every command runs here, during
// a game and after it ended.
func TestPublicRoutesNameEveryPublicAnswer(t *testing.T) {
	h := newHarness(t)
	publicReplays := 0
	runAll := func(phase string) {
		for _, c := range h.r.Commands() {
			for _, s := range c.Subs {
				if s.Name == "abandon" || s.Name == "resign" {
					continue // they would end the game this phase is about
				}
				var opts []string
				for _, o := range s.Options {
					switch {
					case o.Type == UserOption:
						opts = append(opts, o.Name+"=bob")
					case len(o.Choices) > 0:
						opts = append(opts, o.Name+"="+o.Choices[0].Value)
					case o.Type == IntegerOption:
						opts = append(opts, fmt.Sprintf("%s=%d", o.Name, max(o.Min, 1)))
					case o.Required:
						opts = append(opts, o.Name+"=add 1")
					}
				}
				resp := h.cmd("alice", c.Name, s.Name, opts...)
				in := Interaction{Type: SlashCommand, Command: c.Name, Sub: s.Name}
				public := resp.Kind == Reply && !resp.Message.Ephemeral
				if public && !h.r.Route(in).Public {
					t.Errorf("%s: /%s %s answered in the channel, but its route says it answers its user alone: %q", phase, c.Name, s.Name, resp.Message.Content)
				}
				if public && c.Name == "game" && s.Name == "replay" {
					publicReplays++
				}
			}
		}
	}
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob"), "Challenge sent")
	h.click("bob", h.rec.last(chanID, ""), "Accept")
	runAll("during the game")
	mustEphemeral(t, h.confirmed(h.cmdIn("alice", "game", "resign")), "resigned")
	h.r.Wait()
	runAll("after the game")
	if publicReplays == 0 {
		t.Error("no replay was answered in the channel: the check above saw no public answer")
	}
}
