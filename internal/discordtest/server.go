package discordtest

import (
	"context"
	"crypto/ed25519"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"standoff/internal/discordapi"
)

// Defaults match Discord's real limits and deadlines, except the heartbeat
// interval (Discord: about 41 s), short enough that tests see heartbeats yet
// long enough that discordgo's zombie check (5 intervals without an ack)
// never fires on a loaded CI machine.
const (
	DefaultInteractionDeadline = 3 * time.Second
	DefaultTokenLifetime       = 15 * time.Minute
	DefaultHeartbeatInterval   = 5 * time.Second
	DefaultMaxFileSize         = 10 << 20
	DefaultToken               = "Bot discordtest.fake.token"
	DefaultBotID               = "4000000000000001"
	DefaultApplicationID       = "4000000000000001"
)

type config struct {
	deadline          time.Duration
	tokenLifetime     time.Duration
	heartbeatInterval time.Duration
	maxFileSize       int64
	token             string
	botID, botName    string
	appID             string
	shards            int  // recommended by GET /gateway/bot
	dropFiles         bool // keep no bytes of uploaded files
	limits            *Limits
}

// ServerOption changes a setting of New.
type ServerOption func(*config)

// WithInteractionDeadline sets how long after dispatch an interaction still
// accepts its initial response (Discord: 3 seconds).
func WithInteractionDeadline(d time.Duration) ServerOption {
	return func(c *config) { c.deadline = d }
}

// WithTokenLifetime sets how long an interaction token accepts follow-ups and
// edits (Discord: 15 minutes).
func WithTokenLifetime(d time.Duration) ServerOption {
	return func(c *config) { c.tokenLifetime = d }
}

// WithHeartbeatInterval sets the interval announced in the gateway Hello.
func WithHeartbeatInterval(d time.Duration) ServerOption {
	return func(c *config) { c.heartbeatInterval = d }
}

// WithMaxFileSize sets the per-file upload limit (Discord: 10 MiB in a server
// without boosts, and in DMs).
func WithMaxFileSize(n int64) ServerOption {
	return func(c *config) { c.maxFileSize = n }
}

// WithBot sets the bot's token (including the "Bot " prefix), user id and name.
func WithBot(token, userID, name string) ServerOption {
	return func(c *config) { c.token, c.botID, c.botName = token, userID, name }
}

// WithApplicationID sets the application id (by default the bot's user id, as
// for every application created since 2020).
func WithApplicationID(id string) ServerOption {
	return func(c *config) { c.appID = id }
}

// WithRecommendedShards sets the shard count GET /gateway/bot recommends
// (Discord: one per 1,000 servers or so; here 1 by default).
func WithRecommendedShards(n int) ServerOption {
	return func(c *config) { c.shards = n }
}

// WithoutFileBytes makes the server keep every uploaded file's name, size,
// type and dimensions but not its bytes: a load test sends thousands of
// pictures nobody looks at again, and keeping them all would measure the
// fake's memory more than the bot's. The files are still read and checked
// as Discord checks them (sizes, counts); Attachment.Data is nil and the
// CDN answers 404 for them, as for an expired link.
func WithoutFileBytes() ServerOption {
	return func(c *config) { c.dropFiles = true }
}

// Server is one fake Discord. All methods are safe for concurrent use.
type Server struct {
	tb   testing.TB
	cfg  config
	http *httptest.Server
	addr string // host:port of the loopback listener

	transport *http.Transport
	gw        *gateway

	lastID atomic.Uint64

	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every state change
	closed  bool
	closing chan struct{}

	users        map[string]*userState
	guilds       map[string]*guildState
	channels     map[string]*channelState
	messages     map[string]*Message
	interactions map[string]*interactionState // by id
	byToken      map[string]*interactionState
	commands     map[string][]*discordgo.ApplicationCommand // by guild id; "" = global
	attachments  map[string]*Attachment                     // by id, for the CDN

	nonces    map[string]*Message // channel/nonce -> the message created with it
	nonceHits int                 // creates answered with an earlier message

	calls    map[string]int
	restErrs []RESTError
	faults   map[string][]Fault
	// globalUntil is when the global rate limit started by a global 429
	// ends.
	globalUntil time.Time
	delays      map[string]time.Duration

	// HTTP interactions (http.go): the application's signing key, the
	// endpoints interactions go to (none: the gateway), deliveries per
	// endpoint.
	signer     ed25519.PrivateKey
	endpoints  []string
	install    installParams // the application's install link
	deliveries map[string]int

	// Discord's rate limits (limits.go) and what they saw.
	rl       rateLimiter
	requests []Request      // every API request, in order (requests.go)
	notified []Notification // who was notified of what (notify.go)
	threads  []Thread       // the threads the bot started (threads.go)
}

