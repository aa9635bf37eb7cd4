package commands

import (
	"context"
	"errors"
	"runtime/debug"
	"strings"
	"time"

	"standoff/internal/games"
	"standoff/storage"
)

// An interaction goes one way through the router: Route finds its route
// (a command's subcommand, or the control or form its custom id names,
// parsed once), then Serve runs the pipeline top to bottom: lock and load
// the game, act, answer, publish, unlock. A transport learns what it must
// know before the answer exists (is it public, does it open a form) from
// the Call that Route returns, and gives Serve the function that sends
// the answer: nothing calls back across the boundary.

// Call is an interaction routed.
type Call struct {
	// Public: the answer is for the whole channel. A transport that must
	// acknowledge before the answer exists acknowledges as publicly, so
	// that a slow answer is as public or private as a fast one.
	Public bool
	// Form is the form the control opens, made from its id alone (no
	// lock, no database) for a transport that cannot wait for the answer:
	// Discord takes a modal only as an interaction's first response, so a
	// "Type a move" click deferred under load could never open its form.
	// It lacks the example move and does not refuse a bystander; what is
	// typed is checked when the form is sent, as always. nil: it opens
	// none.
	Form *Form

	in Interaction
	// posts: handling may post in the channel (refused up front where the
	// bot may not post).
	posts bool
	lock  lockBy
	// game is the game a control is locked on (lockGame).
	game int64
	// admit checks what needs no lock before the lock is taken (nil: no
	// check).
	admit func(r *Router, ctx context.Context, c *Call) error
	act   actor
	// What routing found: the command's route and kind, or the control.
	cmd  route
	kind Game
	ctl  control
}

// lockBy says which game's lock a route takes before it acts.
type lockBy int

const (
	// lockNone: the route takes no lock (it reads, or locks itself).
	lockNone lockBy = iota
	// lockGame: the control's game, named in its id.
	lockGame
	// lockChannel: the channel's open game.
	lockChannel
)

// actor is a route's handler. Under a lock it is given the game, loaded
// under that lock; without one t is nil.
type actor func(r *Router, ctx context.Context, c *Call, t *table) (acted, error)

// acted is what a handler did: the answer, and what it saved that is
// still to be shown.
type acted struct {
	answer Response
	// saved: a change was saved with its turn message owed; events are
	// what it did. The pipeline lets the bots answer it and publishes it
	// all after the answer, still under the lock.
	saved  bool
	events []games.Event
	// moved is when a player's move began to be handled: the time until
	// its board is shown is measured.
	moved time.Time
	// After publishing: clearDM takes the controls off the clicked DM
	// message (a DM's controls are the player's alone, cleared once used);
	// nameThread names the thread of a game that began (after its first
	// turn message, which the thread's readers should see first).
	clearDM, nameThread bool
}

// answered wraps an answer that saved nothing.
func answered(resp Response, err error) (acted, error) { return acted{answer: resp}, err }

// Trouble is what went wrong after an interaction was answered: what it
// changed is saved, but showing it failed, at least in part. Its notice
// is for whoever acted, for them alone.
type Trouble struct {
	Notice string
	// Crashed: something failed on the bot's side (a bug, logged), not
	// on Discord's.
	Crashed bool
}

func (t *Trouble) Error() string { return t.Notice }

// troubleOf is publishing's notice as trouble (nil: none).
func troubleOf(notice string) *Trouble {
	if notice == "" {
		return nil
	}
	return &Trouble{Notice: notice}
}

// Route finds an interaction's route. It reads the interaction alone: no
// lock, no database, no clock.
func (r *Router) Route(in Interaction) *Call {
	c := &Call{in: in}
	switch in.Type {
	case SlashCommand, Autocomplete:
		r.routeCommand(c)
	case ComponentClick, FormSubmit:
		routeControl(c)
	default:
		c.act = refuse(refusef("I do not understand that kind of interaction."))
	}
	return c
}

// routeCommand routes a slash command or the autocomplete of one.
func (r *Router) routeCommand(c *Call) {
	routes, g, known := r.games.routesOf(c.in.Command)
	rt, ok := route{}, false
	for _, each := range routes {
		if each.Name == c.in.Sub {
			rt, ok = each, true
			break
		}
	}
	c.cmd, c.kind = rt, g
	switch {
	case c.in.Type == Autocomplete:
		c.act = func(r *Router, ctx context.Context, c *Call, _ *table) (acted, error) {
			var s []Suggestion
			if ok && c.cmd.complete != nil {
				s = c.cmd.complete(r, ctx, c.in)
			}
			return acted{answer: Response{Kind: Choices, Suggestions: s}}, nil
		}
	case !known:
		c.act = refuse(refusef("I do not know the command /%s. Try /game help.", c.in.Command))
	case !ok:
		c.act = refuse(refusef("/%s has no subcommand %q; use %s.", c.in.Command, c.in.Sub, orList(names(routes))))
	case c.in.DM && !rt.anywhere && !rt.inDMs:
		if c.in.Command == "game" {
			c.act = refuse(refusef("/game %s is about the game in a channel; run it in that channel.", c.in.Sub))
		} else {
			c.act = refuse(refusef("Games are played in server channels. Run /%s %s in a channel of your server.", c.in.Command, c.in.Sub))
		}
	case rt.act != nil:
		c.posts, c.Public, c.lock, c.act = rt.posts, rt.public, lockChannel, rt.act
	default:
		c.posts, c.Public = rt.posts, rt.public
		c.act = func(r *Router, ctx context.Context, c *Call, _ *table) (acted, error) {
			return answered(c.cmd.handle(r, ctx, c.in, c.kind))
		}
	}
}

