package commands

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"standoff/internal/games"
	"standoff/internal/pacing"
	"standoff/storage"
)

// The table can act on a player who vanished (skip their turn, hand their
// seat to the bot), give a seat back, and take back a move, each by a vote
// of the other players with buttons. Most votes are about the position
// they were asked in and lapse once the game moves on; a request to rejoin
// stays open (see lasting).

// votes is the table's votes: skip, replace, rejoin and undo, from the
// command or the menu that asks to the buttons that answer and what a
// vote carries out.
type votes struct {
	*base
	lockedTable func(ctx context.Context, channel, asked string) (context.Context, *table, func(), error)
	reload      func(ctx context.Context, id int64) (*table, error)
	play        func(ctx context.Context, t *table, seat int, move string, base int, note string) (string, error)
	runBots     func(ctx context.Context, t *table) []games.Event
	saveOwed    func(ctx context.Context, t *table, base int, move *games.SeatMove) error
	publish     func(ctx context.Context, t *table, events []games.Event) string
	// awayNote is the pace room's line on a player's time away.
	awayNote func(ctx context.Context, userID string) string
	// chargeBank is the clock's: the wait so far comes off a seat's bank.
	chargeBank func(ctx context.Context, t *table, seat int, now time.Time)
}

// Kinds of votes.
const (
	voteSkip    = "skip"
	voteReplace = "replace"
	voteRejoin  = "rejoin"
	voteUndo    = "undo"
)

// openVotes is what the command layer keeps beside the game state: the
// vote the table is asked, if any (stored as the game's table_state).
type openVotes struct {
	Vote *vote `json:"vote,omitempty"`
}

type vote struct {
	Kind    string `json:"kind"`
	Seat    int    `json:"seat"`    // the seat it is about
	By      int    `json:"by"`      // who asked
	Version int    `json:"version"` // the game version it was asked at
	Voters  []int  `json:"voters"`  // who may vote
	Need    int    `json:"need"`    // yes votes needed
	Yes     []int  `json:"yes"`
	No      []int  `json:"no"`
	Message string `json:"message"`        // the channel message carrying the buttons
	Undo    int    `json:"undo,omitempty"` // undo: how many log entries to take back
	Move    string `json:"move,omitempty"` // undo: the move asked about
	Away    string `json:"away,omitempty"` // skip, replace: the player's time away (pace_away.go), as said when asked
	// Told: skip, replace: the player voted on is mentioned in the vote's
	// message (they chose mentions, or their DMs are closed).
	Told bool `json:"told,omitempty"`
}

func (t *table) openVotes() openVotes {
	var ts openVotes
	if t.row.Table != "" {
		if err := json.Unmarshal([]byte(t.row.Table), &ts); err != nil {
			return openVotes{}
		}
	}
	return ts
}

func (vt *votes) setOpenVotes(ctx context.Context, t *table, ts openVotes) error {
	b, err := json.Marshal(ts)
	if err != nil {
		return err
	}
	t.row.Table = string(b)
	if ts.Vote == nil {
		t.row.Table = ""
	}
	return vt.store.SetTable(ctx, t.row.ID, t.row.Table)
}

// openVote returns the game's vote still in force, if any.
func (t *table) openVote() *vote {
	v := t.openVotes().Vote
	if v == nil || (v.Version != t.row.Version && !v.lasting(t)) {
		return nil
	}
	return v
}

// lasting says whether a vote stays open though the game moved on since it
// was asked. A skip is about the turn it was asked in, an undo about the
// move then last, and a replace about a player who was idle then (the next
// move may be theirs): each lapses with the position. A request to rejoin
// asks only whether a player may take their seat back, which the moves of
// the bot and the others do not change; in a game played over days some
// move almost always comes before the votes, so it stays open as long as
// the seat is away and the game goes on.
func (v *vote) lasting(t *table) bool {
	return v.Kind == voteRejoin && v.Seat < len(t.row.Seats) && t.row.Seats[v.Seat].Away &&
		t.row.Status == storage.Active && t.state != nil && t.state.Outcome() == nil
}

