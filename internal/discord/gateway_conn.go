package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

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
