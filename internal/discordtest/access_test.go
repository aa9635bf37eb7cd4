package discordtest_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/discordtest"
)

// call makes one raw REST request to the fake with the bot's token (or none)
// and returns the status, headers and decoded JSON body.
func call(t *testing.T, fake *discordtest.Server, method, path, body string, auth bool) (int, http.Header, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, "https://discord.com/api/v10"+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if auth {
		req.Header.Set("Authorization", fake.Token())
	}
	resp, err := fake.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return resp.StatusCode, resp.Header, out
}

func errCode(body map[string]any) int {
	f, _ := body["code"].(float64)
	return int(f)
}

// enforce_nonce: "If true and nonce is present, it will be checked for
// uniqueness in the past few minutes. If another message was created by the
// same author with the same nonce, that message will be returned and no new
// message will be created."
func TestEnforceNonceReturnsTheFirstMessage(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	send := func(body string) (int, map[string]any) {
		st, _, b := call(t, fake, "POST", "/channels/"+chanA+"/messages", body, true)
		return st, b
	}
	st, first := send(`{"content":"one","nonce":"n-1","enforce_nonce":true}`)
	if st != 200 {
		t.Fatalf("first create: %d %v", st, first)
	}
	st, again := send(`{"content":"one","nonce":"n-1","enforce_nonce":true}`)
	if st != 200 || again["id"] != first["id"] || again["nonce"] != "n-1" {
		t.Errorf("retried create: %d %v, want the first message %v", st, again["id"], first["id"])
	}
	if n := len(fake.Messages(chanA)); n != 1 || fake.NonceHits() != 1 {
		t.Errorf("%d messages, %d nonce hits after a retried create; want 1 and 1", n, fake.NonceHits())
	}
	// Without enforce_nonce the nonce is only echoed: a second message.
	send(`{"content":"two","nonce":"n-2"}`)
	send(`{"content":"two","nonce":"n-2"}`)
	// The same nonce in another channel is another message.
	st2, _, other := call(t, fake, "POST", "/channels/"+chanB+"/messages", `{"content":"one","nonce":"n-1","enforce_nonce":true}`, true)
	if st2 != 200 || other["id"] == first["id"] {
		t.Errorf("same nonce in another channel: %d %v", st2, other["id"])
	}
	if n := len(fake.Messages(chanA)); n != 3 {
		t.Errorf("%d messages in %s, want 3", n, chanA)
	}
	// A nonce is at most 25 characters.
	if st, b := send(`{"content":"x","nonce":"` + strings.Repeat("n", 26) + `","enforce_nonce":true}`); st != 400 || errCode(b) != discordtest.CodeInvalidFormBody {
		t.Errorf("26-character nonce: %d %v", st, b)
	}
}

// A request that takes effect and then fails ("created, then 5xx"): the
// message exists although the bot was told 502.
func TestFailAfterTakesEffect(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	fake.FailAfterNext(discordtest.RouteSendMessage, 1, 502)
	st, _, _ := call(t, fake, "POST", "/channels/"+chanA+"/messages", `{"content":"hello"}`, true)
	if st != 502 {
		t.Fatalf("status %d, want 502", st)
	}
	if ms := fake.Messages(chanA); len(ms) != 1 || ms[0].Content != "hello" {
		t.Fatalf("messages after a failed-after create: %+v", ms)
	}
	// A request the handler refuses is refused as usual, and the fault is
	// spent on it.
	fake.FailAfterNext(discordtest.RouteSendMessage, 1, 500)
	if st, _, b := call(t, fake, "POST", "/channels/"+chanA+"/messages", `{}`, true); st != 400 || errCode(b) != discordtest.CodeCannotSendEmpty {
		t.Errorf("empty message under a fail-after fault: %d %v", st, b)
	}
	if st, _, _ := call(t, fake, "POST", "/channels/"+chanA+"/messages", `{"content":"next"}`, true); st != 200 {
		t.Errorf("next create: %d", st)
	}
}

