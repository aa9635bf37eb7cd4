package discord

import (
	"bytes"
	"context"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// A body sent in pieces is byte for byte what discordgo's own
// MultipartBodyWithJSON makes of the same payload and files (its random
// boundary replaced by ours), and mime/multipart reads it back as the
// payload and each file under its name.
func TestBodyAsDiscordgoWrites(t *testing.T) {
	payload := map[string]any{"content": "Board after move 3", "attachments": []any{}}
	pictures := [][]byte{bytes.Repeat([]byte("\x89PNG\r\n--x"), 700), []byte("second")}
	mk := func() []*discordgo.File {
		return []*discordgo.File{
			{Name: `board "3".png`, ContentType: "image/png", Reader: newFileBytes(pictures[0])},
			{Name: "hand.png", Reader: bytes.NewReader(pictures[1])}, // any reader will do
		}
	}
	b, err := encode(payload, mk())
	if err != nil {
		t.Fatal(err)
	}
	_, params, err := mime.ParseMediaType(b.contentType)
	if err != nil {
		t.Fatal(err)
	}
	ct, want, err := discordgo.MultipartBodyWithJSON(payload, mk())
	if err != nil {
		t.Fatal(err)
	}
	_, theirs, _ := mime.ParseMediaType(ct)
	want = bytes.ReplaceAll(want, []byte(theirs["boundary"]), []byte(params["boundary"]))
	got, err := io.ReadAll(b.reader())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("body differs from discordgo's:\n%q\nwant\n%q", got, want)
	}
	if int64(len(got)) != b.size {
		t.Fatalf("size %d, body %d bytes", b.size, len(got))
	}
	// The picture is sent from the caller's bytes, not a copy.
	if &b.parts[1][0] != &pictures[0][0] {
		t.Error("the picture's bytes were copied into the body")
	}
	r := multipart.NewReader(bytes.NewReader(got), params["boundary"])
	var names []string
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(p)
		names = append(names, p.FormName()+"="+p.FileName())
		if p.FormName() == "files[0]" && !bytes.Equal(data, pictures[0]) {
			t.Error("files[0] does not read back as the picture")
		}
	}
	if strings.Join(names, " ") != `payload_json= files[0]=board "3".png files[1]=hand.png` {
		t.Errorf("parts %q", names)
	}
}

// Every attempt reads the whole body again: a retried request sends the
// same bytes, and a body without files is plain JSON.
func TestBodyReadTwice(t *testing.T) {
	b, err := encode(map[string]string{"content": "x"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		got, _ := io.ReadAll(b.reader())
		if string(got) != `{"content":"x"}` || b.contentType != "application/json" {
			t.Fatalf("attempt %d: %q %q", i, got, b.contentType)
		}
	}
	if empty, _ := encode(nil, nil); empty.reader() != http.NoBody || empty.size != 0 {
		t.Error("no payload should be no body")
	}
}

// The pieces read the same through Read in small steps and through
// WriteTo, and a reader at its end has nothing more to give either way.
func TestPartsReader(t *testing.T) {
	parts := [][]byte{[]byte("ab"), {}, []byte("cde"), []byte("f")}
	var small []byte
	r := &partsReader{parts: parts}
	buf := make([]byte, 2)
	for {
		n, err := r.Read(buf)
		small = append(small, buf[:n]...)
		if err == io.EOF {
			break
		}
	}
	var whole bytes.Buffer
	r2 := &partsReader{parts: parts}
	if _, err := r2.Read(buf[:1]); err != nil {
		t.Fatal(err)
	}
	n, err := r2.WriteTo(&whole)
	if string(small) != "abcdef" || whole.String() != "bcdef" || n != 5 || err != nil {
		t.Fatalf("read %q; after one byte WriteTo wrote %q (%d, %v)", small, whole.String(), n, err)
	}
	if n, _ := io.Copy(io.Discard, r2); n != 0 {
		t.Fatalf("%d bytes after the end", n)
	}
}

// A request carries its length and can read its body again: net/http
// (HTTP/2 after a GOAWAY, a redirect) sends a request once more only
// through GetBody, which it sets itself only for reader types it knows.
func TestRequestBodyReadAgain(t *testing.T) {
	var seen *http.Request
	rt := roundTrip(func(req *http.Request) (*http.Response, error) {
		seen = req
		io.Copy(io.Discard, req.Body)
		return &http.Response{StatusCode: 200, Body: io.NopCloser(strings.NewReader(`{"id":"1"}`)), Header: http.Header{}, Request: req}, nil
	})
	r := testREST(&http.Client{Transport: rt}, nil)
	data, err := encode(map[string]string{"content": "hello"}, []*discordgo.File{{Name: "a.png", Reader: newFileBytes([]byte("PNGDATA"))}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.do(context.Background(), http.MethodPost, "https://discord.com/api/v10/channels/1/messages", data); err != nil {
		t.Fatal(err)
	}
	want, _ := io.ReadAll(data.reader())
	if seen.ContentLength != int64(len(want)) || seen.GetBody == nil {
		t.Fatalf("Content-Length %d (body %d bytes), GetBody set: %v", seen.ContentLength, len(want), seen.GetBody != nil)
	}
	again, err := seen.GetBody()
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(again); !bytes.Equal(b, want) {
		t.Fatal("GetBody does not give the whole body again")
	}
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// countingConn counts the writes made on a connection.
type countingConn struct {
	net.Conn
	writes *atomic.Int32
}

func (c countingConn) Write(p []byte) (int, error) {
	c.writes.Add(1)
	return c.Conn.Write(p)
}

// A JSON request (an interaction's answer, an edit that takes buttons
// away: most of what the bot sends) goes out in one write, headers and
// body together; net/http flushes the headers on their own before a body
// of a reader type it does not know. A request with a picture still
// arrives whole.
func TestJSONRequestInOneWrite(t *testing.T) {
	var got atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := io.Copy(io.Discard, r.Body)
		got.Store(n)
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()
	var writes atomic.Int32
	tr := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		var d net.Dialer
		c, err := d.DialContext(ctx, network, addr)
		return countingConn{c, &writes}, err
	}}
	r := testREST(&http.Client{Transport: tr}, nil)
	send := func(b body) int32 {
		t.Helper()
		writes.Store(0)
		if _, err := r.do(context.Background(), http.MethodPost, srv.URL+"/interactions/1/tok/callback", b); err != nil {
			t.Fatal(err)
		}
		if got.Load() != b.size {
			t.Fatalf("server read %d bytes of a %d-byte body", got.Load(), b.size)
		}
		return writes.Load()
	}
	answer, err := encode(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "Played `a1`.", Flags: discordgo.MessageFlagsEphemeral}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	send(answer) // the connection is dialled
	if n := send(answer); n != 1 {
		t.Errorf("a JSON answer took %d writes, want 1", n)
	}
	picture := bytes.Repeat([]byte{0x89, 'P', 'N', 'G'}, 20<<10)
	withFile, err := encode(map[string]any{"content": "board"}, []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: newFileBytes(picture)}})
	if err != nil {
		t.Fatal(err)
	}
	if n := send(withFile); n < 1 {
		t.Errorf("a message with a picture took %d writes", n)
	}
}
