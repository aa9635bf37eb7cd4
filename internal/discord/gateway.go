package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"runtime"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// gateway is the bot's websocket connection to Discord. It replaces
// discordgo's, which reconnects forever whatever the close code (a wrong
// token or disallowed intents loop for ever while the bot looks alive) and
// answers Invalid Session (op 9) with an immediate Identify whatever it
// says. Here the session follows Discord's documented lifecycle: Hello,
// Identify (paced by the shards' identifyGate) or Resume, heartbeats with
// a zombie check, Reconnect (op 7), Invalid Session (disconnect, wait a
// random 1-5 s, then resume on a new connection when d is true, else
// identify anew at the gateway URL), resume after a dropped connection
// (given up after a few failures: the resume URL may be gone), and a stop
// with a clear error on the close codes reconnecting cannot fix.
type gateway struct {
	dialer  *websocket.Dialer
	token   string
	intents discordgo.Intent
	log     *slog.Logger
	url     func(context.Context) (string, error) // the gateway URL (GET /gateway/bot)
	shard   [2]int                                // [index, count] sent on identify

	gate          *identifyGate // shared by the shards
	onReady       func(*discordgo.Ready)
	onInteraction func(i *discordgo.InteractionCreate, thread bool)

	mu          sync.Mutex
	conn        *websocket.Conn
	sessionID   string
	resumeURL   string
	seq         int64
	base        string // the URL from GET /gateway/bot, cached
	resumeFails int    // resumes in a row that never got RESUMED
}

// Discord's gateway version and the opcodes the bot uses.
const (
	gatewayVersion   = "10"
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opResume         = 6
	opReconnect      = 7
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatAck   = 11
)

// fatalCloses are the close codes after which reconnecting cannot help,
// with what the operator must do.
var fatalCloses = map[int]string{
	4004: "authentication failed: the bot token is wrong or was reset; set a valid token (config token or DISCORD_TOKEN)",
	4010: "invalid shard: the shard sent on identify is not valid",
	4011: "sharding required: the bot is in too many servers for one connection; raise shards in the config (or set 0 for Discord's recommended count)",
	4012: "invalid API version: this build speaks a gateway version Discord no longer accepts; update the bot",
	4013: "invalid intents: the intents sent on identify are not a valid bitfield",
	4014: "disallowed intents: the bot asked for a privileged intent that is not enabled for it in the developer portal",
}

// GatewayError is why the gateway connection stopped for good.
type GatewayError struct {
	Code   int // the close code
	Reason string
}

func (e *GatewayError) Error() string {
	return fmt.Sprintf("Discord closed the gateway with code %d, %s", e.Code, e.Reason)
}

// errReconnect ends a connection that should be made again (and resumed
// when the session is still valid).
var errReconnect = errors.New("reconnect")

// invalidSession ends a connection on which Discord sent op 9 Invalid
// Session: the next one resumes (d true) or identifies anew (d false),
// after the random wait Discord asks for.
type invalidSession struct{ resumable bool }

func (e *invalidSession) Error() string {
	return fmt.Sprintf("invalid session (resumable: %v)", e.resumable)
}

// maxResumeFails is how many resumes in a row may fail before the session
// is given up: the resume URL may be gone for good, and "if you cannot
// reconnect or the reconnect fails, you should open a new connection
// using the URL from the initial call to Get Gateway Bot".
const maxResumeFails = 3

// fatal reports the errors that stop the gateway for good.
func fatal(err error) bool {
	var ge *GatewayError
	var se *SessionLimitError
	return errors.As(err, &ge) || errors.As(err, &se)
}

// invalidSessionWait is the random wait Discord asks for after op 9.
var invalidSessionWait = func() time.Duration {
	return time.Second + rand.N(4*time.Second)
}

