package discordtest_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/discordtest"
)

// A thread started from a message has the message's id, the name and
// archive duration asked for, the bot as its first member and the users a
// message in it pings as the next; the message is marked as having a
// thread, and a second thread from it is refused.
func TestStartThreadFromMessage(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := fake.NewSession()
	m, err := dg.ChannelMessageSend(chanA, "Hijack: alice vs bob")
	if err != nil {
		t.Fatal(err)
	}
	th, err := dg.MessageThreadStartComplex(chanA, m.ID, &discordgo.ThreadStart{Name: "Hijack #1: alice vs bob", AutoArchiveDuration: 10080})
	if err != nil {
		t.Fatal(err)
	}
	if th.ID != m.ID || th.ParentID != chanA || th.Type != discordgo.ChannelTypeGuildPublicThread || th.Name != "Hijack #1: alice vs bob" ||
		th.ThreadMetadata == nil || th.ThreadMetadata.AutoArchiveDuration != 10080 {
		t.Fatalf("thread = %+v", th)
	}
	got := fake.Threads()
	if len(got) != 1 || got[0].ID != m.ID || got[0].Starter != m.ID || got[0].Name != th.Name || got[0].AutoArchive != 10080 {
		t.Fatalf("recorded threads = %+v", got)
	}
	if sm, _ := fake.Message(m.ID); sm.Flags&discordtest.FlagHasThread == 0 {
		t.Error("the starter message is not marked as having a thread")
	}
	_, err = dg.ChannelMessageSendComplex(th.ID, &discordgo.MessageSend{Content: "<@" + bob + "> your move, <@" + alice + ">",
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{bob}}})
	if err != nil {
		t.Fatal(err)
	}
	if mem := fake.ThreadMembers(th.ID); !slices.Equal(mem, []string{discordtest.DefaultBotID, bob}) {
		t.Errorf("members = %v, want the bot, then bob (alice was not pinged)", mem)
	}
	if n := fake.NotificationsOf(bob); len(n) != 1 || n[0].Channel != th.ID {
		t.Errorf("bob's notifications = %+v", n)
	}
	_, err = dg.MessageThreadStartComplex(chanA, m.ID, &discordgo.ThreadStart{Name: "again", AutoArchiveDuration: 60})
	if st, code := restCode(err); st != http.StatusBadRequest || code != discordtest.CodeThreadAlreadyCreated {
		t.Errorf("a second thread from the message: %d %d, want 400 %d", st, code, discordtest.CodeThreadAlreadyCreated)
	}
}

// The routes refuse what Discord refuses: a bad name or archive duration,
// a thread in a thread, an unknown message, and a bot without Create
// Public Threads; posting in a thread needs Send Messages in Threads.
func TestStartThreadRefusals(t *testing.T) {
	t.Parallel()
	// More messages than a channel's bucket takes in 5 s: the limits are
	// another test's subject.
	fake := newWorld(t, discordtest.WithLimits(discordtest.NoLimits()))
	dg := fake.NewSession()
	msg := func(ch string) string {
		t.Helper()
		m, err := dg.ChannelMessageSend(ch, "starter")
		if err != nil {
			t.Fatal(err)
		}
		return m.ID
	}
	start := func(ch, id string, ts discordgo.ThreadStart) (int, int) {
		_, err := dg.MessageThreadStartComplex(ch, id, &ts)
		return restCode(err)
	}
	for _, c := range []struct {
		name string
		ts   discordgo.ThreadStart
	}{
		{"empty name", discordgo.ThreadStart{Name: "", AutoArchiveDuration: 60}},
		{"101 characters", discordgo.ThreadStart{Name: strings.Repeat("é", 101), AutoArchiveDuration: 60}},
		{"90 minutes", discordgo.ThreadStart{Name: "ok", AutoArchiveDuration: 90}},
		{"slow mode past 6 hours", discordgo.ThreadStart{Name: "ok", AutoArchiveDuration: 60, RateLimitPerUser: 21601}},
	} {
		if st, code := start(chanA, msg(chanA), c.ts); st != http.StatusBadRequest || code != discordtest.CodeInvalidFormBody {
			t.Errorf("%s: %d %d, want 400 %d", c.name, st, code, discordtest.CodeInvalidFormBody)
		}
	}
	if st, code := start(chanA, msg(chanA), discordgo.ThreadStart{Name: strings.Repeat("é", 100)}); st != 0 {
		t.Errorf("100 characters and the default duration: %d %d, want a thread", st, code)
	}
	if st, code := start(chanA, "12345", discordgo.ThreadStart{Name: "ok"}); st != http.StatusNotFound || code != discordtest.CodeUnknownMessage {
		t.Errorf("an unknown message: %d %d", st, code)
	}
	parent := msg(chanB)
	if _, err := dg.MessageThreadStart(chanB, parent, "outer", 60); err != nil {
		t.Fatal(err)
	}
	if st, code := start(parent, msg(parent), discordgo.ThreadStart{Name: "inner"}); st != http.StatusBadRequest || code != discordtest.CodeInvalidChannelType {
		t.Errorf("a thread in a thread: %d %d", st, code)
	}
	if _, err := dg.ThreadStart(parent, "inner", discordgo.ChannelTypeGuildPublicThread, 60); err == nil {
		t.Error("a thread without a message was started in a thread")
	}

	fake.DenyBot(chanA, discordtest.PermCreatePublicThreads, true)
	if st, code := start(chanA, msg(chanA), discordgo.ThreadStart{Name: "ok"}); st != http.StatusForbidden || code != discordtest.CodeMissingPermissions {
		t.Errorf("without Create Public Threads: %d %d", st, code)
	}
	if _, err := dg.ThreadStart(chanA, "ok", discordgo.ChannelTypeGuildPublicThread, 60); err == nil {
		t.Error("a public thread without a message was started without Create Public Threads")
	}
	fake.DenyBot(chanA, discordtest.PermCreatePublicThreads, false)

	fake.DenyBot(chanB, discordtest.PermSendMessagesInThread, true)
	if _, err := dg.ChannelMessageSend(parent, "in the thread"); err == nil {
		t.Error("posted in a thread without Send Messages in Threads")
	} else if st, code := restCode(err); st != http.StatusForbidden || code != discordtest.CodeMissingPermissions {
		t.Errorf("posting without Send Messages in Threads: %d %d", st, code)
	}
	if _, err := dg.ChannelMessageSend(chanB, "in the channel"); err != nil {
		t.Errorf("Send Messages in Threads is not needed in the channel itself: %v", err)
	}
}

