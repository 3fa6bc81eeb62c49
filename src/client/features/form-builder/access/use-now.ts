import { useEffect, useState } from "react";

const TICK_MS = 15_000;

/**
 * The current time: read afresh on every render (a form just closed by the server shows as closed at
 * once), and re-rendered every 15 s while `active`, so a scheduled close shows on time.
 */
export function useNow(active: boolean): Date {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setTick((tick) => tick + 1), TICK_MS);
    return () => window.clearInterval(timer);
  }, [active]);
  return new Date();
}
