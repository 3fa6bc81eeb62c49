/**
 * The applicant-facing strings in English and French (architecture: "UI strings in English and
 * French from a catalog"). Keys and `{{name}}` placeholders follow i18next's format; the catalog is
 * plain data read by `translate`, used the same way by the browser, the server's validation messages
 * and the PDF — see docs/decisions/007.
 */
export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

const en = {
  // Answer validation (forms-and-applicants §5 "Applicant answers").
  "answer.email": "Answer must be an email (name@example.com)",
  "answer.phone": "Answer must be a phone number",
  "answer.date": "Answer must be a date (YYYY/MM/DD)",
  "answer.url": "Answer must be a URL (www.example.com OR https://example.com)",
  "answer.number": "Answer must be a Number",
  "answer.maxText": "Answer must have at most",
  "answer.minText": "Answer must have at least",
  "answer.maxSelections": "You may select at most",
  "answer.minSelections": "You must select at least",
  "answer.unit.WORD": "words",
  "answer.unit.CHAR": "characters",
  "answer.unit.options": "options",
  "answer.required": "This question is required",
  "answer.requiredColumn": "Fill in {{column}} in every row",
  "answer.tableRow": "Add at least one row",
  "answer.file": "Upload at least one file",
  // The form-filling screen.
  "form.sectionOf": "section {{n}} of {{m}}",
  "form.back": "Back",
  "form.next": "Next",
  "form.submit": "Submit",
  "form.save": "Save",
  "form.saved": "Saved",
  "form.saving": "Saving…",
  "form.offline": "Offline — will retry",
  "form.notSaved": "Not saved yet",
  "form.lastSaved": "Last saved {{time}}",
  "form.backToApplications": "Back to my applications",
  "form.french": "Français",
  "form.english": "English",
  "form.required": "Required",
  "form.closed": "This form is currently closed to responses",
  "form.closedWithDraft": "This form is now closed. We've saved a copy of your responses in the backend.",
  "form.previewNote":
    "This is a preview: it does not stop you advancing when an answer is missing or invalid.",
  "form.previewDisabled": "Preview Link has been disabled as the form is published",
  "form.confirmSubmit":
    "Submit your application? You will not be able to change it unless the form allows editing.",
  "form.cancel": "Cancel",
  "form.exportPdf": "Export to PDF",
  "form.autofill": "Autofill from my earlier application",
  "form.autofilled": "success",
  "form.staleTab":
    "These answers were changed in another tab or window. Reload to continue with the newest answers.",
  "form.reload": "Reload",
  "form.signInAgain":
    "Your session has ended. Sign in again: your unsaved answers are kept and will be saved.",
  "form.adminEditBanner":
    "ADMIN EDIT MODE - You are editing a submitted application. Changes are saved automatically",
  "form.adminEditDenied": "You do not have permission to edit this submission as an admin",
  "form.addRow": "Add row",
  "form.removeRow": "Remove row {{n}}",
  "form.noAccess":
    "{{email}} does not have access to this submission. If you believe this to be an error contact us at {{support}}",
  // Choosing how to answer.
  "start.title": "How would you like to continue?",
  "start.guest": "Continue as a guest",
  "start.login": "Log in",
  "start.createAccount": "Create an account",
  // Files.
  "file.upload": "Upload a file",
  "file.remove": "Remove {{name}}",
  "file.download": "Download {{name}}",
  "file.maxCount": "You may only upload a maximum of: {{count}}",
  "file.maxSize": "The maximum file size supported is {{mb}}mb",
  "file.type": "You may only upload the file type: {{type}}",
  "file.uploadError":
    "File Upload Error. Please contact DecisionHub support at {{support}} or change the file name to be plain text (no symbols).",
  "file.uploading": "Uploading {{name}}",
  // The applicant portal.
  "portal.title": "My applications",
  "portal.formName": "Form Name",
  "portal.formStatus": "Form Status",
  "portal.submissionName": "Submission Name",
  "portal.submitted": "Submitted",
  "portal.lastReviewEdit": "Last Review Edit",
  "portal.edit": "Edit",
  "portal.unsubmitEdit": "Unsubmit & Edit",
  "portal.download": "Download",
  "portal.never": "Never",
  "portal.empty": "You have not started any applications yet.",
  "status.submitted": "Submitted",
  "status.open": "Open",
  "status.closed": "Closed",
  "status.closesIn": "Closes in {{days}} days and {{hours}} hours",
  // The PDF.
  "pdf.submittedOn": "Submitted on {{date}}",
  "pdf.draft": "Draft — not submitted",
  "pdf.noAnswer": "No answer",
  "pdf.files": "Files",
  "email.receiptSubject": "We received your application: {{form}}",
} as const;

export type MessageKey = keyof typeof en;

