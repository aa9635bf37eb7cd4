package commands

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"standoff/internal/games"
	"standoff/storage"
)

// A daily run is the same run for every player of every server on a day
// (UTC): the day picks its seed. It is played in the player's DM with the
// bot, where nobody else sees its cards before they play their own; the
// channel it was asked in gets only a spoiler-free result when it ends,
// the full run behind Discord's spoiler markup. One attempt a day: the
// day's run, once started, is the player's run of that day.

// daily is the room of daily runs: starting one, ending one (by its rules
// or by the day's end), standings and streaks.
type daily struct {
	*base
	table        func(row *storage.Game) (*table, error)
	lock         func(ctx context.Context, id int64) (context.Context, func())
	reload       func(ctx context.Context, id int64) (*table, error)
	saveOwed     func(ctx context.Context, t *table, base int, move *games.SeatMove) error
	publishSaved func(ctx context.Context, t *table, saved acted) string
	botSeat      func(k *games.Kind, level, number int) storage.Seat
	settingUp    *settingUp
}

// settingUp holds the daily runs this process is setting up now, by day,
// kind and player: a second /daily while the first still makes its
// private thread would make another, which would stay when the run turned
// out to be taken. (Two processes sharing a database can still race; the
// run itself is unique in storage either way.)
type settingUp struct {
	mu   sync.Mutex
	runs map[string]bool
}

// take marks a run as being set up; false when it is already.
func (s *settingUp) take(run string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.runs[run] {
		return false
	}
	if s.runs == nil {
		s.runs = map[string]bool{}
	}
	s.runs[run] = true
	return true
}

func (s *settingUp) done(run string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.runs, run)
}

// DMChanneler is a Transport that can name a user's DM channel with the
// bot, opening it when needed: a daily run lives there, its turn message
// posted and edited as any game's in its channel.
type DMChanneler interface {
	DMChannel(ctx context.Context, userID string) (string, error)
}

// DailySecretKey is where the daily runs' secret is kept (bot_state). It is
// made once, at random, by the first daily run: without it nobody can
// compute a coming day's run from the code.
const DailySecretKey = "daily_secret"

// dailyDay is the day (UTC) a moment belongs to.
func dailyDay(at time.Time) string { return at.UTC().Format("2006-01-02") }

// DailySeed is a kind's run on a day: HMAC-SHA256 of "day/kind" under the
// secret, so that the same day gives everyone the same run, another day
// another, and nobody without the secret a coming one.
func DailySeed(secret []byte, day, kind string) uint64 {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(day + "/" + kind))
	return binary.BigEndian.Uint64(mac.Sum(nil)[:8])
}

// secret is the daily runs' secret, made and kept at the first need. Two
// processes making it at once keep the first one stored.
func (d *daily) secret(ctx context.Context) ([]byte, error) {
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, err
	}
	v, err := d.store.InitBotState(ctx, DailySecretKey, hex.EncodeToString(fresh))
	if err != nil {
		return nil, err
	}
	return hex.DecodeString(v)
}

// untilNextDay says when the day changes, from now.
func untilNextDay(now time.Time) string {
	now = now.UTC()
	next := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, time.UTC)
	left := next.Sub(now).Round(time.Minute)
	h, m := int(left.Hours()), int(left.Minutes())%60
	switch {
	case h == 0:
		return fmt.Sprintf("in %dm", m)
	case m == 0:
		return fmt.Sprintf("in %dh", h)
	}
	return fmt.Sprintf("in %dh %dm", h, m)
}

