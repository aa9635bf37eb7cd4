package telemetry

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Sources are read at each scrape for what is a level rather than a count:
// what the database holds (shared by every process on PostgreSQL, so each
// process reports the same numbers: take their max, not their sum) and the
// queues of this process.
type Sources struct {
	// OpenGames counts the games in a lobby or being played, by kind and
	// status ("lobby" or "active").
	OpenGames func(ctx context.Context) (map[[2]string]int, error)
	// OwedTurnMessages counts the games whose turn message (a new post or
	// an edit of the living one) Discord's limits or failures held back.
	OwedTurnMessages func(ctx context.Context) (int, error)
	// OwedRedos counts the games whose held-back messages this process
	// will try again on its own.
	OwedRedos func() int
	// Cleanups counts the clean-ups (controls taken off replaced messages)
	// waiting for spare budget in this process.
	Cleanups func() int
}

// scrapeTime bounds the database's part of a scrape.
const scrapeTime = 2 * time.Second

var (
	openDesc = prometheus.NewDesc("standoff_games_open",
		"Games in a lobby or being played, by kind and status (lobby, active). From the database: every process sharing it reports the same.",
		[]string{"kind", "status"}, nil)
	owedDesc = prometheus.NewDesc("standoff_owed_turn_messages",
		"Games whose turn message is owed: held back by Discord's limits or a failure, to be posted or edited when the budget allows. From the database.",
		nil, nil)
	redoDesc = prometheus.NewDesc("standoff_owed_redos_waiting",
		"Games whose held-back messages this process will send again on its own, waiting for their try.", nil, nil)
	cleanupDesc = prometheus.NewDesc("standoff_cleanups_waiting",
		"Clean-ups (controls to take off replaced messages) waiting for spare request budget in this process.", nil, nil)
)

// Watch registers the sources; call it once.
func (m *Metrics) Watch(s Sources) {
	if m == nil {
		return
	}
	m.reg.MustRegister(&levels{m: m, s: s})
	m.names = append(m.names, "standoff_games_open", "standoff_owed_turn_messages", "standoff_owed_redos_waiting", "standoff_cleanups_waiting")
}

type levels struct {
	m *Metrics
	s Sources
}

func (l *levels) Describe(ch chan<- *prometheus.Desc) {
	ch <- openDesc
	ch <- owedDesc
	ch <- redoDesc
	ch <- cleanupDesc
}

func (l *levels) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), scrapeTime)
	defer cancel()
	if l.s.OpenGames != nil {
		counts, err := l.s.OpenGames(ctx)
		if err != nil {
			ch <- prometheus.NewInvalidMetric(openDesc, err)
		} else {
			// Every known kind is reported, 0 when it has no game, so a
			// dashboard's lines do not vanish.
			for _, k := range l.m.kinds {
				for _, st := range []string{"lobby", "active"} {
					if _, ok := counts[[2]string{k, st}]; !ok {
						counts[[2]string{k, st}] = 0
					}
				}
			}
			merged := map[[2]string]int{}
			for key, n := range counts {
				merged[[2]string{l.m.kind(key[0]), key[1]}] += n
			}
			for key, n := range merged {
				ch <- prometheus.MustNewConstMetric(openDesc, prometheus.GaugeValue, float64(n), key[0], key[1])
			}
		}
	}
	if l.s.OwedTurnMessages != nil {
		if n, err := l.s.OwedTurnMessages(ctx); err != nil {
			ch <- prometheus.NewInvalidMetric(owedDesc, err)
		} else {
			ch <- prometheus.MustNewConstMetric(owedDesc, prometheus.GaugeValue, float64(n))
		}
	}
	if l.s.OwedRedos != nil {
		ch <- prometheus.MustNewConstMetric(redoDesc, prometheus.GaugeValue, float64(l.s.OwedRedos()))
	}
	if l.s.Cleanups != nil {
		ch <- prometheus.MustNewConstMetric(cleanupDesc, prometheus.GaugeValue, float64(l.s.Cleanups()))
	}
}
