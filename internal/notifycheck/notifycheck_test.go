package notifycheck

import (
	"maps"
	"slices"
	"testing"

	"standoff/internal/games"
	"standoff/storage"
)

// prompted is a state that only asks: WaitedOn reads nothing else.
type prompted struct {
	games.State
	prompts []games.Prompt
	over    bool
}

func (p prompted) Prompts() []games.Prompt { return p.prompts }

func (p prompted) Outcome() *games.Outcome {
	if p.over {
		return &games.Outcome{}
	}
	return nil
}

func table(seats ...storage.Seat) *storage.Game {
	for i := range seats {
		seats[i].Seat = i
	}
	return &storage.Game{Status: storage.Active, Seats: seats}
}

func TestWaitedOn(t *testing.T) {
	row := table(storage.Seat{UserID: "ann"}, storage.Seat{UserID: "ben"}, storage.Seat{UserID: "cy"},
		storage.Seat{UserID: "dee"}, storage.Seat{UserID: "cyb", BotLevel: 2}, storage.Seat{UserID: "eve", Away: true})
	st := prompted{prompts: []games.Prompt{
		{Seat: 0, Turn: true},
		{Seat: 0, Standing: true, Private: true},
		{Seat: 1, Default: "pass", Private: true}, // a reaction with a default: waited on
		{Seat: 2},                 // no default while someone is on turn: not waited on
		{Seat: 3, Standing: true}, // any time: never waited on
		{Seat: 4, Turn: true},     // the machine's
		{Seat: 5, Turn: true},     // away: automated
	}}
	w := WaitedOn(row, st)
	if want := map[string]Wait{"ann": Turn, "ben": Reaction}; !maps.Equal(w.On, want) {
		t.Errorf("waited on %v, want %v", w.On, want)
	}
	if want := map[string]bool{"ann": false, "ben": true}; !maps.Equal(w.Private, want) {
		t.Errorf("private %v, want %v (ann has a public prompt)", w.Private, want)
	}

	// With nobody on turn, an answer without a default is waited for.
	st = prompted{prompts: []games.Prompt{{Seat: 2}}}
	if w := WaitedOn(row, st); !maps.Equal(w.On, map[string]Wait{"cy": Reaction}) {
		t.Errorf("nobody on turn: waited on %v, want cy", w.On)
	}
	st = prompted{prompts: []games.Prompt{{Seat: 0, Turn: true}}, over: true}
	if w := WaitedOn(row, st); len(w.On) != 0 {
		t.Errorf("a game over waits on %v", w.On)
	}
	row.Status = storage.Abandoned
	if w := WaitedOn(row, prompted{prompts: []games.Prompt{{Seat: 0, Turn: true}}}); len(w.On) != 0 {
		t.Errorf("an abandoned game waits on %v", w.On)
	}
}

func waits(on map[string]Wait, private ...string) Waits {
	w := Waits{On: on, Private: map[string]bool{}}
	for _, u := range private {
		w.Private[u] = true
	}
	return w
}

func TestFresh(t *testing.T) {
	s := Step{
		Before: waits(map[string]Wait{"ann": Turn, "ben": Reaction, "cy": Reaction, "dee": Turn}),
		After:  waits(map[string]Wait{"ann": Turn, "ben": Turn, "cy": Turn, "eve": Reaction, "dee": Reaction}),
		Actor:  "cy",
	}
	got := slices.Sorted(maps.Keys(s.Fresh()))
	// ann's turn goes on; ben's reaction became his turn; cy acted, so her
	// turn is no news to her; eve is asked anew; dee's wait shrank.
	if want := []string{"ben", "eve"}; !slices.Equal(got, want) {
		t.Errorf("fresh %v, want %v", got, want)
	}
}

// mention is the usual choice: a ping; a private decision comes by DM.
func mention(_ string, private bool) Want {
	if private {
		return Want{DM: true}
	}
	return Want{Ping: true}
}

// ann played and bob is now on turn; cy has a private reaction; dee watches.
var handOver = Step{
	Before: waits(map[string]Wait{"ann": Turn}),
	After:  waits(map[string]Wait{"bob": Turn, "cy": Reaction}, "cy"),
	Actor:  "ann",
}

func TestCheckHoldsTheContract(t *testing.T) {
	sent := []Sent{
		{Pings: []string{"bob"}},
		{DM: "cy", View: true},
		// Edits and private views notify nobody new.
		{Edit: true, Pings: []string{"ann", "dee"}},
		{Edit: true, DM: "dee"},
		{DM: "ann", View: true},
		{Pings: nil},
	}
	if vs := Check(handOver, sent, mention); len(vs) != 0 {
		t.Errorf("violations of a step that holds the contract: %v", vs)
	}
	// Quiet hours: nothing now is what is wanted.
	if vs := Check(handOver, nil, func(string, bool) Want { return Want{} }); len(vs) != 0 {
		t.Errorf("violations when nobody wants a notice now: %v", vs)
	}
}