const fr: Record<MessageKey, string> = {
  "answer.email": "La réponse doit être une adresse courriel (nom@exemple.com)",
  "answer.phone": "La réponse doit être un numéro de téléphone",
  "answer.date": "La réponse doit être une date (AAAA/MM/JJ)",
  "answer.url": "La réponse doit être une URL (www.exemple.com OU https://exemple.com)",
  "answer.number": "La réponse doit être un nombre",
  "answer.maxText": "La réponse doit contenir au plus",
  "answer.minText": "La réponse doit contenir au moins",
  "answer.maxSelections": "Vous pouvez choisir au plus",
  "answer.minSelections": "Vous devez choisir au moins",
  "answer.unit.WORD": "mots",
  "answer.unit.CHAR": "caractères",
  "answer.unit.options": "options",
  "answer.required": "Cette question est obligatoire",
  "answer.requiredColumn": "Remplissez {{column}} dans chaque ligne",
  "answer.tableRow": "Ajoutez au moins une ligne",
  "answer.file": "Téléversez au moins un fichier",
  "form.sectionOf": "section {{n}} sur {{m}}",
  "form.back": "Retour",
  "form.next": "Suivant",
  "form.submit": "Soumettre",
  "form.save": "Enregistrer",
  "form.saved": "Enregistré",
  "form.saving": "Enregistrement…",
  "form.offline": "Hors ligne — nouvel essai bientôt",
  "form.notSaved": "Pas encore enregistré",
  "form.lastSaved": "Dernier enregistrement {{time}}",
  "form.backToApplications": "Retour à mes demandes",
  "form.french": "Français",
  "form.english": "English",
  "form.required": "Obligatoire",
  "form.closed": "Ce formulaire n'accepte plus de réponses",
  "form.closedWithDraft":
    "Ce formulaire est maintenant fermé. Nous avons conservé une copie de vos réponses.",
  "form.previewNote":
    "Ceci est un aperçu : il ne vous empêche pas d'avancer lorsqu'une réponse manque ou n'est pas valide.",
  "form.previewDisabled": "Le lien d'aperçu a été désactivé car le formulaire est publié",
  "form.confirmSubmit":
    "Soumettre votre demande ? Vous ne pourrez plus la modifier, sauf si le formulaire le permet.",
  "form.cancel": "Annuler",
  "form.exportPdf": "Exporter en PDF",
  "form.autofill": "Remplir à partir de ma demande précédente",
  "form.autofilled": "succès",
  "form.staleTab":
    "Ces réponses ont été modifiées dans un autre onglet ou une autre fenêtre. Rechargez pour continuer avec les réponses les plus récentes.",
  "form.reload": "Recharger",
  "form.signInAgain":
    "Votre session a expiré. Reconnectez-vous : vos réponses non enregistrées sont conservées et seront enregistrées.",
  "form.adminEditBanner":
    "MODE ÉDITION ADMINISTRATEUR - Vous modifiez une demande soumise. Les modifications sont enregistrées automatiquement",
  "form.adminEditDenied": "Vous n'avez pas la permission de modifier cette demande en tant qu'administrateur",
  "form.addRow": "Ajouter une ligne",
  "form.removeRow": "Supprimer la ligne {{n}}",
  "form.noAccess":
    "{{email}} n'a pas accès à cette demande. Si vous pensez qu'il s'agit d'une erreur, écrivez-nous à {{support}}",
  "start.title": "Comment voulez-vous continuer ?",
  "start.guest": "Continuer en tant qu'invité",
  "start.login": "Se connecter",
  "start.createAccount": "Créer un compte",
  "file.upload": "Téléverser un fichier",
  "file.remove": "Supprimer {{name}}",
  "file.download": "Télécharger {{name}}",
  "file.maxCount": "Vous pouvez téléverser au maximum : {{count}}",
  "file.maxSize": "La taille maximale d'un fichier est de {{mb}} Mo",
  "file.type": "Vous pouvez seulement téléverser le type de fichier : {{type}}",
  "file.uploadError":
    "Erreur de téléversement. Écrivez au soutien DecisionHub à {{support}} ou renommez le fichier en texte simple (sans symboles).",
  "file.uploading": "Téléversement de {{name}}",
  "portal.title": "Mes demandes",
  "portal.formName": "Nom du formulaire",
  "portal.formStatus": "État du formulaire",
  "portal.submissionName": "Nom de la demande",
  "portal.submitted": "Soumise",
  "portal.lastReviewEdit": "Dernière évaluation",
  "portal.edit": "Modifier",
  "portal.unsubmitEdit": "Annuler la soumission et modifier",
  "portal.download": "Télécharger",
  "portal.never": "Jamais",
  "portal.empty": "Vous n'avez encore commencé aucune demande.",
  "status.submitted": "Soumise",
  "status.open": "Ouvert",
  "status.closed": "Fermé",
  "status.closesIn": "Ferme dans {{days}} jours et {{hours}} heures",
  "pdf.submittedOn": "Soumise le {{date}}",
  "pdf.draft": "Brouillon — non soumise",
  "pdf.noAnswer": "Aucune réponse",
  "pdf.files": "Fichiers",
  "email.receiptSubject": "Nous avons reçu votre demande : {{form}}",
};

export const CATALOG: Record<Language, Record<MessageKey, string>> = { en, fr };

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** The message in `language`, with `{{name}}` placeholders filled in. */
export function translate(language: Language, key: MessageKey, vars: Record<string, string | number> = {}) {
  return CATALOG[language][key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

export const translator =
  (language: Language): Translate =>
  (key, vars) =>
    translate(language, key, vars);

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
