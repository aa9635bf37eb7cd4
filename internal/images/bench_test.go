package images

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"runtime"
	"syscall"
	"testing"
	"time"

	"standoff/internal/games"
)

// A picture's cost is measured against png.Encode at default settings on
// the same picture as RGBA (the target is in docs/performance.md). Each
// benchmark here runs, in the same run and on the same view:
//
//   - fast: the renderer plus EncodePNG, what the bot does for every picture;
//   - target: fast and png.Encode of the same picture as RGBA timed
//     alternately, reported as the ratio fast/png by the thread's CPU time
//     ("x-png-cpu") and by the wall clock ("x-png-wall"), and the size in
//     KB. These are measurements, never assertions.

type benchCase struct {
	name string
	view games.View
	draw func(games.View) (image.Image, error)
}

func benchCases(b testing.TB) []benchCase {
	hj := hijackViews(b)
	pub, priv := lockedOutViews(b, 5, 60)
	hu := huntedView(b, []string{"Alice"}, 9, 25, nil)
	hdPub, hdPriv := hijackedViews(b, 4, 120, 5)
	return []benchCase{
		{"hijack/example", hj["example"], Hijack},
		{"hijack/busy6", hj["busy6"], Hijack},
		{"lockedout/ship", pub, LockedOut},
		{"lockedout/hand", priv, LockedOut},
		{"hunted/board", hu, Hunted},
		{"hijacked/table", hdPub, Hijacked},
		{"hijacked/medals", hdPriv, Hijacked},
	}
}

// asRGBA is the same picture as RGBA.
func asRGBA(img image.Image) *image.RGBA {
	if r, ok := img.(*image.RGBA); ok {
		return r
	}
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	return out
}

func BenchmarkImages(b *testing.B) {
	for _, c := range benchCases(b) {
		b.Run(c.name+"/fast", func(b *testing.B) {
			for b.Loop() {
				img, err := c.draw(c.view)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := EncodePNG(img); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/target", func(b *testing.B) {
			img, err := c.draw(c.view)
			if err != nil {
				b.Fatal(err)
			}
			rgba := asRGBA(img)
			// Timed by this thread's CPU time as well as the wall clock:
			// on a machine shared with other work, preemption inflates
			// wall times at random, CPU time much less.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var fast, base, fastCPU, baseCPU time.Duration
			size := 0
			for b.Loop() {
				t0, c0 := time.Now(), threadCPU()
				img, _ := c.draw(c.view)
				data, err := EncodePNG(img)
				if err != nil {
					b.Fatal(err)
				}
				t1, c1 := time.Now(), threadCPU()
				var buf bytes.Buffer
				if err := png.Encode(&buf, rgba); err != nil {
					b.Fatal(err)
				}
				fast += t1.Sub(t0)
				base += time.Since(t1)
				fastCPU += c1 - c0
				baseCPU += threadCPU() - c1
				size = len(data)
			}
			b.ReportMetric(float64(fast)/float64(base), "x-png-wall")
			if baseCPU > 0 {
				b.ReportMetric(float64(fastCPU)/float64(baseCPU), "x-png-cpu")
			}
			b.ReportMetric(float64(size)/1000, "KB")
			b.ReportMetric(float64(img.Bounds().Dx()), "px-wide")
		})
	}
}

// threadCPU is the CPU time of the calling thread (Linux); 0 elsewhere.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
