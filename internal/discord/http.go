package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"standoff/storage"

	"github.com/bwmarrin/discordgo"
)

// HTTP interactions: Discord POSTs every interaction to the application's
// Interactions Endpoint URL instead of sending it on the gateway, signed
// with the application's Ed25519 key, and reads the first response from
// the HTTP response body. Any number of processes behind a load balancer
// can then serve one application; none holds a gateway session.

// signatureMaxAge bounds how far a request's timestamp may be from now,
// either way: an older signed request is a replay, a newer one a clock
// that cannot be trusted.
const signatureMaxAge = 5 * time.Minute

// maxInteractionBody bounds the body read before the signature is checked
// (interactions are a few kilobytes; resolved data can add some).
const maxInteractionBody = 1 << 20

// ParsePublicKey reads the application's public key as the developer
// portal shows it (64 hex digits).
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("public key %q is not 64 hex digits (copy the PUBLIC KEY of the application from the developer portal)", s)
	}
	return ed25519.PublicKey(b), nil
}

// Signature errors, all answered with 401.
var (
	errNoSignature  = errors.New("missing X-Signature-Ed25519 or X-Signature-Timestamp")
	errBadSignature = errors.New("invalid request signature")
	errStale        = errors.New("request timestamp more than 5 minutes from now")
)

// VerifySignature checks a request as Discord signs it: an Ed25519
// signature (hex, X-Signature-Ed25519) over the timestamp header
// (X-Signature-Timestamp, Unix seconds) followed by the raw body, made
// with the application's key, and a timestamp within five minutes of now.
func VerifySignature(key ed25519.PublicKey, h http.Header, body []byte, now time.Time) error {
	sigHex, ts := h.Get("X-Signature-Ed25519"), h.Get("X-Signature-Timestamp")
	if sigHex == "" || ts == "" {
		return errNoSignature
	}
	sig, err := hex.DecodeString(sigHex)
	if err != nil || len(sig) != ed25519.SignatureSize || len(key) != ed25519.PublicKeySize {
		return errBadSignature
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	if !ed25519.Verify(key, msg, sig) {
		return errBadSignature
	}
	// The timestamp is checked after the signature, so that a forged
	// timestamp is reported as a forgery.
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return errBadSignature
	}
	if d := now.Sub(time.Unix(secs, 0)); d > signatureMaxAge || d < -signatureMaxAge {
		return errStale
	}
	return nil
}

// Handler is the Interactions Endpoint: mount it where the load balancer
// sends Discord's requests (POST, any path). It needs Options.PublicKey.
// GET /healthz answers 200 while the bot serves interactions, 503 while it
// starts, drains (Drain) or stops.
func (b *Bot) Handler() http.Handler { return http.HandlerFunc(b.serveHTTP) }

func (b *Bot) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && r.URL.Path == "/healthz" {
		b.serveHealth(w)
		return
	}
	body, ok := b.readSigned(w, r)
	if !ok {
		return
	}
	var i discordgo.InteractionCreate
	if err := json.Unmarshal(body, &i); err != nil {
		http.Error(w, "not an interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		writeResponse(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	if !b.admitRequest(w, r, i.ID) {
		return
	}
	b.answerInBody(r.Context(), w, &i, body)
}

// serveHealth is for the load balancer: 200 while interactions are
// answered, 503 while starting, draining or shutting down (take it out of
// rotation).
func (b *Bot) serveHealth(w http.ResponseWriter) {
	b.mu.Lock()
	serving, draining := b.router != nil && !b.closed, b.draining
	b.mu.Unlock()
	switch {
	case !serving:
		http.Error(w, "not serving", http.StatusServiceUnavailable)
	case draining:
		http.Error(w, "draining before shutdown", http.StatusServiceUnavailable)
	default:
		_, _ = io.WriteString(w, "ok\n")
	}
}

// readSigned reads a POSTed body and checks Discord's signature over it;
// when it returns false it has written the refusal.
func (b *Bot) readSigned(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "interactions are POSTed", http.StatusMethodNotAllowed)
		return nil, false
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxInteractionBody+1))
	if err != nil || len(body) > maxInteractionBody {
		http.Error(w, "body unreadable or too large", http.StatusBadRequest)
		return nil, false
	}
	if err := VerifySignature(b.opts.PublicKey, r.Header, body, time.Now()); err != nil {
		// Discord checks that bad signatures are refused before it saves
		// the endpoint URL, and the refusal is all a forger gets.
		b.log.Debug("refused an interaction request", "remote", r.RemoteAddr, "err", err)
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return nil, false
	}
	return body, true
}

