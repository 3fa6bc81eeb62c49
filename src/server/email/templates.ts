import type { ProgramRole } from "../../shared/authz/roles";
import { type Language, type Translate, translator } from "../../shared/i18n/catalog";
import { EMAIL_NAME_MAX_LENGTH } from "../../shared/limits";

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

/**
 * To an organization admin who just signed up (docs/decisions/031-admin-and-copy-fixes.md): the account is
 * ready, what to do first, and that a reply reaches support — the welcome email the password-reset page
 * refers to ("reply to the welcome email for support").
 */
export function welcomeEmail(welcome: {
  name: string;
  organization: string;
  trialEnds: string;
  signInUrl: string;
}): RenderedEmail {
  const organization = oneLineName(welcome.organization, "your organization");
  const lines = [
    welcome.name ? `Hello ${oneLineName(welcome.name, "")},` : "Hello,",
    `Welcome to DecisionHub. ${organization} is set up, on a free trial until ${welcome.trialEnds}.`,
    "What to do first: add your first program (one grant round) on the Programs page, build its application form in the Form Builder, invite your committee in Manage User Access, then publish the form and share its link with applicants.",
    "Forgot your password later? Use “Forgot password?” on the sign-in page.",
    "Questions? Reply to this email: it reaches our support team.",
  ];
  return {
    subject: "Welcome to DecisionHub",
    text: `${lines.join("\n\n")}\n\n${welcome.signInUrl}\n`,
    html: layout(lines, { url: welcome.signInUrl, label: "Sign in to DecisionHub" }),
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

const INVISIBLE_IN_NAMES = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A name quoted in an email that someone else chose (an inviter's, a program's, an organization's):
 * line breaks, control characters and runs of spaces become one space, direction overrides and
 * zero-width characters go (they make text read otherwise than it is), and it is cut at
 * EMAIL_NAME_MAX_LENGTH characters — so it can never add lines, paragraphs or a long message of its
 * own (decision 019). The HTML part escapes it as every paragraph.
 */
export function oneLineName(name: string, fallback: string): string {
  const line = name
    .replace(INVISIBLE_IN_NAMES, "")
    .replace(/[\p{Cc}\u2028\u2029\s]+/gu, " ")
    .trim();
  if (line === "") return fallback;
  const chars = [...line];
  return chars.length <= EMAIL_NAME_MAX_LENGTH
    ? line
    : `${chars.slice(0, EMAIL_NAME_MAX_LENGTH - 1).join("")}…`;
}

export interface ProgramInvitation {
  programName: string;
  organizationName: string;
  invitedBy: string;
  url: string;
}

/** The three names of an invitation, each one line and short. */
function invitationNames(invite: ProgramInvitation) {
  return {
    program: oneLineName(invite.programName, "a program"),
    organization: oneLineName(invite.organizationName, "an organization"),
    invitedBy: oneLineName(invite.invitedBy, "A program admin"),
  };
}

/** How the email names a role: the words of Manage User Access. */
const ROLE_WORDS: Record<ProgramRole, string> = {
  ADMIN: "an Admin",
  ADMIN_REVIEWER: "an Admin & Committee Member",
  REVIEWER: "a Committee Member",
  GUEST: "a Guest (read only)",
};

/**
 * To anyone who is not yet in the organization (decision 019): who invites them, to what, as what;
 * the link shows the invitation with Accept and Decline, and nothing is shared before they accept.
 */
export function invitationEmail(
  invite: ProgramInvitation & { role: ProgramRole },
  validDays: number,
): RenderedEmail {
  const names = invitationNames(invite);
  const lines = [
    "Hello,",
    `${names.invitedBy} invited you to join ${names.program} (${names.organization}) on DecisionHub as ${ROLE_WORDS[invite.role]}.`,
    `Use the link below within ${validDays} days to accept or decline. Nothing is shared with the program until you accept.`,
    "If you did not expect this invitation, you can ignore this email.",
  ];
  return {
    subject: `Invitation to ${names.program} on DecisionHub`,
    text: `${lines.join("\n\n")}\n\n${invite.url}\n`,
    html: layout(lines, { url: invite.url, label: "See the invitation" }),
  };
}

/** To someone already in the organization: they sign in as usual and find the program. */
export function programAccessEmail(invite: ProgramInvitation): RenderedEmail {
  const names = invitationNames(invite);
  const lines = [
    "Hello,",
    `${names.invitedBy} gave you access to ${names.program} (${names.organization}) on DecisionHub.`,
    "Sign in with your usual password to open it.",
  ];
  return {
    subject: `You now have access to ${names.program} on DecisionHub`,
    text: `${lines.join("\n\n")}\n\n${invite.url}\n`,
    html: layout(lines, { url: invite.url, label: "Sign in" }),
  };
}

/** A date and time in the applicant's language, in UTC (the server does not know their time zone). */
export function emailDate(date: Date, language: Language): string {
  const text = date.toLocaleString(language === "fr" ? "fr-CA" : "en-US", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  });
  return `${text} UTC`;
}

const hello = (t: Translate, name: string) => {
  const line = oneLineName(name, "");
  return line ? t("email.hello", { name: line }) : t("email.helloNoName");
};

/**
 * The applicant's receipt after submitting (forms-and-applicants, "7. The calls"), in the language they
 * used on the form: the form's name and confirmation message in that language, when it was received, and
 * a way back — the portal for an account, a single-use link for a guest (docs/decisions/028).
 */
export function submissionReceiptEmail(receipt: {
  language: Language;
  name: string;
  formName: string;
  confirmation: string;
  submittedAt: Date;
  link: { kind: "portal"; url: string } | { kind: "guest"; url: string; hours: number };
}): RenderedEmail {
  const t = translator(receipt.language);
  // As the applicant and the administrator typed them: the subject is made one line by the outbox.
  const form = receipt.formName;
  const lines = [
    receipt.name.trim() ? t("email.hello", { name: receipt.name }) : t("email.helloNoName"),
    t("email.receiptReceived", { form, date: emailDate(receipt.submittedAt, receipt.language) }),
    receipt.confirmation,
    ...(receipt.link.kind === "guest" ? [t("email.receiptGuestLink", { hours: receipt.link.hours })] : []),
  ].filter((line) => line.trim() !== "");
  const label = t(receipt.link.kind === "guest" ? "email.openApplication" : "email.receiptPortal");
  return {
    subject: t("email.receiptSubject", { form }),
    text: `${lines.join("\n\n")}\n\n${receipt.link.url}\n`,
    html: layout(lines, { url: receipt.link.url, label }),
  };
}

/** "Email me a link to continue": a guest's single-use way back to their application from another browser. */
export function continueLinkEmail(message: {
  language: Language;
  formName: string;
  url: string;
  hours: number;
}): RenderedEmail {
  const t = translator(message.language);
  const form = oneLineName(message.formName, "");
  const lines = [
    t("email.helloNoName"),
    t("email.continueAsked", { form, hours: message.hours }),
    t("email.continueIgnore"),
  ];
  return {
    subject: t("email.continueSubject", { form }),
    text: `${lines.join("\n\n")}\n\n${message.url}\n`,
    html: layout(lines, { url: message.url, label: t("email.continueAction") }),
  };
}

/**
 * The notice to the admins a form names (forms-and-applicants, "7. The calls": "a notice goes to an admin
 * list"): who applied, to what, and a link to the application. Staff pages are in English, so is this.
 */
export function submissionNoticeEmail(notice: {
  name: string;
  applicant: string;
  formName: string;
  programName: string;
  submittedAt: Date;
  url: string;
}): RenderedEmail {
  const applicant = oneLineName(notice.applicant, "An applicant");
  const form = oneLineName(notice.formName, "the form");
  const program = oneLineName(notice.programName, "the program");
  const lines = [
    hello(translator("en"), notice.name),
    `${applicant} submitted an application to ${form} (${program}) on ${emailDate(notice.submittedAt, "en")}.`,
    `You receive this notice because an admin of ${program} chose you in the form's submission notices.`,
  ];
  return {
    subject: `New application to ${form}: ${applicant}`,
    text: `${lines.join("\n\n")}\n\n${notice.url}\n`,
    html: layout(lines, { url: notice.url, label: "Open the application" }),
  };
}

/**
 * The notice to a program's admins that a committee member declared a conflict of interest (or that an
 * admin recorded one for them): who, with which candidate, and a link to the Conflicts page. The reason
 * is not in it: it stays in the product (docs/decisions/036-conflicts-of-interest.md). Staff pages are in
 * English, so is this.
 */
export function conflictNoticeEmail(notice: {
  name: string;
  member: string;
  candidate: string;
  programName: string;
  byAdmin: boolean;
  url: string;
}): RenderedEmail {
  const member = oneLineName(notice.member, "A committee member");
  const candidate = oneLineName(notice.candidate, "a candidate");
  const program = oneLineName(notice.programName, "the program");
  const lines = [
    hello(translator("en"), notice.name),
    notice.byAdmin
      ? `A conflict of interest was recorded for ${member} with ${candidate} in ${program}.`
      : `${member} declared a conflict of interest with ${candidate} in ${program}.`,
    "Their review and ranking of it no longer count in the statistics. You can see every conflict, and revert one, on the Conflicts of Interest page.",
  ];
  return {
    subject: `Conflict of interest declared in ${program}: ${candidate}`,
    text: `${lines.join("\n\n")}\n\n${notice.url}\n`,
    html: layout(lines, { url: notice.url, label: "Open Conflicts of Interest" }),
  };
}
