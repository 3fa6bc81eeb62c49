import type { ComponentType } from "react";
import type { RouteGroup } from "../../shared/authz";
import type { MessageKey } from "../../shared/i18n/catalog";
import {
  AssignIcon,
  ChartIcon,
  ConflictIcon,
  CreditCardIcon,
  DashboardIcon,
  ExportIcon,
  FormIcon,
  HistoryIcon,
  type IconProps,
  ProgressIcon,
  SettingsIcon,
  UsersIcon,
} from "../components/icons";
import { type LazyPage, lazyPage } from "./lazy-page";

/**
 * The page menu's areas, in the menu's order (docs/decisions/039-navigation-and-builder.md): the spec's one
 * menu of pages, grouped under a heading per area.
 */
export const MENU_AREAS = ["Applications", "Programs", "Review", "Administration", "Organization"] as const;
export type MenuArea = (typeof MENU_AREAS)[number];

export interface AppRoute {
  path: string;
  /** Shown in the top bar, the page menu and the browser tab. */
  title: string;
  /** PUBLIC pages render without the top bar; every other group is guarded and rendered in the shell. */
  group: RouteGroup;
  showInPageMenu: boolean;
  /** The heading the page sits under in the page menu (every page shown there has one). */
  menuArea?: MenuArea;
  hideProgramPicker: boolean;
  page: LazyPage;
  /** Routes with an icon in the ADMIN or ORGANIZATION_ADMIN group are the dashboards' tiles. */
  icon?: ComponentType<IconProps>;
  /** One line under the tile's title on the dashboards. */
  description?: string;
  /**
   * The page's heading is its title, whoever opens it and in any language: the page's first screen shows it
   * before the page's code and data are in (docs/decisions/042-signed-in-first-paint.md).
   */
  headingIsTitle?: true;
  /**
   * The page's heading, translated (a catalog key), when it says the same to everyone: the page's first screen
   * shows it in the language the page opens in when this browser has stored no choice
   * (docs/decisions/046-first-screen-kept.md).
   */
  firstScreenHeading?: MessageKey;
}

