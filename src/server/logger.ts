import type { Config } from "./config";

const LEVELS = ["debug", "info", "warn", "error"] as const;
type Level = (typeof LEVELS)[number];

export interface Logger {
  debug(msg: string): void;
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

/** A plain line logger. Never give it a password or a session token. */
export function createLogger(level: Config["LOG_LEVEL"]): Logger {
  const min = level === "silent" ? LEVELS.length : LEVELS.indexOf(level);
  const at = (l: Level) => (msg: string) => {
    if (LEVELS.indexOf(l) < min) return;
    const line = `${new Date().toISOString()} ${l.toUpperCase()} ${msg}`;
    if (l === "error" || l === "warn") console.error(line);
    else console.log(line);
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
