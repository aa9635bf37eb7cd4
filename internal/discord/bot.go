package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
)

// Discord error codes the bot branches on.
const (
	codeUnknownInteraction = 10062
	codeAlreadyAcked       = 40060
	codeCannotDM           = 50007
	codeMissingPermissions = 50013
	codeMissingAccess      = 50001
)

// Options configure the connection.
type Options struct {
	Token      string
	DevGuildID string // register commands to this guild only (instant); "" for global
	Log        *slog.Logger
	// DeferAfter is how long to wait for the router before telling Discord
	// the answer will come later. Discord allows 3 seconds for the first
	// response; the default 2s leaves room for the network.
	DeferAfter time.Duration
	// TickEvery is how often reminders are checked.
	TickEvery time.Duration
	// Configure, when set, adjusts the session before it connects (tests
	// point it at a fake Discord here).
	Configure func(*discordgo.Session)
}

// Bot is a running Discord connection and the router's transport.
type Bot struct {
	opts    Options
	s       *discordgo.Session
	router  *commands.Router
	log     *slog.Logger
	dmMu    sync.Mutex
	dms     map[string]string // user id -> DM channel id
	ctx     context.Context
	cancel  context.CancelFunc
	closing sync.Once
	ready   chan struct{}
	userID  string
	appID   string
	tickers sync.WaitGroup
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
	// Interactions arrive whatever the intents; the bot reads no messages,
	// members or presences, so it asks for nothing.
	s.Identify.Intents = discordgo.IntentsNone
	s.ShouldReconnectOnError = true
	s.StateEnabled = false
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	if opts.DeferAfter == 0 {
		opts.DeferAfter = 2 * time.Second
	}
	if opts.TickEvery == 0 {
		opts.TickEvery = time.Minute
	}
	if opts.Configure != nil {
		opts.Configure(s)
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Bot{opts: opts, s: s, log: opts.Log, dms: map[string]string{}, ctx: ctx, cancel: cancel, ready: make(chan struct{})}, nil
}

// Session exposes the discordgo session (for the bot's own user id).
func (b *Bot) Session() *discordgo.Session { return b.s }

// Open connects to the gateway and returns the bot's user id once Ready.
func (b *Bot) Open() (string, error) {
	var once sync.Once
	b.s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		b.log.Info("connected to Discord", "user", r.User.Username, "guilds", len(r.Guilds))
		once.Do(func() {
			b.userID, b.appID = r.User.ID, r.User.ID
			if r.Application != nil && r.Application.ID != "" {
				b.appID = r.Application.ID
			}
			close(b.ready)
		})
	})
	if err := b.s.Open(); err != nil {
		return "", fmt.Errorf("connect to Discord: %w", err)
	}
	select {
	case <-b.ready:
	case <-time.After(30 * time.Second):
		return "", errors.New("Discord did not send Ready within 30 seconds")
	}
	return b.userID, nil
}

// Serve registers the router's commands and starts answering interactions
// and ticking reminders.
func (b *Bot) Serve(r *commands.Router) error {
	b.router = r
	appID := b.appID
	cmds := applicationCommands(r.Commands())
	if _, err := b.s.ApplicationCommandBulkOverwrite(appID, b.opts.DevGuildID, cmds); err != nil {
		return fmt.Errorf("register slash commands: %w", err)
	}
	scope := "globally"
	if b.opts.DevGuildID != "" {
		scope = "in guild " + b.opts.DevGuildID
	}
	b.log.Info("slash commands registered", "count", len(cmds), "scope", scope)
	b.s.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { b.onInteraction(i) })
	b.tickers.Add(1)
	go func() {
		defer b.tickers.Done()
		t := time.NewTicker(b.opts.TickEvery)
		defer t.Stop()
		for {
			select {
			case <-b.ctx.Done():
				return
			case <-t.C:
				r.Tick(b.ctx)
			}
		}
	}()
	return nil
}

// Close stops taking interactions, lets moves in flight finish and be
// committed, then disconnects.
func (b *Bot) Close() error {
	var err error
	b.closing.Do(func() {
		b.cancel()
		b.tickers.Wait()
		if b.router != nil {
			b.router.Wait()
		}
		err = b.s.Close()
	})
	return err
}

func (b *Bot) onInteraction(i *discordgo.InteractionCreate) {
	if b.ctx.Err() != nil {
		return // shutting down: Discord will show the user a failure rather than a lost move
	}
	in, ok := interaction(i)
	if !ok {
		return
	}
	if in.Type == commands.Autocomplete {
		resp := b.router.Handle(b.ctx, in)
		var choices []*discordgo.ApplicationCommandOptionChoice
		for _, s := range resp.Suggestions {
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: s.Name, Value: s.Value})
		}
		if choices == nil {
			choices = []*discordgo.ApplicationCommandOptionChoice{}
		}
		b.respond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices}})
		return
	}
	done := make(chan commands.Response, 1)
	go func() { done <- b.router.Handle(context.WithoutCancel(b.ctx), in) }()
	select {
	case resp := <-done:
		b.answer(i, in, resp)
	case <-time.After(b.opts.DeferAfter):
		// Rendering or a bot's thinking takes a while: acknowledge now and
		// deliver the answer as a follow-up.
		later := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}
		if in.Type == commands.ComponentClick {
			later = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
		}
		acked := b.respond(i, later)
		resp := <-done
		if !acked {
			return
		}
		b.followUp(i, in, resp)
	}
}

