package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"standoff/internal/discordapi"
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

// Discord's gateway version (the same as REST's: internal/discordapi
// moves discordgo's endpoints to it) and the opcodes the bot uses.
const (
	gatewayVersion   = discordapi.Version
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

// close ends the session: a 1000 close tells Discord the bot is gone.
func (g *gateway) close() {
	g.mu.Lock()
	conn := g.conn
	g.mu.Unlock()
	if conn != nil {
		closeWith(conn, websocket.CloseNormalClosure)
	}
}
