import { useEffect, useState } from "react";

/** The time now, moving every minute: "Closes in N days and M hours" stays true on a page left open. */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
