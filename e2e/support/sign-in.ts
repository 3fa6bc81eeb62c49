import type { Browser, Page } from "playwright-core";
import { newPage } from "./browser";

/** Fills the sign-in card's login step and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

/**
 * Waits until sign-in has brought the user to the page they land on: their work in the current program
 * (an admin's dashboard, a committee member's candidates), the programs page without one, an applicant's
 * portal (docs/decisions/039-navigation-and-builder.md). Answers that page's path.
 */
export async function waitForLanding(page: Page): Promise<string> {
  await page.waitForURL((url) => !["/", "/login", "/redirect"].includes(url.pathname), { timeout: 15_000 });
  return new URL(page.url()).pathname;
}

/** A new page signed in as `email`, on the page sign-in landed them on. */
export async function openSignedIn(
  browser: Browser,
  baseURL: string,
  email: string,
  password: string,
): Promise<{ page: Page; problems: string[] }> {
  const { page, problems } = await newPage(browser);
  await page.goto(`${baseURL}/login`);
  await submitLogin(page, email, password);
  await waitForLanding(page);
  return { page, problems };
}
