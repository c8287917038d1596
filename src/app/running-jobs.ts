/** The jobs running on each collection, so that deleting a collection can stop them first. */
export class RunningJobs {
  /** Collection id to job id to the job's promise. */
  readonly #byCollection = new Map<string, Map<string, Promise<unknown>>>();

  /** Resolves like `job`, recording it as running on `collectionId` until it settles. */
  async track<Result>(collectionId: string, jobId: string, job: Promise<Result>): Promise<Result> {
    const jobs = this.#byCollection.get(collectionId) ?? new Map<string, Promise<unknown>>();
    jobs.set(jobId, job);
    this.#byCollection.set(collectionId, jobs);
    try {
      return await job;
    } finally {
      jobs.delete(jobId);
      if (jobs.size === 0) this.#byCollection.delete(collectionId);
    }
  }

  isRunning(collectionId: string): boolean {
    return this.#byCollection.has(collectionId);
  }

  jobIds(collectionId: string): string[] {
    return [...(this.#byCollection.get(collectionId)?.keys() ?? [])];
  }

  /** Resolves once every job now running on `collectionId` has settled. */
  async settled(collectionId: string): Promise<void> {
    await Promise.allSettled(this.#byCollection.get(collectionId)?.values() ?? []);
  }
}
