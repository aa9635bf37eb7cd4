// Package delivery is what getting a publication to Discord needs besides
// the publication itself, whose decisions (what each message says, edit or
// new, who is notified and how) the presenter made and nothing here
// re-decides: drawing the pictures at the moment of sending, and the one
// queue of what Discord's limits held back (redos of owed messages, whose
// record is kept in storage, and clean-ups), with priorities (what a
// waited-on player needs to act, then other private updates, then
// clean-ups) and fair between servers. The router's delivery
// (internal/commands/deliver.go) walks a publication and sends each part
// by the route the presenter's decisions and the interaction at hand allow;
// what it could not send goes here. See docs/architecture.md.
package delivery
