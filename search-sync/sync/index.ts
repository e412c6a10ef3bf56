export { SearchSyncWorker, type WorkerOptions } from './worker.js';
export { SyncThread, threadable, type SyncThreadData } from './sync-thread.js';
