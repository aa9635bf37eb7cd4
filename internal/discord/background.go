package discord

import "context"

// Background runs start-up work that no interaction needs to wait for (the
// results of older games counted again for stats) beside the serving bot:
// the router answers from the first interaction, whatever the work costs.
// Its context ends when the bot closes, and Close waits for it to return,
// so the work never outlives the database it writes to.
func (b *Bot) Background(what string, work func(context.Context) error) {
	b.tickers.Add(1)
	go func() {
		defer b.tickers.Done()
		if err := work(b.ctx); err != nil && b.ctx.Err() == nil {
			b.log.Warn("start-up work failed", "work", what, "err", err)
		}
	}()
}
