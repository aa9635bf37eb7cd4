package telemetry

import (
	"net/http"
	"testing"
)

// BenchmarkDiscordRequest is what every request to Discord costs the
// metrics: its route's labels, then its counter.
func BenchmarkDiscordRequest(b *testing.B) {
	m := New("hijack", "hijacked", "hunted", "lockedout")
	resp := &http.Response{StatusCode: 200}
	routes := []string{
		"POST /api/v10/interactions/123456789012345678/aW50ZXJhY3Rpb246MTIzNDU2Nzg5/callback",
		"PATCH /api/v10/webhooks/123456789012345678/aW50ZXJhY3Rpb24tdG9rZW4/messages/@original",
		"POST /api/v10/channels/123456789012345678/messages",
		"PATCH /api/v10/channels/123456789012345678/messages/876543210987654321",
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m.DiscordRequest(routes[i%len(routes)], i%2 == 0, resp)
		i++
	}
}
