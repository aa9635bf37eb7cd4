// Package delivery gets a publication to Discord. A publication's
// decisions (what each message says, edit or new, who is notified and how)
// are the presenter's (internal/commands), and nothing here re-decides
// them. Delivery owns the rest: the messages and the transports that
// carry them (message.go), which route each part takes (the player's own
// interaction or the bot's token, sender.go and private.go), drawing the
// pictures at the moment of sending (pictures.go), what Discord's limits
// held back, kept in storage only so that any process and any restart can
// redo it (owed.go), the one queue of redos and clean-ups with priorities
// (what a waited-on player needs to act, then other private updates, then
// clean-ups) fair between servers (queue.go, cleanup.go), and the record
// of what was shown. See docs/architecture.md.
package delivery
