import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { setTimeout as sleep } from 'node:timers/promises';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Runs a full garbage collection and gives the runtime a moment to hand the freed memory back,
 * so one measurement does not pay for the previous one's garbage.
 */
export async function settleMemory(): Promise<void> {
  collect();
  await sleep(200);
}