// start is /<kind> daily: today's run, started in the player's DM or a
// private thread (daily_place.go), or the run they have today already.
func (d *daily) start(ctx context.Context, in Interaction, g Game) (Response, error) {
	k := g.Kind
	now := d.now()
	day := dailyDay(now)
	d.closeDays(ctx)
	key := day + "/" + k.Name + "/" + in.User.ID
	if !d.settingUp.take(key) {
		return Response{}, refusef("Your %s daily run is being set up; its answer comes in a moment. Run /%s daily again afterwards to see where it is.", k.Title, k.Name)
	}
	defer d.settingUp.done(key)
	run, ok, err := d.store.Daily(ctx, day, k.Name, in.User.ID)
	if err != nil {
		return Response{}, err
	}
	if ok {
		return ephemeral(d.yours(run, now)), nil
	}
	if in.DM {
		return Response{}, refusef("Start today's %s daily run with /%s daily in a channel of your server: it is played here, in our DM, and its result is posted in that channel.", k.Title, k.Name)
	}
	// Everything that may refuse the run is settled before its place is
	// made: a private thread, once created, stays.
	secret, err := d.secret(ctx)
	if err != nil {
		return Response{}, err
	}
	opts, err := k.Resolve(k.Daily)
	if err != nil {
		return Response{}, err
	}
	row := &storage.Game{
		Guild: in.Guild, Kind: k.Name, Options: opts, Status: storage.Lobby, Creator: in.User.ID,
		Seed: DailySeed(secret, day, k.Name), CreatedAt: now, UpdatedAt: now, TurnStartedAt: now,
		Seats: []storage.Seat{{UserID: in.User.ID, Name: in.User.Name.String(), Accepted: true}},
	}
	// A kind that needs more seats than one plays its daily run against
	// its bot (Hijacked's solo mode against the Cybot).
	for n := 1; len(row.Seats) < k.MinPlayers; n++ {
		if k.Bot == nil {
			return Response{}, refusef("%s has no bot to play a daily run against.", k.Title)
		}
		row.Seats = append(row.Seats, d.botSeat(k, (k.BotLevels+1)/2, bots(k.MinPlayers-1, n)))
	}
	thread, why, err := d.privateThread(ctx, in, k.Title)
	if err != nil {
		return Response{}, err
	}
	row.Channel = thread
	if thread == "" {
		if row.Channel, err = d.dmPlace(ctx, in, k.Name, why); err != nil {
			return Response{}, err
		}
	}
	if err := d.store.CreateGame(ctx, row); err != nil {
		if errors.Is(err, storage.ErrChannelBusy) {
			return Response{}, refusef("Finish the daily run going on in our DM first; one run at a time is played there.")
		}
		return Response{}, err
	}
	run = storage.DailyRun{Day: day, Kind: k.Name, UserID: in.User.ID, Name: in.User.Name.String(), Guild: in.Guild,
		Channel: in.Channel, GameID: row.ID, Started: now, Thread: thread}
	if err := d.store.StartDaily(ctx, run); err != nil {
		row.Status = storage.Abandoned
		if serr := d.store.Save(ctx, row, row.Version, nil); serr != nil {
			d.log.Error("could not close a daily run's game", "game", row.ID, "err", serr)
		}
		if errors.Is(err, storage.ErrDailyTaken) {
			if run, ok, err := d.store.Daily(ctx, day, k.Name, in.User.ID); err == nil && ok {
				return ephemeral(d.yours(run, now)), nil
			}
		}
		return Response{}, err
	}
	if err := d.begin(ctx, row, day); err != nil {
		return Response{}, err
	}
	where := "in your DMs with me"
	if thread != "" {
		where = "in your private thread " + channelMention(thread) + ", which only you (and the server's moderators) see"
	}
	answer := fmt.Sprintf("Your %s daily run of %s has begun %s: the same run for every player today, where nobody else sees its cards. "+
		"One attempt a day; turn limits do not apply. When it ends, its result (no cards named) is posted here. "+
		"The day changes at 00:00 UTC (%s); a run not finished by then counts with what it reached.", k.Title, day, where, untilNextDay(now))
	if why != "" {
		answer += "\n" + why
	}
	return ephemeral(answer), nil
}

// dmPlace is the player's DM channel for a daily run, refused when the
// DM cannot hold it; why says first why it is not a private thread.
func (d *daily) dmPlace(ctx context.Context, in Interaction, kind, why string) (string, error) {
	if why != "" {
		why += " "
	}
	dm, ok := d.out.(DMChanneler)
	if !ok {
		return "", refusef("%sDaily runs are played in direct messages, which this connection cannot open.", why)
	}
	channel, err := dm.DMChannel(ctx, in.User.ID)
	if errors.Is(err, ErrDMClosed) {
		return "", refusef("%sYour daily run is played in your DMs with me, and I cannot write to you there. Allow direct messages from this server's members (Privacy Settings), then run /%s daily again.", why, kind)
	}
	if err != nil {
		return "", err
	}
	if id, err := d.store.OpenGameID(ctx, channel); err == nil {
		return "", refusef("Finish the daily run going on in our DM first (game #%d); one run at a time is played there.", id)
	}
	return channel, nil
}

// begin deals the run and shows its first turn in the DM.
func (d *daily) begin(ctx context.Context, row *storage.Game, day string) error {
	ctx, unlock := d.lock(ctx, row.ID)
	defer unlock()
	t, err := d.table(row)
	if err != nil {
		return err
	}
	state, err := t.game.Kind.New(row.Setup())
	if err != nil {
		return err
	}
	enc, err := state.Encode()
	if err != nil {
		return err
	}
	base := row.Version
	row.State, row.Status = enc, storage.Active
	if err := d.saveOwed(ctx, t, base, nil); err != nil {
		return err
	}
	t.state = state
	t.changed()
	var seats []string
	for _, s := range row.Seats {
		seats = append(seats, seatMention(s))
	}
	events := []games.Event{games.PublicEvent(fmt.Sprintf("Daily run of %s begins%s: the same run for every player today. Players: %s.",
		day, t.optionText(), strings.Join(seats, ", ")))}
	d.publishSaved(ctx, t, acted{saved: true, events: events})
	return nil
}

