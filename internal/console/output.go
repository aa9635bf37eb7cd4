package console

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	"standoff/internal/commands"
)

// The console is the router's Transport: what the bot would post, edit or
// send by DM is printed with where it appears, and kept so that users can
// click what they see.

// Send posts a message in a channel; a user's DM channel (a daily run's)
// shows as their DM.
func (c *Console) Send(_ context.Context, channel string, m commands.Message) (string, error) {
	if user, ok := strings.CutPrefix(channel, "dm-"); ok {
		return c.record("DM "+user, user, channel, m), nil
	}
	return c.record("#"+channel, "", channel, m), nil
}

// DMChannel is a user's DM channel with the bot (commands.DMChanneler):
// a daily run is played there.
func (c *Console) DMChannel(_ context.Context, user string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed[user] {
		return "", commands.ErrDMClosed
	}
	return "dm-" + user, nil
}

// Edit replaces a message's content and controls.
func (c *Console) Edit(_ context.Context, channel, id string, m commands.Message) error {
	c.mu.Lock()
	var target *consoleMessage
	for _, cm := range c.msgs {
		if cm.id == id {
			target = cm
		}
	}
	c.mu.Unlock()
	if target == nil {
		return fmt.Errorf("%w: unknown message %s", commands.ErrMessageGone, id)
	}
	c.mu.Lock()
	// Discord shows no change for an edit that changes nothing it shows
	// (whom a message may ping is not shown).
	was, now := target.msg, m
	was.Mentions, now.Mentions = nil, nil
	same := reflect.DeepEqual(was, now)
	target.msg = m
	c.mu.Unlock()
	if !same {
		c.print(target.where+" (edited)", m)
	}
	return nil
}

func (c *Console) ClearControls(_ context.Context, channel, id string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, cm := range c.msgs {
		if cm.id == id {
			cm.msg.Rows = nil
			return nil
		}
	}
	return fmt.Errorf("%w: unknown message %s", commands.ErrMessageGone, id)
}

func (c *Console) DM(_ context.Context, user string, m commands.Message) error {
	c.mu.Lock()
	closed := c.closed[user]
	c.mu.Unlock()
	if closed {
		return commands.ErrDMClosed
	}
	c.record("DM "+user, user, "dm-"+user, m)
	return nil
}

func (c *Console) record(where, user, channel string, m commands.Message) string {
	c.mu.Lock()
	c.next++
	// Ids carry the process, as Discord's snowflakes never repeat: a game
	// row may still name a message of a console that was killed, and the
	// new console must not edit its own message of that number instead.
	cm := &consoleMessage{id: fmt.Sprintf("m%d.%d", os.Getpid(), c.next), where: where, user: user, chann: channel, msg: m}
	c.msgs = append(c.msgs, cm)
	c.mu.Unlock()
	c.print(where, m)
	return cm.id
}

var mentionPattern = regexp.MustCompile(`<([@#])([^>]+)>`)

func (c *Console) print(where string, m commands.Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := "[" + where + "] "
	content := mentionPattern.ReplaceAllString(m.Content, "$1$2")
	for _, line := range strings.Split(content, "\n") {
		fmt.Fprintln(c.out, p+line)
	}
	if m.Silent {
		fmt.Fprintln(c.out, p+"(sent silently: no notification)")
	}
	for _, f := range m.Files {
		c.images++
		name := fmt.Sprintf("%03d-%s", c.images, f.Name)
		if c.opts.ImagesDir != "" {
			path := filepath.Join(c.opts.ImagesDir, name)
			if err := os.WriteFile(path, f.Data, 0o644); err != nil {
				fmt.Fprintf(c.out, "%s[image not saved: %v]\n", p, err)
				continue
			}
			name = path
		}
		what := "image"
		if !strings.HasSuffix(f.Name, ".png") && !strings.HasSuffix(f.Name, ".gif") {
			what = "file"
		}
		fmt.Fprintf(c.out, "%s[%s: %s]\n", p, what, name)
		if f.Description != "" {
			// What a screen reader says of the picture.
			fmt.Fprintf(c.out, "%s[alt: %s]\n", p, strings.ReplaceAll(f.Description, "\n", " "))
		}
	}
	for _, row := range m.Rows {
		for _, b := range row.Buttons {
			if b.URL != "" {
				fmt.Fprintf(c.out, "%s[link: %s | %s]\n", p, b.Label, b.URL)
				continue
			}
			fmt.Fprintf(c.out, "%s[button: %s | %s]\n", p, b.Label, b.CustomID)
		}
		if s := row.Select; s != nil {
			var opts []string
			for _, o := range s.Options {
				opts = append(opts, o.Label+" = "+o.Value)
			}
			if s.Users {
				opts = []string{userMenuRange(s)}
			}
			fmt.Fprintf(c.out, "%s[select: %s | %s | %s]\n", p, s.Placeholder, s.CustomID, strings.Join(opts, "; "))
		}
	}
}

