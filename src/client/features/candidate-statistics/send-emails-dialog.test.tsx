import { describe, expect, it } from "vitest";
import { render as renderInApp } from "../../test/render";
import { type EmailRecipient, SendEmailsDialog } from "./send-emails-dialog";

/** The dialog rendered in place (no portal, no transition), as the server renderer can show it. */
function render(recipients: EmailRecipient[], opened = true): string {
  return renderInApp(
    <SendEmailsDialog opened={opened} onClose={() => {}} programId="p1" recipients={recipients} />,
    {
      theme: {
        components: { Modal: { defaultProps: { withinPortal: false, transitionProps: { duration: 0 } } } },
      },
    },
  );
}

const solar: EmailRecipient = {
  submissionId: "s1",
  identifier: "Solar Farm",
  status: "approved",
  amount: 12_500,
};
const wind: EmailRecipient = {
  submissionId: "s2",
  identifier: "Wind <b>Park</b>",
  status: "approved",
  amount: null,
};

/** The opening tag of the button whose visible text is this. */
function buttonWithText(html: string, text: string): string {
  const match = html.match(new RegExp(`(<button[^>]*>)(?:(?!</button>).)*>${text}<`));
  if (match?.[1] === undefined) throw new Error(`No button showing ${text}`);
  return match[1];
}

describe("the Send Emails dialog as it opens", () => {
  it("lists the recipients by name, each removable by a named button", () => {
    const html = render([solar, wind]);
    expect(html).toContain("Send Emails");
    expect(html).toContain("Recipients (2)");
    expect(html).toContain('aria-label="Remove Solar Farm"');
    // Names are text, never markup.
    expect(html).toContain("Wind &lt;b&gt;Park&lt;/b&gt;");
    expect(html).not.toContain("<b>Park</b>");
  });

  it("labels every field and says which placeholders the body may use", () => {
    const html = render([solar]);
    for (const label of ["Subject", "Body", "Reply-to", "Bcc"])
      expect(html).toMatch(new RegExp(`<label[^>]*>${label}`));
    expect(html).toContain("{{name}} (the applicant&#x27;s name)");
    expect(html).toContain("{{application}}");
    expect(html).toContain("{{amount}}");
  });

  it("starts from the committee's template", () => {
    const html = render([solar]);
    expect(html).toContain('value="Your application {{application}}"');
    expect(html).toContain("Dear {{name}},");
  });

  it("previews the email for the first recipient, saying the name shown is the application's", () => {
    const html = render([solar, wind]);
    expect(html).toContain("Preview for Solar Farm");
    expect(html).toContain("Subject: Your application Solar Farm");
    expect(html).toContain("Dear Solar Farm,");
    expect(html).toContain("Amount: $12,500.00");
    expect(html).toContain("each email uses the applicant&#x27;s own name");
  });

  it("can send at once to the recipients given", () => {
    const send = buttonWithText(render([solar, wind]), "Send 2 emails");
    expect(send).toContain('type="submit"');
    expect(send).not.toContain("disabled");
  });

  it("cannot send with no recipient, and says why", () => {
    const html = render([]);
    expect(html).toContain("Recipients (0)");
    expect(buttonWithText(html, "Send 0 emails")).toContain('disabled=""');
    expect(html).toContain("Send is unavailable: Choose at least one recipient.");
    expect(html).not.toContain("Preview for");
  });

  it("shows nothing while closed", () => {
    expect(render([solar], false)).not.toContain("Send Emails");
  });
});