// yours says how the player's run of the day stands.
func (d *daily) yours(run storage.DailyRun, now time.Time) string {
	title := d.games.title(run.Kind)
	next := fmt.Sprintf("The next run comes at 00:00 UTC (%s).", untilNextDay(now))
	if run.Ended.IsZero() {
		where := "in your DMs with me"
		if run.Thread != "" {
			where = "in your private thread " + channelMention(run.Thread)
		}
		return fmt.Sprintf("Your %s daily run of %s is going on %s (game #%d): one attempt a day. It counts with what it reached if it is not finished by 00:00 UTC (%s).",
			title, run.Day, where, run.GameID, untilNextDay(now))
	}
	return fmt.Sprintf("You played your %s daily run of %s: %s, score %d.\n%s\n%s See today's standings with /game daily.",
		title, run.Day, run.Outcome, run.Score, run.Marks, next)
}

// ended records a finished daily run and posts its spoiler-free result in
// the channel it was asked in. It is called under the game's lock with
// every publication of a finished game; a run ends once.
func (d *daily) ended(ctx context.Context, t *table) {
	if t.state == nil || t.state.Outcome() == nil || t.row.Status != storage.Finished {
		return
	}
	run, ok, err := d.store.DailyOfGame(ctx, t.row.ID)
	if err != nil || !ok || !run.Ended.IsZero() {
		if err != nil {
			d.log.Error("could not read a daily run", "game", t.row.ID, "err", err)
		}
		return
	}
	seat := t.row.SeatOf(run.UserID)
	out := t.state.Outcome()
	outcome, score := string(out.ResultOf(seat)), 0
	if seat >= 0 && seat < len(out.Score) {
		score = out.Score[seat]
	}
	d.finish(ctx, t, run, outcome, score, out.Text)
}

// finish ends a run with what it reached and posts its result once.
func (d *daily) finish(ctx context.Context, t *table, run storage.DailyRun, outcome string, score int, text string) {
	log, err := d.store.Moves(ctx, t.row.ID)
	if err != nil {
		d.log.Error("could not read a daily run's moves", "game", t.row.ID, "err", err)
		return
	}
	log = games.Effective(log)
	marks := dailyMarks(t, t.row.SeatOf(run.UserID), log)
	done, err := d.store.EndDaily(ctx, t.row.ID, outcome, score, marks, d.now())
	if err != nil || !done {
		if err != nil {
			d.log.Error("could not end a daily run", "game", t.row.ID, "err", err)
		}
		return
	}
	run.Outcome, run.Score, run.Marks = outcome, score, marks
	if run.Channel == "" {
		return
	}
	if _, err := d.out.Send(ctx, run.Channel, dailyResult(t, run, text, publicMoves(t, log))); err != nil {
		d.log.Warn("could not post a daily run's result", "game", t.row.ID, "err", err)
	}
}

// publicMoves is a run's moves as the table may read them.
func publicMoves(t *table, log []games.SeatMove) []string {
	var out []string
	for _, m := range log {
		move := m.Move
		if t.game.Kind.PublicMove != nil {
			move = t.game.Kind.PublicMove(move)
		}
		out = append(out, t.row.Seats[m.Seat].Name+": "+move)
	}
	return out
}

// dailyResult is the channel's word on a run that ended: who, outcome,
// score and its line of symbols, the full run behind spoiler markup.
func dailyResult(t *table, run storage.DailyRun, text string, moves []string) Message {
	head := fmt.Sprintf("**%s** · daily run of %s\n%s's run: %s, score %d.\n%s",
		t.game.Kind.Title, run.Day, run.Name, run.Outcome, run.Score, run.Marks)
	full := strings.TrimSpace(text + " Moves: " + strings.Join(moves, "; ") + ".")
	room := maxContent - len(head) - len("\nThe full run (spoiler): ||||")
	return Message{Content: head + "\nThe full run (spoiler): ||" + clip(strings.ReplaceAll(full, "||", "|"), room) + "||"}
}

