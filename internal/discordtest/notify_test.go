package discordtest_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"standoff/internal/discordtest"
)

// These tests hold the fake's record of who was notified to Discord's
// allowed-mentions reference (docs/resources/message, "Allowed Mentions
// Reference") and to what Discord does with edits, one behaviour each.

// send posts a message with the given body fields; it returns the
// message's id.
func send(t *testing.T, fake *discordtest.Server, channel string, body map[string]any) string {
	t.Helper()
	a := request(t, fake, http.MethodPost, "/channels/"+channel+"/messages", body, fake.Token())
	if a.status != http.StatusOK {
		t.Fatalf("send %v: %d %s", body, a.status, a.body)
	}
	var m struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(a.body, &m)
	return m.ID
}

func notifiedUsers(ns []discordtest.Notification) []string {
	var out []string
	for _, n := range ns {
		out = append(out, n.User)
	}
	return out
}

// What the bot sends (internal/discord's mentions(): "parse": [] and the
// users it means to ping) pings exactly those users the content mentions.
func TestMentionOfAListedUserNotifies(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	id := send(t, fake, chanA, map[string]any{"content": "<@" + alice + "> to move; <@" + bob + "> waits",
		"allowed_mentions": map[string]any{"parse": []string{}, "users": []string{alice}}})
	ns := fake.Notifications()
	if len(ns) != 1 || ns[0].User != alice || ns[0].Message != id || ns[0].Channel != chanA || ns[0].Guild != guild ||
		ns[0].Cause != discordtest.CauseMention || ns[0].Interaction != "" || ns[0].At.IsZero() {
		t.Fatalf("notifications %+v, want alice's for message %s", ns, id)
	}
	if m, _ := fake.Message(id); !slices.Equal(m.Mentions, []string{alice}) {
		t.Errorf("message mentions %v, want alice", m.Mentions)
	}
	if got := fake.NotificationsOf(bob); len(got) != 0 {
		t.Errorf("bob, mentioned but not allowed, was notified: %+v", got)
	}
}

// "If allowed_mentions is not passed in (i.e. the key does not exist), the
// mentions will be parsed via the content."
func TestWithoutAllowedMentionsEveryMentionNotifies(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	send(t, fake, chanA, map[string]any{"content": "<@" + alice + "> and <@!" + bob + "> and <@" + alice + "> again"})
	if got := notifiedUsers(fake.Notifications()); !slices.Equal(got, []string{alice, bob}) {
		t.Errorf("notified %v, want alice and bob once each", got)
	}
}

// "To suppress all mentions in a message use: "parse": []. This will
// suppress all mentions in the message."
func TestEmptyParseSuppressesEveryMention(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	send(t, fake, chanA, map[string]any{"content": "@everyone <@" + alice + "> <@&123>",
		"allowed_mentions": map[string]any{"parse": []string{}}})
	if ns := fake.Notifications(); len(ns) != 0 {
		t.Errorf("notifications %+v, want none", ns)
	}
}

// ""parse": ["users", "roles"] ... we would ping users 123 and role 124"
// (roles notify nobody here: the fake's users have none).
func TestParseUsersNotifiesEveryMentionedUser(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	send(t, fake, chanA, map[string]any{"content": "@everyone <@" + bob + "> <@&124>",
		"allowed_mentions": map[string]any{"parse": []string{"users", "roles"}, "users": []string{}}})
	if got := notifiedUsers(fake.Notifications()); !slices.Equal(got, []string{bob}) {
		t.Errorf("notified %v, want bob", got)
	}
}

// "Note that the IDs of entities not present in the message's content will
// simply be ignored ... would mention user 123, but not user 125."
func TestListedUsersNotInTheContentAreIgnored(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	send(t, fake, chanA, map[string]any{"content": "<@" + alice + "> Time for some memes.",
		"allowed_mentions": map[string]any{"users": []string{alice, bob}}})
	if got := notifiedUsers(fake.Notifications()); !slices.Equal(got, []string{alice}) {
		t.Errorf("notified %v, want alice only", got)
	}
}

// "Because parse: ["users"] and users: [123, 124] are both present, we
// would throw a validation error."
func TestParseUsersWithAUsersListIsRefused(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	a := request(t, fake, http.MethodPost, "/channels/"+chanA+"/messages", map[string]any{"content": "<@" + alice + ">",
		"allowed_mentions": map[string]any{"parse": []string{"users"}, "users": []string{alice}}}, fake.Token())
	var e struct {
		Code int `json:"code"`
	}
	_ = json.Unmarshal(a.body, &e)
	if a.status != http.StatusBadRequest || e.Code != discordtest.CodeInvalidFormBody {
		t.Errorf("parse users with a users list: %d %s", a.status, a.body)
	}
	if len(fake.Messages(chanA)) != 0 || len(fake.Notifications()) != 0 {
		t.Errorf("a refused message was created or notified someone")
	}
}

// "Edits never notify the mentioned roles/users" (discord-api-docs#5497):
// a mention edited into a message pings nobody.
func TestEditsNotifyNobody(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	id := send(t, fake, chanA, map[string]any{"content": "waiting", "allowed_mentions": map[string]any{"parse": []string{}}})
	a := request(t, fake, http.MethodPatch, "/channels/"+chanA+"/messages/"+id, map[string]any{"content": "<@" + bob + "> your turn",
		"allowed_mentions": map[string]any{"parse": []string{}, "users": []string{bob}}}, fake.Token())
	if a.status != http.StatusOK {
		t.Fatalf("edit: %d %s", a.status, a.body)
	}
	if ns := fake.Notifications(); len(ns) != 0 {
		t.Errorf("an edit notified %+v", ns)
	}
	if m, _ := fake.Message(id); !slices.Equal(m.Mentions, []string{bob}) {
		t.Errorf("edited message mentions %v, want bob (shown, not notified)", m.Mentions)
	}
}

