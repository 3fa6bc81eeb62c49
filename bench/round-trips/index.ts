import { formLoadRoundTrip } from "./form-load";
import { formSaveRoundTrip } from "./form-save";
import type { RoundTrip } from "./types";

/**
 * Every round trip, in the order they run, on our server after the load scenarios. Both work on the
 * large form `prepareLargeForm` puts in place; the saves run first so the loads read a form that
 * has been edited and saved many times, as a builder's form has.
 */
export const ROUND_TRIPS: readonly RoundTrip[] = [formSaveRoundTrip, formLoadRoundTrip];