// answer is the first and only response to an interaction.
func (b *Bot) answer(i *discordgo.InteractionCreate, in commands.Interaction, resp commands.Response) {
	if resp.Kind == commands.Ack {
		b.respond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
		return
	}
	m := resp.Message
	data := &discordgo.InteractionResponseData{Content: m.Content, Components: components(m.Rows), Files: files(m.Files),
		AllowedMentions: mentions(m.Mentions)}
	if m.Ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	b.respond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data})
}

// followUp delivers an answer after a deferred response.
func (b *Bot) followUp(i *discordgo.InteractionCreate, in commands.Interaction, resp commands.Response) {
	if resp.Kind != commands.Reply {
		return
	}
	m := resp.Message
	var err error
	if in.Type == commands.SlashCommand {
		// The deferral was ephemeral: the answer replaces its "thinking".
		content, comps := m.Content, components(m.Rows)
		_, err = b.s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content, Components: &comps,
			Files: files(m.Files), AllowedMentions: mentions(m.Mentions)})
	} else {
		params := &discordgo.WebhookParams{Content: m.Content, Components: components(m.Rows), Files: files(m.Files),
			AllowedMentions: mentions(m.Mentions)}
		if m.Ephemeral {
			params.Flags = discordgo.MessageFlagsEphemeral
		}
		_, err = b.s.FollowupMessageCreate(i.Interaction, true, params)
	}
	if err != nil {
		b.log.Error("could not deliver a deferred answer", "err", err)
	}
}

// respond sends an interaction response; Discord's "unknown interaction"
// (too late) and "already acknowledged" are logged and survived.
func (b *Bot) respond(i *discordgo.InteractionCreate, r *discordgo.InteractionResponse) bool {
	err := b.s.InteractionRespond(i.Interaction, r)
	if err == nil {
		return true
	}
	switch code(err) {
	case codeUnknownInteraction:
		b.log.Warn("interaction expired before it was answered", "id", i.ID)
	case codeAlreadyAcked:
		b.log.Warn("interaction was already answered", "id", i.ID)
	default:
		b.log.Error("could not answer an interaction", "id", i.ID, "err", err)
	}
	return false
}

func code(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

func status(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		return re.Response.StatusCode
	}
	return 0
}

// Transport.

// retry runs a REST call again after a server error, with backoff. Only
// idempotent calls (edits) use it; a create could be doubled.
func (b *Bot) retry(f func() error) error {
	var err error
	delay := 250 * time.Millisecond
	for attempt := 0; attempt < 4; attempt++ {
		if err = f(); err == nil || status(err) < http.StatusInternalServerError {
			return err
		}
		time.Sleep(delay)
		delay *= 2
	}
	return err
}

// Send posts a message to a channel.
func (b *Bot) Send(ctx context.Context, channel string, m commands.Message) (string, error) {
	msg, err := b.s.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: m.Content, Components: components(m.Rows),
		Files: files(m.Files), AllowedMentions: mentions(m.Mentions)}, discordgo.WithContext(ctx))
	if err != nil {
		if c := code(err); c == codeMissingPermissions || c == codeMissingAccess {
			return "", fmt.Errorf("no permission to post in channel %s: %w", channel, err)
		}
		return "", err
	}
	return msg.ID, nil
}

// Edit replaces a message wholesale, attachments included.
func (b *Bot) Edit(ctx context.Context, channel, id string, m commands.Message) error {
	return b.retry(func() error {
		content, comps := m.Content, components(m.Rows)
		_, err := b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: id, Channel: channel, Content: &content, Components: &comps,
			Files: files(m.Files), Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: mentions(m.Mentions)}, discordgo.WithContext(ctx))
		return err
	})
}

// ClearControls removes a message's components and nothing else.
func (b *Bot) ClearControls(ctx context.Context, channel, id string) error {
	return b.retry(func() error {
		none := []discordgo.MessageComponent{}
		_, err := b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: id, Channel: channel, Components: &none}, discordgo.WithContext(ctx))
		return err
	})
}

// DM sends a direct message; closed DMs become commands.ErrDMClosed.
func (b *Bot) DM(ctx context.Context, user string, m commands.Message) error {
	b.dmMu.Lock()
	ch, ok := b.dms[user]
	b.dmMu.Unlock()
	if !ok {
		c, err := b.s.UserChannelCreate(user, discordgo.WithContext(ctx))
		if err != nil {
			if code(err) == codeCannotDM {
				return commands.ErrDMClosed
			}
			return err
		}
		ch = c.ID
		b.dmMu.Lock()
		b.dms[user] = ch
		b.dmMu.Unlock()
	}
	_, err := b.s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: m.Content, Components: components(m.Rows),
		Files: files(m.Files), AllowedMentions: mentions(nil)}, discordgo.WithContext(ctx))
	if code(err) == codeCannotDM {
		return commands.ErrDMClosed
	}
	return err
}
