/** Storage persistence lives on the page: `navigator.storage.persist()` is not offered to workers. */
export { requestPersistentStorage } from '../../adapters/store/storage-quota.ts';

/** Whether the browser already keeps this origin's storage under pressure. */
export async function isStoragePersisted(): Promise<boolean> {
  return (await navigator.storage?.persisted?.()) ?? false;
}
