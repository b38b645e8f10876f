/**
 * Lifecycle events (spec "Events"; DESIGN.md §6). An event is recorded in the same database
 * transaction as the state change that causes it, so none is lost and none is invented.
 * Body sent to partners: `{type, timestamp, data}`; `data` always has partnerId, clientId,
 * connectionId (when one exists) and sessionId for hosted flows; failures carry
 * `data.error = {code, message}`.
 */
import type { Tx } from '../../db/database.ts';
import { newId, type Mode } from '../../lib/ids.ts';

export type EventType =
  | 'ConnectionCreateSuccess'
  | 'ConnectionCreateFailed'
  | 'ConnectionConsentExpiring'
  | 'ConnectionConsentExpired'
  | 'ConnectionConsentRevoked'
  | 'ConnectionRefreshSuccess'
  | 'ConnectionRefreshFailed'
  | 'AccountsFetchingProgress'
  | 'TransactionsFetchingProgress'
  | 'WebhookTest';

export type FetchingStage = 'Started' | 'InProgress' | 'Completed';

export interface EventSubject {
  partnerId: string;
  mode: Mode;
  clientId: string;
  connectionId: string;
  sessionId?: string | null;
}

export interface EventBody {
  type: EventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/** Hooks run inside the recording transaction (webhook delivery scheduling registers here); `at` is the event's time. */
export type EventListener = (tx: Tx, event: { id: string; subject: EventSubject; body: EventBody; at: Date }) => Promise<void>;

export class EventLog {
  private readonly listeners: EventListener[] = [];

  /** Registers a listener called in the same transaction as every recorded event. */
  onRecorded(listener: EventListener): void {
    this.listeners.push(listener);
  }

  /** Records `type` for `subject` with extra `data`, at `at` (UTC), inside `tx`. Returns the event id. */
  async record(tx: Tx, subject: EventSubject, type: EventType, data: Record<string, unknown>, at: Date): Promise<string> {
    const id = newId();
    const body: EventBody = {
      type,
      timestamp: at.toISOString(),
      data: {
        partnerId: subject.partnerId,
        clientId: subject.clientId,
        connectionId: subject.connectionId,
        ...(subject.sessionId ? { sessionId: subject.sessionId } : {}),
        ...data,
      },
    };
    await tx
      .insertInto('events')
      .values({ id, partnerId: subject.partnerId, mode: subject.mode, connectionId: subject.connectionId, type, payload: JSON.stringify(body), createdAt: at })
      .execute();
    for (const listener of this.listeners) await listener(tx, { id, subject, body, at });
    return id;
  }

  /**
   * Records a `WebhookTest` event of a partner and mode at `at` inside `tx` (no connection, no
   * listeners: the caller creates its delivery). Body data: partnerId, mode and a message.
   * Returns the event id.
   */
  async recordTest(tx: Tx, partnerId: string, mode: Mode, at: Date): Promise<string> {
    const id = newId();
    const body: EventBody = { type: 'WebhookTest', timestamp: at.toISOString(), data: { partnerId, mode, message: 'A test event: your endpoint receives and verifies bankdata webhooks.' } };
    await tx.insertInto('events').values({ id, partnerId, mode, connectionId: null, type: body.type, payload: JSON.stringify(body), createdAt: at }).execute();
    return id;
  }
}
