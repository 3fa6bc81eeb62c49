/** The password of every generated account; the runner signs in with it. */
export function benchPassword(env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_PASSWORD || "bench-password";
}
