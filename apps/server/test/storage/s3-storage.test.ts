import { runStorageContract } from './storage-contract';
import { startS3rverStorage } from '../helpers/storage-s3rver';

runStorageContract('s3 (s3rver)', async () => {
  const s3 = await startS3rverStorage();
  return { storage: s3.storage, close: s3.close };
});
