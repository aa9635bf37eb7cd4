package reliability

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	_ "image/png" // decodes the recorded pictures' sizes
	"slices"
	"strings"
	"sync"
	"testing"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/games"
	"standoff/storage"
)

// viewLog records every view given to a renderer. The picture it returns
// is 1 pixel wide and as many pixels high as the view's number, so the PNG
// attached to a message names the view it was drawn from.
type viewLog struct {
	mu    sync.Mutex
	views []games.View
}

func (l *viewLog) renderer(commands.Game) commands.Renderer {
	return func(v games.View) (image.Image, error) {
		l.mu.Lock()
		l.views = append(l.views, v)
		n := len(l.views)
		l.mu.Unlock()
		return image.NewGray(image.Rect(0, 0, 1, n)), nil
	}
}

// viewOf finds the view a PNG attachment was drawn from.
func (l *viewLog) viewOf(data []byte) (games.View, bool) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if cfg.Height < 1 || cfg.Height > len(l.views) {
		return nil, false
	}
	return l.views[cfg.Height-1], true
}

// secrets is what one seat alone knows at a moment: the id-like words
// (letters and digits, such as card ids) and the whole lines of its private
// view that the public view does not show and that no public narration or
// public view has ever shown.
type secrets struct {
	words map[string]bool
	lines []string
}

func idWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		if strings.ContainsAny(w, "0123456789") && strings.IndexFunc(w, func(r rune) bool { return r >= 'A' && r <= 'z' }) >= 0 {
			out[w] = true
		}
	}
	return out
}

// leakScan follows one game and the messages of its table.
type leakScan struct {
	t        *testing.T
	e        *env
	views    *viewLog
	kind     *games.Kind
	row      *storage.Game
	users    []string
	shadow   games.State // the replay of the log so far, for its events
	logged   int
	revealed map[string]bool // id words the table has been shown
	// known: id words each seat has been shown at some point (its own
	// view, its private news); telling a seat again is no leak.
	known   []map[string]bool
	mark    int // recorder position
	logMark int
	// figures
	messages, images, probes, logLines, privateViews int
	// report is t.Errorf unless a test of the scanner itself counts.
	report func(format string, args ...any)
}

// seatSecrets computes every seat's secrets in the game's state now.
func (s *leakScan) seatSecrets(st games.State) []secrets {
	public := st.Public().Text()
	for w := range idWords(public) {
		s.revealed[w] = true
	}
	out := make([]secrets, len(s.row.Seats))
	for seat := range s.row.Seats {
		v := st.Private(seat)
		if v == nil {
			continue
		}
		s.privateViews++
		// A seat also sees the text of its private prompts (a card shown
		// to it for a swap, the half hand it looks at): the decision names
		// them, and its view's text no longer repeats them.
		text := v.Text()
		for _, p := range st.Prompts() {
			if p.Private && p.Seat == seat {
				text += "\n" + p.Text
			}
		}
		for w := range idWords(text) {
			s.known[seat][w] = true
		}
		sec := secrets{words: map[string]bool{}}
		for w := range idWords(text) {
			if !s.revealed[w] {
				sec.words[w] = true
			}
		}
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			if len(line) >= 12 && !strings.Contains(public, line) {
				sec.lines = append(sec.lines, line)
			}
		}
		out[seat] = sec
	}
	return out
}

// catchUp replays new log entries on the shadow state, so that every id
// a public event names counts as shown to the table.
func (s *leakScan) catchUp() {
	log, err := s.e.stores[0].Moves(context.Background(), s.row.ID)
	if err != nil {
		s.t.Fatal(err)
	}
	for _, m := range games.Effective(log)[s.logged:] {
		var ev []games.Event
		if m.Move == games.ResignMove {
			ev, err = s.shadow.Resign(m.Seat)
		} else {
			ev, err = s.shadow.Apply(m.Seat, m.Move)
		}
		if err != nil {
			s.t.Fatalf("shadow replay: %v", err)
		}
		for _, e := range ev {
			for w := range idWords(e.Text) {
				if e.Seat < 0 {
					s.revealed[w] = true
				} else if e.Seat < len(s.known) {
					s.known[e.Seat][w] = true
				}
			}
		}
		s.logged++
	}
}

// check fails when text, shown to viewer (-1: the table, the logs), holds
// a secret of a seat other than viewer that viewer's own view does not hold.
func (s *leakScan) check(what string, viewer int, text string, all []secrets) {
	own := secrets{words: map[string]bool{}}
	if viewer >= 0 {
		own = all[viewer]
	}
	words := idWords(text)
	for seat, sec := range all {
		if seat == viewer {
			continue
		}
		for w := range sec.words {
			if words[w] && !own.words[w] && (viewer < 0 || !s.known[viewer][w]) {
				s.report("game #%d (%s): %s shows %q, which only seat %d (%s) may see:\n%s", s.row.ID, s.kind.Name, what, w, seat, s.row.Seats[seat].Name, text)
				return
			}
		}
		for _, l := range sec.lines {
			if strings.Contains(text, l) && !containsLine(own.lines, l) {
				s.report("game #%d (%s): %s shows seat %d's private line %q:\n%s", s.row.ID, s.kind.Name, what, seat, l, text)
				return
			}
		}
	}
}