// run keeps the session connected until ctx ends (nil) or a close code
// that reconnecting cannot fix (a *GatewayError). connected is called when
// the first connection is identified or failed, with its error.
func (g *gateway) run(ctx context.Context, connected func(error)) error {
	backoff := time.Second
	first := true
	for {
		resuming := g.resumable()
		identified := false
		err := g.connect(ctx, func() {
			identified = true
			if first {
				first = false
				connected(nil)
			}
		})
		if ctx.Err() != nil {
			return nil
		}
		if fatal(err) {
			g.log.Error("the Discord gateway cannot go on; not reconnecting", "err", err)
			if first {
				connected(err)
			}
			return err
		}
		if identified {
			backoff = time.Second
		} else if resuming {
			g.resumeFailed()
		}
		var inv *invalidSession
		switch {
		case errors.As(err, &inv):
			// "Wait a random amount of time between 1 and 5 seconds",
			// then a new connection: resume, or identify anew.
			wait := invalidSessionWait()
			g.log.Warn("the gateway invalidated the session; reconnecting", "resume", inv.resumable, "after", wait)
			if sleep(ctx, wait) != nil {
				return nil
			}
			continue
		case errors.Is(err, errReconnect):
			g.log.Info("reconnecting to the Discord gateway", "resume", g.resumable())
			continue
		}
		g.log.Warn("lost the Discord gateway connection; reconnecting", "after", backoff, "resume", g.resumable(), "err", err)
		if sleep(ctx, backoff) != nil {
			return nil
		}
		if backoff *= 2; backoff > time.Minute {
			backoff = time.Minute
		}
	}
}

// resumeFailed counts a resume that never got RESUMED; after
// maxResumeFails in a row the session is given up.
func (g *gateway) resumeFailed() {
	g.mu.Lock()
	g.resumeFails++
	giveUp := g.resumeFails >= maxResumeFails && g.sessionID != ""
	g.mu.Unlock()
	if giveUp {
		g.log.Warn("resuming failed several times in a row; identifying anew at the gateway URL", "attempts", maxResumeFails)
		g.forget()
	}
}

func (g *gateway) resumable() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.sessionID != ""
}

// forget drops the session: the next connection identifies anew.
func (g *gateway) forget() {
	g.mu.Lock()
	g.sessionID, g.resumeURL, g.seq, g.resumeFails = "", "", 0, 0
	g.mu.Unlock()
}

