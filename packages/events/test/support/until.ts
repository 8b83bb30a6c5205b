import { setTimeout as delay } from 'node:timers/promises'

/** Resolves once `condition` holds, checking every few milliseconds (the test's timeout bounds it). */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await delay(5)
}
