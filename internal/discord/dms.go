package discord

import (
	"context"
	"fmt"
	"net/http"
	"sync"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
)

// dmChannels opens the bot's DM channels with users, once each (Discord
// answers the same channel when one is opened again), and sends direct
// messages through them: commands.Transport's DM, commands.DMOpener and
// commands.DMChanneler.
type dmChannels struct {
	msgs *messages
	mu   sync.Mutex
	open map[string]string // user id -> DM channel id
}

func newDMChannels(msgs *messages) *dmChannels {
	return &dmChannels{msgs: msgs, open: map[string]string{}}
}

// DM sends a direct message through the user's DM channel; closed DMs (and
// users who share no server with the bot) become commands.ErrDMClosed. A DM
// never pings anyone.
func (d *dmChannels) DM(ctx context.Context, user string, m commands.Message) error {
	ch, err := d.dmChannel(ctx, user)
	if err != nil {
		return err
	}
	err = d.msgs.withoutOversizeFiles(&m, func() error {
		_, err := d.msgs.create(ctx, ch, m, nil)
		return err
	})
	if code(err) == codeCannotDM {
		return fmt.Errorf("%w: %w", commands.ErrDMClosed, err)
	}
	return err
}

// OpenDM opens the DM channel with a user, unless it is open already, so
// that a DM's pictures are drawn only once it can go (commands.DMOpener).
func (d *dmChannels) OpenDM(ctx context.Context, user string) error {
	_, err := d.dmChannel(ctx, user)
	return err
}

// DMChannel is the DM channel with a user, where a daily run is played
// (commands.DMChanneler).
func (d *dmChannels) DMChannel(ctx context.Context, user string) (string, error) {
	return d.dmChannel(ctx, user)
}

// dmChannel opens (or finds) the DM channel with a user; opening it again
// returns the same channel, so it may be retried.
func (d *dmChannels) dmChannel(ctx context.Context, user string) (string, error) {
	d.mu.Lock()
	ch, ok := d.open[user]
	d.mu.Unlock()
	if ok {
		return ch, nil
	}
	var c discordgo.Channel
	err := d.msgs.api.retry(ctx, func() error {
		return d.msgs.api.call(ctx, http.MethodPost, discordgo.EndpointUserChannels("@me"), map[string]string{"recipient_id": user}, nil, &c)
	})
	if err != nil {
		if code(err) == codeCannotDM {
			return "", fmt.Errorf("%w: %w", commands.ErrDMClosed, err)
		}
		return "", err
	}
	d.mu.Lock()
	d.open[user] = c.ID
	d.mu.Unlock()
	return c.ID, nil
}

var (
	_ commands.DMOpener    = (*dmChannels)(nil)
	_ commands.DMChanneler = (*dmChannels)(nil)
)