// gwPayload is one gateway message.
type gwPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  int64           `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

// connect runs one connection: dial, Hello, Identify or Resume, then
// dispatches until it ends. identified is called once READY or RESUMED
// arrives.
func (g *gateway) connect(ctx context.Context, identified func()) error {
	conn, err := g.dial(ctx)
	if err != nil {
		return err
	}
	g.mu.Lock()
	g.conn = conn
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		if g.conn == conn {
			g.conn = nil
		}
		g.mu.Unlock()
		conn.Close()
	}()
	// Close the connection when ctx ends, so the reads below return.
	stop := context.AfterFunc(ctx, func() { closeWith(conn, websocket.CloseNormalClosure) })
	defer stop()

	var wmu sync.Mutex
	send := func(op int, d any) error {
		b, err := json.Marshal(map[string]any{"op": op, "d": d})
		if err != nil {
			return err
		}
		wmu.Lock()
		defer wmu.Unlock()
		_ = conn.SetWriteDeadline(time.Now().Add(10 * time.Second))
		return conn.WriteMessage(websocket.TextMessage, b)
	}
	var hello struct {
		HeartbeatInterval int64 `json:"heartbeat_interval"`
	}
	p, err := read(conn)
	if err != nil {
		return closeError(err)
	}
	if p.Op != opHello || json.Unmarshal(p.D, &hello) != nil || hello.HeartbeatInterval <= 0 {
		return fmt.Errorf("expected Hello from the gateway, got op %d", p.Op)
	}
	hb := &heartbeat{acked: true, beats: make(chan struct{}, 1), done: make(chan struct{})}
	defer close(hb.done)
	go g.heartbeats(conn, send, time.Duration(hello.HeartbeatInterval)*time.Millisecond, hb)
	if err := g.hello(send); err != nil {
		return err
	}
	return g.receive(ctx, conn, hb, identified)
}

// dial opens a connection: at the resume URL to resume the session, else
// (after the shard's identify is let through) at the gateway URL.
func (g *gateway) dial(ctx context.Context) (*websocket.Conn, error) {
	g.mu.Lock()
	url, resume := g.resumeURL, g.sessionID != ""
	g.mu.Unlock()
	if !resume && g.gate != nil {
		// A new session: wait for the shard's identify bucket, and spend
		// one of the day's session starts.
		url = ""
		if err := g.gate.wait(ctx, g.shard[0]); err != nil {
			return nil, err
		}
	}
	if url == "" {
		if g.base == "" {
			base, err := g.url(ctx)
			if status(err) == http.StatusUnauthorized {
				return nil, &GatewayError{Code: 4004, Reason: fatalCloses[4004] + " (GET /gateway/bot answered 401)"}
			}
			if err != nil {
				return nil, fmt.Errorf("get the gateway URL: %w", err)
			}
			g.base = base
		}
		url = g.base
	}
	conn, _, err := g.dialer.DialContext(ctx, url+"?v="+gatewayVersion+"&encoding=json", http.Header{})
	if err != nil {
		g.mu.Lock()
		if resume && url == g.resumeURL {
			// "If you cannot reconnect or the reconnect fails, you should
			// open a new connection using the URL from the initial call
			// to Get Gateway Bot": the next attempt resumes there, and
			// identifies if Discord will not resume it.
			g.resumeURL = ""
		} else {
			g.base = "" // ask again next time
		}
		g.mu.Unlock()
		return nil, err
	}
	return conn, nil
}

// heartbeat is a connection's heartbeat state.
type heartbeat struct {
	mu    sync.Mutex
	acked bool          // no heartbeat outstanding
	beats chan struct{} // Discord asked for one now
	done  chan struct{} // the connection is over
}

// heartbeats sends the first heartbeat after interval * jitter, then one
// every interval or when Discord asks. A heartbeat not acknowledged by the
// next means a zombie connection: it is closed (not with 1000, which would
// end the session) to be resumed.
func (g *gateway) heartbeats(conn *websocket.Conn, send func(int, any) error, interval time.Duration, hb *heartbeat) {
	t := time.NewTimer(time.Duration(rand.Float64() * float64(interval)))
	defer t.Stop()
	for {
		select {
		case <-hb.done:
			return
		case <-t.C:
			t.Reset(interval)
		case <-hb.beats:
		}
		hb.mu.Lock()
		zombie := !hb.acked
		hb.acked = false
		hb.mu.Unlock()
		if zombie {
			g.log.Warn("no heartbeat acknowledgement from the gateway; reconnecting")
			closeWith(conn, 4000)
			return
		}
		g.mu.Lock()
		var seq any
		if g.seq > 0 {
			seq = g.seq
		}
		g.mu.Unlock()
		if err := send(opHeartbeat, seq); err != nil {
			return
		}
	}
}

// receive reads the connection until it ends, and says how it ended.
func (g *gateway) receive(ctx context.Context, conn *websocket.Conn, hb *heartbeat, identified func()) error {
	for {
		p, err := read(conn)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			var ce *websocket.CloseError
			if errors.As(err, &ce) && (ce.Code == 4007 || ce.Code == 4009) {
				g.forget() // invalid sequence or session timed out: identify anew
			}
			return closeError(err)
		}
		switch p.Op {
		case opDispatch:
			g.mu.Lock()
			if p.S > g.seq {
				g.seq = p.S
			}
			g.mu.Unlock()
			g.dispatch(p, identified)
		case opHeartbeat:
			select {
			case hb.beats <- struct{}{}:
			default:
			}
		case opHeartbeatAck:
			hb.mu.Lock()
			hb.acked = true
			hb.mu.Unlock()
		case opReconnect:
			closeWith(conn, 4000) // keep the session: resume
			return errReconnect
		case opInvalidSession:
			// "d" says whether the session may be resumed. Either way the
			// connection is done: the next one resumes or identifies anew
			// (run waits first, as Discord asks).
			var resumable bool
			_ = json.Unmarshal(p.D, &resumable)
			if !resumable {
				g.forget()
			}
			closeWith(conn, 4000) // not 1000, which would end a resumable session
			return &invalidSession{resumable}
		}
	}
}

// hello identifies, or resumes the session when there is one.
func (g *gateway) hello(send func(int, any) error) error {
	g.mu.Lock()
	id, seq := g.sessionID, g.seq
	g.mu.Unlock()
	if id != "" {
		return send(opResume, map[string]any{"token": g.token, "session_id": id, "seq": seq})
	}
	identify := map[string]any{
		"token":   g.token,
		"intents": g.intents,
		"properties": map[string]string{
			"os": runtime.GOOS, "browser": "standoff", "device": "standoff",
		},
	}
	if g.shard[1] > 0 {
		identify["shard"] = g.shard
	}
	err := send(opIdentify, identify)
	if g.gate != nil {
		g.gate.sent(g.shard[0])
	}
	return err
}

// dispatch handles the events the bot uses.
func (g *gateway) dispatch(p gwPayload, identified func()) {
	switch p.T {
	case "READY":
		var r discordgo.Ready
		var extra struct {
			ResumeURL string `json:"resume_gateway_url"`
		}
		if err := json.Unmarshal(p.D, &r); err != nil {
			g.log.Error("could not read READY", "err", err)
			return
		}
		_ = json.Unmarshal(p.D, &extra)
		g.mu.Lock()
		g.sessionID, g.resumeURL, g.resumeFails = r.SessionID, extra.ResumeURL, 0
		g.mu.Unlock()
		identified()
		if g.onReady != nil {
			g.onReady(&r)
		}
	case "RESUMED":
		g.log.Info("resumed the Discord gateway session")
		g.mu.Lock()
		g.resumeFails = 0
		g.mu.Unlock()
		identified()
	case "INTERACTION_CREATE":
		var i discordgo.InteractionCreate
		if err := json.Unmarshal(p.D, &i); err != nil || i.Interaction == nil {
			g.log.Error("could not read an interaction", "err", err)
			return
		}
		if g.onInteraction != nil {
			go g.onInteraction(&i, inThread(&i, p.D))
		}
	}
}

// read reads one payload.
func read(conn *websocket.Conn) (gwPayload, error) {
	var p gwPayload
	t, b, err := conn.ReadMessage()
	if err != nil {
		return p, err
	}
	if t != websocket.TextMessage {
		return p, fmt.Errorf("unexpected binary gateway message")
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return p, fmt.Errorf("bad gateway message: %w", err)
	}
	return p, nil
}

// closeError turns a read error into what run does next: a fatal close
// code, a close that ends the session (identify anew), or a plain error
// (resume).
func closeError(err error) error {
	var ce *websocket.CloseError
	if !errors.As(err, &ce) {
		return err
	}
	if reason, ok := fatalCloses[ce.Code]; ok {
		return &GatewayError{Code: ce.Code, Reason: reason}
	}
	return err
}

// closeWith sends a close frame with the code and closes the connection.
func closeWith(conn *websocket.Conn, code int) {
	_ = conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, ""), time.Now().Add(time.Second))
	_ = conn.Close()
}

// close ends the session: a 1000 close tells Discord the bot is gone.
func (g *gateway) close() {
	g.mu.Lock()
	conn := g.conn
	g.mu.Unlock()
	if conn != nil {
		closeWith(conn, websocket.CloseNormalClosure)
	}
}
