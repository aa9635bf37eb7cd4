package discordtest_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/discordtest"
)

// A private thread (type 12) is seen by its members only: the bot, which
// created it, then whom "Add Thread Member" adds (204, again 204 when
// already a member). Its invitable is as asked. Adding needs Send Messages
// in Threads and a thread not archived; creating one needs Create Private
// Threads.
func TestPrivateThreadMembers(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := fake.NewSession()
	th, err := dg.ThreadStartComplex(chanA, &discordgo.ThreadStart{Name: "Hunted daily: alice", Type: discordgo.ChannelTypeGuildPrivateThread, AutoArchiveDuration: 10080})
	if err != nil {
		t.Fatal(err)
	}
	if th.Type != discordgo.ChannelTypeGuildPrivateThread || th.ParentID != chanA {
		t.Fatalf("thread = %+v", th)
	}
	if got := fake.Threads(); len(got) != 1 || got[0].Invitable || got[0].Starter != "" {
		t.Fatalf("recorded = %+v; want invitable false, as sent", got)
	}
	if fake.CanSee(alice, th.ID) || !fake.CanSee(alice, chanA) {
		t.Fatal("alice sees the private thread before she is added")
	}
	for i := 0; i < 2; i++ {
		if err := dg.ThreadMemberAdd(th.ID, alice); err != nil {
			t.Fatalf("adding alice (%d): %v", i+1, err)
		}
	}
	if mem := fake.ThreadMembers(th.ID); !slices.Equal(mem, []string{discordtest.DefaultBotID, alice}) {
		t.Fatalf("members = %v", mem)
	}
	if !fake.CanSee(alice, th.ID) || fake.CanSee(bob, th.ID) {
		t.Fatal("a private thread is seen by its members only")
	}
	if _, err := fake.RunCommand(bob, th.ID, "ping", ""); err == nil || !strings.Contains(err.Error(), "cannot see the private thread") {
		t.Errorf("bob acts in alice's private thread: %v", err)
	}
	if st, code := restCode(dg.ThreadMemberAdd(th.ID, "404404")); st != http.StatusNotFound || code != discordtest.CodeUnknownUser {
		t.Errorf("an unknown user: %d %d", st, code)
	}
	if st, code := restCode(dg.ThreadMemberAdd(chanA, bob)); st != http.StatusBadRequest || code != discordtest.CodeInvalidChannelType {
		t.Errorf("a channel that is no thread: %d %d", st, code)
	}
	fake.DenyBot(chanA, discordtest.PermSendMessagesInThread, true)
	if st, code := restCode(dg.ThreadMemberAdd(th.ID, bob)); st != http.StatusForbidden || code != discordtest.CodeMissingPermissions {
		t.Errorf("without Send Messages in Threads: %d %d", st, code)
	}
	fake.DenyBot(chanA, discordtest.PermSendMessagesInThread, false)
	fake.ArchiveThread(th.ID, true)
	if st, code := restCode(dg.ThreadMemberAdd(th.ID, bob)); st != http.StatusBadRequest || code != discordtest.CodeThreadArchived {
		t.Errorf("an archived thread: %d %d", st, code)
	}
	fake.DenyBot(chanB, discordtest.PermCreatePrivateThreads, true)
	_, err = dg.ThreadStartComplex(chanB, &discordgo.ThreadStart{Name: "x", Type: discordgo.ChannelTypeGuildPrivateThread})
	if st, code := restCode(err); st != http.StatusForbidden || code != discordtest.CodeMissingPermissions {
		t.Errorf("without Create Private Threads: %d %d", st, code)
	}
}