func TestCheckCatchesEachViolation(t *testing.T) {
	good := []Sent{{Pings: []string{"bob"}}, {DM: "cy", View: true}}
	ongoing := Step{Before: waits(map[string]Wait{"ann": Turn}), After: waits(map[string]Wait{"ann": Turn}), Actor: "ann"}
	for _, c := range []struct {
		name string
		step Step
		sent []Sent
		want func(string, bool) Want
		got  []Violation
	}{
		{"a bystander pinged", handOver, append(good, Sent{Pings: []string{"dee"}}), mention,
			[]Violation{{Kind: PingedNotWaited, User: "dee", Pings: 1}}},
		{"the actor pinged for their turn going on", ongoing, []Sent{{Pings: []string{"ann"}}}, mention,
			[]Violation{{Kind: PingedOwnTurn, User: "ann", Pings: 1}}},
		{"the actor pinged after their turn ended", handOver, append(good, Sent{Pings: []string{"ann"}}), mention,
			[]Violation{{Kind: PingedNotWaited, User: "ann", Pings: 1}}},
		{"pinged twice", handOver, append(good, Sent{Pings: []string{"bob"}}), mention,
			[]Violation{{Kind: PingedTwice, User: "bob", Pings: 2}}},
		{"two DMs", handOver, append(good, Sent{DM: "cy", View: true}), mention,
			[]Violation{{Kind: DMTwice, User: "cy", DMs: 2}}},
		{"a bystander called by DM", handOver, append(good, Sent{DM: "dee"}), mention,
			[]Violation{{Kind: DMNotWaited, User: "dee", DMs: 1}}},
		{"forgotten", handOver, good[1:], mention,
			[]Violation{{Kind: NotNotified, User: "bob", Want: Want{Ping: true}}}},
		{"told by an edit", handOver, []Sent{{Edit: true, Pings: []string{"bob"}}, good[1]}, mention,
			[]Violation{{Kind: NotNotified, User: "bob", Want: Want{Ping: true}}}},
		{"a private decision pinged instead", handOver, []Sent{{Pings: []string{"bob", "cy"}}}, mention,
			[]Violation{{Kind: NotNotified, User: "cy", Pings: 1, Want: Want{DM: true}}}},
		{"a private decision pinged as well", handOver, append(good, Sent{Pings: []string{"cy"}}), mention,
			[]Violation{{Kind: Unwanted, User: "cy", Pings: 1, DMs: 1, Want: Want{DM: true}}}},
		{"pinged against their choice", handOver, good, func(u string, p bool) Want {
			if u == "bob" {
				return Want{}
			}
			return mention(u, p)
		}, []Violation{{Kind: Unwanted, User: "bob", Pings: 1}}},
		{"a DM call to one who asked for a mention", handOver, append(good, Sent{DM: "bob"}), mention,
			[]Violation{{Kind: Unwanted, User: "bob", Pings: 1, DMs: 1, Want: Want{Ping: true}}}},
		{"a DM wanted, none sent", handOver, good, func(u string, p bool) Want { return Want{Ping: !p, DM: true} },
			[]Violation{{Kind: NotNotified, User: "bob", Pings: 1, Want: Want{Ping: true, DM: true}}}},
		{"several at once, sorted", handOver, []Sent{{Pings: []string{"dee", "dee"}}, {DM: "cy", View: true}}, mention,
			[]Violation{{Kind: NotNotified, User: "bob", Want: Want{Ping: true}},
				{Kind: PingedNotWaited, User: "dee", Pings: 2}, {Kind: PingedTwice, User: "dee", Pings: 2}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Check(c.step, c.sent, c.want); !slices.Equal(got, c.got) {
				t.Errorf("violations\n  %v\nwant\n  %v", got, c.got)
			}
		})
	}
}

func TestViolationSaysWhat(t *testing.T) {
	v := Violation{Kind: PingedTwice, User: "bob", Pings: 2}
	if s := v.String(); s != "bob was pinged more than once (2 pings, 0 DMs)" {
		t.Errorf("%q", s)
	}
	for k := PingedNotWaited; k <= Unwanted; k++ {
		if kindText[k] == "" {
			t.Errorf("kind %d has no text", k)
		}
	}
}
