package telemetry

import (
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Path is where the metrics are served.
const Path = "/metrics"

// Handler serves the metrics in Prometheus' formats. A source that fails
// (the database unreachable) leaves its series out of the scrape rather
// than failing it: the rest is what shows the trouble.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
}

// WithMetrics serves the metrics at Path beside h (the HTTP mode's
// endpoint); with m nil it is h.
func WithMetrics(h http.Handler, m *Metrics) http.Handler {
	if m == nil {
		return h
	}
	mux := http.NewServeMux()
	mux.Handle(Path, m.Handler())
	mux.Handle("/", h)
	return mux
}

// ListenAddr is the address to serve metrics on for the operator's
// setting: a bare port (":9090" or "9090") is on loopback, so metrics are
// never exposed by accident; a host, including 0.0.0.0, is taken as said.
func ListenAddr(setting string) (string, error) {
	if !strings.Contains(setting, ":") {
		setting = ":" + setting
	}
	host, port, err := net.SplitHostPort(setting)
	if err != nil || port == "" {
		return "", fmt.Errorf("%q is not an address such as 127.0.0.1:9090 or :9090", setting)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), nil
}
