package discord_test

import (
	"strings"
	"testing"
)

// "A typed move is a slash command with options: the worst thing to do on
// a phone keyboard." The turn message's "Type a move" button opens a form
// (a modal) whose one field takes the move; it is played, or refused, as
// /hijack move would.
func TestTypeAMoveInAForm(t *testing.T) {
	inModes(t, testTypeAMoveInAForm)
}

func testTypeAMoveInAForm(t *testing.T, mode envOption) {
	e := newEnv(t, mode)
	row := e.startHijack(general)
	turn := e.turnMessage(general)
	id, ok := findID(turn, "type:")
	if !ok {
		t.Fatalf("the turn message has no Type a move button: %v", turn.CustomIDs())
	}
	open := e.must(e.fake.Click(alice, turn.ID, id))
	if _, err := open.Wait(e.patience); err != nil {
		t.Fatal(err)
	}
	bad := e.must(e.fake.SubmitModal(alice, open, map[string]string{"move": "zz9"}))
	if told := e.told(bad); len(told) != 1 || !told[0].Ephemeral || !strings.Contains(told[0].Content, "not played") {
		t.Fatalf("an illegal move from the form answered %+v", told)
	}
	if after, _ := e.game(general); after.Version != row.Version {
		t.Fatalf("a refused move changed the game: version %d, was %d", after.Version, row.Version)
	}
	_, st := e.game(general)
	mv := firstMove(st.Legal(0))
	open = e.must(e.fake.Click(alice, turn.ID, id))
	if _, err := open.Wait(e.patience); err != nil {
		t.Fatal(err)
	}
	played := e.must(e.fake.SubmitModal(alice, open, map[string]string{"move": mv}))
	if told := e.told(played); len(told) != 1 || told[0].Content != "Played `"+mv+"`." {
		t.Fatalf("the form's move answered %+v", told)
	}
	if after := e.settle(general, row); after.Version != row.Version+1 {
		t.Fatalf("the form's move was not played: version %d", after.Version)
	}
	now := e.turnMessage(general)
	id, _ = findID(now, "type:")
	stranger := e.must(e.fake.Click(carol, now.ID, id))
	if told := e.told(stranger); len(told) != 1 || !strings.Contains(told[0].Content, "not playing") {
		t.Fatalf("a stranger's click answered %+v", told)
	}
}
