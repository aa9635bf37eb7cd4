package telemetry

import (
	"regexp"
	"strings"
)

// maxRouteSegments bounds a route label's path: Discord's routes the bot
// uses have at most seven segments.
const maxRouteSegments = 8

// fixedSegment is a path segment that names a resource rather than one of
// them (channels, messages, @me, @original, callback).
var fixedSegment = regexp.MustCompile(`^(@?[a-z][a-z_-]*|\{id\}|\{token\})$`)

// apiPrefix is the API's versioned root, in whatever form a route arrives.
var apiPrefix = regexp.MustCompile(`^(https?://[^/]+)?/?api/v[0-9]+/`)

// RouteLabels splits "METHOD path" into a method and a route template whose
// values are bounded: every segment that is not a resource's name (an id,
// a token, an emoji, anything unexpected) becomes {id} or {token}, and the
// query is dropped. A user's, guild's or channel's id never becomes a
// label value.
func RouteLabels(route string) (method, path string) {
	method, path, ok := strings.Cut(route, " ")
	if !ok {
		method, path = "", route
	}
	switch method {
	case "GET", "POST", "PUT", "PATCH", "DELETE":
	default:
		method = "OTHER"
	}
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	path = apiPrefix.ReplaceAllString(path, "")
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) > maxRouteSegments {
		parts = append(parts[:maxRouteSegments], "...")
	}
	for i, p := range parts {
		switch {
		case p == "...":
		case i > 0 && (parts[i-1] == "{id}" || parts[i-1] == "{token}") && i > 1 && tokenHolder(parts[i-2]):
			// interactions/{id}/<token>, webhooks/{id}/<token>
			parts[i] = "{token}"
		case !fixedSegment.MatchString(p):
			parts[i] = "{id}"
		}
	}
	return method, "/" + strings.Join(parts, "/")
}

func tokenHolder(s string) bool { return s == "webhooks" || s == "interactions" }
