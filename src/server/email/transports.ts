import type { Config } from "../config";

export interface MailMessage {
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
 * With no provider configured, mail stays in the outbox (shown on /dev/mailbox) and is printed to
 * the server log, so every flow can be completed locally.
 */
export function logTransport(log: (line: string) => void): MailTransport {
  return {
    name: "dev-mailbox",
    async send(m) {
      log(`[mail] to ${m.to.join(", ")}: ${m.subject}\n${m.text}`);
    },
  };
}

export async function createTransport(config: Config, log: (line: string) => void): Promise<MailTransport> {
  if (config.SENDGRID_API_KEY) {
    const sg = (await import("@sendgrid/mail")).default;
    sg.setApiKey(config.SENDGRID_API_KEY);
    return {
      name: "sendgrid",
      async send(m) {
        await sg.send(providerMessage(m));
      },
    };
  }
  if (config.SMTP_URL) {
    const nodemailer = (await import("nodemailer")).default;
    const smtp = nodemailer.createTransport(config.SMTP_URL);
    return {
      name: "smtp",
      async send(m) {
        await smtp.sendMail(providerMessage(m));
      },
    };
  }
  return logTransport(log);
}
