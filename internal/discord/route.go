package discord

import (
	"errors"
	"net/url"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// route is what the rate limits know of a request. Discord counts per-route
// limits per bucket (the X-RateLimit-Bucket it names for a route, shared by
// similar routes) and per top-level resource: "channels (channel_id),
// guilds (guild_id), and webhooks (webhook_id or webhook_id +
// webhook_token)". An interaction's callback is its own resource too.
type route struct {
	// template is the method and path with every id as {id} and every
	// interaction token as {token}: the routes that share a bucket.
	template string
	// major is the top-level resource (e.g. "channels/901"); for a webhook
	// or an interaction it holds the token, so it never leaves the process.
	major string
	// shown is the method and path without tokens, for logs and errors.
	shown string
}

// tokenHolders are the resources whose second path segment is a token.
func tokenHolder(s string) bool { return s == "webhooks" || s == "interactions" }

func parseRoute(method, rawURL string) route {
	path := strings.TrimPrefix(rawURL, discordgo.EndpointAPI)
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	parts := strings.Split(path, "/")
	shown := make([]string, len(parts))
	copy(shown, parts)
	var major string
	for i := 1; i < len(parts); i++ {
		prev := parts[i-1]
		if major == "" && tokenHolder(prev) && parts[i] != "" {
			major = prev + "/" + parts[i]
			parts[i] = "{id}"
			if i+1 < len(parts) {
				major += "/" + parts[i+1]
				parts[i+1], shown[i+1] = "{token}", "{token}"
				i++
			}
			continue
		}
		if major == "" && (prev == "channels" || prev == "guilds") && numeric(parts[i]) {
			major = prev + "/" + parts[i]
		}
		if numeric(parts[i]) {
			parts[i] = "{id}"
		}
	}
	return route{template: method + " " + strings.Join(parts, "/"), major: major, shown: method + " " + strings.Join(shown, "/")}
}

func numeric(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

// redactURL leaves interaction tokens out of a URL: they authenticate
// whoever holds them for 15 minutes, and a log is no place for them.
func redactURL(u string) string {
	for _, marker := range []string{"/interactions/", "/webhooks/"} {
		i := strings.Index(u, marker)
		if i < 0 {
			continue
		}
		start := i + len(marker)
		slash := strings.IndexByte(u[start:], '/')
		if slash < 0 {
			continue
		}
		from, to := start+slash+1, len(u)
		if j := strings.IndexAny(u[from:], "/?#"); j >= 0 {
			to = from + j
		}
		if to > from {
			return u[:from] + "{token}" + u[to:]
		}
	}
	return u
}

// redactError is err without the URL's interaction token: the HTTP client
// names the URL it failed to reach in its errors.
func redactError(err error) error {
	var ue *url.Error
	if !errors.As(err, &ue) {
		return err
	}
	clean := redactURL(ue.URL)
	if clean == ue.URL {
		return err
	}
	return &url.Error{Op: ue.Op, URL: clean, Err: ue.Err}
}
