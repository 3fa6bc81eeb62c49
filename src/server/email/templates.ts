/** Escapes text for HTML so names and messages never inject markup into an email. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const page = (body: string) =>
  `<!doctype html><html><body style="font-family:sans-serif">${body}</body></html>`;

function layout(paragraphs: string[], link?: { url: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
  const button = link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : "";
  return page(`${body}${button}`);
}

/** Plain text as HTML: every character escaped, line breaks kept as <br>. */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r\n|\r|\n/g, "<br>");
}

/**
 * The committee's message to one candidate, its template already filled (fillTemplate). The text part is
 * the filled text; the HTML part is that text escaped, so a name or a body holding markup shows as text
 * and never becomes markup. A line break in the subject (from a filled-in value) becomes a space.
 */
export function committeeEmail(subject: string, text: string): RenderedEmail {
  return { subject: subject.replace(/[\r\n]+/g, " ").trim(), text, html: page(textToHtml(text)) };
}

const candidates = (n: number) => `${n} ${n === 1 ? "candidate" : "candidates"}`;

/**
 * A reminder to a committee member (or guest) that candidates are waiting. `progress` says how many of
 * the candidates they see they have rated; a guest reads without rating, so theirs says only how many.
 */
export function reviewerReminderEmail(reminder: {
  name: string;
  programName: string;
  sentBy: string;
  progress: { assigned: number; reviewed: number | null };
  url: string;
}): RenderedEmail {
  const { assigned, reviewed } = reminder.progress;
  const lines = [
    reminder.name ? `Hello ${reminder.name},` : "Hello,",
    `${reminder.sentBy} reminds you that candidates in ${reminder.programName} are waiting for your review.`,
    reviewed === null
      ? `${candidates(assigned)} ${assigned === 1 ? "is" : "are"} open for you to read.`
      : `So far you have rated ${reviewed} of the ${candidates(assigned)} you can see.`,
    "Use the link below to open your candidate list.",
  ];
  return {
    subject: `Reminder: candidates are waiting for your review in ${reminder.programName}`,
    text: `${lines.join("\n\n")}\n\n${reminder.url}\n`,
    html: layout(lines, { url: reminder.url, label: "Open my candidates" }),
  };
}

export function passwordResetEmail(name: string, url: string): RenderedEmail {
  const greeting = name ? `Hello ${name},` : "Hello,";
  const lines = [
    greeting,
    "Someone asked to reset the password of your DecisionHub account. Use the link below within one hour to choose a new password.",
    "If it was not you, ignore this email: your password stays as it is.",
  ];
  return {
    subject: "Reset your DecisionHub password",
    text: `${lines.join("\n\n")}\n\n${url}\n`,
    html: layout(lines, { url, label: "Choose a new password" }),
  };
}

export function feedbackEmail(
  from: string,
  experience: string,
  type: string,
  comment: string,
): RenderedEmail {
  const lines = [`Feedback from ${from}`, `Experience: ${experience}`, `Type: ${type}`, comment];
  return { subject: `DecisionHub feedback: ${type}`, text: lines.join("\n"), html: layout(lines) };
}

export function errorReportEmail(
  reportId: string,
  code: string,
  message: string,
  who: string,
  path: string,
): RenderedEmail {
  const lines = [`Error ${code} reported by ${who}`, `Report id: ${reportId}`, `Page: ${path}`, message];
  return { subject: `DecisionHub error report: ${code}`, text: lines.join("\n"), html: layout(lines) };
}

export interface ProgramInvitation {
  programName: string;
  organizationName: string;
  invitedBy: string;
  url: string;
}

/** To a person with no account yet: the link lets them choose a password, then sign in. */
export function invitationEmail(invite: ProgramInvitation, validDays: number): RenderedEmail {
  const lines = [
    "Hello,",
    `${invite.invitedBy} invited you to review applications for ${invite.programName} (${invite.organizationName}) on DecisionHub.`,
    `Use the link below within ${validDays} days to choose your password and sign in.`,
  ];
  return {
    subject: `You're invited to ${invite.programName} on DecisionHub`,
    text: `${lines.join("\n\n")}\n\n${invite.url}\n`,
    html: layout(lines, { url: invite.url, label: "Choose your password" }),
  };
}

/** To someone who already has an account: they sign in as usual and find the program. */
export function programAccessEmail(invite: ProgramInvitation): RenderedEmail {
  const lines = [
    "Hello,",
    `${invite.invitedBy} gave you access to ${invite.programName} (${invite.organizationName}) on DecisionHub.`,
    "Sign in with your usual password to open it.",
  ];
  return {
    subject: `You now have access to ${invite.programName} on DecisionHub`,
    text: `${lines.join("\n\n")}\n\n${invite.url}\n`,
    html: layout(lines, { url: invite.url, label: "Sign in" }),
  };
}

/** The applicant's receipt after submitting: the form's confirmation message and when it was received. */
export function submissionReceiptEmail(receipt: {
  name: string;
  formName: string;
  confirmation: string;
  subject: string;
  submittedAt: Date;
  portalUrl?: string;
}): RenderedEmail {
  const lines = [
    receipt.name ? `Hello ${receipt.name},` : "Hello,",
    `We received your application to ${receipt.formName} on ${receipt.submittedAt.toUTCString()}.`,
    receipt.confirmation,
  ].filter((line) => line.trim() !== "");
  const link = receipt.portalUrl ? { url: receipt.portalUrl, label: "See my applications" } : undefined;
  return {
    subject: receipt.subject,
    text: `${lines.join("\n\n")}${receipt.portalUrl ? `\n\n${receipt.portalUrl}` : ""}\n`,
    html: layout(lines, link),
  };
}
