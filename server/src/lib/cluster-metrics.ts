import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * A cluster's metrics in one scrape. Each server process counts its own requests, and a scrape reaches one
 * of them: the process asked for `/metrics` asks the primary (ASK), which collects every serving process's
 * metrics (COLLECT, answered with COLLECTED) and adds them up with prom-client's AggregatorRegistry, each
 * metric by its `aggregator` (a sum unless it says otherwise: the outbox read from the database is the same
 * in every process), then answers (ANSWER). A process that cannot answer in time fails the scrape rather
 * than leave its counts out: a sum that dropped would read as a counter reset.
 */
const ASK = 'portal:metrics:ask';
const ANSWER = 'portal:metrics:answer';
const COLLECT = 'portal:metrics:collect';
const COLLECTED = 'portal:metrics:collected';

const TIMEOUT_MS = 5000;

interface Message {
  type: string;
  id: number;
  text?: string;
  metrics?: object[];
  error?: string;
}

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Message).type === 'string' &&
  (value as Message).type.startsWith('portal:metrics:');

/** In a worker: answers the primary's COLLECT with `registries`; returns what stops it. */
export function answerCollects(registries: Registry[]): () => void {
  const listener = (message: unknown) => {
    if (!isMessage(message) || message.type !== COLLECT) return;
    Promise.all(registries.map((registry) => registry.getMetricsAsJSON())).then(
      (metrics) => process.send?.({ type: COLLECTED, id: message.id, metrics: metrics.flat() }),
      (err: unknown) => process.send?.({ type: COLLECTED, id: message.id, error: String(err) }),
    );
  };
  process.on('message', listener);
  return () => process.off('message', listener);
}

let asked = 0;
const answers = new Map<number, (message: Message) => void>();

/** In a worker: the whole cluster's metrics in the text format, from the primary. */
export function clusterMetrics(): Promise<string> {
  if (answers.size === 0) process.on('message', hearAnswer);
  const id = asked++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => settle({ type: ANSWER, id, error: 'the primary did not answer' }),
      TIMEOUT_MS * 2,
    );
    const settle = (message: Message) => {
      clearTimeout(timer);
      answers.delete(id);
      if (answers.size === 0) process.off('message', hearAnswer);
      if (message.error !== undefined) reject(new Error(`cluster metrics: ${message.error}`));
      else resolve(message.text ?? '');
    };
    answers.set(id, settle);
    process.send?.({ type: ASK, id });
  });
}

function hearAnswer(message: unknown) {
  if (isMessage(message) && message.type === ANSWER) answers.get(message.id)?.(message);
}

/** In the primary: answers the workers' ASK from the metrics of the processes `serving` names. */
export function serveClusterMetrics(serving: () => Iterable<Worker>): void {
  let collections = 0;
  const collecting = new Map<number, (worker: Worker, message: Message) => void>();

  const collect = (asker: Worker, id: number) => {
    const workers = [...serving()].filter((worker) => worker.isConnected());
    const waiting = new Set(workers.map((worker) => worker.id));
    const gathered: object[][] = [];
    const collection = collections++;
    const answer = (reply: Omit<Message, 'type' | 'id'>) => {
      clearTimeout(timer);
      collecting.delete(collection);
      if (asker.isConnected()) asker.send({ type: ANSWER, id, ...reply });
    };
    const timer = setTimeout(
      () => answer({ error: `${waiting.size} server process(es) did not answer in time` }),
      TIMEOUT_MS,
    );
    collecting.set(collection, (worker, message) => {
      if (!waiting.delete(worker.id)) return;
      if (message.error !== undefined) return answer({ error: message.error });
      gathered.push(message.metrics ?? []);
      if (waiting.size > 0) return;
      AggregatorRegistry.aggregate(gathered)
        .metrics()
        .then(
          (text) => answer({ text }),
          (err: unknown) => answer({ error: String(err) }),
        );
    });
    if (workers.length === 0) return answer({ error: 'no server process serves' });
    for (const worker of workers) worker.send({ type: COLLECT, id: collection });
  };

  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === ASK) collect(worker, message.id);
    else if (message.type === COLLECTED) collecting.get(message.id)?.(worker, message);
  });
}