// refuse is the handler of an interaction routing refused.
func refuse(err error) actor {
	return func(*Router, context.Context, *Call, *table) (acted, error) { return acted{}, err }
}

// Serve runs a routed interaction's pipeline, top to bottom: answer
// (through answer, called exactly once) and publish. Publishing comes after
// the answer, still under the game's lock, so a player hears "played"
// without waiting for the board to be drawn; answer returns once the answer
// was given, as what is published may go through the interaction it
// answered. What went wrong after the answer comes back as trouble. Until
// Serve returns, Wait counts the work as in flight. Nothing a user sends
// can make it panic out: a bug becomes an apology to that user and a log
// line.
func (r *Router) Serve(ctx context.Context, c *Call, answer func(Response)) (trouble *Trouble) {
	r.work.Add(1)
	defer r.work.Done()
	given := false
	give := func(resp Response, err error) {
		resp = r.answerOf(c, resp, err)
		given = true
		answer(resp)
	}
	defer func() {
		if p := recover(); p != nil {
			if !given {
				r.log.Error("panic while handling an interaction", "panic", p, "stack", string(debug.Stack()))
				answer(ephemeral("Something went wrong on my side; nothing was changed. Please try again."))
				return
			}
			r.log.Error("panic while publishing a move", "panic", p, "stack", string(debug.Stack()))
			trouble = &Trouble{Notice: "Your move was saved, but something went wrong on my side while showing it; use /game status to bring the board back.", Crashed: true}
		}
	}()
	// Route: what every route refuses alike.
	if resp, refused := r.refusedUpFront(c); refused {
		give(resp, nil)
		return nil
	}
	if c.admit != nil {
		if err := c.admit(r, ctx, c); err != nil {
			give(Response{}, err)
			return nil
		}
	}
	// Lock and load.
	ctx, t, unlock, err := r.lockAndLoad(ctx, c)
	if err != nil {
		give(Response{}, err)
		return nil
	}
	defer unlock()
	// Act.
	done, err := c.act(r, ctx, c, t)
	// Answer.
	give(done.answer, err)
	if err != nil || !done.saved {
		return nil
	}
	// Publish, the bots' answers too.
	notice := r.publishSaved(ctx, t, done)
	if done.clearDM {
		if err := r.clearPrivateControls(ctx, c.in); err != nil {
			r.log.Warn("could not clear DM controls", "game", t.row.ID, "err", err)
		}
	}
	if done.nameThread {
		r.threads.nameThreadAtStart(ctx, c.in, t)
	}
	return troubleOf(notice)
	// Unlock: deferred above, after everything published.
}

// refusedUpFront answers what no route is asked about: a bot account, a
// user over the rate limit, a channel the bot may not post in.
func (r *Router) refusedUpFront(c *Call) (Response, bool) {
	in := c.in
	if in.User.Bot {
		return ephemeral("Bot accounts cannot play or run games here."), true
	}
	if limited, ok := r.rateLimited(in); ok {
		return limited, true
	}
	if in.CannotPost != "" && !in.DM && c.posts {
		return ephemeral(in.CannotPost), true
	}
	return Response{}, false
}

// lockAndLoad takes the lock the route asks for and loads its game under
// it; unlock is never nil when err is.
func (r *Router) lockAndLoad(ctx context.Context, c *Call) (context.Context, *table, func(), error) {
	switch c.lock {
	case lockGame:
		return r.lockedGame(ctx, c.game)
	case lockChannel:
		if !c.in.DM {
			return r.lockedChannelTable(ctx, c.in.Channel, c.in.Command)
		}
		// A DM holds a game only while a daily run plays there; it has no
		// threads to point to.
		id, err := r.store.OpenGameID(ctx, c.in.Channel)
		if errors.Is(err, storage.ErrNoGame) {
			return ctx, nil, nil, refusef("Games are played in server channels; this DM holds no game now (only a daily run plays in a DM). Run /%s %s in the game's channel.", c.in.Command, c.in.Sub)
		}
		if err != nil {
			return ctx, nil, nil, err
		}
		return r.lockedGame(ctx, id)
	}
	return ctx, nil, func() {}, nil
}

// answerOf is the answer to give: a refusal's text for the user alone, an
// apology for a failure, within Discord's limit (refusals quote what was
// typed, however long; a longer answer fails the interaction).
func (r *Router) answerOf(c *Call, resp Response, err error) Response {
	if err != nil {
		in := c.in
		var ref refusal
		switch {
		case errors.As(err, &ref):
			resp = ephemeral(ref.msg)
		case errors.Is(err, storage.ErrUnavailable):
			r.log.Warn("interaction failed: the database is unavailable", "command", in.Command, "sub", in.Sub, "custom_id", in.CustomID, "err", err)
			resp = ephemeral("The game's storage is briefly unavailable; please try again in a moment.")
		default:
			r.log.Error("interaction failed", "command", in.Command, "sub", in.Sub, "custom_id", in.CustomID, "err", err)
			resp = ephemeral("Something went wrong on my side; nothing was changed. Please try again.")
		}
	}
	resp.Message.Content = clip(resp.Message.Content, maxContent)
	return resp
}

// Handle answers one interaction with all its work done: the move saved
// and its messages posted. Trouble after the answer (the board could not
// be posted) joins the answer, for the console and every caller that
// cannot answer early.
func (r *Router) Handle(ctx context.Context, in Interaction) Response {
	var resp Response
	trouble := r.Serve(ctx, r.Route(in), func(a Response) { resp = a })
	switch {
	case trouble == nil:
		return resp
	case resp.Kind == Ack:
		return ephemeral(trouble.Notice)
	}
	resp.Message.Content = clip(strings.TrimSpace(resp.Message.Content+" "+trouble.Notice), maxContent)
	return resp
}
