import pg from 'pg';

/** What one process does for a role that only one process at a time may play (the outbox worker). */
export interface Candidate {
  /** This process plays the role now. */
  lead(): Promise<void>;
  /** It plays it no more (its connection was lost, or it stops): it must stop doing it. */
  stepDown(): Promise<void>;
  /** Someone asked whoever leads to look now (`Leadership.nudge`). */
  nudged(): void;
}

export interface Leadership {
  /** Asks the leader to look now: this process's candidate when it leads, else the leader over NOTIFY. */
  nudge(): void;
  /** Steps down (or stops trying to lead), after the candidate's `stepDown`. */
  stop(): Promise<void>;
}

export interface ElectionOptions {
  /** How often a process that does not lead tries again, so that it takes over soon after the leader died. */
  retryMs: number;
}

/** The election where one process can use the database (the embedded one): it leads at once. */
export async function leadAlone(_role: string, candidate: Candidate): Promise<Leadership> {
  await candidate.lead();
  return { nudge: () => candidate.nudged(), stop: () => candidate.stepDown() };
}

// The two-key form: its keys never meet the one-key locks of the write limits (lib/throttle.ts).
const tryLock = `select pg_try_advisory_lock(hashtext('portal_leader'), hashtext($1)) as won`;
const unlock = `select pg_advisory_unlock(hashtext('portal_leader'), hashtext($1))`;

/**
 * Elects one leader among the processes that use one PostgreSQL database: the one that holds a
 * session-level advisory lock on a connection of its own. The lock goes with that session, so a leader
 * that dies or loses its connection lets another take over at its next try; a leader that loses its
 * connection steps down, but for a moment two may believe they lead, so what the role does must stay safe
 * for two (the outbox claims its messages with leases). The leader LISTENs on the role's channel: the others
 * nudge it with a NOTIFY.
 */
export async function electLeader(
  pool: pg.Pool,
  databaseUrl: string,
  role: string,
  candidate: Candidate,
  { retryMs }: ElectionOptions,
): Promise<Leadership> {
  const channel = `portal_leader_${role}`;
  let client: pg.Client | undefined;
  let leading = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let trying: Promise<void> | undefined;
  // Leading and stepping down never overlap, whatever order the connection's events come in.
  let transitions: Promise<unknown> = Promise.resolve();
  const transition = (step: () => Promise<void>) => {
    const next = transitions.then(step);
    transitions = next.catch(() => {});
    return next;
  };

  const stepDown = async () => {
    if (!leading) return transitions;
    leading = false;
    return transition(() => candidate.stepDown());
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      trying = attempt();
    }, retryMs);
    // Trying to lead must not keep a process alive that has nothing else to do.
    retry.unref();
  };
  const lost = (gone: pg.Client) => {
    if (client !== gone) return;
    client = undefined;
    void stepDown().then(schedule, schedule);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === channel && leading) candidate.nudged();
    });
    try {
      await next.connect();
    } catch (err) {
      await next.end().catch(() => {});
      throw err;
    }
    return next;
  };
  const attempt = async () => {
    if (stopped) return;
    try {
      client ??= await connect();
      const { rows } = await client.query<{ won: boolean }>(tryLock, [role]);
      if (!rows[0]?.won) return schedule();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
      leading = true;
      await transition(() => candidate.lead());
    } catch {
      // The server is not reachable now (it restarts), or leading failed: step down, let go, try again.
      await stepDown().catch(() => {});
      const failed = client;
      client = undefined;
      await failed?.end().catch(() => {});
      schedule();
    }
  };

  trying = attempt();
  await trying;
  return {
    nudge() {
      if (leading) candidate.nudged();
      // The leader polls as well: a nudge lost with a connection only delays the look.
      else pool.query('select pg_notify($1, $2)', [channel, '']).catch(() => {});
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await trying;
      const held = leading;
      await stepDown();
      const last = client;
      client = undefined;
      // Ending the session would release the lock too, but the server may notice a moment after the
      // socket closed: a successor started at once (a restart, the next test) must find it free.
      if (held) await last?.query(unlock, [role]).catch(() => {});
      await last?.end();
    },
  };
}
