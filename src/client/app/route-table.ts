import type { ComponentType, LazyExoticComponent } from "react";
import type { RouteGroup } from "../../shared/authz";
import { lazyPage } from "./lazy-page";

export interface AppRoute {
  path: string;
  /** Shown in the top bar, the page menu and the browser tab. */
  title: string;
  /** PUBLIC pages render without the top bar; every other group is guarded and rendered in the shell. */
  group: RouteGroup;
  showInPageMenu: boolean;
  hideProgramPicker: boolean;
  page: LazyExoticComponent<ComponentType>;
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
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/programs/programs-page"),
      (m) => m.ProgramsPage,
    ),
  },
  {
    path: "/portal/applicant",
    title: "My Applications",
    group: "APPLICANT",
    showInPageMenu: true,
    hideProgramPicker: true,
    page: lazyPage(
      () => import("../features/applicant/applicant-portal-page"),
      (m) => m.ApplicantPortalPage,
    ),
  },
];
