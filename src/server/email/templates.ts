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

function layout(paragraphs: string[], link?: { url: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
  const button = link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : "";
  return `<!doctype html><html><body style="font-family:sans-serif">${body}${button}</body></html>`;
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

export function errorReportEmail(code: string, message: string, who: string, path: string): RenderedEmail {
  const lines = [`Error ${code} reported by ${who}`, `Page: ${path}`, message];
  return { subject: `DecisionHub error report: ${code}`, text: lines.join("\n"), html: layout(lines) };
}