// The rate-limit answers are Discord's documented ones: a per-route 429
// carries the bucket headers and scope "user"; the global one
// {"message": "You are being rate limited.", "retry_after": 64.57,
// "global": true} with X-RateLimit-Global and X-RateLimit-Scope "global",
// and it holds every request made with the bot token while interaction
// callbacks ("not bound to the bot's global rate limit") go through.
func TestRateLimitAnswers(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, nil) // interactions are answered below by hand
	registerCommands(t, dg, fake, guild)
	fake.RateLimitNext(discordtest.RouteSendMessage, 1, 1500*time.Millisecond)
	st, h, b := call(t, fake, "POST", "/channels/"+chanA+"/messages", `{"content":"x"}`, true)
	if st != 429 || b["message"] != "You are being rate limited." || b["global"] != false || b["retry_after"] != 1.5 {
		t.Errorf("route 429: %d %v", st, b)
	}
	for k, want := range map[string]string{"Retry-After": "2", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "1.500", "X-RateLimit-Scope": "user"} {
		if h.Get(k) != want {
			t.Errorf("route 429 header %s = %q, want %q", k, h.Get(k), want)
		}
	}
	if h.Get("X-RateLimit-Bucket") == "" || h.Get("X-RateLimit-Global") != "" {
		t.Errorf("route 429 headers: %v", h)
	}
	// Other routes are not held by a route limit.
	if st, _, _ := call(t, fake, "GET", "/channels/"+chanA, "", true); st != 200 {
		t.Errorf("another route during a route limit: %d", st)
	}

	fake.InjectFault(discordtest.RouteSendMessage, 1, discordtest.Fault{Status: 429, RetryAfter: 2 * time.Second, Global: true})
	st, h, b = call(t, fake, "POST", "/channels/"+chanA+"/messages", `{"content":"x"}`, true)
	if st != 429 || b["global"] != true || h.Get("X-RateLimit-Global") != "true" || h.Get("X-RateLimit-Scope") != "global" || h.Get("Retry-After") != "2" {
		t.Errorf("global 429: %d %v %v", st, b, h)
	}
	if h.Get("X-RateLimit-Bucket") != "" {
		t.Errorf("global 429 names a bucket: %v", h)
	}
	if _, hasCode := b["code"]; hasCode {
		t.Errorf("global 429 body has a code: %v", b)
	}
	// Every bot request is now held...
	st, h, b = call(t, fake, "GET", "/channels/"+chanB, "", true)
	if st != 429 || b["global"] != true || h.Get("X-RateLimit-Scope") != "global" {
		t.Errorf("another route during the global limit: %d %v", st, b)
	}
	if ra, _ := b["retry_after"].(float64); ra <= 0 || ra > 2 {
		t.Errorf("retry_after during the global limit = %v, want the time left", b["retry_after"])
	}
	// ...but not interaction callbacks, which carry their own token.
	in := fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
	st, _, b = call(t, fake, "POST", "/interactions/"+in.ID()+"/"+in.Token()+"/callback", `{"type":4,"data":{"content":"pong"}}`, false)
	if st != 204 {
		t.Errorf("callback during the global limit: %d %v", st, b)
	}
	if r, err := in.Wait(wait); err != nil || r.Message == nil || r.Message.Content != "pong" {
		t.Errorf("callback during the global limit: %+v %v", r, err)
	}
	// The limit passes.
	time.Sleep(2 * time.Second)
	if st, _, _ := call(t, fake, "GET", "/channels/"+chanB, "", true); st != 200 {
		t.Errorf("after the global limit: %d", st)
	}
}

// Discord refuses a file over 10 MiB in a server without boosts: 413 with
// code 40005 "Request entity too large".
func TestDefaultAttachmentLimit(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := fake.NewSession()
	send := func(n int) error {
		_, err := dg.ChannelMessageSendComplex(chanA, &discordgo.MessageSend{Content: "file",
			Files: []*discordgo.File{{Name: "big.bin", ContentType: "application/octet-stream", Reader: bytes.NewReader(make([]byte, n))}}})
		return err
	}
	if err := send(10 << 20); err != nil {
		t.Errorf("exactly 10 MiB refused: %v", err)
	}
	if st, code := restCode(send(10<<20 + 1)); st != 413 || code != discordtest.CodeEntityTooLarge {
		t.Errorf("10 MiB + 1 byte: status %d code %d, want 413 40005", st, code)
	}
}

