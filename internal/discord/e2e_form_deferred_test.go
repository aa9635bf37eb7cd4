package discord_test

import (
	"sync"
	"testing"
	"time"

	"standoff/internal/commands"
	"standoff/internal/discord"
	"standoff/internal/discordtest"
	"standoff/internal/games"
)

// decodeGate holds every game state's decoding while closed: the router
// cannot answer a click that reads its game.
type decodeGate struct {
	mu   sync.Mutex
	wait chan struct{} // nil: open
}

func (g *decodeGate) close() {
	g.mu.Lock()
	g.wait = make(chan struct{})
	g.mu.Unlock()
}

func (g *decodeGate) open() {
	g.mu.Lock()
	if g.wait != nil {
		close(g.wait)
		g.wait = nil
	}
	g.mu.Unlock()
}

func (g *decodeGate) pass() {
	g.mu.Lock()
	w := g.wait
	g.mu.Unlock()
	if w != nil {
		<-w
	}
}

// gatedDecoding is the quick catalog whose states decode through gate.
func gatedDecoding(gate *decodeGate) []commands.Game {
	gs := quickGames()
	for i := range gs {
		k := *gs[i].Kind
		decode := k.Decode
		k.Decode = func(b []byte) (games.State, error) {
			gate.pass()
			return decode(b)
		}
		gs[i].Kind = &k
	}
	return gs
}

// Discord takes a modal only as an interaction's first response. A "Type
// a move" click the router cannot answer in time (its game's read held up)
// still opens the form, made from the click alone, instead of a deferral
// after which no form could open; what is typed in it is played.
func TestTypeAMoveFormWhenTheRouterIsSlow(t *testing.T) {
	inModes(t, func(t *testing.T, mode envOption) {
		gate := &decodeGate{}
		// The bot stops waiting for the router well before Discord's
		// three seconds, so a busy machine still answers in time.
		e := newEnv(t, mode, withGames(gatedDecoding(gate)), withOptions(func(o *discord.Options) { o.DeferAfter = 300 * time.Millisecond }))
		row := e.startHijack(general)
		_, st := e.game(general)
		mv := firstMove(st.Legal(0))
		turn := e.turnMessage(general)
		id, ok := findID(turn, "type:")
		if !ok {
			t.Fatalf("the turn message has no Type a move button: %v", turn.CustomIDs())
		}
		gate.close()
		open := e.must(e.fake.Click(alice, turn.ID, id))
		resp, err := open.Wait(e.patience)
		gate.open()
		if err != nil {
			t.Fatal(err)
		}
		if resp.Type != discordtest.CallbackModal {
			t.Fatalf("the held-up click was answered with a response of type %d, not a modal", resp.Type)
		}
		played := e.must(e.fake.SubmitModal(alice, open, map[string]string{"move": mv}))
		if told := e.told(played); len(told) != 1 || told[0].Content != "Played `"+mv+"`." {
			t.Fatalf("the form's move answered %+v", told)
		}
		if after := e.settle(general, row); after.Version != row.Version+1 {
			t.Fatalf("the form's move was not played: version %d", after.Version)
		}
		// The router's own answer to the click, late, changes nothing.
		e.eventually("the click to finish", func() bool { return e.logs.has(finishedLine(open.ID())) })
		e.noErrorLogs()
	})
}