// humansBut lists the human seats still playing themselves, except some.
func (t *table) humansBut(except ...int) []int {
	var out []int
	for i, s := range t.row.Seats {
		skip := automated(s) || t.resigned(i)
		for _, e := range except {
			skip = skip || e == i
		}
		if !skip {
			out = append(out, i)
		}
	}
	return out
}

// resigned reports whether a seat has left the game: it has no prompts and
// the game never asks it again. The platform cannot know that in general,
// so only the log's resignations count.
func (t *table) resigned(seat int) bool {
	return slices.Contains(t.resignedSeats, seat)
}

// loadResigned reads from the log which seats resigned.
func (vt *votes) loadResigned(ctx context.Context, t *table) error {
	moves, err := vt.store.Moves(ctx, t.row.ID)
	if err != nil {
		return err
	}
	t.resignedSeats = nil
	for _, m := range games.Effective(moves) {
		if m.Move == games.ResignMove {
			t.resignedSeats = append(t.resignedSeats, m.Seat)
		}
	}
	return nil
}

// seatByUser finds the seat of a user named in an option.
func seatByUser(t *table, in Interaction, option string) (int, error) {
	id := in.Options[option]
	if id == "" {
		return -1, refusef("Name the player with %s:@user.", option)
	}
	for i, s := range t.row.Seats {
		if s.UserID == id && s.BotLevel == 0 {
			return i, nil
		}
	}
	name, ok := in.Users[id]
	if !ok {
		name = NameOf(id)
	}
	return -1, refusef("%s is not playing in this game. Players: %s.", name, strings.Join(t.row.Names(), ", "))
}

// tableCommand handles /game skip, replace, rejoin and undo.
func (vt *votes) tableCommand(ctx context.Context, in Interaction) (Response, error) {
	ctx, t, unlock, err := vt.lockedTable(ctx, in.Channel, in.Command)
	if err != nil {
		return Response{}, err
	}
	defer unlock()
	if t.row.Status != storage.Active || t.state == nil || t.state.Outcome() != nil {
		return Response{}, refusef("There is no game being played in this channel.")
	}
	if err := vt.loadResigned(ctx, t); err != nil {
		return Response{}, err
	}
	me := t.row.SeatOf(in.User.ID)
	if me < 0 {
		return Response{}, refusef("You are not playing in this game, so you cannot ask the table for that. Players: %s.", strings.Join(t.row.Names(), ", "))
	}
	// A paused table has nobody playing to ask: a player takes their seat
	// back at once, even past another's open request to rejoin; so does a
	// player whose seat the bot has not been asked to play a later turn of
	// since it took it over.
	free := in.Sub == voteRejoin && t.row.Seats[me].Away && t.row.Seats[me].RejoinFree
	resume := in.Sub == voteRejoin && (t.paused() || free)
	prior := t.openVote()
	// A request to rejoin may stay open for days: an undo that needs
	// nobody's agreement is not held up by it.
	undoBeside := in.Sub == voteUndo && prior != nil && prior.lasting(t)
	if v := prior; v != nil && !resume && !undoBeside {
		if v.Kind == voteRejoin {
			return Response{}, refusef("A vote is already open (%s); wait until it is decided.", v.title(t))
		}
		return Response{}, refusef("A vote is already open (%s); wait until it is decided or the game moves on.", v.title(t))
	}
	v := &vote{Kind: in.Sub, By: me, Version: t.row.Version, Seat: me}
	switch in.Sub {
	case voteSkip, voteReplace:
		if in.Options["player"] == "" {
			return t.pickPlayer(in.Sub, me)
		}
		if err := aboutPlayer(t, in, me, v); err != nil {
			return Response{}, err
		}
		if err := vt.voteOpen(ctx, t, in, v); err != nil {
			return Response{}, err
		}
		v.Away = vt.awayNote(ctx, t.row.Seats[v.Seat].UserID)
	case voteRejoin:
		if !t.row.Seats[me].Away {
			return Response{}, refusef("You are playing your own seat already.")
		}
		v.Voters = t.humansBut(me)
		v.Need = len(v.Voters)/2 + 1
		if resume {
			return vt.resume(ctx, t, v, prior)
		}
	case voteUndo:
		plan, err := vt.undoPlan(ctx, t, me)
		if err != nil {
			return Response{}, err
		}
		v.Undo, v.Move = plan.entries, plan.move
		if undoBeside && !plan.atOnce {
			return Response{}, refusef("A vote is already open (%s); wait until it is decided.", prior.title(t))
		}
		if plan.atOnce {
			notice, err := vt.carryOut(ctx, t, v)
			if err != nil {
				return Response{}, err
			}
			return ephemeral(strings.TrimSpace(fmt.Sprintf("Took back `%s`. %s", plan.move, notice))), nil
		}
		v.Voters = t.humansBut(me)
		v.Need = len(v.Voters) // every other player must accept
	default:
		return Response{}, refusef("/game has no subcommand %q.", in.Sub)
	}
	return vt.ask(ctx, t, v)
}

