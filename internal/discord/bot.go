package discord

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
	"standoff/internal/pacing"
)

// Bot's rooms give it the router's transport and each optional interface
// the router looks for; were two rooms to share a method's name, these
// would no longer compile.
var (
	_ commands.Transport            = (*Bot)(nil)
	_ commands.DMOpener             = (*Bot)(nil)
	_ commands.DMChanneler          = (*Bot)(nil)
	_ commands.ThreadStarter        = (*Bot)(nil)
	_ commands.PrivateThreadStarter = (*Bot)(nil)
	_ commands.ThreadRenamer        = (*Bot)(nil)
	_ pacing.Reserver               = (*Bot)(nil)
)

// Bot is a running Discord connection and the router's transport.
type Bot struct {
	opts   Options
	s      *discordgo.Session
	api    *rest
	state  State
	log    *slog.Logger
	ctx    context.Context
	cancel context.CancelFunc
	ready  chan struct{}
	userID string
	appID  string
	guilds []string // the guilds READY listed

	// The rooms of the bot's REST requests, each with one job; their
	// exported methods are the router's Transport and its optional
	// interfaces.
	*messages            // channel messages: Send, Edit, ClearControls
	*dmChannels          // DMs and their channels: DM, OpenDM, DMChannel
	*threads             // StartThread, StartPrivateThread, AddThreadMember, RenameThread
	*budget              // the global budget: Budget, Reserve, BudgetWaits
	answers     *answers // an interaction's first response and what follows it (answer.go)

	// The gateway sessions (one per shard, shards.go) run until Close
	// (gwStop) or a close code reconnecting cannot fix, which failed then
	// carries.
	shards []*gateway
	gwStop context.CancelFunc
	gwDone sync.WaitGroup
	failed chan error

	// share finds this process's share of the global limit with the
	// other processes (nil: the share is set by hand, or the whole).
	share *share

	// mu guards router, closed and draining; inflight counts interactions
	// being answered, so Close waits for their follow-ups as well as their
	// moves.
	mu       sync.Mutex
	router   *commands.Router
	closed   bool
	draining bool // Drain: /healthz says 503, interactions still answered
	inflight sync.WaitGroup
	tickers  sync.WaitGroup
	closing  sync.Once
}

// New creates the session; nothing connects until Open.
func New(opts Options) (*Bot, error) {
	if opts.Token == "" {
		return nil, errors.New("no Discord bot token: set token in the config file or DISCORD_TOKEN")
	}
	s, err := discordgo.New("Bot " + opts.Token)
	if err != nil {
		return nil, err
	}
	// Interactions (slash commands, autocomplete, components, also in DMs)
	// arrive whatever the intents; the bot reads no messages, members or
	// presences, so it asks for nothing.
	s.Identify.Intents = discordgo.IntentsNone
	// The session only holds the token, HTTP client and websocket dialer
	// (tests point them at a fake Discord): REST (rest.go) and the gateway
	// (gateway.go) are the bot's own.
	s.StateEnabled = false
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	if opts.DeferAfter == 0 {
		opts.DeferAfter = 2 * time.Second
	}
	if opts.IdentifyEvery == 0 {
		opts.IdentifyEvery = 5*time.Second + 500*time.Millisecond
	}
	if opts.IdentifyReserve == 0 {
		opts.IdentifyReserve = DefaultIdentifyReserve
	}
	if opts.TickEvery == 0 {
		opts.TickEvery = time.Minute
	}
	if opts.Configure != nil {
		opts.Configure(s)
	}
	var sh *share
	if opts.Share != nil && opts.RequestsPerSecond == 0 {
		if opts.Global == nil {
			opts.Global = NewGlobalLimit(DefaultRequestsPerSecond, time.Second)
		}
		sh = newShare(opts.Share, opts.Global, DefaultRequestsPerSecond, opts.ShareEvery, opts.Log)
	}
	if opts.Global == nil {
		opts.Global = sharedLimit(s.Token, cmp.Or(opts.RequestsPerSecond, DefaultRequestsPerSecond))
	}
	if opts.MaxWait <= 0 {
		opts.MaxWait = DefaultMaxWait
	}
	if opts.State == nil {
		opts.State = newMemState()
	}
	if opts.InteractionMaxAge <= 0 {
		opts.InteractionMaxAge = DefaultInteractionMaxAge
	}
	ctx, cancel := context.WithCancel(context.Background())
	api := newREST(s, opts.Log, opts.Global, opts.MaxWait)
	api.metrics = opts.Metrics
	msgs := &messages{api: api, log: opts.Log}
	b := &Bot{opts: opts, s: s, api: api, state: opts.State, log: opts.Log, ctx: ctx, cancel: cancel,
		ready: make(chan struct{}), share: sh,
		messages: msgs, dmChannels: newDMChannels(msgs), threads: &threads{api: api}, budget: &budget{api: api},
		answers: &answers{api: api, log: opts.Log, ctx: ctx, metrics: opts.Metrics}}
	return b, nil
}

