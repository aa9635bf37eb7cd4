package discordtest

// MaxAttachmentDescription is Discord's limit on an attachment's
// description, its alt text: "description? string Description for the
// file (max 1024 characters)" (Uploading Files, the attachment object).
const MaxAttachmentDescription = 1024

// validateAttachments checks the attachments list of a message payload,
// wherever it comes from: a message sent or edited with the bot token, an
// interaction's response, a follow-up, @original edited.
func validateAttachments(fe *formErrors, prefix string, p *msgPayload) {
	for i, a := range p.attachments {
		fe.maxLen(join(join(prefix, "attachments"), idx(i)+".description"), a.description, MaxAttachmentDescription)
	}
}