// A thread without a message is private unless asked otherwise, and each
// kind needs its own permission.
func TestStartThreadWithoutMessage(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := fake.NewSession()
	th, err := dg.ThreadStartComplex(chanA, &discordgo.ThreadStart{Name: "side table"})
	if err != nil {
		t.Fatal(err)
	}
	if th.Type != discordgo.ChannelTypeGuildPrivateThread || th.ParentID != chanA {
		t.Errorf("thread = %+v, want a private thread (the default)", th)
	}
	if rec := fake.Threads(); len(rec) != 1 || rec[0].Starter != "" || rec[0].AutoArchive != 1440 {
		t.Errorf("recorded = %+v", rec)
	}
	pub, err := dg.ThreadStart(chanA, "open table", discordgo.ChannelTypeGuildPublicThread, 4320)
	if err != nil || pub.Type != discordgo.ChannelTypeGuildPublicThread {
		t.Fatalf("public thread: %+v, %v", pub, err)
	}
	fake.DenyBot(chanA, discordtest.PermCreatePrivateThreads, true)
	if _, err := dg.ThreadStartComplex(chanA, &discordgo.ThreadStart{Name: "private"}); err == nil {
		t.Error("a private thread was started without Create Private Threads")
	}
	if _, err := dg.ThreadStart(chanA, "public", discordgo.ChannelTypeGuildPublicThread, 60); err != nil {
		t.Errorf("Create Private Threads is not needed for a public one: %v", err)
	}
}

// Starting threads has a bucket per parent channel, shared by both routes,
// with the headers of the fake's other routes; a 429 there is the bucket's,
// and another channel's threads are counted apart. DiscordLimits gives the
// routes their bucket and the global limit.
func TestStartThreadRateLimited(t *testing.T) {
	t.Parallel()
	if l := discordtest.DiscordLimits().Routes; l[discordtest.RouteStartThread] != l[discordtest.RouteStartThreadFromMessage] ||
		l[discordtest.RouteStartThread].Limit == 0 {
		t.Fatalf("Discord's limits give the thread routes no shared bucket: %+v", l[discordtest.RouteStartThread])
	}
	fake := newWorld(t, discordtest.WithLimits(discordtest.Limits{Global: 50, GlobalWindow: time.Hour, Routes: map[string]discordtest.RouteLimit{
		discordtest.RouteStartThread:            {Bucket: "thread create", Limit: 2, Per: time.Hour},
		discordtest.RouteStartThreadFromMessage: {Bucket: "thread create", Limit: 2, Per: time.Hour},
	}}))
	dg := fake.NewSession()
	m, err := dg.ChannelMessageSend(chanA, "starter")
	if err != nil {
		t.Fatal(err)
	}
	body := map[string]any{"name": "t", "type": discordgo.ChannelTypeGuildPublicThread}
	a := request(t, fake, http.MethodPost, "/channels/"+chanA+"/messages/"+m.ID+"/threads", body, fake.Token())
	if a.status != http.StatusOK || a.h.Get("X-RateLimit-Remaining") != "1" || a.h.Get("X-RateLimit-Bucket") == "" {
		t.Fatalf("first thread: %d %v", a.status, a.h)
	}
	if a := request(t, fake, http.MethodPost, "/channels/"+chanA+"/threads", body, fake.Token()); a.status != http.StatusOK {
		t.Fatalf("second thread: %d %s", a.status, a.body)
	}
	a = request(t, fake, http.MethodPost, "/channels/"+chanA+"/threads", body, fake.Token())
	if a.status != http.StatusTooManyRequests || a.h.Get("X-RateLimit-Scope") != discordtest.ScopeUser {
		t.Fatalf("third thread in the hour: %d %v, want the bucket's 429", a.status, a.h)
	}
	a.tooMany(t)
	if a := request(t, fake, http.MethodPost, "/channels/"+chanB+"/threads", body, fake.Token()); a.status != http.StatusOK {
		t.Errorf("another channel's thread: %d %s", a.status, a.body)
	}
	if a := request(t, fake, http.MethodPost, "/channels/"+chanB+"/threads", body, ""); a.status != http.StatusUnauthorized {
		t.Errorf("without the bot token: %d", a.status)
	}
}
