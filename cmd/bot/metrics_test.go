package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"standoff/internal/telemetry"
)

func loadBody(t *testing.T, body string) (config, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "c.toml")
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return loadConfig(path)
}

// log_format takes "text" (the default) or "json"; anything else is
// refused with what would be right.
func TestLogFormatFromTheFile(t *testing.T) {
	for body, json := range map[string]bool{"": false, `log_format = "text"`: false, `log_format = "json"`: true} {
		c, err := loadBody(t, body)
		if err != nil {
			t.Fatalf("%q: %v", body, err)
		}
		var buf bytes.Buffer
		log, err := c.newLogger(&buf)
		if err != nil {
			t.Fatal(err)
		}
		log.Info("hello", "game", 3)
		if got := strings.HasPrefix(buf.String(), "{"); got != json {
			t.Errorf("%q logged %q", body, buf.String())
		}
	}
	if _, err := loadBody(t, `log_format = "logfmt"`); err == nil || !strings.Contains(err.Error(), `"json"`) {
		t.Errorf("log_format = logfmt: %v", err)
	}
	if _, err := loadBody(t, `metrics_listen = "a:b:c"`); err == nil {
		t.Error("a bad metrics_listen was accepted")
	}
}

// In HTTP mode /metrics is on the endpoint's port unless metrics_listen
// gives it an address of its own; in gateway mode only metrics_listen
// serves it, on loopback for a bare port.
func TestMetricsWhereServed(t *testing.T) {
	m := newMetrics()
	endpoint := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "endpoint") })
	get := func(h http.Handler, path string) string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec.Body.String()
	}
	c := config{Mode: "http"}
	if body := get(c.endpointHandler(endpoint, m), "/metrics"); !strings.Contains(body, "go_goroutines") {
		t.Errorf("HTTP mode's /metrics: %.200s", body)
	}
	if body := get(c.endpointHandler(endpoint, m), "/interactions"); body != "endpoint" {
		t.Errorf("HTTP mode's endpoint: %q", body)
	}
	c.MetricsListen = ":0"
	if body := get(c.endpointHandler(endpoint, m), "/metrics"); body != "endpoint" {
		t.Errorf("with metrics_listen, /metrics is still on the endpoint's port: %.200s", body)
	}

	gw := config{Mode: "gateway"}
	stop, err := gw.serveMetrics(m, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	stop() // off by default: nothing to stop
	var logs bytes.Buffer
	gw.MetricsListen = "0"
	stop, err = gw.serveMetrics(m, slog.New(slog.NewJSONHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	var line struct{ Listen string }
	if err := json.Unmarshal(logs.Bytes(), &line); err != nil || !strings.HasPrefix(line.Listen, "127.0.0.1:") {
		t.Fatalf("a bare port should listen on loopback: %s (%v)", logs.String(), err)
	}
	resp, err := http.Get("http://" + line.Listen + telemetry.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "go_goroutines") {
		t.Errorf("metrics_listen served %d %.200s", resp.StatusCode, body)
	}
}