// Session exposes the discordgo session (for the bot's own user id).
func (b *Bot) Session() *discordgo.Session { return b.s }

// Open connects to the gateway and returns the bot's user id once Ready.
// Interactions that arrive before Serve are answered with "starting up"
// rather than left to fail. A close code that reconnecting cannot fix
// (a wrong token, disallowed intents...) is returned here when it comes
// at once, or later through Failed.
func (b *Bot) Open() (string, error) {
	if b.share != nil {
		b.share.run()
	}
	if b.opts.PublicKey != nil {
		return b.openHTTP()
	}
	return b.openShards()
}

// Failed delivers the error that stopped the gateway for good (a close
// code reconnecting cannot fix, a *GatewayError, or the day's session
// starts nearly spent, a *SessionLimitError); the bot can no longer
// receive interactions and should exit with it.
func (b *Bot) Failed() <-chan error { return b.failed }

// Serve starts answering interactions with the router at once, registers
// its commands (one bulk overwrite, skipped when the database says the
// same commands are registered already), starts ticking reminders, and
// after that clears the scope not in use when it changed.
func (b *Bot) Serve(r *commands.Router) error {
	b.mu.Lock()
	b.router = r
	b.mu.Unlock()
	prev, now, err := b.register(b.ctx, applicationCommands(r.Commands(), b.opts.DevGuildID == ""))
	if err != nil {
		return err
	}
	b.tickers.Add(2)
	go func() {
		defer b.tickers.Done()
		b.clearOtherScope(b.ctx, prev, now)
	}()
	go func() {
		defer b.tickers.Done()
		t := time.NewTicker(b.opts.TickEvery)
		defer t.Stop()
		for {
			select {
			case <-b.ctx.Done():
				return
			case <-t.C:
				// A tick may play a default answer: once started it runs
				// to the end (save and messages) even during shutdown.
				r.Tick(context.WithoutCancel(b.ctx))
			}
		}
	}()
	return nil
}

// Close stops taking interactions, lets the ones being answered finish
// (moves committed, messages posted, follow-ups delivered), then
// disconnects.
func (b *Bot) Close() error {
	var err error
	b.closing.Do(func() {
		b.mu.Lock()
		b.closed = true
		router := b.router
		b.mu.Unlock()
		b.cancel()
		b.tickers.Wait()
		b.inflight.Wait()
		if router != nil {
			router.Stop()
			router.Wait()
		}
		if b.gwStop != nil {
			b.gwStop() // a 1000 close: Discord ends the sessions
			b.gwDone.Wait()
		}
		if b.share != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			b.share.leave(ctx)
			cancel()
		}
	})
	return err
}

// Drain takes an HTTP-mode process out of its load balancer's rotation
// before it stops: /healthz answers 503 from now on, while the
// interactions that still reach it are answered as before. Discord does
// not send an interaction again when its endpoint fails, so a process
// that closed its port at once would fail the ones the balancer sent it
// before its next health check.
func (b *Bot) Drain() {
	b.mu.Lock()
	b.draining = true
	b.mu.Unlock()
}

