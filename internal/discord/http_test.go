package discord_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"standoff/internal/discord"
	"standoff/internal/discordtest"
)

// signed returns Discord's signature headers for body, made with key at ts.
func signed(key ed25519.PrivateKey, ts string, body []byte) http.Header {
	h := http.Header{}
	h.Set("X-Signature-Timestamp", ts)
	h.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, append([]byte(ts), body...))))
	return h
}

// TestVerifySignature checks Discord's request signing with real Ed25519
// keys: "X-Signature-Ed25519 over X-Signature-Timestamp + body, the
// application's public key", and stale timestamps (more than 5 minutes
// off) refused.
func TestVerifySignature(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	_, otherPriv, _ := ed25519.GenerateKey(nil)
	now := time.Unix(1_800_000_000, 0)
	ts := strconv.FormatInt(now.Unix(), 10)
	body := []byte(`{"type":2,"id":"1","token":"t"}`)
	good := signed(priv, ts, body)
	without := func(name string) http.Header {
		h := good.Clone()
		h.Del(name)
		return h
	}
	badHex := good.Clone()
	badHex.Set("X-Signature-Ed25519", "zz"+good.Get("X-Signature-Ed25519")[2:])
	flipped := good.Clone()
	sig, _ := hex.DecodeString(good.Get("X-Signature-Ed25519"))
	sig[10] ^= 0x40
	flipped.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	short := good.Clone()
	short.Set("X-Signature-Ed25519", good.Get("X-Signature-Ed25519")[:64])
	// A timestamp changed after signing: the signature covers it.
	retimed := good.Clone()
	retimed.Set("X-Signature-Timestamp", strconv.FormatInt(now.Unix()+1, 10))
	old := now.Add(-5*time.Minute - time.Second)
	future := now.Add(5*time.Minute + time.Second)
	edge := now.Add(-5 * time.Minute)

	cases := []struct {
		name   string
		key    ed25519.PublicKey
		header http.Header
		body   []byte
		now    time.Time
		ok     bool
	}{
		{"good", pub, good, body, now, true},
		{"good at five minutes old", pub, signed(priv, strconv.FormatInt(edge.Unix(), 10), body), body, now, true},
		{"tampered body", pub, good, []byte(`{"type":2,"id":"2","token":"t"}`), now, false},
		{"body with a byte appended", pub, good, append(append([]byte{}, body...), ' '), now, false},
		{"signature with a bit flipped", pub, flipped, body, now, false},
		{"signature not hex", pub, badHex, body, now, false},
		{"signature too short", pub, short, body, now, false},
		{"timestamp changed after signing", pub, retimed, body, now, false},
		{"signed by another key", pub, signed(otherPriv, ts, body), body, now, false},
		{"stale: signed over five minutes ago", pub, signed(priv, strconv.FormatInt(old.Unix(), 10), body), body, now, false},
		{"stale: signed over five minutes ahead", pub, signed(priv, strconv.FormatInt(future.Unix(), 10), body), body, now, false},
		{"timestamp not a number", pub, signed(priv, "yesterday", body), body, now, false},
		{"no signature header", pub, without("X-Signature-Ed25519"), body, now, false},
		{"no timestamp header", pub, without("X-Signature-Timestamp"), body, now, false},
		{"no headers", pub, http.Header{}, body, now, false},
	}
	for _, c := range cases {
		err := discord.VerifySignature(c.key, c.header, c.body, c.now)
		if (err == nil) != c.ok {
			t.Errorf("%s: err = %v, want ok = %v", c.name, err, c.ok)
		}
	}
}

func TestParsePublicKey(t *testing.T) {
	pub, _, _ := ed25519.GenerateKey(nil)
	k, err := discord.ParsePublicKey(hex.EncodeToString(pub))
	if err != nil || !bytes.Equal(k, pub) {
		t.Fatalf("ParsePublicKey of a real key: %v", err)
	}
	for _, bad := range []string{"", "abc", hex.EncodeToString(pub)[:62], "zz" + hex.EncodeToString(pub)[2:]} {
		if _, err := discord.ParsePublicKey(bad); err == nil || !strings.Contains(err.Error(), "64 hex digits") {
			t.Errorf("ParsePublicKey(%q) = %v, want a refusal naming the format", bad, err)
		}
	}
}

