package discord

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Discord counts per-route limits per top-level resource ("channels
// (channel_id), guilds (guild_id), and webhooks (webhook_id or webhook_id +
// webhook_token)"): other ids share the route's bucket.
func TestRouteKeys(t *testing.T) {
	for _, c := range []struct{ method, url, want string }{
		{"POST", discordgo.EndpointChannelMessages("901"), "POST channels/901/messages"},
		{"PATCH", discordgo.EndpointChannelMessage("901", "555"), "PATCH channels/901/messages/{id}"},
		{"PATCH", discordgo.EndpointChannelMessage("902", "556"), "PATCH channels/902/messages/{id}"},
		{"POST", discordgo.EndpointInteractionResponse("777", "tok"), "POST interactions/777/tok/callback"},
		{"POST", discordgo.EndpointWebhookToken("4000", "tok") + "?wait=true", "POST webhooks/4000/tok"},
		{"PUT", discordgo.EndpointApplicationGuildCommands("4000", "900"), "PUT applications/{id}/guilds/900/commands"},
	} {
		if got := routeKey(c.method, c.url); got != c.want {
			t.Errorf("routeKey(%s %s) = %q, want %q", c.method, c.url, got, c.want)
		}
	}
	if !interactionRoute(discordgo.EndpointInteractionResponse("1", "t")) || !interactionRoute(discordgo.EndpointWebhookToken("1", "t")) ||
		interactionRoute(discordgo.EndpointChannelMessages("1")) {
		t.Error("interactionRoute tells callbacks and follow-ups from the bot's own requests wrongly")
	}
}

// Only exhausted buckets are remembered, and expired ones are dropped, so
// the per-interaction routes do not pile up.
func TestBucketsStaySmall(t *testing.T) {
	r := &rest{buckets: map[string]*bucket{}}
	h := func(rem, after string) http.Header {
		return http.Header{"X-Ratelimit-Remaining": {rem}, "X-Ratelimit-Reset-After": {after}}
	}
	for i := 0; i < 1000; i++ {
		r.learn(routeKey("POST", discordgo.EndpointInteractionResponse("1", string(rune('a'+i%26))+string(rune('a'+i/26)))), h("4", "1.0"))
	}
	if len(r.buckets) != 0 {
		t.Errorf("%d buckets remembered for routes with requests left", len(r.buckets))
	}
	for i := 0; i < 300; i++ {
		r.learn(routeKey("POST", discordgo.EndpointChannelMessages(string(rune('a'+i%26))+string(rune('a'+i/26)))), h("0", "0.000"))
	}
	r.learn("POST channels/x/messages", h("0", "60"))
	if len(r.buckets) > 257 {
		t.Errorf("%d buckets kept, expired ones not dropped", len(r.buckets))
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := r.wait(ctx, "POST channels/x/messages", false); err == nil || time.Since(start) > time.Second {
		t.Errorf("wait on an exhausted bucket with a 50ms context: %v after %v", err, time.Since(start))
	}
}
