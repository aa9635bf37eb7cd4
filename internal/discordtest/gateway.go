package discordtest

import (
	"bytes"
	"compress/zlib"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"standoff/internal/discordapi"
)

const gatewayPath = "/gw"

// Gateway close codes.
const (
	CloseUnknownError         = 4000
	CloseUnknownOpcode        = 4001
	CloseDecodeError          = 4002
	CloseNotAuthenticated     = 4003
	CloseAuthenticationFailed = 4004
	CloseAlreadyAuthenticated = 4005
	CloseInvalidSeq           = 4007
	CloseInvalidShard         = 4010
	CloseInvalidAPIVersion    = 4012
	CloseRateLimited          = 4008
	CloseSessionTimedOut      = 4009
	CloseInvalidIntents       = 4013
	CloseDisallowedIntents    = 4014
)

// resumable tells whether Discord lets a client resume after the close code.
func resumable(code int) bool {
	switch code {
	case CloseAuthenticationFailed, CloseInvalidSeq, CloseSessionTimedOut, 4010, 4011, CloseInvalidAPIVersion,
		CloseInvalidIntents, CloseDisallowedIntents:
		return false
	}
	return true
}

func (s *Server) gatewayURL() string { return "ws://" + s.addr + gatewayPath }

type gateway struct {
	s        *Server
	upgrader websocket.Upgrader
	wg       sync.WaitGroup

	mu       sync.Mutex
	closed   bool
	conns    map[*gwConn]bool
	noAcks   bool // heartbeats go unanswered (a zombie connection)
	sessions map[string]*gwSession
	stats    GatewayStats
	limits   startLimits
}

// GatewayStats counts what happened on the gateway.
type GatewayStats struct {
	Connections int // websocket connections accepted
	Identifies  int
	Resumes     int // successful resumes
	Heartbeats  int
	Intents     int  // of the last Identify
	Connected   bool // a session is live on an open connection
	// Shards counts identifies per shard pair, as "index/count" ("0/1"
	// for an identify without a shard).
	Shards map[string]int
	// ResumeFrames is how many dispatches the sessions keep for a resume:
	// those no heartbeat has confirmed yet.
	ResumeFrames int
	// IdentifiesRefused counts identifies answered with op 9 for coming
	// too soon after another of their rate-limit key (max_concurrency).
	IdentifiesRefused int
	// SameSocketIdentifies counts identifies sent on a connection after
	// op 9 Invalid Session on it: Discord asks the client to disconnect
	// and identify on a new connection.
	SameSocketIdentifies int
	// SessionStartsLeft is session_start_limit.remaining.
	SessionStartsLeft int
	// TokenReset: an identify came with no session starts left; Discord
	// then ends every session and resets the bot token.
	TokenReset bool
	// ResumeURLRefused counts connections refused at the resume URL
	// (KillResumeURL).
	ResumeURLRefused int
	// ThreadCreates counts THREAD_CREATE dispatches sent (one per session
	// that asked for the GUILDS intent and carries the thread's guild).
	ThreadCreates int
}

type gwSession struct {
	id       string
	shard    [2]int // [index, count] from identify; [0, 1] without
	seq      int64
	acked    int64     // the last sequence number a heartbeat confirmed
	log      []gwFrame // the frames after acked, for a resume
	conn     *gwConn
	valid    bool
	compress bool
	intents  int // of the identify that started it
}

type gwFrame struct {
	seq  int64
	data []byte
}

type gwConn struct {
	ws          *websocket.Conn
	wmu         sync.Mutex
	session     *gwSession
	identified  bool
	dropped     bool // closed by the server
	invalidated bool // op 9 was sent on it
}

func newGateway(s *Server) *gateway {
	return &gateway{
		s:        s,
		upgrader: websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }},
		conns:    map[*gwConn]bool{},
		sessions: map[string]*gwSession{},
		limits: startLimits{total: DefaultSessionStarts, remaining: DefaultSessionStarts, resetAt: time.Now().Add(24 * time.Hour),
			maxConcurrency: 1, window: DefaultIdentifyWindow, last: map[int]time.Time{}},
	}
}

func (c *gwConn) write(msgType int, b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_ = c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return c.ws.WriteMessage(msgType, b)
}

func (c *gwConn) writeJSON(v any) error {
	b, _ := json.Marshal(v)
	return c.write(websocket.TextMessage, b)
}

// closeWith sends a close frame with the code, then closes the connection.
func (c *gwConn) closeWith(code int, reason string) {
	c.wmu.Lock()
	_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(time.Second))
	c.wmu.Unlock()
	_ = c.ws.Close()
}