func containsLine(lines []string, l string) bool {
	for _, x := range lines {
		if x == l {
			return true
		}
	}
	return false
}

func (s *leakScan) seatOfUser(uid string) int {
	for i, u := range s.users {
		if u == uid {
			return i
		}
	}
	return -1
}

// scanOutputs checks every message, picture and log line since the last
// scan, and probes the read-only commands as a stranger and as each seat.
func (s *leakScan) scanOutputs(all []secrets) {
	events, next := s.e.rec.since(s.mark)
	s.mark = next
	for _, ev := range events {
		viewer, what := -1, "a channel message"
		if ev.channel == "" {
			viewer, what = s.seatOfUser(ev.dm), "a DM to "+ev.dm
		}
		s.messages++
		s.check(what, viewer, messageText(ev.m), all)
		for _, f := range ev.m.Files {
			if v, ok := s.views.viewOf(f.Data); ok {
				s.images++
				js, _ := json.Marshal(v)
				s.check("the view drawn for "+what, viewer, v.Text()+"\n"+string(js)+"\n"+fmt.Sprintf("%+v", v), all)
			}
		}
	}
	logs := s.e.logs.String()
	newLogs := logs[s.logMark:]
	s.logMark = len(logs)
	s.logLines += strings.Count(newLogs, "\n")
	s.check("the log", -1, newLogs, all)
	ch := s.row.Channel
	probe := func(what string, viewer int, r commands.Response) {
		s.probes++
		s.check(what, viewer, messageText(r.Message), all)
		for _, f := range r.Message.Files {
			if v, ok := s.views.viewOf(f.Data); ok {
				s.images++
				s.check("the view drawn for "+what, viewer, v.Text(), all)
			}
		}
	}
	probe("/game history", -1, s.e.slash(0, "u9", ch, "game", "history"))
	probe("/game status by a stranger", -1, s.e.slash(0, "u9", ch, "game", "status"))
	probe("/"+s.kind.Name+" board", -1, s.e.slash(0, "u9", ch, s.kind.Name, "board"))
	probe("/game hand by a stranger", -1, s.e.slash(0, "u9", ch, "game", "hand"))
	for seat, u := range s.users {
		probe("/game hand of "+u, seat, s.e.slash(0, u, ch, "game", "hand"))
	}
	// The channel messages the probes caused (a re-posted board) too.
	events, s.mark = s.e.rec.since(s.mark)
	for _, ev := range events {
		if ev.channel != "" {
			s.check("a channel message after a probe", -1, messageText(ev.m), all)
		}
	}
}

// TestLeakScanner plays full seeded games of every catalog game with
// private state through the router and checks everything the table, the
// other players and the logs get against every seat's secrets.
//
//	STANDOFF_LONG=1 go test ./internal/reliability -run TestLeakScanner -v
func TestLeakScanner(t *testing.T) {
	perKind, maxMoves := 2, 250
	if raceEnabled {
		perKind, maxMoves = 1, 120
	}
	if long() {
		perKind, maxMoves = 10, 3000
	}
	views := &viewLog{}
	e := newEnv(t, 1, views.renderer)
	total := leakScan{}
	scanned := 0 // kinds
	for _, g := range catalog.Games() {
		k := g.Kind
		// Every kind is played: a private view may appear only later (a
		// Hijacked medal), and a kind without one is still held to it.
		scanned++
		privateBefore := total.privateViews
		for i := 0; i < perKind; i++ {
			n := k.MinPlayers + i%(k.MaxPlayers-k.MinPlayers+1)
			if n < 2 && k.MaxPlayers >= 2 {
				n = 2
			}
			users := seatUsers(n)
			// Scan from the challenge on: the lobby, the start, the first DMs.
			_, mark := e.rec.since(0)
			logMark := len(e.logs.String())
			row := e.start(k, fmt.Sprintf("leak-%s-%d", k.Name, i), users)
			shadow, err := games.Replay(k, row.Setup(), nil)
			if err != nil {
				t.Fatal(err)
			}
			s := &leakScan{t: t, e: e, views: views, kind: k, row: row, users: users, shadow: shadow, revealed: map[string]bool{}, report: t.Errorf}
			for range users {
				s.known = append(s.known, map[string]bool{})
			}
			s.mark, s.logMark = mark, logMark
			for w := range idWords(k.Rules + " " + k.MoveHelp + " " + k.Title) {
				s.revealed[w] = true
			}
			s.play(uint64(i+1), maxMoves)
			total.messages += s.messages
			total.images += s.images
			total.probes += s.probes
			total.logLines += s.logLines
			total.privateViews += s.privateViews
		}
		t.Logf("%s: %d private views held secrets", k.Name, total.privateViews-privateBefore)
		if k.Name == "lockedout" && total.privateViews == privateBefore {
			t.Error("Locked Out games showed no private hand: the scanner saw nothing to protect")
		}
	}
	t.Logf("leak scan: %d kinds, %d games each; %d private views; %d messages and DMs, %d pictures' views, %d probe answers, %d log lines scanned",
		scanned, perKind, total.privateViews, total.messages, total.images, total.probes, total.logLines)
}

