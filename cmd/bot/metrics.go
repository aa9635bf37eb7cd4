package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/telemetry"
	"standoff/storage"
)

// checkOps checks the settings of what an operator watches: the log
// format and the metrics' address.
func (c config) checkOps(path string) error {
	switch c.LogFormat {
	case "", telemetry.TextLogs, telemetry.JSONLogs:
	default:
		return fmt.Errorf("config %s: log_format = %q; use %q (the default) or %q", path, c.LogFormat, telemetry.TextLogs, telemetry.JSONLogs)
	}
	if c.MetricsListen != "" {
		if _, err := telemetry.ListenAddr(c.MetricsListen); err != nil {
			return fmt.Errorf("config %s: metrics_listen: %w", path, err)
		}
	}
	return nil
}

// newLogger is the bot's log, in the configured format and level.
func (c config) newLogger(w io.Writer) (*slog.Logger, error) {
	level := slog.LevelInfo
	if c.LogLevel == "debug" {
		level = slog.LevelDebug
	}
	return telemetry.NewLogger(w, c.LogFormat, level)
}

// newMetrics makes the bot's metrics, knowing the catalog's kinds.
func newMetrics() *telemetry.Metrics {
	var kinds []string
	for _, g := range catalog.Games() {
		kinds = append(kinds, g.Kind.Name)
	}
	return telemetry.New(kinds...)
}

// watch has the metrics read the levels of the database and the router at
// each scrape.
func watch(m *telemetry.Metrics, store *storage.Store, router *commands.Router) {
	m.Watch(telemetry.Sources{OpenGames: store.OpenGameCounts, OwedTurnMessages: store.OwedTurnMessages,
		OwedRedos: router.OwedRedosWaiting, Cleanups: router.CleanupsWaiting})
}

// endpointHandler is what HTTP mode serves on listen: the Interactions
// Endpoint, and the metrics at /metrics unless metrics_listen gives them
// an address of their own (one the load balancer does not publish).
func (c config) endpointHandler(h http.Handler, m *telemetry.Metrics) http.Handler {
	if c.MetricsListen != "" {
		return h
	}
	return telemetry.WithMetrics(h, m)
}

// serveMetrics serves the metrics on metrics_listen, when set (gateway
// mode has no port of its own; HTTP mode may want them off its public
// one). The returned function stops it.
func (c config) serveMetrics(m *telemetry.Metrics, log *slog.Logger) (stop func(), err error) {
	if c.MetricsListen == "" {
		return func() {}, nil
	}
	addr, err := telemetry.ListenAddr(c.MetricsListen)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen for metrics: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle(telemetry.Path, m.Handler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("the metrics server stopped", "err", err)
		}
	}()
	log.Info("serving metrics", "listen", ln.Addr().String(), "path", telemetry.Path)
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}, nil
}