// ask puts a vote to the table, or carries it out when nobody else is
// there to ask (the others are bots or away).
func (vt *votes) ask(ctx context.Context, t *table, v *vote) (Response, error) {
	if len(v.Yes) >= v.Need || len(v.Voters) == 0 {
		subject := t.row.Seats[v.Seat]
		notice, err := vt.carryOut(ctx, t, v)
		if err != nil {
			return Response{}, err
		}
		vt.tellPassed(ctx, t, v, subject)
		return ephemeral(strings.TrimSpace("Done: nobody else needed to agree. " + notice)), nil
	}
	dm := vt.planOpened(ctx, t, v)
	id, err := vt.out.Send(ctx, t.row.Channel, v.message(t))
	if errors.Is(err, pacing.ErrLimited) {
		// A vote nobody can see could not be answered: none is opened.
		return Response{}, refusef("Discord is holding back my messages for a moment, so the vote was not opened and nothing changed. Ask again in a few seconds.")
	}
	if err != nil {
		return Response{}, fmt.Errorf("post the vote: %w", err)
	}
	v.Message = id
	if err := vt.setOpenVotes(ctx, t, openVotes{Vote: v}); err != nil {
		return Response{}, err
	}
	if dm {
		vt.tellOpened(ctx, t, v)
	}
	return ephemeral("Vote opened: " + v.title(t) + "."), nil
}

// aboutPlayer fills a vote on another player's seat (skip their turn, or
// replace them by the bot): a majority of the others decides.
func aboutPlayer(t *table, in Interaction, me int, v *vote) error {
	seat, err := seatByUser(t, in, "player")
	if err != nil {
		return err
	}
	if seat == me {
		return refusef("You cannot vote on yourself. To leave the game use /game resign.")
	}
	if automated(t.row.Seats[seat]) {
		return refusef("%s's seat is already played by the bot.", t.row.Seats[seat].Name)
	}
	if !slices.Contains(t.waitedSeats(), seat) {
		what := "nothing to skip"
		if in.Sub == voteReplace {
			what = "no wait on them to end: a vote on a player opens once the game has waited on them a while"
		}
		return refusef("The game is not waiting for %s, so there is %s. It is waiting for %s.", t.row.Seats[seat].Name, what, t.waitingFor())
	}
	v.Seat = seat
	v.Voters = t.humansBut(seat)
	v.Need = len(v.Voters)/2 + 1
	v.Yes = []int{me}
	return nil
}

// resume gives a seat back at once (a paused table, or a seat the bot has
// not played a later turn of), closing the request to
// rejoin that the same player may have asked earlier.
func (vt *votes) resume(ctx context.Context, t *table, v, prior *vote) (Response, error) {
	paused := t.paused()
	notice, err := vt.carryOut(ctx, t, v)
	if err != nil {
		return Response{}, err
	}
	me := v.Seat
	if prior != nil && prior.Seat == me {
		// The request asked earlier is answered by this one.
		text := fmt.Sprintf("%s\n**Vote:** %s: closed, %s took the seat back while the game was paused.", t.header(), prior.title(t), t.row.Seats[me].Name)
		if err := vt.out.Edit(ctx, t.row.Channel, prior.Message, Message{Content: text}); err != nil {
			vt.log.Warn("could not close a vote", "game", t.row.ID, "err", err)
		}
	}
	why := "The game was paused, so you took your seat back at once. "
	if !paused {
		why = "The bot has not played a turn of yours since it took your seat, so you took it back at once, without a vote. "
	}
	return ephemeral(strings.TrimSpace(why + notice)), nil
}