// admitRequest records the interaction as taken, so that a replay of the
// same signed request is refused; when it returns false it has written the
// refusal.
func (b *Bot) admitRequest(w http.ResponseWriter, r *http.Request, id string) bool {
	code, err := b.admit(r.Context(), id, time.Now())
	switch {
	case code == 0:
		return true
	case code == http.StatusServiceUnavailable && errors.Is(err, storage.ErrUnavailable):
		// The database is down: the router cannot move a game either,
		// and answers the player that the storage is briefly
		// unavailable (a refusal here would show them only
		// "interaction failed"). A replay in this window finds the
		// database down as well.
		b.log.Warn("could not record an interaction as taken: the database is unavailable; answering it", "id", id, "err", err)
		return true
	case code == http.StatusServiceUnavailable:
		b.log.Error("could not record an interaction as taken; refusing it", "id", id, "err", err)
		http.Error(w, "could not record the interaction", code)
		return false
	default:
		// A replayed or stale request, validly signed: somebody
		// captured it, or this machine's clock is off.
		b.log.Warn("refused an interaction request", "id", id, "remote", r.RemoteAddr, "err", err)
		http.Error(w, err.Error(), code)
		return false
	}
}

// answerInBody handles an admitted interaction. The first response goes
// into this request's body; handle runs on (follow-ups, the router's
// messages) after it is written.
func (b *Bot) answerInBody(ctx context.Context, w http.ResponseWriter, i *discordgo.InteractionCreate, body []byte) {
	type written struct {
		r  *discordgo.InteractionResponse
		ok chan bool
	}
	firsts := make(chan written)
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		// Files never ride in a response body (handle defers them), so
		// neither do their descriptions.
		b.handle(i, inThread(i, body), func(resp *discordgo.InteractionResponse, _ ...attachmentEntry) bool {
			wr := written{resp, make(chan bool, 1)}
			select {
			case firsts <- wr:
				return <-wr.ok
			case <-ctx.Done():
				return false
			}
		}, true)
	}()
	select {
	case wr := <-firsts:
		wr.ok <- writeResponse(w, wr.r) == nil
	case <-finished:
		// An interaction the bot does not take (no user): Discord shows
		// it as failed, as it would over the gateway.
		http.Error(w, "interaction not handled", http.StatusBadRequest)
	case <-ctx.Done():
	}
}

// writeResponse writes an interaction response (never with files: those
// are deferred by handle) as the HTTP response body.
func writeResponse(w http.ResponseWriter, r *discordgo.InteractionResponse) error {
	data, err := json.Marshal(r)
	if err != nil {
		http.Error(w, "could not encode the response", http.StatusInternalServerError)
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	_, err = io.Copy(w, bytes.NewReader(data))
	if f, ok := w.(http.Flusher); ok && err == nil {
		// The whole answer reaches Discord now, before the follow-ups and
		// edits that use the interaction's token are sent.
		f.Flush()
	}
	return err
}

// openHTTP learns the bot's user id and application id over REST, as
// READY tells them on the gateway.
func (b *Bot) openHTTP() (string, error) {
	if len(b.opts.PublicKey) != ed25519.PublicKeySize {
		return "", errors.New("HTTP interactions need the application's public key (public_key in the config)")
	}
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	var me discordgo.User
	if err := b.api.call(ctx, http.MethodGet, discordgo.EndpointUser("@me"), nil, nil, &me); err != nil {
		return "", fmt.Errorf("read the bot's user: %w", err)
	}
	var app discordgo.Application
	if err := b.api.call(ctx, http.MethodGet, discordgo.EndpointApplication("@me"), nil, nil, &app); err != nil {
		return "", fmt.Errorf("read the bot's application: %w", err)
	}
	if app.VerifyKey != "" && app.VerifyKey != hex.EncodeToString(b.opts.PublicKey) {
		// Every request would be refused: say so now rather than 401 in
		// silence.
		return "", fmt.Errorf("public key in the config is not this application's (the developer portal shows %s)", app.VerifyKey)
	}
	b.userID, b.appID = me.ID, app.ID
	if b.appID == "" {
		b.appID = me.ID
	}
	b.log.Info("ready for HTTP interactions", "user", me.Username)
	return b.userID, nil
}