// acquire registers an interaction as in flight; it returns nil with a
// reason when the bot cannot take it now.
func (b *Bot) acquire() (*commands.Router, string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case b.closed:
		return nil, "I am restarting; nothing was changed. Please try again in a minute."
	case b.router == nil:
		return nil, "I am starting up; nothing was changed. Please try again in a moment."
	}
	b.inflight.Add(1)
	return b.router, ""
}

// responder sends the first response to an interaction and reports
// whether it was taken: through the callback endpoint for gateway
// interactions (respond), in the HTTP response body for HTTP ones.
// described lists the uploads with their descriptions (alt text), which
// discordgo's response type cannot carry.
type responder func(r *discordgo.InteractionResponse, described ...attachmentEntry) bool

// onInteraction answers an interaction that came over the gateway.
func (b *Bot) onInteraction(i *discordgo.InteractionCreate, thread bool) {
	b.handle(i, thread, func(r *discordgo.InteractionResponse, described ...attachmentEntry) bool {
		return b.answers.respond(i, r, described)
	}, false)
}

// handle answers an interaction, whichever way it came: thread says it
// happened in a thread, first carries the first response. inlineOnly says the first response cannot carry files
// (an HTTP response body): an answer with files is then deferred and
// delivered by the follow-up path.
func (b *Bot) handle(i *discordgo.InteractionCreate, thread bool, first responder, inlineOnly bool) {
	// Everything the bot will send for the interaction has been sent (the
	// answer by whichever path, its follow-ups, the move's messages): a
	// trace for operators, and the point a test may read the answer.
	defer b.log.Debug(InteractionFinished, "id", i.ID)
	in, ok := interaction(i)
	if !ok {
		return
	}
	in.InThread = thread
	in.Reply = replier{api: b.api, msgs: b.messages, i: i}
	router, busy := b.acquire()
	if router == nil {
		// Answer rather than let Discord show "interaction failed".
		if in.Type == commands.Autocomplete {
			first(&discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
				Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}}})
			return
		}
		first(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: busy, Flags: discordgo.MessageFlagsEphemeral}})
		return
	}
	defer b.inflight.Done()
	ctx := context.WithoutCancel(b.ctx)
	ctx, first = b.answers.timeAnswer(ctx, in, first)
	// The router's pipeline answers through answer and waits until the
	// answer was given: what it publishes after may go through this
	// interaction, which must have its first response by then.
	call := router.Route(in)
	answers, given := make(chan commands.Response, 1), make(chan struct{})
	served := make(chan *commands.Trouble, 1)
	go func() {
		served <- router.Serve(ctx, call, func(resp commands.Response) {
			answers <- resp
			<-given
		})
	}()
	timer := time.NewTimer(b.opts.DeferAfter)
	defer timer.Stop()
	answered := false
	if in.Type == commands.Autocomplete {
		b.answers.autocomplete(in, answers, timer.C, first)
	} else {
		answered = b.answers.answerOrDefer(i, in, call, answers, timer.C, first, inlineOnly)
	}
	close(given)
	if trouble := <-served; trouble != nil && answered {
		b.answers.sayTrouble(ctx, i, trouble)
	}
}

// InteractionFinished is the debug log message of an interaction the bot
// has finished with; its id attribute names the interaction.
const InteractionFinished = "interaction finished"

// answerTime bounds the first response to an interaction: Discord's three
// seconds, plus room for a request sent just in time to arrive.
const answerTime = 5 * time.Second

func suggestions(ss []commands.Suggestion) []*discordgo.ApplicationCommandOptionChoice {
	choices := []*discordgo.ApplicationCommandOptionChoice{}
	for _, s := range ss {
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: s.Name, Value: s.Value})
	}
	return choices
}