func (v *vote) title(t *table) string {
	name := t.row.Seats[v.Seat].Name
	by := t.row.Seats[v.By].Name
	switch v.Kind {
	case voteSkip:
		return fmt.Sprintf("%s asks to skip %s's turn%s", by, name, v.Away)
	case voteReplace:
		return fmt.Sprintf("%s asks to let the bot play %s's seat%s", by, name, v.Away)
	case voteRejoin:
		return fmt.Sprintf("%s asks to take their seat back from the bot", by)
	case voteUndo:
		return fmt.Sprintf("%s asks to take back `%s`", by, t.publicMove(v.Move))
	}
	return v.Kind
}

// message is the channel message of an open vote.
func (v *vote) message(t *table) Message {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n**Vote:** %s.\n", t.header(), v.title(t))
	var ids, names []string
	if v.Told {
		subject := t.row.Seats[v.Seat].UserID
		fmt.Fprintf(&b, "%s: %s\n", mention(subject), subjectHint(v))
		ids = append(ids, subject)
	}
	for _, s := range v.Voters {
		if !slices.Contains(v.Yes, s) && !slices.Contains(v.No, s) {
			ids = append(ids, t.row.Seats[s].UserID)
			names = append(names, mention(t.row.Seats[s].UserID))
		}
	}
	fmt.Fprintf(&b, "%d of %d yes needed; yes so far: %d, no: %d.", v.Need, len(v.Voters), len(v.Yes), len(v.No))
	if len(names) > 0 {
		until := "The vote lapses if the game moves on first."
		if v.Kind == voteRejoin {
			until = "The vote stays open while the game goes on."
		}
		fmt.Fprintf(&b, "\nWaiting for: %s. %s", strings.Join(names, ", "), until)
	}
	cid := func(arg string) string {
		return customID{Action: "vote", Game: t.row.ID, Version: v.Version, Arg: arg}.String()
	}
	return Message{Content: b.String(), Mentions: ids, Rows: []Row{{Buttons: []Button{
		{Label: "Yes", CustomID: cid("yes"), Style: Success},
		{Label: "No", CustomID: cid("no"), Style: Danger},
	}}}}
}

// voteClick records a Yes or No and carries the vote out once decided.
func (vt *votes) voteClick(ctx context.Context, in Interaction, t *table, id customID) (Response, error) {
	v := t.openVotes().Vote
	if v == nil || v.Version != id.Version || (t.row.Version != id.Version && !v.lasting(t)) || t.row.Status != storage.Active {
		return Response{}, refusef("This vote is over: the game moved on (or the vote was decided) since it was asked.")
	}
	me := t.row.SeatOf(in.User.ID)
	switch {
	case me < 0:
		return Response{}, refusef("You are not playing in this game, so you do not vote in it.")
	case !slices.Contains(v.Voters, me):
		return Response{}, refusef("This vote is for the other players; you do not vote on it.")
	case slices.Contains(v.Yes, me) || slices.Contains(v.No, me):
		return Response{}, refusef("You have voted already.")
	}
	if id.Arg == "yes" {
		v.Yes = append(v.Yes, me)
	} else {
		v.No = append(v.No, me)
	}
	decided, passed := len(v.Yes) >= v.Need, len(v.Voters)-len(v.No) < v.Need
	if !decided && !passed {
		if err := vt.setOpenVotes(ctx, t, openVotes{Vote: v}); err != nil {
			return Response{}, err
		}
		if in.MessageID == v.Message {
			// The vote's message, showing the count, is the answer.
			return Response{Kind: Update, Message: v.message(t)}, nil
		}
		if err := vt.out.Edit(ctx, t.row.Channel, v.Message, v.message(t)); err != nil {
			vt.log.Warn("could not update the vote", "game", t.row.ID, "err", err)
		}
		return ephemeral("Your vote is counted."), nil
	}
	if err := vt.setOpenVotes(ctx, t, openVotes{}); err != nil {
		return Response{}, err
	}
	result := fmt.Sprintf("%s\n**Vote:** %s: refused (%d yes, %d no).", t.header(), v.title(t), len(v.Yes), len(v.No))
	notice := ""
	if decided {
		result = fmt.Sprintf("%s\n**Vote:** %s: accepted (%d yes, %d no).", t.header(), v.title(t), len(v.Yes), len(v.No))
		subject := t.row.Seats[v.Seat]
		var err error
		if notice, err = vt.carryOut(ctx, t, v); err != nil {
			var ref refusal
			if !errors.As(err, &ref) {
				return Response{}, err
			}
			result += " It could not be carried out: " + ref.msg
		} else {
			vt.tellPassed(ctx, t, v, subject)
		}
	}
	if notice == "" && in.MessageID == v.Message {
		// Closing the vote's message is the click's answer, not a request
		// with the bot's token.
		return Response{Kind: Update, Message: Message{Content: result}}, nil
	}
	if err := vt.out.Edit(ctx, t.row.Channel, v.Message, Message{Content: result}); err != nil {
		vt.log.Warn("could not close the vote", "game", t.row.ID, "err", err)
	}
	if notice != "" {
		return ephemeral(notice), nil
	}
	return Response{Kind: Ack}, nil
}

