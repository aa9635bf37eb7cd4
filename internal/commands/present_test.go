package commands

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"standoff/internal/delivery"
	"standoff/internal/games"
	"standoff/storage"
)

// The presenter's tests feed it snapshots of a table, built by hand: no
// database, no clock, no Discord, no drawing.

// snapshot is a Tally table between alice and bob with the state given,
// as the router would have loaded it.
func snapshot(t *testing.T, st *tally, row storage.Game) *table {
	t.Helper()
	row.ID, row.Kind, row.Channel, row.Status = 5, "tally", "chan", storage.Active
	if row.Seats == nil {
		row.Seats = []storage.Seat{{Seat: 0, UserID: "1", Name: "alice"}, {Seat: 1, UserID: "2", Name: "bob"}}
	}
	return &table{row: &row, game: Game{Kind: tallyKind, Draw: drawTally}, state: st}
}

func freshTally(t *testing.T) *tally {
	t.Helper()
	s, err := newTally(games.Setup{Players: []string{"alice", "bob"}, Options: games.Options{"target": 10}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	return s.(*tally)
}

// ownerOf is the turn owner the presenter would record for the state.
func ownerOf(t *testing.T, st *tally, row storage.Game) string {
	t.Helper()
	owner, ok := snapshot(t, st, row).turnOwner()
	if !ok {
		t.Fatal("the state waits on nobody")
	}
	return owner
}

func TestPresentTurnEditsWhileTheSamePlayersAreWaitedOn(t *testing.T) {
	st := freshTally(t) // alice on turn
	owner := ownerOf(t, st, storage.Game{})
	tb := snapshot(t, st, storage.Game{MessageID: "m1", TurnOwner: owner, Narration: "alice joined."})
	tb.rememberWaited() // alice was on turn before bob's cheer too
	pub := present(tb, []games.Event{games.PublicEvent("bob cheers (1).")})
	if pub.Turn.How != delivery.PostEdit || pub.Turn.Editing != "m1" {
		t.Fatalf("the same player is waited on: the living message m1 should be edited, got how=%d editing=%q", pub.Turn.How, pub.Turn.Editing)
	}
	if pub.Turn.Narration != "alice joined.\nbob cheers (1)." {
		t.Fatalf("the narration should grow: %q", pub.Turn.Narration)
	}
	if !strings.Contains(pub.Turn.Message.Content, "bob cheers (1).") || len(pub.Turn.Message.Pictures) != 1 {
		t.Fatalf("the edit should tell the change and ask for the board's picture: %+v", pub.Turn.Message)
	}
	if len(pub.Turn.Message.Mentions) != 0 {
		t.Fatalf("alice was notified of her turn already: nobody is pinged, got %v", pub.Turn.Message.Mentions)
	}
}

// "Edits notify no one": when a change newly waits on someone in the
// channel while the same turn goes on, the turn message is posted anew so
// that it pings them, and only them.
func TestPresentNewlyWaitedInTheChannelGetsANewMessage(t *testing.T) {
	st := freshTally(t)
	owner := ownerOf(t, st, storage.Game{})
	tb := snapshot(t, st, storage.Game{MessageID: "m1", TurnOwner: owner})
	tb.row.Seats[1].DMFailed = true // bob's reaction shows in the channel
	tb.rememberWaited()
	if _, err := st.Apply(0, "add 1"); err != nil { // bob must react
		t.Fatal(err)
	}
	tb.changed()
	pub := present(tb, nil)
	if pub.Turn.How != delivery.PostNew || pub.Turn.Previous != "m1" {
		t.Fatalf("bob must now act and an edit would not tell him: a new message should replace m1, got how=%d previous=%q", pub.Turn.How, pub.Turn.Previous)
	}
	if got := pub.Turn.Message.Mentions; len(got) != 1 || got[0] != "2" {
		t.Fatalf("the new message pings bob alone, got %v", got)
	}
}

func TestPresentTurnPostsWhenSomeoneElseMustAct(t *testing.T) {
	st := freshTally(t)
	before := ownerOf(t, st, storage.Game{})
	// alice adds; bob's private reaction belongs to her turn; then bob is
	// on turn.
	for _, m := range []games.SeatMove{{Seat: 0, Move: "add 2"}, {Seat: 1, Move: "ok"}} {
		if _, err := st.Apply(m.Seat, m.Move); err != nil {
			t.Fatal(err)
		}
	}
	tb := snapshot(t, st, storage.Game{MessageID: "m1", TurnOwner: before})
	pub := present(tb, []games.Event{games.PublicEvent("alice added 2.")})
	if pub.Turn.How != delivery.PostNew || pub.Turn.Previous != "m1" {
		t.Fatalf("another player must act: a new message should replace m1, got how=%d previous=%q", pub.Turn.How, pub.Turn.Previous)
	}
	if pub.Turn.Narration != "alice added 2." {
		t.Fatalf("a new turn's message starts its own narration: %q", pub.Turn.Narration)
	}
	if got := pub.Turn.Message.Mentions; len(got) != 1 || got[0] != "2" {
		t.Fatalf("the new message pings bob alone: %v", got)
	}
}

func TestPresentTurnOwedPostTellsEverythingSinceTheLastSeen(t *testing.T) {
	st := freshTally(t)
	owner := ownerOf(t, st, storage.Game{})
	tb := snapshot(t, st, storage.Game{MessageID: "m1", TurnOwner: owner, Narration: "earlier.", PostPending: true})
	pub := present(tb, []games.Event{games.PublicEvent("now.")})
	if pub.Turn.How != delivery.PostNew || pub.Turn.Narration != "earlier.\nnow." {
		t.Fatalf("an owed post tells the unseen narration too: how=%d narration=%q", pub.Turn.How, pub.Turn.Narration)
	}
}

func TestPresentTurnGameOverIsANewMessageWithoutControls(t *testing.T) {
	st := freshTally(t)
	st.Result = &games.Outcome{Rank: []int{1, 2}, Text: "alice reached the target."}
	tb := snapshot(t, st, storage.Game{MessageID: "m1", TurnOwner: ownerOver})
	pub := present(tb, nil)
	if pub.Turn.How != delivery.PostNew {
		t.Fatal("the end of a game is always a new message")
	}
	if len(pub.Turn.Message.Rows) != 0 || !strings.Contains(pub.Turn.Message.Content, "Game over.") {
		t.Fatalf("the last message has the result and no controls: %+v", pub.Turn.Message)
	}
}

func TestPresentPrivateSendsOnlyWhatIsNew(t *testing.T) {
	st := freshTally(t)
	tb := snapshot(t, st, storage.Game{})
	first := present(tb, nil)
	if len(first.Private) != 2 || !first.Private[0].Send || !first.Private[1].Send {
		t.Fatalf("each seat is shown its hand the first time: %+v", first.Private)
	}
	for _, p := range first.Private {
		tb.row.Seats[p.Seat].DMHash = p.Hash
	}
	if again := present(tb, nil); len(again.Private) != 0 {
		t.Fatalf("nothing changed privately: no DM and nothing to record, got %+v", again.Private)
	}
	news := present(tb, []games.Event{games.PrivateEvent(1, "alice's secret is 4.")})
	if len(news.Private) != 1 || news.Private[0].Seat != 1 || !news.Private[0].Send {
		t.Fatalf("news for bob alone sends bob alone a DM: %+v", news.Private)
	}
	if !strings.Contains(news.Private[0].Message.Content, "alice's secret is 4.") {
		t.Fatalf("the DM tells the news: %q", news.Private[0].Message.Content)
	}
}

func TestPresentPrivateClosedDMsTryAgainOnlyForANewDecision(t *testing.T) {
	st := freshTally(t)
	tb := snapshot(t, st, storage.Game{})
	for _, p := range present(tb, nil).Private {
		tb.row.Seats[p.Seat].DMHash = p.Hash
	}
	tb.row.Seats[1].DMFailed = true
	if _, err := st.Apply(0, "add 1"); err != nil { // bob must react privately
		t.Fatal(err)
	}
	tb.changed()
	var bob *delivery.PrivatePost
	pub := present(tb, nil)
	for _, p := range pub.Private {
		if p.Seat == 1 {
			bob = &p
		}
	}
	if bob == nil || !bob.Send || !bob.NewDecision || !slices.Contains(pub.Turn.Message.Mentions, tb.row.Seats[1].UserID) {
		t.Fatalf("bob's DMs are closed, but a new decision is tried again and he is named as waited on: %+v", bob)
	}
	if text := closedDMNotice(tb, tb.row.Seats[1], true); !strings.Contains(text, "new private decision") || strings.Contains(text, "secret") {
		t.Fatalf("the channel says a decision waits, never what it is: %q", text)
	}
}

func TestPresentLapsedVote(t *testing.T) {
	st := freshTally(t)
	b, _ := json.Marshal(openVotes{Vote: &vote{Kind: voteSkip, Seat: 1, By: 0, Version: 2, Message: "v1", Voters: []int{0}}})
	tb := snapshot(t, st, storage.Game{Version: 3, Table: string(b)})
	pub := present(tb, nil)
	if pub.Lapsed == nil || pub.Lapsed.Message != "v1" || !strings.Contains(pub.Lapsed.Text, "lapsed") {
		t.Fatalf("a skip vote asked at version 2 lapses at version 3: %+v", pub.Lapsed)
	}
	tb.row.Version = 2
	if pub := present(tb, nil); pub.Lapsed != nil {
		t.Fatal("a vote of the current version stays open")
	}
}

// Preview is the presenter: what it shows is what a move publishes.
func TestPreviewIsThePresenter(t *testing.T) {
	st := freshTally(t)
	msgs := Preview(tallyKind, st, 2, 5, 0)
	tb := snapshot(t, st, storage.Game{Seats: []storage.Seat{{Seat: 0, UserID: "1000", Name: "p0"}, {Seat: 1, UserID: "1001", Name: "p1"}}})
	tb.game.Draw = nil
	pub := present(tb, nil)
	if msgs[0].Content != pub.Turn.Message.Content {
		t.Fatalf("Preview's turn message differs from the presenter's:\n%s\n---\n%s", msgs[0].Content, pub.Turn.Message.Content)
	}
}

// An ending is said once: the standings are left out when the outcome or
// the narration of the end already places every seat, and said when any
// seat is missing (a player who resigned is in no final scoring).
func TestPlacesSaidOnce(t *testing.T) {
	tb := &table{row: &storage.Game{Seats: []storage.Seat{{Name: "alice"}, {Name: "bob"}, {Name: "carol"}}}}
	out := &games.Outcome{Rank: []int{2, 1, 3}, Text: "bob wins with 9 points."}
	for _, c := range []struct {
		narration string
		said      bool
	}{
		{"", false},
		{"1. bob: 9\n2. alice: 7\n3. carol: 1", true},
		{"1. bob: 9\n2. alice: 7", false},
		{"1. bob: 9\n3. alice: 7\n2. carol: 1", false},
	} {
		if got := placesSaid(tb, out, c.narration); got != c.said {
			t.Errorf("places said by %q: %v, want %v", c.narration, got, c.said)
		}
	}
	if !placesSaid(tb, &games.Outcome{Rank: []int{1}, Text: "alice escapes."}, "") {
		t.Error("a solo run's single place is said again")
	}
}

// A DM whose news is only a changed picture says so in words: a phone's
// notification shows a message's text, never its picture.
func TestPrivatePictureAloneComesWithALine(t *testing.T) {
	st := freshTally(t) // alice on turn; bob has no private decision
	tb := snapshot(t, st, storage.Game{})
	m, _, ok := privateMessage(tb, 1, nil, true)
	if !ok || len(m.Pictures) != 1 {
		t.Fatalf("bob's private view should be a picture: %+v", m)
	}
	lines := strings.Split(m.Content, "\n")
	if len(lines) < 2 || !strings.Contains(m.Content, "here it is") {
		t.Fatalf("a DM that is only a picture: %q", m.Content)
	}
}
