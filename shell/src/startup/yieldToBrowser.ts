/**
 * Lets the browser run (paint, input, other tasks) before the next start-up step, so that steps run in
 * tasks of their own and none of them adds up to one long task (issues 8 and 19: Total Blocking Time).
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
