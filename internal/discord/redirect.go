package discord

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// RedirectEnv names the environment variable that points a bot process at
// a fake Discord on loopback (host:port) instead of discord.com: the
// multi-process test runs the real binary against the fake this way. Only
// loopback addresses are accepted, so it can never send the token
// elsewhere.
const RedirectEnv = "STANDOFF_FAKE_DISCORD"

// RedirectTo returns an Options.Configure that sends every REST request
// and gateway connection of the session to addr, a loopback host:port.
func RedirectTo(addr string) (func(*discordgo.Session), error) {
	host, _, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		return nil, fmt.Errorf("%s=%q: only a loopback host:port such as 127.0.0.1:8081 is accepted", RedirectEnv, addr)
	}
	dial := func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "tcp", addr)
	}
	tr := &http.Transport{DialContext: dial, MaxIdleConnsPerHost: 16, IdleConnTimeout: 30 * time.Second}
	return func(s *discordgo.Session) {
		s.Client = &http.Client{Timeout: 20 * time.Second, Transport: rewrite{addr, tr}}
		s.Dialer = &websocket.Dialer{NetDialContext: dial, HandshakeTimeout: 10 * time.Second}
	}, nil
}

// rewrite sends a request to addr over plain HTTP, keeping its path (and
// the original host in the Host header, as the fake expects).
type rewrite struct {
	addr string
	rt   http.RoundTripper
}

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	out := req.Clone(req.Context())
	out.Host = req.URL.Host
	out.URL.Scheme, out.URL.Host = "http", r.addr
	return r.rt.RoundTrip(out)
}
