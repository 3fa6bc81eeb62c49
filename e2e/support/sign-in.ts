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

/** A new page signed in as `email`, landed on /programs (where every committee account starts). */
export async function openSignedIn(
  browser: Browser,
  baseURL: string,
  email: string,
  password: string,
): Promise<{ page: Page; problems: string[] }> {
  const { page, problems } = await newPage(browser);
  await page.goto(`${baseURL}/login`);
  await submitLogin(page, email, password);
  await waitForPath(page, "/programs");
  return { page, problems };
}