// dailyMarks is a run's line of symbols: one for each turn, by the game's
// Marker (or a plain square), rows of ten; a long run keeps its last
// turns. No symbol names a card.
func dailyMarks(t *table, seat int, log []games.SeatMove) string {
	const most = 40
	row := *t.row
	s, err := t.game.Kind.New(row.Setup())
	if err != nil {
		return ""
	}
	var marks []string
	turn := func(st games.State) int {
		if tc, ok := st.(games.TurnCounter); ok {
			return tc.TurnCount()
		}
		return -1
	}
	prev, err := copyState(t.game.Kind, s)
	if err != nil {
		return ""
	}
	mark := func(now games.State) {
		m := "⬜"
		if mk, ok := now.(games.Marker); ok {
			m = mk.Mark(prev, seat)
		}
		marks = append(marks, m)
		prev, _ = copyState(t.game.Kind, now)
	}
	for _, m := range log {
		before := turn(s)
		if _, err := s.Apply(m.Seat, m.Move); err != nil {
			break
		}
		if after := turn(s); after != before || after < 0 || s.Outcome() != nil {
			mark(s)
		}
	}
	if len(marks) > most {
		marks = marks[len(marks)-most:]
	}
	var b strings.Builder
	for i, m := range marks {
		if i > 0 && i%10 == 0 {
			b.WriteString("\n")
		}
		b.WriteString(m)
	}
	if b.Len() == 0 {
		return "⬜"
	}
	return b.String()
}

// copyState is a state of its own, through the kind's encoding.
func copyState(k *games.Kind, s games.State) (games.State, error) {
	enc, err := s.Encode()
	if err != nil {
		return nil, err
	}
	return k.Decode(enc)
}

// closeDays ends the runs of earlier days that were never finished: they
// count with what they reached, their games close and the DM is free for
// the new day's run.
func (d *daily) closeDays(ctx context.Context) {
	open, err := d.store.UnendedDailyRuns(ctx, dailyDay(d.now()))
	if err != nil {
		d.log.Error("could not list unfinished daily runs", "err", err)
		return
	}
	for _, run := range open {
		d.closeRun(ctx, run)
	}
}

// closeRun ends one unfinished run of an earlier day.
func (d *daily) closeRun(ctx context.Context, run storage.DailyRun) {
	ctx, unlock := d.lock(ctx, run.GameID)
	defer unlock()
	t, err := d.reload(ctx, run.GameID)
	if err != nil {
		d.log.Error("could not load an unfinished daily run", "game", run.GameID, "err", err)
		return
	}
	seat := t.row.SeatOf(run.UserID)
	score := 0
	if t.state != nil && t.state.Outcome() == nil {
		// What the run reached is what it would score if it stopped here.
		if c, err := copyState(t.game.Kind, t.state); err == nil {
			if _, err := c.Resign(seat); err == nil {
				if o := c.Outcome(); o != nil && seat >= 0 && seat < len(o.Score) {
					score = o.Score[seat]
				}
			}
		}
	}
	if t.row.Open() {
		base := t.row.Version
		t.row.Status, t.row.UpdatedAt = storage.Abandoned, d.now()
		if err := d.store.Save(ctx, t.row, base, nil); err != nil {
			d.log.Error("could not close an unfinished daily run", "game", t.row.ID, "err", err)
			return
		}
		if t.row.MessageID != "" {
			if err := d.out.ClearControls(ctx, t.row.Channel, t.row.MessageID); err != nil {
				d.log.Warn("could not clear a daily run's controls", "game", t.row.ID, "err", err)
			}
		}
		if _, err := d.out.Send(ctx, t.row.Channel, Message{Content: fmt.Sprintf("%s\nYour daily run of %s ended at 00:00 UTC unfinished: it counts with what it reached, score %d.", t.header(), run.Day, score)}); err != nil {
			d.log.Warn("could not tell the end of a daily run", "game", t.row.ID, "err", err)
		}
	}
	d.finish(ctx, t, run, storage.DailyAbandoned, score, "Unfinished when the day ended.")
}

// dailyRules is the rules' part on the kind's daily run.
func dailyRules(k *games.Kind) string {
	against := "alone"
	if k.MinPlayers > 1 && k.BotName != "" {
		against = "alone against the " + k.BotName
	}
	return fmt.Sprintf("Daily run: /%s daily plays today's run %s, the same run for every player of every server (the day in UTC picks it). "+
		"It is played in your DM with the bot (or in a private thread only you see, where the server chose /standoff settings daily:thread), so nobody sees its cards before playing their own; the channel you asked in gets only your result when it ends: "+
		"outcome, score and a line of symbols that names no card, the full run hidden behind a spoiler. One attempt a day: asking again shows your run. "+
		"Turn limits do not apply; a run not finished when the day changes at 00:00 UTC counts with what it reached. "+
		"/game daily shows today's standings on this server and on all servers, your streak (days in a row with a finished run) and your best; "+
		"/game daily replay:true replays yesterday's best run.", k.Name, against)
}