func mustResolve(t *testing.T, k *games.Kind) games.Options {
	o, err := k.Resolve(games.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// play makes random legal moves, by button where the move has one on the
// channel's or the seat's newest message, typed otherwise, and scans after
// each; it also has the wrong seat try the move (a refusal must not leak).
func (s *leakScan) play(seed uint64, maxMoves int) {
	rng := games.NewRNG(seed)
	ch := s.row.Channel
	for moves := 0; moves < maxMoves; moves++ {
		row, st := s.e.load(s.kind, s.row.ID)
		s.row = row
		s.catchUp()
		all := s.seatSecrets(st)
		s.scanOutputs(all)
		if row.Status != storage.Active || st.Outcome() != nil {
			return
		}
		seats := humanToAct(row, st)
		if len(seats) == 0 {
			s.t.Fatalf("game #%d waits on nobody who can move", row.ID)
		}
		seat := seats[rng.Intn(len(seats))]
		legal := st.Legal(seat)
		move := legal[rng.Intn(len(legal))]
		uid := s.users[seat]
		// A seat the game does not wait on types the mover's move: its
		// refusal must not leak (skipped when every seat may act).
		var r commands.Response
		for wrong := range s.users {
			if slices.Contains(seats, wrong) || len(st.Legal(wrong)) > 0 {
				continue
			}
			r = s.e.slash(0, s.users[wrong], ch, s.kind.Name, "move", "move="+move)
			s.probes++
			s.check("a refusal to "+s.users[wrong], wrong, messageText(r.Message), all)
			break
		}
		id := fmt.Sprintf("m:%d:%d:%s", row.ID, row.Version, move)
		clicked := false
		for _, where := range [][2]string{{ch, ""}, {"", uid}} {
			if msg, ok := s.e.rec.latest(where[0], where[1], "m:"); ok && rng.Intn(3) > 0 {
				for _, cid := range customIDs(msg) {
					if cid == id {
						r = s.e.click(0, uid, ch, id)
						clicked = true
					}
				}
			}
		}
		if !clicked {
			r = s.e.slash(0, uid, ch, s.kind.Name, "move", "move="+move)
		}
		if r.Kind != commands.Ack && !strings.HasPrefix(r.Message.Content, "Played") {
			s.t.Fatalf("game #%d: %s's legal move %q was refused: %q", row.ID, uid, move, r.Message.Content)
		}
		s.check("the answer to "+uid, seat, messageText(r.Message), all)
	}
}

// TestLeakScannerCatchesLeaks shows the scanner fails when the platform
// leaks: a Locked Out player's DM (text, then its hand picture) copied into
// the channel, as a router that mixed up where to post would.
func TestLeakScannerCatchesLeaks(t *testing.T) {
	views := &viewLog{}
	e := newEnv(t, 1, views.renderer)
	k := catalog.Games()[0].Kind
	for _, g := range catalog.Games() {
		if g.Kind.Name == "lockedout" {
			k = g.Kind
		}
	}
	users := seatUsers(3)
	row := e.start(k, "leaky", users)
	shadow, _ := games.Replay(k, row.Setup(), nil)
	reports := 0
	s := &leakScan{t: t, e: e, views: views, kind: k, row: row, users: users, shadow: shadow, revealed: map[string]bool{},
		known: []map[string]bool{{}, {}, {}}, report: func(string, ...any) { reports++ }}
	s.play(1, 3)
	if reports != 0 {
		t.Fatalf("the scanner reported %d leaks in an honest game", reports)
	}
	e.rec.mu.Lock()
	var dm commands.Message
	for _, m := range e.rec.msgs {
		if m.dm == "u2" && len(m.m.Files) > 0 {
			dm = m.m
		}
	}
	e.rec.mu.Unlock()
	if dm.Content == "" {
		t.Fatal("u2 got no DM with a hand picture")
	}
	row, st := e.load(k, row.ID)
	all := s.seatSecrets(st)
	// The DM says the hand once, in its picture and the picture's
	// description: copied into the channel as words, or as the file.
	words := dm.Content
	for _, f := range dm.Files {
		words += "\n" + f.Description
	}
	for _, leak := range []commands.Message{{Content: words}, {Content: "board", Files: dm.Files}} {
		before := reports
		e.rec.Send(context.Background(), "leaky", leak)
		s.scanOutputs(all)
		if reports == before {
			t.Errorf("a DM copied into the channel (%d files) went unnoticed", len(leak.Files))
		}
	}
}
