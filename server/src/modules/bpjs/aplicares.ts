import { type BpjsCall, BpjsError, type BpjsLink, callAplicares, listOf } from './client.js';

// BPJS Aplicares: the hospital's rooms and their free beds. BPJS knows a room by its class and the
// hospital's code for it (`kodekelas`, `koderuang`), per hospital (`kodeppk`, in the path).

/** One room as Aplicares takes it: free beds in total and for men, women, or either. */
export interface AplicaresBed {
  kodekelas: string;
  koderuang: string;
  namaruang: string;
  kapasitas: number;
  tersedia: number;
  tersediapria: number;
  tersediawanita: number;
  tersediapriawanita: number;
}

/** A room as BPJS lists it (`rest/bed/read`): only its key is relied on. */
export interface HeldBed {
  kodekelas: string;
  koderuang: string;
  namaruang: string;
}

const PAGE = 100;
/** BPJS holds one hospital's rooms: far fewer than this many pages of them. */
const MAX_PAGES = 100;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * Every room BPJS holds for the hospital, page by page (`start` counts rows from 1). A page that adds
 * no room not seen yet ends the reading, so that a BPJS that ignores the paging is read once.
 */
export async function readBeds(link: BpjsLink, ppkCode: string): Promise<HeldBed[]> {
  const held = new Map<string, HeldBed>();
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const path = `rest/bed/read/${encodeURIComponent(ppkCode)}/${page * PAGE + 1}/${PAGE}`;
    const list = listOf((await callAplicares(link, { method: 'GET', path })).response);
    const before = held.size;
    for (const item of list) {
      const row = item as Record<string, unknown>;
      const bed = {
        kodekelas: text(row.kodekelas),
        koderuang: text(row.koderuang),
        namaruang: text(row.namaruang),
      };
      held.set(`${bed.kodekelas}/${bed.koderuang}`, bed);
    }
    if (list.length < PAGE || held.size === before) break;
  }
  return [...held.values()];
}

const BED_PATH = /^rest\/bed\/(create|update|delete)\/([^/]+)$/;

/**
 * Delivers one report of a room (`rest/bed/create|update|delete/{kodeppk}`) and says what BPJS answered.
 * Each report carries the room's whole state, so it may be repeated and may meet a BPJS that holds
 * something else than the portal believes (an answer lost after a create, a room deleted at BPJS by
 * hand): a refused create is sent again as an update and the other way round, and a refused delete of
 * a room BPJS does not hold any more counts as done.
 */
export async function deliverBedReport(link: BpjsLink, request: BpjsCall): Promise<string> {
  const match = BED_PATH.exec(request.path);
  try {
    const answer = await callAplicares(link, request);
    return `${answer.code} ${answer.message}`.trim();
  } catch (err) {
    const operation = match?.[1];
    const ppkCode = match?.[2];
    const refused = err instanceof BpjsError && err.code !== undefined;
    if (!operation || !ppkCode || !refused) throw err;
    if (operation === 'delete') {
      const { kodekelas, koderuang } = request.body as { kodekelas: string; koderuang: string };
      const held = await readBeds(link, decodeURIComponent(ppkCode));
      if (held.some((bed) => bed.kodekelas === kodekelas && bed.koderuang === koderuang)) throw err;
      return `${err.message}; ruangan memang tidak ada lagi di BPJS`;
    }
    const other = operation === 'create' ? 'update' : 'create';
    try {
      const answer = await callAplicares(link, { ...request, path: `rest/bed/${other}/${ppkCode}` });
      return `${answer.code} ${answer.message} (${other} setelah ${operation} ditolak)`;
    } catch (second) {
      if (!(second instanceof BpjsError)) throw second;
      throw new BpjsError(`${operation}: ${err.message}; ${other}: ${second.message}`, second.code);
    }
  }
}