// New starts a fake Discord on loopback; t.Cleanup closes it. Close the
// discordgo sessions of the test before that (register their Cleanup after
// calling New, cleanups run last-in first-out).
func New(t testing.TB, opts ...ServerOption) *Server {
	t.Helper()
	cfg := config{
		deadline:          DefaultInteractionDeadline,
		tokenLifetime:     DefaultTokenLifetime,
		heartbeatInterval: DefaultHeartbeatInterval,
		maxFileSize:       DefaultMaxFileSize,
		token:             DefaultToken,
		botID:             DefaultBotID,
		botName:           "Standoff",
		shards:            1,
	}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.appID == "" {
		cfg.appID = cfg.botID
	}
	s := &Server{
		tb:           t,
		cfg:          cfg,
		changed:      make(chan struct{}),
		closing:      make(chan struct{}),
		users:        map[string]*userState{},
		guilds:       map[string]*guildState{},
		channels:     map[string]*channelState{},
		messages:     map[string]*Message{},
		interactions: map[string]*interactionState{},
		byToken:      map[string]*interactionState{},
		commands:     map[string][]*discordgo.ApplicationCommand{},
		attachments:  map[string]*Attachment{},
		nonces:       map[string]*Message{},
		calls:        map[string]int{},
		faults:       map[string][]Fault{},
		delays:       map[string]time.Duration{},
		deliveries:   map[string]int{},
	}
	_, s.signer, _ = ed25519.GenerateKey(nil)
	s.install = installParams{set: true, scopes: []string{"applications.commands", "bot"}, perms: botPermissions}
	if cfg.limits == nil {
		l := DiscordLimits()
		cfg.limits = &l
	}
	s.rl.reset(*cfg.limits)
	s.gw = newGateway(s)
	s.http = httptest.NewServer(http.HandlerFunc(s.serveHTTP))
	u, _ := url.Parse(s.http.URL)
	s.addr = u.Host
	s.transport = &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "tcp", s.addr)
		},
		MaxIdleConnsPerHost: 16,
		IdleConnTimeout:     30 * time.Second,
	}
	t.Cleanup(s.Close)
	return s
}

// Close stops the server: gateway connections are closed, pending requests
// are abandoned and waiting calls return. It is idempotent.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	close(s.closing)
	s.notifyLocked()
	s.mu.Unlock()
	s.gw.close()
	s.http.CloseClientConnections()
	s.http.Close()
	s.transport.CloseIdleConnections()
}

// Configure points a discordgo session at this server without touching
// discordgo's package-level endpoints: every REST request of the session is
// sent here whatever its host, and the gateway dialer always dials here.
func (s *Server) Configure(dg *discordgo.Session) {
	dg.Client = s.HTTPClient()
	dg.Dialer = &websocket.Dialer{
		NetDialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "tcp", s.addr)
		},
		HandshakeTimeout: 5 * time.Second,
	}
	dg.MaxRestRetries = 1
}

// HTTPClient returns a client whose every request goes to this server.
func (s *Server) HTTPClient() *http.Client {
	return &http.Client{Transport: rewriter{s}, Timeout: 15 * time.Second}
}

// NewSession returns a discordgo session with the bot's token, configured
// against this server (not yet opened).
func (s *Server) NewSession() *discordgo.Session {
	dg, err := discordgo.New(s.cfg.token)
	if err != nil {
		s.tb.Fatalf("discordtest: discordgo.New: %v", err)
	}
	s.Configure(dg)
	return dg
}

// Token is the bot token the server accepts, "Bot " prefix included.
func (s *Server) Token() string { return s.cfg.token }

// BotUserID is the bot's user id.
func (s *Server) BotUserID() string { return s.cfg.botID }

// ApplicationID is the bot's application id.
func (s *Server) ApplicationID() string { return s.cfg.appID }

// URL is the base URL of the loopback server.
func (s *Server) URL() string { return s.http.URL }

// rewriter sends every request, whatever its host, to the fake. The original
// host is kept in the Host header so the fake can tell the CDN from the API.
type rewriter struct{ s *Server }

func (rw rewriter) RoundTrip(r *http.Request) (*http.Response, error) {
	r2 := r.Clone(r.Context())
	r2.Host = r.URL.Host
	r2.URL.Scheme = "http"
	r2.URL.Host = rw.s.addr
	return rw.s.transport.RoundTrip(r2)
}

// newID returns a fresh snowflake carrying the current time, as Discord's do,
// so a bot reading the creation time from an id gets a sensible answer.
func (s *Server) newID() string {
	for {
		last := s.lastID.Load()
		id := uint64(time.Now().UnixMilli()-1420070400000) << 22
		if id <= last {
			id = last + 1
		}
		if s.lastID.CompareAndSwap(last, id) {
			return strconv.FormatUint(id, 10)
		}
	}
}

// notifyLocked wakes every waiter; call with s.mu held after a change.
func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// WaitUntil calls cond after every change of the server's state until it
// returns true, the timeout passes (an error) or the server closes. cond may
// call the server's accessors.
func (s *Server) WaitUntil(timeout time.Duration, cond func() bool) error {
	return s.wait(timeout, func() <-chan struct{} { return s.changed }, cond)
}

// apiPrefix is the prefix of the API version the fake serves: the bot
// speaks v10 (internal/discordapi). Discord still serves v9, but the fake
// refuses it, and requests without a version, with 400 Invalid API
// version (50041), so that no request is left behind on an older one.
const apiPrefix = "/api/v" + discordapi.Version + "/"

// apiPath strips the /api and /api/vN prefixes.
func apiPath(p string) (string, bool) {
	if !strings.HasPrefix(p, "/api/") {
		return p, false
	}
	p = strings.TrimPrefix(p, "/api")
	if strings.HasPrefix(p, "/v") {
		rest := p[2:]
		i := strings.IndexByte(rest, '/')
		if i > 0 {
			if _, err := strconv.Atoi(rest[:i]); err == nil {
				p = rest[i:]
			}
		}
	}
	return p, true
}