/** Every page of the app. New screens add a row here; the router, guards, page menu and titles follow. */
export const ROUTES: readonly AppRoute[] = [
  {
    path: "/login",
    title: "Log in",
    group: "PUBLIC",
    showInPageMenu: false,
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/auth/login-page"),
      (m) => m.LoginPage,
    ),
  },
  {
    path: "/reset-password",
    title: "Reset password",
    group: "PUBLIC",
    showInPageMenu: false,
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/auth/reset-password-page"),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: "/signup",
    title: "Start your free trial",
    group: "PUBLIC",
    showInPageMenu: false,
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/auth/signup-page"),
      (m) => m.SignUpPage,
    ),
  },
  {
    path: "/redirect",
    title: "DecisionHub",
    group: "PUBLIC",
    showInPageMenu: false,
    hideProgramPicker: true,
    page: lazyPage(
      () => import("./home-redirect-page"),
      (m) => m.HomeRedirectPage,
    ),
  },
  {
    path: "/common/error",
    title: "Error",
    group: "PUBLIC",
    showInPageMenu: false,
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/support/error-page"),
      (m) => m.ErrorPage,
    ),
  },
  {
    path: "/form/:linkId",
    title: "Application form",
    group: "PUBLIC",
    showInPageMenu: false,
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/form-filling/form-link-page"),
      (m) => m.FormLinkPage,
    ),
  },
  {
    // A form's stable address: always its latest applicant link (docs/decisions/027-stable-form-address.md).
    path: "/apply/:organization/:form",
    title: "Application form",
    group: "PUBLIC",
    showInPageMenu: false,
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/form-filling/apply-page"),
      (m) => m.ApplyPage,
    ),
  },
  {
    // Public too: a guest continues their draft with the token kept in this browser; the server decides.
    path: "/form/:linkId/:submissionId",
    title: "Application form",
    group: "PUBLIC",
    showInPageMenu: false,
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/form-filling/submission-page"),
      (m) => m.SubmissionPage,
    ),
  },
  {
    // The emailed link to continue a guest's application (docs/decisions/028); its token is after `#`.
    path: "/continue-application",
    title: "Application form",
    group: "PUBLIC",
    showInPageMenu: false,
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/form-filling/continue-link"),
      (m) => m.ContinueApplicationPage,
    ),
  },
  {
    path: "/form-preview/:linkId",
    title: "Form preview",
    group: "PUBLIC",
    showInPageMenu: false,
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/form-filling/form-preview-page"),
      (m) => m.FormPreviewPage,
    ),
  },
  {
    path: "/dev/mailbox",
    title: "Development mailbox",
    group: "PUBLIC",
    showInPageMenu: false,
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/dev/mailbox-page"),
      (m) => m.MailboxPage,
    ),
  },
  {
    path: "/programs",
    title: "Programs",
    group: "AUTHENTICATED",
    showInPageMenu: true,
    menuArea: "Programs",
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/programs/programs-page"),
      (m) => m.ProgramsPage,
    ),
  },
  {
    // Two-factor authentication (decision 015): admins set it up here; the page tells others it is for admins.
    path: "/account",
    title: "Account settings",
    group: "AUTHENTICATED",
    showInPageMenu: false,
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/auth/account-settings-page"),
      (m) => m.AccountSettingsPage,
    ),
  },
  {
    path: "/portal/applicant",
    title: "My Applications",
    group: "APPLICANT",
    firstScreenHeading: "portal.title",
    showInPageMenu: true,
    menuArea: "Applications",
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/applicant/applicant-portal-page"),
      (m) => m.ApplicantPortalPage,
    ),
  },
  {
    path: "/applications",
    title: "Candidate Submissions",
    group: "REVIEWER",
    headingIsTitle: true,
    showInPageMenu: true,
    menuArea: "Review",
    hideProgramPicker: false,
    page: lazyPage(
      () => import("../features/reviewing/candidate-list-page"),
      (m) => m.CandidateListPage,
      (m) => m.firstReads,
    ),
  },
  {
    // Legacy programs (appVersion 1): their own review page (review-and-administration,
    // "2. Screens and routes").
    path: "/submissions/legacy/:programId/:appId",
    title: "Legacy Submission",
    group: "REVIEWER",
    showInPageMenu: false,
    hideProgramPicker: false,
    page: lazyPage(
      () => import("../features/reviewing/legacy-review-page"),
      (m) => m.LegacyReviewPage,
    ),
  },
  {
    path: "/submissions/:programId/:submissionId",
    title: "Submission",
    group: "REVIEWER",
    showInPageMenu: false,
    hideProgramPicker: false,
    page: lazyPage(
      () => import("../features/reviewing/submission-view-page"),
      (m) => m.SubmissionViewPage,
      (m) => m.firstReads,
    ),
  },
  {
    path: "/rankings",
    title: "Stacked Rankings",
    group: "REVIEWER",
    showInPageMenu: true,
    menuArea: "Review",
    hideProgramPicker: false,
    page: lazyPage(
      () => import("../features/reviewing/rankings-page"),
      (m) => m.RankingsPage,
    ),
  },
  {
    path: "/admin/dashboard",
    title: "Admin Dashboard",
    group: "ADMIN",
    showInPageMenu: true,
    menuArea: "Administration",
    hideProgramPicker: false,
    page: lazyPage(
      () => import("../features/dashboard/dashboard-page"),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: "/admin/user-management",
    title: "Manage User Access",
    group: "ADMIN",
    showInPageMenu: true,
    menuArea: "Administration",
    hideProgramPicker: false,
    icon: UsersIcon,
    description: "Invite people to the current program and choose their roles.",
    page: lazyPage(
      () => import("../features/user-access/user-access-page"),
      (m) => m.UserAccessPage,
    ),
  },
  {
    path: "/admin/assign-reviewers",
    title: "Assign Reviewers",
    group: "ADMIN",
    showInPageMenu: true,
    menuArea: "Administration",
    hideProgramPicker: false,
    icon: AssignIcon,
    description: "Choose who reviews each application, one by one or in groups.",
    page: lazyPage(
      () => import("../features/assign-reviewers/assign-reviewers-page"),
      (m) => m.AssignReviewersPage,
    ),
  },
  {
    // docs/decisions/036-conflicts-of-interest.md
    path: "/admin/conflicts",
    title: "Conflicts of Interest",
    group: "ADMIN",
    showInPageMenu: true,
    menuArea: "Administration",
    hideProgramPicker: false,
    icon: ConflictIcon,
    description: "Conflicts declared by committee members: revert one, record one, confirm a suggested one.",
    page: lazyPage(
      () => import("../features/conflicts/conflicts-page"),
      (m) => m.ConflictsPage,
    ),
  },
  {
    // The program's review settings (review-and-administration, "3. Entities and their fields";
    // docs/decisions/029-review-settings-and-rankings.md).
    path: "/admin/review-settings",
    title: "Review Settings",
    group: "ADMIN",
    showInPageMenu: true,
    menuArea: "Administration",
    hideProgramPicker: false,
    icon: SettingsIcon,
    description: "Stacked rankings, the comment prompt and the final rating reviewers see.",
    page: lazyPage(
      () => import("../features/review-settings/review-settings-page"),
      (m) => m.ReviewSettingsPage,
    ),
  },
  {
    path: "/admin/allcandidates",
    title: "Candidate Statistics",
    group: "ADMIN",
    headingIsTitle: true,
    showInPageMenu: true,
    menuArea: "Administration",
    hideProgramPicker: false,
    icon: ChartIcon,
    description: "Ratings, rankings and funding decisions for every candidate; email candidates.",
    page: lazyPage(
      () => import("../features/candidate-statistics/candidate-statistics-page"),
      (m) => m.CandidateStatisticsPage,
      (m) => m.firstReads,
    ),
  },
  {
    path: "/admin/committeereview",
    title: "Reviewer Statistics",
    group: "ADMIN",
    showInPageMenu: true,
    menuArea: "Administration",
    hideProgramPicker: false,
    icon: ProgressIcon,
    description: "How far each committee member has got with their reviews; send reminders.",
    page: lazyPage(
      () => import("../features/reviewer-statistics/reviewer-statistics-page"),
      (m) => m.ReviewerStatisticsPage,
    ),
  },
  {
    path: "/admin/exportoptions",
    title: "Export Options",
    group: "ADMIN",
    showInPageMenu: true,
    menuArea: "Administration",
    hideProgramPicker: false,
    icon: ExportIcon,
    description: "Download the program's data, PDFs, attachments, the rating matrix and comments.",
    page: lazyPage(
      () => import("../features/exports/export-options-page"),
      (m) => m.ExportOptionsPage,
    ),
  },
  {
    path: "/admin/form/:programId",
    title: "Form Builder",
    group: "ADMIN",
    showInPageMenu: false,
    hideProgramPicker: false,
    icon: FormIcon,
    description: "Build the application form of the current program.",
    page: lazyPage(
      () => import("../features/form-builder/form-builder-page"),
      (m) => m.FormBuilderPage,
    ),
  },
  {
    path: "/admin/form",
    title: "Form Builder",
    group: "ADMIN",
    showInPageMenu: false,
    hideProgramPicker: false,
    page: lazyPage(
      () => import("../features/form-builder/form-redirect-page"),
      (m) => m.FormRedirectPage,
    ),
  },
  {
    // Any admin-level account may try; the server answers only for admins of the form's program.
    path: "/admin/form/edit/:formId/:submissionId",
    title: "Edit application",
    group: "AUTHENTICATED",
    showInPageMenu: false,
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/form-filling/admin-edit-page"),
      (m) => m.AdminEditPage,
    ),
  },
  {
    path: "/organization/dashboard",
    title: "Organization Dashboard",
    group: "ORGANIZATION_ADMIN",
    showInPageMenu: true,
    menuArea: "Organization",
    hideProgramPicker: true,
    icon: DashboardIcon,
    description: "Everything you administer, in one place.",
    page: lazyPage(
      () => import("../features/dashboard/dashboard-page"),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: "/organization/billing",
    title: "Organization Billing",
    group: "ORGANIZATION_ADMIN",
    showInPageMenu: true,
    menuArea: "Organization",
    hideProgramPicker: true,
    icon: CreditCardIcon,
    description: "Your plan, its limits and upgrades.",
    page: lazyPage(
      () => import("../features/organization/billing-page"),
      (m) => m.OrganizationBillingPage,
    ),
  },
  {
    path: "/organization/settings",
    title: "Organization Settings",
    group: "ORGANIZATION_ADMIN",
    showInPageMenu: true,
    menuArea: "Organization",
    hideProgramPicker: true,
    icon: SettingsIcon,
    description: "Your organization's name and rating scale.",
    page: lazyPage(
      () => import("../features/organization/settings-page"),
      (m) => m.OrganizationSettingsPage,
    ),
  },
  {
    path: "/organization/review-templates",
    title: "Review Templates",
    group: "ORGANIZATION_ADMIN",
    showInPageMenu: true,
    menuArea: "Organization",
    hideProgramPicker: true,
    icon: FormIcon,
    description: "Fixed review sections for legacy programs' known forms.",
    page: lazyPage(
      () => import("../features/review-templates/review-templates-page"),
      (m) => m.ReviewTemplatesPage,
    ),
  },
  {
    path: "/organization/audit-log",
    title: "Audit Log",
    group: "ORGANIZATION_ADMIN",
    showInPageMenu: true,
    menuArea: "Organization",
    hideProgramPicker: true,
    icon: HistoryIcon,
    description: "Who changed what, and when.",
    page: lazyPage(
      () => import("../features/audit-log/audit-log-page"),
      (m) => m.AuditLogPage,
    ),
  },
];