// carryOut does what a vote decided and publishes it.
func (vt *votes) carryOut(ctx context.Context, t *table, v *vote) (string, error) {
	seat := &t.row.Seats[v.Seat]
	switch v.Kind {
	case voteSkip:
		rng := games.NewRNG(t.row.Seed ^ uint64(t.row.Version+1)*0x9e3779b97f4a7c15)
		move, err := t.automatedMove(v.Seat, rng)
		if err != nil {
			return "", refusef("There is no move to play for %s.", seat.Name)
		}
		note := fmt.Sprintf("The table voted to skip %s's turn, so the bot played it for them.", seat.Name)
		return vt.play(ctx, t, v.Seat, move, t.row.Version, note)
	case voteReplace:
		return vt.handOver(ctx, t, []int{v.Seat}, fmt.Sprintf("The table voted to let the bot play %s's seat. %s can ask for it back with /game rejoin.", seat.Name, seat.Name))
	case voteRejoin:
		seat.Away, seat.RejoinFree = false, false
		refillOnRejoin(t, v.Seat)
		if err := vt.saveTable(ctx, t); err != nil {
			return "", err
		}
		// A paused table goes on: the bot plays the seats still away.
		events := []games.Event{games.PublicEvent(fmt.Sprintf("%s plays their own seat again.", seat.Name))}
		events = append(events, vt.runBots(ctx, t)...)
		return vt.publish(ctx, t, events), nil
	case voteUndo:
		return vt.undo(ctx, t, v.By, v.Undo, v.Move)
	}
	return "", fmt.Errorf("unknown vote %q", v.Kind)
}

// handOver gives seats to automation and lets it play on.
func (vt *votes) handOver(ctx context.Context, t *table, seats []int, note string) (string, error) {
	t.rememberWaited()
	now := vt.now()
	for _, s := range seats {
		vt.chargeBank(ctx, t, s, now)
		t.row.Seats[s].Away, t.row.Seats[s].RejoinFree = true, true
	}
	if err := vt.saveTable(ctx, t); err != nil {
		return "", err
	}
	events := []games.Event{games.PublicEvent(note)}
	events = append(events, vt.runBots(ctx, t)...)
	return vt.publish(ctx, t, events), nil
}

// saveTable saves a change of seats as a new version with no move.
func (vt *votes) saveTable(ctx context.Context, t *table) error {
	t.rememberWaited()
	base := t.row.Version
	now := vt.now()
	t.row.UpdatedAt, t.row.TurnStartedAt, t.row.RemindedAt = now, now, time.Time{}
	if v := t.openVotes().Vote; v == nil || !v.lasting(t) {
		t.row.Table = ""
	}
	if err := vt.saveOwed(ctx, t, base, nil); err != nil {
		if errors.Is(err, storage.ErrConflict) {
			return errStale
		}
		return err
	}
	return nil
}

// voteButton records a Yes or No .
func (vt *votes) voteButton(ctx context.Context, c *Call, t *table) (acted, error) {
	return answered(vt.voteClick(ctx, c.in, t, c.ctl.customID))
}
