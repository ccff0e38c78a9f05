import { describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/job-transaction';
import { createDomainEvents } from '../src/domain-events';

declare module '../src/domain-events' {
  interface DomainEventMap {
    'test.happened': { n: number };
  }
}

const tx = {} as Executor;

describe('domain events', () => {
  it('runs every handler in subscription order with the emitter\'s transaction', async () => {
    const events = createDomainEvents();
    const seen: string[] = [];
    events.on('test.happened', async (given, { n }) => void seen.push(`a${n}${given === tx}`));
    events.on('test.happened', async (_given, { n }) => void seen.push(`b${n}`));
    await events.emit(tx, 'test.happened', { n: 1 });
    expect(seen).toEqual(['a1true', 'b1']);
  });

  it('fails the emit when a handler fails, so the cause rolls back', async () => {
    const events = createDomainEvents();
    events.on('test.happened', async () => {
      throw new Error('listener broke');
    });
    await expect(events.emit(tx, 'test.happened', { n: 2 })).rejects.toThrow('listener broke');
  });

  it('emits to nobody without handlers', async () => {
    await expect(createDomainEvents().emit(tx, 'test.happened', { n: 3 })).resolves.toBeUndefined();
  });
});
