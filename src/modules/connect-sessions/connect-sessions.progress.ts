/**
 * A connect session follows its connection through the connection's events (spec "Connect
 * session states"; DESIGN.md §6): recorded in the same transaction as each event, so the
 * session state and the webhooks never disagree.
 * - AccountsFetchingProgress Started: RedirectedToBank -> Fetching;
 * - AccountsFetchingProgress Completed: -> AwaitingAccountSelection (transactions keep downloading);
 * - ConnectionCreateSuccess: Completed (resultCode Ok) once the user has confirmed the account selection;
 * - ConnectionCreateFailed: Cancelled (resultCode Cancelled) for `user_cancelled`; any other
 *   failure before the account selection puts the session back to AwaitingBankSelection with the
 *   failure's code in `error` (resultCode still null; connectionId still the failed connection):
 *   the user sees "Try again" / "Choose another bank" / "Back to <partner>", and leaving ends it
 *   Failed (ConnectSessionsService.cancel). After the account selection (the user is back at the
 *   partner) it ends Failed at once (resultCode Error).
 * - The progress counts (accountsFound, transactionsDownloaded) are copied from the progress
 *   events, so the progress page shows what the progress webhooks say.
 * Events of later reconnects (data.reconnect) and of finished sessions change nothing.
 * The session's updatedAt is the event's time (its partner's sandbox time in sandbox).
 */
import type { EventLog } from '../webhooks/events.ts';
import { connectSessionsRepository, TERMINAL_STATES } from './connect-sessions.repository.ts';

/** Registers the listener on `events`. */
export function followConnectionEvents(events: EventLog): void {
  events.onRecorded(async (tx, { subject, body, at: updatedAt }) => {
    if (!subject.sessionId || body.data.reconnect) return;
    const repo = connectSessionsRepository(tx);
    const session = await repo.lock(subject.sessionId);
    if (!session || TERMINAL_STATES.includes(session.state) || session.connectionId !== subject.connectionId) return;
    const stage = body.data.stage;
    if (body.type === 'AccountsFetchingProgress' && stage === 'Started') {
      await repo.transition(session.id, ['RedirectedToBank', 'Authenticating'], { state: 'Fetching', updatedAt });
    } else if (body.type === 'AccountsFetchingProgress' && stage === 'Completed') {
      const accountsFound = Number(body.data.accountCount ?? 0);
      await repo.update(session.id, { accountsFound, updatedAt });
      await repo.transition(session.id, ['RedirectedToBank', 'Authenticating', 'Fetching'], { state: 'AwaitingAccountSelection', updatedAt });
    } else if (body.type === 'TransactionsFetchingProgress') {
      await repo.update(session.id, { transactionsDownloaded: Number(body.data.transactionCount ?? 0), updatedAt });
    } else if (body.type === 'ConnectionCreateSuccess' && session.accountsSelectedAt) {
      await repo.update(session.id, { state: 'Completed', resultCode: 'Ok', error: null, updatedAt });
    } else if (body.type === 'ConnectionCreateFailed') {
      const code = (body.data.error as { code?: string } | undefined)?.code ?? 'connection_failed';
      const cancelled = code === 'user_cancelled';
      if (!cancelled && !session.accountsSelectedAt) {
        await repo.update(session.id, { state: 'AwaitingBankSelection', resultCode: null, bankUrl: null, error: code, updatedAt });
      } else {
        await repo.update(session.id, { state: cancelled ? 'Cancelled' : 'Failed', resultCode: cancelled ? 'Cancelled' : 'Error', error: code, updatedAt });
      }
    }
  });
}
