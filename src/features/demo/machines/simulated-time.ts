import type { SimulatedClock } from "xstate";

/**
 * Moves a SimulatedClock forward one millisecond at a time. `clock.increment(ms)` jumps straight to the
 * end, so a timer that re-arms itself (the progress tick, the call timer) would fire only once; stepping
 * lets every timer fire at its real time. For unit tests and stories only.
 */
export function advance(clock: SimulatedClock, ms: number) {
  for (let i = 0; i < ms; i++) clock.increment(1);
}
