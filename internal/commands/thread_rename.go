package commands

import (
	"context"
	"errors"

	"standoff/internal/pacing"
)

// ThreadRenamer is what a Transport that can rename threads implements
// too.
type ThreadRenamer interface {
	// RenameThread gives a thread a new name (at most 100 characters).
	RenameThread(ctx context.Context, thread, name string) error
}

// nameThreadAtStart gives an open lobby's thread, named "carol's lobby"
// when it was started, the game's name ("Hijack #12: alice vs bob") once
// the lobby starts and its seats are known. A challenge's thread needs
// none: its seats are named from the start, and so is its thread.
//
// It is renamed once, and only then: Discord lets a channel be renamed
// twice per 10 minutes (widely observed, not documented). The rename may
// wait: while an interaction is being answered (on Discord) it goes with the clean-ups
// on spare budget (delivery.Sender.Later), never ahead of the game's messages; without
// one (the console) it is made at once. A failed rename leaves the lobby's
// name and nothing else.
func (th *threads) nameThreadAtStart(ctx context.Context, in Interaction, t *table) {
	rn, ok := th.out.(ThreadRenamer)
	if !ok {
		return
	}
	_, thread, err := th.store.ThreadParent(ctx, t.row.Channel)
	if err != nil {
		th.log.Warn("could not read whether a game is in its thread", "game", t.row.ID, "err", err)
		return
	}
	if !thread {
		return
	}
	game, channel, name := t.row.ID, t.row.Channel, th.threadName(t.row)
	rename := func(ctx context.Context) error {
		err := rn.RenameThread(ctx, channel, name)
		if err != nil && !errors.Is(err, pacing.ErrLimited) {
			th.log.Warn("could not rename a game's thread", "game", game, "thread", channel, "err", err)
			return nil
		}
		return err
	}
	if in.Reply != nil {
		th.send.Later(t.row.Guild, rename)
		return
	}
	if err := rename(ctx); err != nil {
		th.log.Warn("no budget to rename a game's thread; it keeps its name", "game", game, "err", err)
	}
}