// TestEndpointRefusesForgeries sends the running bot's Interactions
// Endpoint what a forger or a replayer could: every request it cannot
// trust gets 401 and changes nothing; a signed PING gets a PONG.
func TestEndpointRefusesForgeries(t *testing.T) {
	t.Parallel()
	e := newEnv(t, overHTTP)
	_, forger, _ := ed25519.GenerateKey(nil)
	// A real interaction the fake built, to replay and tamper with.
	in := e.must(e.fake.RunCommand(alice, general, "game", "help"))
	e.answered(in)
	payload := in.Payload()
	now := strconv.FormatInt(time.Now().Unix(), 10)
	staleTS := strconv.FormatInt(time.Now().Add(-6*time.Minute).Unix(), 10)

	post := func(h http.Header, body []byte) (int, string) {
		req, _ := http.NewRequest(http.MethodPost, e.endpoint.URL, bytes.NewReader(body))
		for k, v := range h {
			req.Header[k] = v
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	tampered := bytes.Replace(payload, []byte(alice), []byte(eve), 1)
	cases := []struct {
		name string
		h    http.Header
		body []byte
	}{
		{"signed by another key", signed(forger, now, payload), payload},
		{"tampered body", e.fake.SignedHeaders(payload, time.Now()), tampered},
		{"stale replay", e.fake.SignedHeaders(payload, time.Now().Add(-6*time.Minute)), payload},
		{"no headers", http.Header{}, payload},
		{"timestamp only", http.Header{"X-Signature-Timestamp": {staleTS}}, payload},
	}
	before := e.fake.Calls(discordtest.RouteAny)
	for _, c := range cases {
		if status, body := post(c.h, c.body); status != http.StatusUnauthorized {
			t.Errorf("%s: %d %q, want 401", c.name, status, body)
		}
	}
	if after := e.fake.Calls(discordtest.RouteAny); after != before {
		t.Errorf("refused requests made %d calls to Discord", after-before)
	}

	ping := []byte(`{"id":"1","application_id":"` + e.fake.ApplicationID() + `","type":1,"token":"p","version":1}`)
	status, body := post(e.fake.SignedHeaders(ping, time.Now()), ping)
	var pong struct {
		Type int `json:"type"`
	}
	if status != http.StatusOK || json.Unmarshal([]byte(body), &pong) != nil || pong.Type != 1 {
		t.Errorf("signed PING answered %d %q, want 200 and type 1", status, body)
	}
	if resp, err := http.Get(e.endpoint.URL); err != nil || resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET on the endpoint: %v %v, want 405", resp, err)
	}
	health := func() int {
		resp, err := http.Get(e.endpoint.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if s := health(); s != http.StatusOK {
		t.Errorf("health check while serving: %d, want 200", s)
	}
	// Draining before a shutdown: out of the balancer's rotation, yet
	// what still reaches the process is answered.
	e.bot.Drain()
	if s := health(); s != http.StatusServiceUnavailable {
		t.Errorf("health check while draining: %d, want 503", s)
	}
	if _, msg := e.answered(e.must(e.fake.RunCommand(alice, general, "game", "help"))); !strings.Contains(msg.Content, "/game") {
		t.Errorf("an interaction while draining was answered %q", msg.Content)
	}
	e.bot.Close() // shutting down: out of the balancer's rotation
	if s := health(); s != http.StatusServiceUnavailable {
		t.Errorf("health check after Close: %d, want 503", s)
	}
	e.noErrorLogs()
}

// TestHTTPAnswerWithFiles: an HTTP response body carries no files, so an
// answer with an image is deferred (ephemeral as the answer is) and the
// image delivered by editing the deferred message.
func TestHTTPAnswerWithFiles(t *testing.T) {
	t.Parallel()
	e := newEnv(t, overHTTP)
	e.startHijack(general)
	resp, msg := e.answered(e.must(e.fake.RunCommand(alice, general, "hijack", "board")))
	if resp.Type != discordtest.CallbackDeferredChannelMessage || !resp.Ephemeral {
		t.Errorf("board answered with type %d (ephemeral %v), want a deferred ephemeral message", resp.Type, resp.Ephemeral)
	}
	if len(msg.Attachments) != 1 || !msg.Ephemeral {
		t.Errorf("board message: %d attachments, ephemeral %v; want one picture, ephemeral", len(msg.Attachments), msg.Ephemeral)
	}
	checkImages(t, []discordtest.Message{msg})
	e.noErrorsBut()
	e.noErrorLogs()
}

// TestHTTPModeWrongPublicKey: a public key that is not the application's
// would have every request refused in silence; the bot says so at start.
func TestHTTPModeWrongPublicKey(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t)
	other, _, _ := ed25519.GenerateKey(nil)
	bot, err := discord.New(discord.Options{Token: strings.TrimPrefix(fake.Token(), "Bot "), Configure: fake.Configure,
		PublicKey: other, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bot.Close() })
	if _, err := bot.Open(); err == nil || !strings.Contains(err.Error(), "public key") || !strings.Contains(err.Error(), fake.PublicKeyHex()) {
		t.Errorf("Open with another application's key: %v", err)
	}
	if st := fake.GatewayStats(); st.Connections != 0 {
		t.Errorf("HTTP mode opened %d gateway connections", st.Connections)
	}
}
