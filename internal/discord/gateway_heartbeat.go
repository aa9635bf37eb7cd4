package discord

import (
	"math/rand/v2"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

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
