package images

import (
	"bytes"
	"image"
	"testing"
)

// Release is safe only because every renderer returns a picture of its
// caller's own: two drawings never share memory, and a drawing made on the
// memory of a released picture of another view comes out as it would on
// fresh memory (every index written, none left from before).
func TestRenderersReturnFreshPictures(t *testing.T) {
	cases := benchCases(t)
	want := make([][]byte, len(cases))
	for i, c := range cases {
		a, err := c.draw(c.view)
		if err != nil {
			t.Fatal(err)
		}
		b, err := c.draw(c.view)
		if err != nil {
			t.Fatal(err)
		}
		if sharePixels(a, b) {
			t.Fatalf("%s: two drawings share their pixels", c.name)
		}
		if want[i], err = EncodePNG(a); err != nil {
			t.Fatal(err)
		}
	}
	for i := range cases {
		for _, j := range []int{(i + 1) % len(cases), (i + len(cases) - 1) % len(cases)} {
			old, err := cases[i].draw(cases[i].view)
			if err != nil {
				t.Fatal(err)
			}
			Release(old)
			img, err := cases[j].draw(cases[j].view)
			if err != nil {
				t.Fatal(err)
			}
			got, err := EncodePNG(img)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want[j]) {
				t.Errorf("%s drawn on the released memory of %s: the picture differs", cases[j].name, cases[i].name)
			}
			Release(img)
		}
	}
}

func sharePixels(a, b image.Image) bool {
	pa, ok1 := a.(*image.Paletted)
	pb, ok2 := b.(*image.Paletted)
	if !ok1 || !ok2 || len(pa.Pix) == 0 || len(pb.Pix) == 0 {
		return false
	}
	return &pa.Pix[0] == &pb.Pix[0] || &pa.Pix[len(pa.Pix)-1] == &pb.Pix[len(pb.Pix)-1]
}

// Releasing what the package did not hand out, or nothing, changes nothing.
func TestReleaseOtherPictures(t *testing.T) {
	Release(nil)
	Release(image.NewRGBA(image.Rect(0, 0, 4, 4)))
	Release(&image.Paletted{})
}

// A fresh drawing buffer is made as large as the largest picture drawn so
// far, so a buffer first made for a small picture (a hand) serves the next
// large one (a table) instead of being dropped for it.
func TestBuffersMadeForTheLargestPicture(t *testing.T) {
	drain := func() {
		for {
			select {
			case <-rgbaBuffers:
			case <-palettedBuffers:
			default:
				return
			}
		}
	}
	drain()
	defer drain()
	big, small := image.Rect(0, 0, 1200, 1600), image.Rect(0, 0, 300, 200)
	_ = newRGBA(big)
	_ = newPaletted(big, nil)
	drain()
	r := newRGBA(small)
	p := newPaletted(small, nil)
	if len(r.Pix) != 4*300*200 || cap(r.Pix) < 4*1200*1600 {
		t.Fatalf("a fresh RGBA buffer for 300x200 after a 1200x1600 picture: len %d cap %d", len(r.Pix), cap(r.Pix))
	}
	if len(p.Pix) != 300*200 || cap(p.Pix) < 1200*1600 {
		t.Fatalf("a fresh paletted buffer for 300x200 after a 1200x1600 picture: len %d cap %d", len(p.Pix), cap(p.Pix))
	}
	releaseRGBA(r)
	Release(p)
	if r2 := newRGBA(big); &r2.Pix[0] != &r.Pix[0] || r2.Stride != 4*1200 || r2.Rect != big {
		t.Error("the small picture's RGBA buffer was not reused for the large one")
	}
	if p2 := newPaletted(big, nil); &p2.Pix[0] != &p.Pix[0] || p2.Stride != 1200 || p2.Rect != big {
		t.Error("the small picture's paletted buffer was not reused for the large one")
	}
}