func (g *gateway) serve(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		http.Error(w, "closed", http.StatusServiceUnavailable)
		return
	}
	if r.URL.Path == resumePath && g.limits.resumeDead {
		g.stats.ResumeURLRefused++
		g.mu.Unlock()
		http.Error(w, "gone", http.StatusNotFound)
		return
	}
	g.wg.Add(1)
	g.mu.Unlock()
	defer g.wg.Done()

	ws, err := g.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gwConn{ws: ws}
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		_ = ws.Close()
		return
	}
	g.conns[c] = true
	g.stats.Connections++
	g.mu.Unlock()
	g.s.notify()

	defer func() {
		_ = ws.Close()
		g.mu.Lock()
		delete(g.conns, c)
		if sess := c.session; sess != nil && sess.conn == c {
			sess.conn = nil
		}
		g.mu.Unlock()
		g.s.notify()
	}()

	if v := r.URL.Query().Get("v"); v != discordapi.Version {
		// Discord closes a session on a version it does not serve with
		// 4012; the fake serves only the bot's (see apiPrefix).
		c.closeWith(CloseInvalidAPIVersion, "Invalid API version")
		return
	}
	hello := map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": g.s.cfg.heartbeatInterval.Milliseconds()}}
	if c.writeJSON(hello) != nil {
		return
	}
	for {
		_, msg, err := ws.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) && (ce.Code == websocket.CloseNormalClosure || ce.Code == websocket.CloseGoingAway) {
				// Discord ends the session when the client closes with 1000 or 1001.
				g.mu.Lock()
				if c.session != nil && !c.dropped {
					c.session.valid = false
				}
				g.mu.Unlock()
			}
			return
		}
		if !g.handle(c, msg) {
			return
		}
	}
}

// handle processes one client payload; false ends the connection.
func (g *gateway) handle(c *gwConn, msg []byte) bool {
	var p struct {
		Op int             `json:"op"`
		D  json.RawMessage `json:"d"`
	}
	if json.Unmarshal(msg, &p) != nil {
		c.closeWith(CloseDecodeError, "Decode error")
		return false
	}
	switch p.Op {
	case 1:
		// A heartbeat carries the last sequence number the client
		// received ("d"): it will never ask to have those frames again,
		// so they are dropped, as Discord keeps only what a resume needs.
		var seq int64
		_ = json.Unmarshal(p.D, &seq)
		g.mu.Lock()
		g.stats.Heartbeats++
		if sess := c.session; sess != nil && seq > sess.acked && seq <= sess.seq {
			sess.acked = seq
			i := 0
			for i < len(sess.log) && sess.log[i].seq <= seq {
				i++
			}
			sess.log = append([]gwFrame(nil), sess.log[i:]...)
		}
		silent := g.noAcks
		g.mu.Unlock()
		g.s.notify()
		if silent {
			return true
		}
		return c.writeJSON(map[string]any{"op": 11}) == nil
	case 2:
		return g.identify(c, p.D)
	case 6:
		return g.resume(c, p.D)
	case 3, 4, 8:
		g.mu.Lock()
		identified := c.identified
		g.mu.Unlock()
		if !identified {
			c.closeWith(CloseNotAuthenticated, "Not authenticated")
			return false
		}
		return true // presence, voice and member requests are accepted and ignored
	}
	c.closeWith(CloseUnknownOpcode, "Unknown opcode")
	return false
}

// sendLocked numbers a dispatch, keeps it for resumes and writes it to the
// session's connection if there is one. Call with g.mu held.
func (g *gateway) sendLocked(sess *gwSession, t string, d any, compress bool) error {
	raw, ok := d.(json.RawMessage)
	if !ok {
		raw, _ = json.Marshal(d)
	}
	if len(raw) == 0 {
		raw = json.RawMessage("null")
	}
	sess.seq++
	// Written by hand around the payload, which is JSON already: marshaling
	// a map would scan and copy every interaction's payload once more.
	name, _ := json.Marshal(t)
	frame := make([]byte, 0, len(raw)+len(name)+40)
	frame = append(frame, `{"op":0,"s":`...)
	frame = strconv.AppendInt(frame, sess.seq, 10)
	frame = append(frame, `,"t":`...)
	frame = append(frame, name...)
	frame = append(frame, `,"d":`...)
	frame = append(frame, raw...)
	frame = append(frame, '}')
	sess.log = append(sess.log, gwFrame{sess.seq, frame})
	c := sess.conn
	if c == nil {
		return nil
	}
	var err error
	if compress {
		var buf bytes.Buffer
		zw := zlib.NewWriter(&buf)
		_, _ = zw.Write(frame)
		_ = zw.Close()
		err = c.write(websocket.BinaryMessage, buf.Bytes())
	} else {
		err = c.write(websocket.TextMessage, frame)
	}
	if err != nil {
		// The client will resume and get the frame again from the log.
		c.dropped = true
		_ = c.ws.Close()
		sess.conn = nil
	}
	return err
}

// dispatchRaw sends a dispatch to every live session (normally the bot's
// one) that carries the guild: the shard (guild_id >> 22) % num_shards,
// shard 0 for DMs (guild "").
func (g *gateway) dispatchRaw(t string, data []byte, guild string) error {
	g.mu.Lock()
	n := 0
	for _, sess := range g.sessions {
		if sess.valid && sess.shard[0] == ShardOf(guild, sess.shard[1]) {
			_ = g.sendLocked(sess, t, json.RawMessage(data), false)
			n++
		}
	}
	g.mu.Unlock()
	if n == 0 {
		return errors.New("discordtest: no bot session on the gateway (open the discordgo session first)")
	}
	return nil
}

func (g *gateway) close() {
	g.mu.Lock()
	g.closed = true
	for c := range g.conns {
		c.dropped = true
		_ = c.ws.Close()
	}
	g.mu.Unlock()
	g.wg.Wait()
}

func (s *Server) notify() {
	s.mu.Lock()
	s.notifyLocked()
	s.mu.Unlock()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// ShardOf is the shard that receives a guild's events: (guild_id >> 22) %
// num_shards; DMs (guild "") go to shard 0.
func ShardOf(guild string, shards int) int {
	if guild == "" || shards <= 1 {
		return 0
	}
	id, err := strconv.ParseUint(guild, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(shards))
}
