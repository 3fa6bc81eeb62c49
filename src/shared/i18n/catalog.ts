/**
 * The applicant-facing strings in English and French (architecture: "UI strings in English and
 * French from a catalog"). Keys and `{{name}}` placeholders follow i18next's format; the catalog is
 * plain data read by `translate`, used the same way by the browser, the server's validation messages
 * and the PDF — see docs/decisions/007.
 */
export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

const en = {
  // Answer validation (forms-and-applicants, "5. Validation rules", "Applicant answers").
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
  "form.closesOn": "Closes on {{date}}",
  "form.runBy": "Offered by {{organization}}",
  "form.addressUnknown":
    "There is no form at this address. Check the address, or ask the organization that published it.",
  "form.contactEmail": "Questions? Write to {{organization}} at {{email}}.",
  "form.contactNoEmail": "Questions? Contact {{organization}}, who runs this program.",
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
  "form.language": "Language",
  "form.progress": "Progress",
  "form.sectionNavigation": "Section navigation",
  "form.section": "Section {{n}}",
  "form.question": "Question {{n}}",
  "form.sectionInvalid":
    "Some answers in this section are missing or invalid. Correct the questions marked in red to continue.",
  "form.waitingFor": "To continue, complete:",
  "form.submitTitle": "Submit your application",
  "form.clearSelection": "Clear selection",
  "form.column": "Column {{n}}",
  "form.cell": "{{column}} row {{n}}",
  "form.rowActions": "Row actions",
  "form.close": "Close",
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
  "file.uploaded": "Uploaded files",
  "file.none": "No file uploaded",
  "file.limits": "Up to {{count}} files of type {{type}}, {{mb}} MB at most each",
  "file.limitsOne": "One file of type {{type}}, {{mb}} MB at most",
  "file.limitsAny": "Up to {{count}} files, {{mb}} MB at most each",
  "file.limitsAnyOne": "One file, {{mb}} MB at most",
  "file.empty": "The file is empty",
  "file.uploadFailed": "The file could not be uploaded. Try again.",
  "file.removeFailed": "The file could not be removed. Try again.",
  // The applicant portal.
  "portal.title": "My applications",
  "portal.formName": "Form Name",
  "portal.formStatus": "Form Status",
  "portal.submissionName": "Submission Name",
  "portal.submitted": "Submitted",
  "portal.edit": "Edit",
  "portal.unsubmitEdit": "Unsubmit & Edit",
  "portal.download": "Download",
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
  "pdf.untitledQuestion": "Untitled question",
  "pdf.sizeKB": "{{size}} KB",
  "pdf.sizeMB": "{{size}} MB",
  "email.receiptSubject": "We received your application: {{form}}",
  // The applicant's emails: the receipt and the link to continue (docs/decisions/028).
  "email.hello": "Hello {{name}},",
  "email.helloNoName": "Hello,",
  "email.receiptReceived": "We received your application to {{form}} on {{date}}.",
  "email.receiptPortal": "See my applications",
  "email.receiptGuestLink":
    "To read your application or download it as a PDF from any browser, use the link below within {{hours}} hours. It works once.",
  "email.openApplication": "Open my application",
  "email.continueSubject": "Continue your application: {{form}}",
  "email.continueAsked":
    "A link to continue your application to {{form}} in another browser was asked for from the application form. Use the link below within {{hours}} hours. It works once, and the browser you open it in takes over your application.",
  "email.continueIgnore": "If it was not you, ignore this email: your application stays as it is.",
  "email.continueAction": "Continue my application",
  // "Email me a link to continue" on a guest's application, and the page its link opens.
  "continue.ask": "Email me a link to continue",
  "continue.askHint":
    "Continue in another browser or on another device: we email a link to your contact email.",
  "continue.sent": "We sent a link to {{email}}. It works once, within {{hours}} hours.",
  "continue.noEmail": "Answer the contact email question first: the link is sent there.",
  "continue.opening": "Opening your application…",
  "continue.failed":
    "This link has expired or was already used. Ask for a new one from the browser where you started your application.",
  // The form pages around the renderer (loading, saving, submitting, signing up).
  "page.loading": "Loading…",
  "page.thisBrowser": "This browser",
  "page.actionFailed": "Something went wrong: {{message}}",
  "page.saveRefused":
    "Your answers could not be saved: {{message}} Change an answer or press Save to try again.",
  "page.submittedElsewhere": "This application has been submitted. Unsubmit it to make changes.",
  "page.submitNotSaved":
    "Your answers are not saved yet, so the application was not submitted. Try again in a moment.",
  "page.incomplete": "Some answers are missing or invalid.",
  "page.submittedTitle": "Application submitted",
  "page.pdfFailed": "The PDF could not be downloaded. Try again.",
  "page.autofillNone": "No earlier answers to copy.",
  "signup.title": "Create an applicant account",
  "signup.name": "Name",
  "signup.email": "Email",
  "signup.password": "Password",
  "signup.confirmPassword": "Confirm password",
  "signup.submit": "Create account",
  "signup.required": "Required",
  "signup.invalidEmail": "Invalid Email",
  "signup.passwordLength": "At least {{n}} characters",
  "signup.passwordCommon": "This password is one of the most common passwords; choose another.",
  "signup.passwordsDoNotMatch": "Passwords do not match",
  "signup.failed": "Something went wrong. User created unsuccessfully.",
  "signup.failedSuffix":
    "If you already have an account at this email address please contact us at {{support}} to resolve",
  "portal.editLabel": "Edit {{name}}",
  "portal.unsubmitEditLabel": "Unsubmit & Edit {{name}}",
  "portal.downloadLabel": "Download {{name}} as PDF",
  "portal.untitled": "Untitled",
  "portal.pages": "{{caption}}, pages",
  "portal.page": "Page {{n}}",
  "portal.firstPage": "First page",
  "portal.previousPage": "Previous page",
  "portal.nextPage": "Next page",
  "portal.lastPage": "Last page",
  // A submitted application's outcome, once the program releases its decisions (docs/decisions/038).
  "portal.outcome": "Decision",
  "portal.draft": "Draft",
  "portal.notSubmitted": "Not submitted",
  "outcome.approved": "Approved: {{amount}}",
  "outcome.approvedNoAmount": "Approved",
  "outcome.notFunded": "Not funded",
  "outcome.underReview": "Under review",
  // "Unsubmit & Edit" asks first, and the form then says the application must be submitted again.
  "portal.unsubmitTitle": "Unsubmit this application?",
  "portal.unsubmitBody":
    "“{{name}}” goes back to being a draft. The organization considers it only once you submit it again, before the form closes.",
  "portal.cancel": "Cancel",
  "form.resubmitNotice":
    "This application is no longer submitted. When your changes are done, submit it again before the form closes.",
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
  "form.closesOn": "Ferme le {{date}}",
  "form.runBy": "Offert par {{organization}}",
  "form.addressUnknown":
    "Aucun formulaire ne se trouve à cette adresse. Vérifiez l'adresse ou renseignez-vous auprès de l'organisme qui l'a publiée.",
  "form.contactEmail": "Des questions ? Écrivez à {{organization}} à {{email}}.",
  "form.contactNoEmail": "Des questions ? Communiquez avec {{organization}}, qui gère ce programme.",
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
  "form.language": "Langue",
  "form.progress": "Progression",
  "form.sectionNavigation": "Navigation entre les sections",
  "form.section": "Section {{n}}",
  "form.question": "Question {{n}}",
  "form.sectionInvalid":
    "Certaines réponses de cette section sont manquantes ou invalides. Corrigez les questions indiquées en rouge pour continuer.",
  "form.waitingFor": "Pour continuer, complétez :",
  "form.submitTitle": "Soumettre votre demande",
  "form.clearSelection": "Effacer la sélection",
  "form.column": "Colonne {{n}}",
  "form.cell": "{{column}} ligne {{n}}",
  "form.rowActions": "Actions de la ligne",
  "form.close": "Fermer",
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
  "file.uploaded": "Fichiers téléversés",
  "file.none": "Aucun fichier téléversé",
  "file.limits": "Jusqu'à {{count}} fichiers de type {{type}}, {{mb}} Mo au plus chacun",
  "file.limitsOne": "Un fichier de type {{type}}, {{mb}} Mo au plus",
  "file.limitsAny": "Jusqu'à {{count}} fichiers, {{mb}} Mo au plus chacun",
  "file.limitsAnyOne": "Un fichier, {{mb}} Mo au plus",
  "file.empty": "Le fichier est vide",
  "file.uploadFailed": "Le fichier n'a pas pu être téléversé. Réessayez.",
  "file.removeFailed": "Le fichier n'a pas pu être supprimé. Réessayez.",
  "portal.title": "Mes demandes",
  "portal.formName": "Nom du formulaire",
  "portal.formStatus": "État du formulaire",
  "portal.submissionName": "Nom de la demande",
  "portal.submitted": "Soumise",
  "portal.edit": "Modifier",
  "portal.unsubmitEdit": "Annuler la soumission et modifier",
  "portal.download": "Télécharger",
  "portal.empty": "Vous n'avez encore commencé aucune demande.",
  "status.submitted": "Soumise",
  "status.open": "Ouvert",
  "status.closed": "Fermé",
  "status.closesIn": "Ferme dans {{days}} jours et {{hours}} heures",
  "pdf.submittedOn": "Soumise le {{date}}",
  "pdf.draft": "Brouillon — non soumise",
  "pdf.noAnswer": "Aucune réponse",
  "pdf.files": "Fichiers",
  "pdf.untitledQuestion": "Question sans titre",
  "pdf.sizeKB": "{{size}} Ko",
  "pdf.sizeMB": "{{size}} Mo",
  "email.receiptSubject": "Nous avons reçu votre demande : {{form}}",
  "email.hello": "Bonjour {{name}},",
  "email.helloNoName": "Bonjour,",
  "email.receiptReceived": "Nous avons reçu votre demande pour {{form}} le {{date}}.",
  "email.receiptPortal": "Voir mes demandes",
  "email.receiptGuestLink":
    "Pour relire votre demande ou la télécharger en PDF depuis n'importe quel navigateur, utilisez le lien ci-dessous dans les {{hours}} heures. Il ne fonctionne qu'une fois.",
  "email.openApplication": "Ouvrir ma demande",
  "email.continueSubject": "Continuer votre demande : {{form}}",
  "email.continueAsked":
    "Un lien pour continuer votre demande pour {{form}} dans un autre navigateur a été demandé depuis le formulaire. Utilisez le lien ci-dessous dans les {{hours}} heures. Il ne fonctionne qu'une fois, et le navigateur où vous l'ouvrez prend la suite de votre demande.",
  "email.continueIgnore":
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce courriel : votre demande reste telle quelle.",
  "email.continueAction": "Continuer ma demande",
  "continue.ask": "M'envoyer un lien pour continuer",
  "continue.askHint":
    "Continuez dans un autre navigateur ou sur un autre appareil : nous envoyons un lien à votre courriel de contact.",
  "continue.sent":
    "Nous avons envoyé un lien à {{email}}. Il ne fonctionne qu'une fois, dans les {{hours}} heures.",
  "continue.noEmail": "Répondez d'abord à la question du courriel de contact : le lien y est envoyé.",
  "continue.opening": "Ouverture de votre demande…",
  "continue.failed":
    "Ce lien a expiré ou a déjà servi. Demandez-en un nouveau depuis le navigateur où vous avez commencé votre demande.",
  "page.loading": "Chargement…",
  "page.thisBrowser": "Ce navigateur",
  "page.actionFailed": "Une erreur s'est produite : {{message}}",
  "page.saveRefused":
    "Vos réponses n'ont pas pu être enregistrées : {{message}} Modifiez une réponse ou appuyez sur Enregistrer pour réessayer.",
  "page.submittedElsewhere": "Cette demande a été soumise. Annulez la soumission pour la modifier.",
  "page.submitNotSaved":
    "Vos réponses ne sont pas encore enregistrées : la demande n'a donc pas été soumise. Réessayez dans un instant.",
  "page.incomplete": "Certaines réponses sont manquantes ou invalides.",
  "page.submittedTitle": "Demande soumise",
  "page.pdfFailed": "Le PDF n'a pas pu être téléchargé. Réessayez.",
  "page.autofillNone": "Aucune réponse antérieure à copier.",
  "signup.title": "Créer un compte de candidat",
  "signup.name": "Nom",
  "signup.email": "Courriel",
  "signup.password": "Mot de passe",
  "signup.confirmPassword": "Confirmez le mot de passe",
  "signup.submit": "Créer le compte",
  "signup.required": "Obligatoire",
  "signup.invalidEmail": "Courriel invalide",
  "signup.passwordLength": "Au moins {{n}} caractères",
  "signup.passwordCommon": "Ce mot de passe est l'un des plus courants ; choisissez-en un autre.",
  "signup.passwordsDoNotMatch": "Les mots de passe ne correspondent pas",
  "signup.failed": "Une erreur s'est produite. Le compte n'a pas été créé.",
  "signup.failedSuffix":
    "Si vous avez déjà un compte à cette adresse courriel, écrivez-nous à {{support}} pour régler la situation",
  "portal.editLabel": "Modifier {{name}}",
  "portal.unsubmitEditLabel": "Annuler la soumission et modifier {{name}}",
  "portal.downloadLabel": "Télécharger {{name}} en PDF",
  "portal.untitled": "Sans titre",
  "portal.pages": "{{caption}}, pages",
  "portal.page": "Page {{n}}",
  "portal.firstPage": "Première page",
  "portal.previousPage": "Page précédente",
  "portal.nextPage": "Page suivante",
  "portal.lastPage": "Dernière page",
  "portal.outcome": "Décision",
  "portal.draft": "Brouillon",
  "portal.notSubmitted": "Non soumise",
  "outcome.approved": "Acceptée : {{amount}}",
  "outcome.approvedNoAmount": "Acceptée",
  "outcome.notFunded": "Non financée",
  "outcome.underReview": "En cours d'examen",
  "portal.unsubmitTitle": "Annuler la soumission de cette demande ?",
  "portal.unsubmitBody":
    "« {{name}} » redevient un brouillon. L'organisme ne l'examinera qu'une fois soumise de nouveau, avant la fermeture du formulaire.",
  "portal.cancel": "Annuler",
  "form.resubmitNotice":
    "Cette demande n'est plus soumise. Une fois vos modifications terminées, soumettez-la de nouveau avant la fermeture du formulaire.",
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
