import { type Config, isProduction } from "../config";

export interface MailMessage {
  /**
   * The message's Message-ID, derived from its outbox row (see messageIdFor in dispatcher.ts): a re-send
   * after a crash is the same message to the receiving side, which can recognise it as a duplicate.
   */
  messageId: string;
  /** What the message is (the outbox row's kind, e.g. "password-reset"): for logs, never sent. */
  kind: string;
  from: string;
  to: string[];
  bcc: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  name: string;
  send(message: MailMessage): Promise<void>;
}

/**
 * How long a provider may take with one message. Below the dispatcher's two-minute lease, so a slow
 * provider makes a send fail (and be retried later) rather than outlive the lease while another
 * dispatcher picks the message up and sends it a second time.
 */
export const PROVIDER_TIMEOUT_MS = 60_000;

/** The message in the shape both providers take (empty bcc and reply-to left out). */
function providerMessage(m: MailMessage) {
  return {
    from: m.from,
    to: m.to,
    bcc: m.bcc.length > 0 ? m.bcc : undefined,
    replyTo: m.replyTo ?? undefined,
    subject: m.subject,
    text: m.text,
    html: m.html,
  };
}

/**
 * With no provider configured, mail stays in the outbox and goes to the server log. In development the
 * whole message is logged (and shown on /dev/mailbox), so every flow can be completed locally. In
 * production a message body holds reset and invitation links, which must never reach a log: only its
 * kind, its number of recipients and its id are written (docs/decisions/020).
 */
export function logTransport(log: (line: string) => void, opts: { production: boolean }): MailTransport {
  return {
    name: opts.production ? "none" : "dev-mailbox",
    async send(m) {
      if (opts.production) {
        const recipients = m.to.length + m.bcc.length;
        log(
          `[mail] ${m.messageId} (${m.kind}, ${recipients} recipient${recipients === 1 ? "" : "s"}) not delivered: no mail provider`,
        );
        return;
      }
      log(`[mail] ${m.messageId} to ${m.to.join(", ")}: ${m.subject}\n${m.text}`);
    },
  };
}

export async function createTransport(config: Config, log: (line: string) => void): Promise<MailTransport> {
  if (config.SENDGRID_API_KEY) {
    const sg = (await import("@sendgrid/mail")).default;
    sg.setApiKey(config.SENDGRID_API_KEY);
    sg.setTimeout(PROVIDER_TIMEOUT_MS);
    return {
      name: "sendgrid",
      async send(m) {
        // SendGrid has no idempotency key; our own Message-ID header is what lets the receiving side
        // tell a re-send from a new message.
        await sg.send({ ...providerMessage(m), headers: { "Message-ID": m.messageId } });
      },
    };
  }
  if (config.SMTP_URL) {
    const nodemailer = (await import("nodemailer")).default;
    const smtp = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: PROVIDER_TIMEOUT_MS / 2,
      greetingTimeout: PROVIDER_TIMEOUT_MS / 2,
      socketTimeout: PROVIDER_TIMEOUT_MS,
    });
    return {
      name: "smtp",
      async send(m) {
        await smtp.sendMail({ ...providerMessage(m), messageId: m.messageId });
      },
    };
  }
  return logTransport(log, { production: isProduction(config) });
}
