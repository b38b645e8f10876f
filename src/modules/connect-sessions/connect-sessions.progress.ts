/**
 * A connect session follows its connection through the connection's events (spec "Connect
 * session states"; DESIGN.md §6): recorded in the same transaction as each event, so the
 * session state and the webhooks never disagree.
 * - AccountsFetchingProgress Started: RedirectedToBank -> Fetching;
 * - AccountsFetchingProgress Completed: -> AwaitingAccountSelection (transactions keep downloading);
 * - ConnectionCreateSuccess: Completed (resultCode Ok) once the user has confirmed the account selection;
 * - ConnectionCreateFailed: Cancelled (resultCode Cancelled) for `user_cancelled`, else Failed
 *   (resultCode Error); `error` is the failure's code.
 * Events of later reconnects (data.reconnect) and of finished sessions change nothing.
 */
import type { Clock } from '../../lib/clock.ts';
import type { EventLog } from '../webhooks/events.ts';
import { connectSessionsRepository, TERMINAL_STATES } from './connect-sessions.repository.ts';

/** Registers the listener on `events`. */
export function followConnectionEvents(events: EventLog, clock: Clock): void {
  events.onRecorded(async (tx, { subject, body }) => {
    if (!subject.sessionId || body.data.reconnect) return;
    const repo = connectSessionsRepository(tx);
    const session = await repo.lock(subject.sessionId);
    if (!session || TERMINAL_STATES.includes(session.state) || session.connectionId !== subject.connectionId) return;
    const updatedAt = clock.now();
    const stage = body.data.stage;
    if (body.type === 'AccountsFetchingProgress' && stage === 'Started') {
      await repo.transition(session.id, ['RedirectedToBank', 'Authenticating'], { state: 'Fetching', updatedAt });
    } else if (body.type === 'AccountsFetchingProgress' && stage === 'Completed') {
      await repo.transition(session.id, ['RedirectedToBank', 'Authenticating', 'Fetching'], { state: 'AwaitingAccountSelection', updatedAt });
    } else if (body.type === 'ConnectionCreateSuccess' && session.accountsSelectedAt) {
      await repo.update(session.id, { state: 'Completed', resultCode: 'Ok', error: null, updatedAt });
    } else if (body.type === 'ConnectionCreateFailed') {
      const code = (body.data.error as { code?: string } | undefined)?.code ?? 'connection_failed';
      const cancelled = code === 'user_cancelled';
      await repo.update(session.id, { state: cancelled ? 'Cancelled' : 'Failed', resultCode: cancelled ? 'Cancelled' : 'Error', error: code, updatedAt });
    }
  });
}
