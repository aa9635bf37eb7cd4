package discordtest_test

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"standoff/internal/discordtest"
)

// A thread is renamed by PATCH {"name"}: the new name is the channel's,
// the bucket's headers come with the answer, and the third rename within
// 10 minutes is answered 429 with the usual headers, changing nothing;
// reopening the thread is not held by the rename limit.
func TestRenameThreadLimited(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	fake.AddThread(guild, chanA, "911")
	rename := func(name string) answer {
		t.Helper()
		return request(t, fake, http.MethodPatch, "/channels/911", map[string]any{"name": name}, fake.Token())
	}
	a := rename("Hijack #1: alice vs bob")
	if a.status != http.StatusOK || !strings.Contains(string(a.body), `"name":"Hijack #1: alice vs bob"`) {
		t.Fatalf("rename: %d %s", a.status, a.body)
	}
	if a.h.Get("X-RateLimit-Limit") != "2" || a.h.Get("X-RateLimit-Remaining") != "1" || a.h.Get("X-RateLimit-Bucket") == "" {
		t.Errorf("the rename's headers: %v", a.h)
	}
	if a := rename("second"); a.status != http.StatusOK || a.h.Get("X-RateLimit-Remaining") != "0" {
		t.Fatalf("second rename: %d %v", a.status, a.h)
	}
	a = rename("third")
	if a.status != http.StatusTooManyRequests {
		t.Fatalf("third rename within 10 minutes: %d %s, want 429", a.status, a.body)
	}
	tm := a.tooMany(t)
	retry, err := strconv.Atoi(a.h.Get("Retry-After"))
	if err != nil || retry <= 0 || retry > 600 || *tm.RetryAfter <= 0 || *tm.RetryAfter > 600 || *tm.Global {
		t.Errorf("the 429: Retry-After %q, body %s", a.h.Get("Retry-After"), a.body)
	}
	if a.h.Get("X-RateLimit-Scope") != discordtest.ScopeUser || a.h.Get("X-RateLimit-Remaining") != "0" || a.h.Get("X-RateLimit-Limit") != "2" {
		t.Errorf("the 429's headers: %v", a.h)
	}
	if got := fake.Renames("911"); !slices.Equal(got, []string{"Hijack #1: alice vs bob", "second"}) {
		t.Errorf("renames %q", got)
	}
	// Another thread counts apart; a channel needs Manage Channels, which
	// the bot is not given.
	fake.AddThread(guild, chanA, "912")
	if a := request(t, fake, http.MethodPatch, "/channels/912", map[string]any{"name": "b"}, fake.Token()); a.status != http.StatusOK {
		t.Errorf("renaming another thread: %d %s", a.status, a.body)
	}
	if a := request(t, fake, http.MethodPatch, "/channels/"+chanB, map[string]any{"name": "b"}, fake.Token()); a.status != http.StatusForbidden {
		t.Errorf("renaming a channel without Manage Channels: %d %s", a.status, a.body)
	}
	fake.ArchiveThread("911", true)
	if a := request(t, fake, http.MethodPatch, "/channels/911", map[string]any{"archived": false}, fake.Token()); a.status != http.StatusOK || fake.ThreadArchived("911") {
		t.Errorf("reopening after two renames: %d %s", a.status, a.body)
	}
}

// A rename is refused as Discord refuses it: a name of 0 or 101
// characters, an unknown channel, an archived thread (unless the request
// reopens it), a locked one; a refused rename changes nothing and does not
// count toward the limit.
func TestRenameThreadRefusals(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	fake.AddThread(guild, chanA, "911")
	patch := func(channel string, body map[string]any) (int, int) {
		t.Helper()
		a := request(t, fake, http.MethodPatch, "/channels/"+channel, body, fake.Token())
		code := 0
		if i := strings.Index(string(a.body), `"code":`); i >= 0 {
			code, _ = strconv.Atoi(strings.TrimRight(strings.SplitN(string(a.body[i+7:]), ",", 2)[0], "}"))
		}
		return a.status, code
	}
	for _, c := range []struct {
		what       string
		channel    string
		body       map[string]any
		status     int
		code       int
		setUp      func()
		wantRename bool
	}{
		{what: "an empty name", channel: "911", body: map[string]any{"name": ""}, status: 400, code: 50035},
		{what: "101 characters", channel: "911", body: map[string]any{"name": strings.Repeat("é", 101)}, status: 400, code: 50035},
		{what: "an unknown channel", channel: "999", body: map[string]any{"name": "x"}, status: 404, code: discordtest.CodeUnknownChannel},
		{what: "an archived thread", channel: "911", body: map[string]any{"name": "x"}, status: 400, code: discordtest.CodeThreadArchived,
			setUp: func() { fake.ArchiveThread("911", true) }},
		{what: "a locked thread", channel: "911", body: map[string]any{"name": "x", "archived": false}, status: 403, code: discordtest.CodeMissingPermissions,
			setUp: func() { fake.ArchiveThread("911", false) }},
	} {
		if c.setUp != nil {
			c.setUp()
		}
		if st, code := patch(c.channel, c.body); st != c.status || code != c.code {
			t.Errorf("%s: %d %d, want %d %d", c.what, st, code, c.status, c.code)
		}
	}
	if got := fake.Renames("911"); len(got) != 0 {
		t.Errorf("refused renames took effect: %q", got)
	}
	// An archived thread is renamed by the request that reopens it; 100
	// characters are a name.
	fake.ArchiveThread("911", true)
	long := strings.Repeat("é", 100)
	if st, code := patch("911", map[string]any{"name": long, "archived": false}); st != 200 || fake.ThreadArchived("911") {
		t.Errorf("rename and reopen: %d %d", st, code)
	}
	if st, _ := patch("911", map[string]any{"name": "again"}); st != 200 {
		t.Errorf("the second rename was refused (%d): refusals counted toward the limit", st)
	}
}
