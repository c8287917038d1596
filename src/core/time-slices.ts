/** Resolves after the tasks already queued have run (a message, not a timer: no 1-4 ms clamp). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/**
 * For a long loop on a thread that must keep answering (the page, a worker): call the function
 * it returns once per step; it lets the tasks waiting run once `sliceMs` of work have passed
 * since the last pause, and resolves at once otherwise. `now` is the clock in milliseconds (tests
 * pass their own, so that a busy machine's pauses cannot lengthen a slice).
 */
export function timeSlices(
  sliceMs: number,
  now: () => number = () => performance.now(),
): () => Promise<void> {
  let sliceStart = now();
  return async () => {
    if (now() - sliceStart <= sliceMs) return;
    await nextTask();
    sliceStart = now();
  };
}
