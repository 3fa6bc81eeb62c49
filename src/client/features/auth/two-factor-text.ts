/** Words of the account settings page's two-factor section (ours: the specification has none). */
export const TWO_FACTOR_PAGE_TEXT = {
  intro:
    "Two-factor authentication asks for a code from an authenticator app on your phone each time you log in, so that your password alone is not enough to get into your account.",
  on: "Two-factor authentication is on.",
  off: "Two-factor authentication is off.",
  setupPassword: "To set up two-factor authentication, confirm your password.",
  scan: "Scan this QR code with your authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password), then enter the code it shows.",
  wrongSetupCode:
    "That code is not right. Check that the app shows DecisionHub and try the code it shows now.",
  tooManyCodes: "Too many wrong codes. Please wait a few minutes and try again.",
  turnedOn: "Two-factor authentication is on",
  turnedOff: "Two-factor authentication is off",
  disablePassword: "To turn off two-factor authentication, confirm your password.",
  regeneratePassword: "New backup codes replace the old ones, which stop working. Confirm your password.",
  requiredBy: (organizations: string[]) =>
    `${organizations.join(", ")} requires two-factor authentication for admins. Set it up to use admin features.`,
  requiredKeepOn: (organizations: string[]) =>
    `${organizations.join(", ")} requires two-factor authentication for admins, so it cannot be turned off.`,
} as const;