// What happens behind the bot's back: a deleted channel, the bot removed
// from the server or denied View Channel, a message a moderator deleted, a
// user who shares no server with the bot.
func TestChannelsMessagesAndUsersGone(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	fake.AddChannel("950", "951")
	fake.AddUser("109", "stranger")
	dg := fake.NewSession()
	m, err := dg.ChannelMessageSend(chanA, "turn")
	if err != nil {
		t.Fatal(err)
	}
	fake.ModeratorDelete(m.ID)
	if st, code := restCode2(editContent(dg, chanA, m.ID, "edited")); st != 404 || code != discordtest.CodeUnknownMessage {
		t.Errorf("edit of a deleted message: %d %d, want 404 10008", st, code)
	}

	fake.SetAccessLost(chanB, true)
	if st, code := restCode2(dg.ChannelMessageSend(chanB, "x")); st != 403 || code != discordtest.CodeMissingAccess {
		t.Errorf("send without View Channel: %d %d, want 403 50001", st, code)
	}
	fake.SetAccessLost(chanB, false)
	if _, err := dg.ChannelMessageSend(chanB, "x"); err != nil {
		t.Errorf("send with access back: %v", err)
	}

	fake.RemoveBot("950", true)
	if st, code := restCode2(dg.ChannelMessageSend("951", "x")); st != 403 || code != discordtest.CodeMissingAccess {
		t.Errorf("send after the bot was removed: %d %d, want 403 50001", st, code)
	}
	if _, err := dg.ChannelMessageSend(chanA, "x"); err != nil {
		t.Errorf("send in another server: %v", err)
	}

	fake.DeleteChannel(chanA)
	if st, code := restCode2(dg.ChannelMessageSend(chanA, "x")); st != 404 || code != discordtest.CodeUnknownChannel {
		t.Errorf("send to a deleted channel: %d %d, want 404 10003", st, code)
	}
	if st, code := restCode2(dg.Channel(chanA)); st != 404 || code != discordtest.CodeUnknownChannel {
		t.Errorf("get a deleted channel: %d %d, want 404 10003", st, code)
	}

	fake.SetNoMutualGuild("109", true)
	if st, code := restCode2(dg.UserChannelCreate("109")); st != 403 || code != discordtest.CodeCannotMessageUser {
		t.Errorf("DM channel with a user sharing no server: %d %d, want 403 50007", st, code)
	}
	if _, err := dg.UserChannelCreate(alice); err != nil {
		t.Errorf("DM channel with alice: %v", err)
	}
}

// An archived thread refuses new and edited messages with 50083 until the
// bot reopens it with PATCH {"archived": false}; a locked one cannot be
// reopened by the bot (403 50013).
func TestArchivedThread(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	fake.AddThread(guild, chanA, "911")
	dg := fake.NewSession()
	m, err := dg.ChannelMessageSend("911", "turn")
	if err != nil {
		t.Fatal(err)
	}
	fake.ArchiveThread("911", true)
	if st, code := restCode2(dg.ChannelMessageSend("911", "x")); st != 400 || code != discordtest.CodeThreadArchived {
		t.Errorf("send to an archived thread: %d %d, want 400 50083", st, code)
	}
	if st, code := restCode2(editContent(dg, "911", m.ID, "x")); st != 400 || code != discordtest.CodeThreadArchived {
		t.Errorf("edit in an archived thread: %d %d, want 400 50083", st, code)
	}
	ch, err := dg.Channel("911")
	if err != nil || ch.ThreadMetadata == nil || !ch.ThreadMetadata.Archived {
		t.Errorf("archived thread as seen: %+v %v", ch, err)
	}
	no := false
	if ch, err := dg.ChannelEditComplex("911", &discordgo.ChannelEdit{Archived: &no}); err != nil || ch.ThreadMetadata.Archived {
		t.Fatalf("reopen: %+v %v", ch, err)
	}
	if _, err := dg.ChannelMessageSend("911", "x"); err != nil || fake.ThreadArchived("911") {
		t.Errorf("send after reopening: %v", err)
	}

	fake.ArchiveThread("911", false)
	if st, code := restCode2(dg.ChannelEditComplex("911", &discordgo.ChannelEdit{Archived: &no})); st != 403 || code != discordtest.CodeMissingPermissions {
		t.Errorf("reopen a locked thread: %d %d, want 403 50013", st, code)
	}
	if !fake.ThreadArchived("911") {
		t.Error("the locked thread was reopened")
	}
}

func restCode2[T any](_ T, err error) (int, int) { return restCode(err) }
