package discord

import (
	"context"
	"sync"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
	"standoff/internal/telemetry"
)

// timeAnswer marks an interaction's arrival in ctx (the router names the
// kind of game it concerns there) and wraps its first response so that
// the metrics learn whether Discord took it, and how long after the
// arrival. Autocomplete answers are not answers a player waits on.
func (a *answers) timeAnswer(ctx context.Context, in commands.Interaction, first responder) (context.Context, responder) {
	m := a.metrics
	if m == nil || in.Type == commands.Autocomplete {
		return ctx, first
	}
	ctx = telemetry.Track(ctx)
	var once sync.Once
	return ctx, func(r *discordgo.InteractionResponse, described ...attachmentEntry) bool {
		ok := first(r, described...)
		once.Do(func() { m.Answer(ctx, ok) })
		return ok
	}
}
