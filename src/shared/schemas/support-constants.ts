export const EXPERIENCES = ["bad", "okay", "good"] as const;

export const FEEDBACK_TYPES = ["Bug", "Suggestion", "Other"] as const;
