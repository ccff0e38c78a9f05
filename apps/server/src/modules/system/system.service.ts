import type { Runtime } from '../../runtime';
import type { SystemRepo } from './system.repo';

/** Returns why the node is unhealthy, or undefined when the database answers and the job queue runs. */
export async function checkHealth({ repo, jobs }: { repo: SystemRepo; jobs: Pick<Runtime['jobs'], 'isRunning'> }): Promise<string | undefined> {
  try {
    await repo.ping();
  } catch {
    return 'The database is not reachable.';
  }
  if (!jobs.isRunning()) return 'The job queue is not running.';
  return undefined;
}
