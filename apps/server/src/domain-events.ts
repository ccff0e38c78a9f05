import type { Executor } from './db/job-transaction';

/**
 * What a module announces for others to react to, keyed by event name. The lower layer knows no
 * event: each module declares the events it emits beside the code that emits them, by augmenting
 * this interface:
 *
 *   declare module '../../domain-events' {
 *     interface DomainEventMap { 'video.ready': { tenantId: string; videoId: string } }
 *   }
 *
 * so the emitter never imports its listeners and a listener imports nothing of the emitter.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEventMap {}

export type DomainEventName = keyof DomainEventMap;

/** Runs in the emitter's transaction (or on the pool when it holds none): what it writes commits or rolls back with the cause. */
export type DomainEventHandler<N extends DomainEventName> = (tx: Executor, payload: DomainEventMap[N]) => Promise<void>;

export interface DomainEvents {
  /** Runs every handler of `name`, one after another in subscription order; a failing handler fails the emit (and so the cause's transaction). */
  emit<N extends DomainEventName>(tx: Executor, name: N, payload: DomainEventMap[N]): Promise<void>;
  on<N extends DomainEventName>(name: N, handler: DomainEventHandler<N>): void;
}

/** One per process (the runtime's), shared by the web app and the job workers. */
export function createDomainEvents(): DomainEvents {
  const handlers = new Map<DomainEventName, DomainEventHandler<never>[]>();
  return {
    async emit(tx, name, payload) {
      for (const handler of handlers.get(name) ?? []) await (handler as DomainEventHandler<typeof name>)(tx, payload);
    },
    on(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as DomainEventHandler<never>]);
    },
  };
}