// StartThread starts a thread from a message: it prints where, and names
// the thread after the game ("Hijack #12: alice vs bob" is #hijack-12).
// The console follows the game into it once the command is answered, as a
// player would open the thread the answer links.
func (c *Console) StartThread(_ context.Context, channel, messageID, name string, _ time.Duration) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.threads[channel]; ok {
		return "", fmt.Errorf("%w: #%s is a thread, and a thread holds no threads", commands.ErrChannelGone, channel)
	}
	base := threadSlug(name)
	id := base
	for n := 2; c.threads[id] != "" || id == channel; n++ {
		id = fmt.Sprintf("%s-%d", base, n)
	}
	c.threads[id] = channel
	if c.channel == channel {
		c.follow = id
	}
	fmt.Fprintf(c.out, "[#%s] %s started thread %q → #%s\n", channel, consoleBot, name, id)
	return id, nil
}

// StartPrivateThread creates a private thread (commands.PrivateThreadStarter):
// it prints where, and names it after its whole name ("Hunted daily: alice"
// is #hunted-daily-alice). The console stays where it is: the thread's
// members see it from anywhere, as Discord lists a member's threads, and
// nobody else sees it at all.
func (c *Console) StartPrivateThread(_ context.Context, channel, name string, _ time.Duration) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.threads[channel]; ok {
		return "", fmt.Errorf("%w: #%s is a thread, and a thread holds no threads", commands.ErrChannelGone, channel)
	}
	base := threadSlug(strings.ReplaceAll(name, ":", ""))
	id := base
	for n := 2; c.threads[id] != "" || id == channel; n++ {
		id = fmt.Sprintf("%s-%d", base, n)
	}
	c.threads[id] = channel
	c.private[id] = nil
	fmt.Fprintf(c.out, "[#%s] %s started private thread %q → #%s\n", channel, consoleBot, name, id)
	return id, nil
}

// AddThreadMember adds a user to a private thread and prints its members.
func (c *Console) AddThreadMember(_ context.Context, thread, user string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	members, ok := c.private[thread]
	if !ok {
		return fmt.Errorf("%w: #%s is no private thread", commands.ErrChannelGone, thread)
	}
	if !slices.Contains(members, user) {
		members = append(members, user)
		c.private[thread] = members
	}
	fmt.Fprintf(c.out, "[#%s] members: %s, %s\n", thread, consoleBot, strings.Join(members, ", "))
	return nil
}

// RenameThread prints a thread's new name; its channel name (the part
// before the colon) stays.
func (c *Console) RenameThread(_ context.Context, thread, name string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.threads[thread]; !ok {
		return fmt.Errorf("%w: #%s is no thread", commands.ErrChannelGone, thread)
	}
	fmt.Fprintf(c.out, "[#%s] %s renamed the thread %q\n", thread, consoleBot, name)
	return nil
}

// followThread moves the console into the thread its last command started.
func (c *Console) followThread() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.follow == "" {
		return
	}
	// Not a [console] line: those are the console's errors.
	fmt.Fprintf(c.out, "[channel #%s] now in the game's thread (`channel %s` goes back)\n", c.follow, c.threads[c.follow])
	c.channel, c.follow = c.follow, ""
}

func (c *Console) isThread(channel string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.threads[channel]
	return ok
}

var slugJunk = regexp.MustCompile(`[^a-z0-9]+`)

// threadSlug is a thread's channel name from its name: the part before
// the colon, lower case, words joined by hyphens.
func threadSlug(name string) string {
	head, _, _ := strings.Cut(name, ":")
	s := strings.Trim(slugJunk.ReplaceAllString(strings.ToLower(head), "-"), "-")
	if s == "" {
		return "thread"
	}
	return s
}

// rememberThread marks the channel of a game an earlier console left open
// as a thread when the database knows it as one (the earlier console's
// memory of its threads went with it).
func (c *Console) rememberThread(ctx context.Context, channel string) error {
	parent, ok, err := c.store.ThreadParent(ctx, channel)
	if err != nil || !ok {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.threads[channel]; !ok {
		c.threads[channel] = parent
	}
	return nil
}
