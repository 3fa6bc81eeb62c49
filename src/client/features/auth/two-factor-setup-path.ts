/** The account settings page, where an admin sets up two-factor authentication. */
export const ACCOUNT_SETTINGS_PATH = "/account";

/**
 * Sends an admin to set up two-factor authentication: what the client does with an API call refused with
 * TWO_FACTOR_REQUIRED (their organization requires it; decision 015). A full page load is fine for a
 * once-only detour, and it works from outside React (the query cache).
 */
export function openTwoFactorSetup(): void {
  if (window.location.pathname === ACCOUNT_SETTINGS_PATH) return;
  window.location.assign(ACCOUNT_SETTINGS_PATH);
}