// A message in a DM channel notifies its recipient, mention or not.
func TestDMNotifiesTheRecipient(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dm := fake.DMChannelID(alice)
	id := send(t, fake, dm, map[string]any{"content": "Your hand", "allowed_mentions": map[string]any{"parse": []string{}}})
	ns := fake.NotificationsOf(alice)
	if len(ns) != 1 || ns[0].Cause != discordtest.CauseDM || ns[0].Message != id || ns[0].Channel != dm || ns[0].Guild != "" {
		t.Errorf("notifications of alice %+v, want one DM", ns)
	}
}

// SUPPRESS_NOTIFICATIONS: "This message will not trigger push and desktop
// notifications."
func TestSilentMessagesNotifyNobody(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	send(t, fake, chanA, map[string]any{"content": "<@" + alice + ">", "flags": discordtest.FlagSilent})
	send(t, fake, fake.DMChannelID(bob), map[string]any{"content": "psst", "flags": discordtest.FlagSilent})
	if ns := fake.Notifications(); len(ns) != 0 {
		t.Errorf("silent messages notified %+v", ns)
	}
}

// A thread is a channel: a mention there notifies.
func TestMentionInAThreadNotifies(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	fake.AddThread(guild, chanA, "950")
	send(t, fake, "950", map[string]any{"content": "<@" + bob + ">", "allowed_mentions": map[string]any{"users": []string{bob}}})
	if ns := fake.NotificationsOf(bob); len(ns) != 1 || ns[0].Channel != "950" {
		t.Errorf("notifications of bob %+v, want one in the thread", ns)
	}
}

// A user who shares no server with the bot is not in the channel and is
// not notified by a mention there.
func TestMentionOfAnOutsiderNotifiesNobody(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	fake.AddUser("102", "carol")
	fake.SetNoMutualGuild("102", true)
	send(t, fake, chanA, map[string]any{"content": "<@102>"})
	if ns := fake.Notifications(); len(ns) != 0 {
		t.Errorf("notifications %+v", ns)
	}
}

// An interaction's answers: a response message (type 4) and a follow-up
// that is a new message notify whom they mention; an ephemeral response
// and a deferred response filled in by editing @original do not ("If you
// defer a Slash Command ... users won't be pinged after editing the
// message", discord-api-docs#5497), nor does a follow-up that fills the
// loading message, nor an update of the clicked message (type 7).
func TestInteractionAnswersNotifyOnlyAsNewMessages(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, nil)
	registerCommands(t, dg, fake, "")
	ping := map[string]any{"content": "<@" + bob + "> your turn", "allowed_mentions": map[string]any{"parse": []string{}, "users": []string{bob}}}
	ephemeral := map[string]any{"content": "<@" + bob + ">", "flags": discordtest.FlagEphemeral}
	respond := func(typ int, data map[string]any) string {
		in := fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
		body := map[string]any{"type": typ}
		if data != nil {
			body["data"] = data
		}
		if a := request(t, fake, http.MethodPost, "/interactions/"+in.ID()+"/"+in.Token()+"/callback", body, ""); a.status != http.StatusNoContent {
			t.Fatalf("callback %d: %d %s", typ, a.status, a.body)
		}
		return "/webhooks/" + fake.ApplicationID() + "/" + in.Token()
	}
	hookAnswer := func(method, path string, data map[string]any) {
		if a := request(t, fake, method, path, data, ""); a.status != http.StatusOK {
			t.Fatalf("%s %s: %d %s", method, path, a.status, a.body)
		}
	}
	count := func() int { return len(fake.NotificationsOf(bob)) }

	hook := respond(discordtest.CallbackChannelMessage, ping)
	if count() != 1 {
		t.Fatalf("a response message mentioning bob: %d notifications", count())
	}
	hookAnswer(http.MethodPost, hook, ping) // a new message
	if ns := fake.NotificationsOf(bob); len(ns) != 2 || ns[1].Interaction == "" {
		t.Fatalf("a follow-up mentioning bob: %+v", ns)
	}
	respond(discordtest.CallbackChannelMessage, ephemeral)
	hook = respond(discordtest.CallbackDeferredChannelMessage, nil)
	hookAnswer(http.MethodPatch, hook+"/messages/@original", ping)
	hook = respond(discordtest.CallbackDeferredChannelMessage, nil)
	hookAnswer(http.MethodPost, hook, ping) // fills the loading message
	if count() != 2 {
		t.Errorf("an ephemeral response or a deferred one filled in notified: %+v", fake.NotificationsOf(bob))
	}

	// A click answered by updating its message (type 7).
	msg := send(t, fake, chanA, map[string]any{"content": "board", "components": []any{
		map[string]any{"type": 1, "components": []any{map[string]any{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}}}}})
	in := fake.Must(fake.Click(alice, msg, "go"))
	if a := request(t, fake, http.MethodPost, "/interactions/"+in.ID()+"/"+in.Token()+"/callback",
		map[string]any{"type": discordtest.CallbackUpdateMessage, "data": ping}, ""); a.status != http.StatusNoContent {
		t.Fatalf("update: %d %s", a.status, a.body)
	}
	if count() != 2 {
		t.Errorf("an update of the clicked message notified: %+v", fake.NotificationsOf(bob))
	}
}
