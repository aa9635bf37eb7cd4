package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// consoleMessage is one message of a console session: where it appeared
// and its lines, controls by their labels, images left out.
type consoleMessage struct {
	where string // "#general", "#general (edited)", "DM carol", ...
	lines []string
	acted string // for an input line: who typed it
}

var consoleLine = regexp.MustCompile(`^\[([^\]]+)\] (.*)$`)

// consoleMessages splits console output into messages: a message starts
// with the game's header line or where the place changes.
func consoleMessages(out string) []consoleMessage {
	var msgs []consoleMessage
	for _, l := range strings.Split(out, "\n") {
		m := consoleLine.FindStringSubmatch(l)
		if m == nil {
			// An input line ends a message; "> name: ..." is kept as who acted.
			who, _, _ := strings.Cut(strings.TrimPrefix(l, "> "), ":")
			msgs = append(msgs, consoleMessage{acted: who})
			continue
		}
		where, text := m[1], m[2]
		if strings.HasPrefix(text, "[image:") {
			continue
		}
		if strings.HasPrefix(text, "[button:") || strings.HasPrefix(text, "[select:") {
			// A control by its label: its id changes with every version.
			text, _, _ = strings.Cut(text, " | ")
		}
		last := len(msgs) - 1
		if last < 0 || msgs[last].where != where || strings.HasPrefix(text, "**Locked Out**") {
			msgs = append(msgs, consoleMessage{where: where})
			last++
		}
		msgs[last].lines = append(msgs[last].lines, text)
	}
	return msgs
}

// Locked Out sends a DM only when it says something new: a player was sent
// the same unchanged hand again and again (57 DMs in a 4-player game), and
// the accuser's look was told three times in one DM.
func TestLockedOutDMsSaySomethingNew(t *testing.T) {
	script, err := os.ReadFile("testdata/lockedout_six.transcript")
	if err != nil {
		t.Fatal(err)
	}
	msgs := consoleMessages(string(replay(t, script)))
	last := map[string]string{}
	dms := 0
	for _, m := range msgs {
		if m.acted != "" {
			// The player answered: their decision closed, and the same
			// decision coming back (next turn) is news again.
			delete(last, m.acted)
		}
		who, ok := strings.CutPrefix(m.where, "DM ")
		if !ok {
			continue
		}
		dms++
		body := strings.Join(m.lines, "\n")
		if body == last[who] {
			t.Fatalf("%s was sent the same DM twice without acting in between:\n%s", who, body)
		}
		last[who] = body
		// Each card the DM's text names, it names once.
		text := strings.Join(slices.DeleteFunc(slices.Clone(m.lines), func(l string) bool { return strings.HasPrefix(l, "[") }), "\n")
		for _, card := range regexp.MustCompile(`\(([A-Z]+[0-9]+), `).FindAllStringSubmatch(text, -1) {
			if n := strings.Count(text, "("+card[1]+", "); n > 1 {
				t.Fatalf("a DM to %s names %s %d times:\n%s", who, card[1], n, body)
			}
		}
	}
	if dms == 0 {
		t.Fatal("no DMs seen")
	}
	t.Logf("%d DMs in a six-player game", dms)
}

// With closed DMs, a player's new private decision (an interception during
// another player's turn) is announced by a new channel message that
// mentions them: an edit of the turn message notifies nobody.
func TestClosedDMsPingEachNewDecision(t *testing.T) {
	script, err := os.ReadFile("testdata/lockedout_six.transcript")
	if err != nil {
		t.Fatal(err)
	}
	typed := strings.Replace(string(script), "> alice: click Start\n", "> dms carol off\n> alice: click Start\n", 1)
	msgs := consoleMessages(string(replay(t, []byte(typed))))
	pings, edits := 0, 0
	for i, m := range msgs {
		body := strings.Join(m.lines, "\n")
		if m.where == "DM carol" {
			t.Fatal("a DM reached carol, whose DMs are closed")
		}
		if !strings.Contains(body, "@carol") {
			continue
		}
		// The game lives in its thread, #locked-out-1.
		switch {
		case m.where == "#locked-out-1" && strings.Contains(body, "private decision"):
			pings++
		case m.where == "#locked-out-1 (edited)":
			edits++
			// An edit that asks carol for a decision is one she was pinged
			// for: the living message it edits pinged her when it was
			// posted (once a turn), or a new message that mentions her
			// comes right after it.
			if strings.Contains(body, "@carol: you have a private decision") {
				found := false
				for j := i - 1; j >= 0; j-- {
					if msgs[j].where == "#locked-out-1" {
						found = strings.Contains(strings.Join(msgs[j].lines, "\n"), "@carol")
						break
					}
				}
				for _, n := range msgs[i+1 : min(i+4, len(msgs))] {
					if n.where == "#locked-out-1" && strings.Contains(strings.Join(n.lines, "\n"), "@carol") {
						found = true
					}
				}
				if !found {
					t.Fatalf("carol's decision was shown only by an edit:\n%s", body)
				}
			}
		}
	}
	if pings == 0 {
		t.Fatalf("carol was never pinged for a new decision (%d edits mention her)", edits)
	}
	t.Logf("%d pings, %d edits mentioning carol", pings, edits)
}
