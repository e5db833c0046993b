import { BpjsError, type BpjsLink, callVclaim } from './client.js';

// BPJS VClaim, as far as a booking and its SEP need it: a participant by card number or NIK on the visit
// date (`Peserta/nokartu/{no}/tglSEP/{date}`, `Peserta/nik/{nik}/tglSEP/{date}`), a referral by its
// number, from primary care (`Rujukan/{no}`) or from another hospital (`Rujukan/RS/{no}`), a control letter
// (`RencanaKontrol/noSuratKontrol/{no}`), the ICD-10 reference (`referensi/diagnosa/{q}`), and the SEP
// itself (`SEP/2.0/insert`, `update`, `delete`). Field names are BPJS's, read from the VClaim catalogue as
// the public clients (mLITE, ssecd/jkn) quote it.

/** A participant as the booking checks it. */
export interface Participant {
  cardNo: string;
  nik: string;
  name: string;
  /** `statusPeserta.kode`: "0" is AKTIF. */
  active: boolean;
  /** `statusPeserta.keterangan`, e.g. AKTIF or a reason it is not. */
  status: string;
  /** `hakKelas.keterangan`, e.g. KELAS I. */
  careClass: string;
  /** `provUmum`: the participant's first-level facility. */
  primaryCare: { code: string; name: string };
  /** `hakKelas.kode`: "1", "2" or "3", the SEP's `klsRawatHak`. */
  careClassCode: string;
  /** `jenisPeserta.keterangan`, e.g. PBI (APBN). */
  participantType: string;
  /** `cob.nmAsuransi`: another insurer that pays first (coordination of benefits), when there is one. */
  otherInsurer: string | null;
}

/** A referral as the booking checks it. */
export interface Referral {
  number: string;
  /** `tglKunjungan`: the day it was issued (YYYY-MM-DD). */
  issuedOn: string;
  cardNo: string;
  /** `poliRujukan`: the clinic it sends the patient to (BPJS code; may be empty on a hospital's referral). */
  clinic: { code: string; name: string };
  /** `provPerujuk`: who referred. */
  referrer: { code: string; name: string };
  /** `diagnosa`: the referrer's diagnosis (ICD-10), the SEP's first diagnosis. */
  diagnosis: { code: string; name: string };
  /**
   * The facility it is addressed to, when the answer names one (`ppkDirujuk`, or `tujuanRujukan.kode` as
   * VClaim's other referral answers put it); the catalogue's example of this answer names none.
   */
  addressedTo: { code: string; name: string } | null;
}

/** What VClaim said: found, or not (its code 201 and its own words). */
export type Lookup<T> = { found: T } | { refused: string };

export type ReferralSource = 'primary' | 'hospital';

interface Cached {
  at: number;
  value: Lookup<unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const field = (value: unknown, name: string) =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
const pair = (value: unknown, code: string, name: string) => ({
  code: text(field(value, code)),
  name: text(field(value, name)),
});

function participantOf(response: unknown): Participant {
  const peserta = field(response, 'peserta');
  const status = field(peserta, 'statusPeserta');
  return {
    cardNo: text(field(peserta, 'noKartu')),
    nik: text(field(peserta, 'nik')),
    name: text(field(peserta, 'nama')),
    active: text(field(status, 'kode')) === '0',
    status: text(field(status, 'keterangan')),
    careClass: text(field(field(peserta, 'hakKelas'), 'keterangan')),
    primaryCare: pair(field(peserta, 'provUmum'), 'kdProvider', 'nmProvider'),
    careClassCode: text(field(field(peserta, 'hakKelas'), 'kode')),
    participantType: text(field(field(peserta, 'jenisPeserta'), 'keterangan')),
    otherInsurer: text(field(field(peserta, 'cob'), 'nmAsuransi')) || null,
  };
}

function referralOf(response: unknown): Referral {
  const rujukan = field(response, 'rujukan');
  const direct = text(field(rujukan, 'ppkDirujuk'));
  const nested = pair(field(rujukan, 'tujuanRujukan'), 'kode', 'nama');
  return {
    number: text(field(rujukan, 'noKunjungan')),
    issuedOn: text(field(rujukan, 'tglKunjungan')),
    cardNo: text(field(field(rujukan, 'peserta'), 'noKartu')),
    clinic: pair(field(rujukan, 'poliRujukan'), 'kode', 'nama'),
    referrer: pair(field(rujukan, 'provPerujuk'), 'kode', 'nama'),
    addressedTo: direct
      ? { code: direct, name: text(field(rujukan, 'namaPpkDirujuk')) }
      : nested.code
        ? nested
        : null,
    diagnosis: pair(field(rujukan, 'diagnosa'), 'kode', 'nama'),
  };
}

/** A control letter (surat kontrol): where and with whom the patient comes back, under which referral. */
export interface ControlLetter {
  number: string;
  /** `tglRencanaKontrol`: the day of the control visit. */
  plannedOn: string;
  cardNo: string;
  clinic: { code: string; name: string };
  /** The DPJP who wrote it (BPJS doctor code): the SEP's `skdp.kodeDPJP`. */
  doctor: { code: string; name: string };
  /** `sep.diagnosa`, `code - name` as VClaim writes it. */
  diagnosis: string;
  /** The referral of the earlier visit (`sep.provPerujuk`), which the control visit's SEP is issued on. */
  referral: {
    source: ReferralSource;
    number: string;
    issuedOn: string;
    referrer: { code: string; name: string };
  };
}

function controlLetterOf(response: unknown): ControlLetter {
  const sep = field(response, 'sep');
  const referrer = field(sep, 'provPerujuk');
  return {
    number: text(field(response, 'noSuratKontrol')),
    plannedOn: text(field(response, 'tglRencanaKontrol')),
    cardNo: text(field(field(sep, 'peserta'), 'noKartu')),
    clinic: pair(response, 'poliTujuan', 'namaPoliTujuan'),
    doctor: pair(response, 'kodeDokter', 'namaDokter'),
    diagnosis: text(field(sep, 'diagnosa')),
    referral: {
      source: text(field(referrer, 'asalRujukan')) === '2' ? 'hospital' : 'primary',
      number: text(field(referrer, 'noRujukan')),
      issuedOn: text(field(referrer, 'tglRujukan')),
      referrer: pair(referrer, 'kdProviderPerujuk', 'nmProviderPerujuk'),
    },
  };
}

/** A diagnosis of VClaim's ICD-10 reference: `name` is `code - name` as VClaim writes it. */
export interface Diagnosis {
  code: string;
  name: string;
}

/** What VClaim answered to a SEP's insert (`sep`): what the printed SEP shows as BPJS wrote it. */
export interface IssuedSep {
  number: string;
  date: string;
  diagnosis: string;
  careClass: string;
  participantType: string;
}

function issuedSepOf(response: unknown): IssuedSep {
  const sep = field(response, 'sep');
  const peserta = field(sep, 'peserta');
  return {
    number: text(field(sep, 'noSep')),
    date: text(field(sep, 'tglSep')),
    diagnosis: text(field(sep, 'diagnosa')),
    careClass: text(field(peserta, 'hakKelas')),
    participantType: text(field(peserta, 'jnsPeserta')),
  };
}

/** Answers kept at most this many at once; the oldest go first. */
const MAX_CACHED = 2000;

/**
 * The one way to VClaim. Each answer (found, or refused with code 201) is kept `cacheMs`, so that a
 * booking tried again after a refusal elsewhere (quota, a wrong birth date) does not ask BPJS again.
 * Throws BpjsError when BPJS cannot be reached, answers late or unreadably, or refuses otherwise (a
 * signature it does not accept): the booking then goes ahead unchecked. The cache is the process's own:
 * in a cluster each server process keeps its own.
 */
export class Vclaim {
  private readonly cache = new Map<string, Cached>();

  constructor(
    readonly link: BpjsLink,
    private readonly cacheMs = 5 * 60_000,
    /** The cache's clock. */
    private readonly now: () => number = Date.now,
  ) {}

  /** A participant by card number (13 digits) or NIK (16 digits) on the day of the visit. */
  participant(by: 'card' | 'nik', number: string, date: string): Promise<Lookup<Participant>> {
    const path = `Peserta/${by === 'card' ? 'nokartu' : 'nik'}/${encodeURIComponent(number)}/tglSEP/${date}`;
    return this.lookup(path, participantOf);
  }

  /** A referral by its number, from primary care (FKTP) or from another hospital. */
  referral(source: ReferralSource, number: string): Promise<Lookup<Referral>> {
    const path = `Rujukan/${source === 'hospital' ? 'RS/' : ''}${encodeURIComponent(number)}`;
    return this.lookup(path, referralOf);
  }

  /** A control letter (surat kontrol) by its number. */
  controlLetter(number: string): Promise<Lookup<ControlLetter>> {
    return this.lookup(`RencanaKontrol/noSuratKontrol/${encodeURIComponent(number)}`, controlLetterOf);
  }

  /** ICD-10 diagnoses whose code or name contains `q`; none is an empty list. */
  async diagnoses(q: string): Promise<Diagnosis[]> {
    const lookup = await this.lookup(`referensi/diagnosa/${encodeURIComponent(q)}`, (response) => {
      const list = field(response, 'diagnosa');
      return (Array.isArray(list) ? list : []).map((d) => ({
        code: text(field(d, 'kode')),
        name: text(field(d, 'nama')),
      }));
    });
    return 'found' in lookup ? lookup.found : [];
  }

  /**
   * Issues a SEP (`request.t_sep` as the catalogue prints it). Never cached, never retried here: a refusal
   * (BpjsError with BPJS's code and words) or no answer is the caller's to tell the clerk.
   */
  async insertSep(tSep: Record<string, unknown>): Promise<IssuedSep> {
    const answer = await callVclaim(this.link, {
      method: 'POST',
      path: 'SEP/2.0/insert',
      body: { request: { t_sep: tSep } },
    });
    return issuedSepOf(answer.response);
  }

  /** Changes an issued SEP (`t_sep` with `noSep`); VClaim answers with the SEP's number. */
  async updateSep(tSep: Record<string, unknown>): Promise<void> {
    await callVclaim(this.link, {
      method: 'PUT',
      path: 'SEP/2.0/update',
      body: { request: { t_sep: tSep } },
    });
  }

  /** Deletes a SEP; `user` is who asked (VClaim's delete takes no reason: the portal's audit log keeps it). */
  async deleteSep(number: string, user: string): Promise<void> {
    await callVclaim(this.link, {
      method: 'DELETE',
      path: 'SEP/2.0/delete',
      body: { request: { t_sep: { noSep: number, user } } },
    });
  }

  private async lookup<T>(path: string, read: (response: unknown) => T): Promise<Lookup<T>> {
    const now = this.now();
    const kept = this.cache.get(path);
    if (kept && now - kept.at < this.cacheMs) return kept.value as Lookup<T>;
    let value: Lookup<T>;
    try {
      value = { found: read((await callVclaim(this.link, { method: 'GET', path })).response) };
    } catch (err) {
      if (!(err instanceof BpjsError) || err.code !== 201) throw err;
      value = { refused: err.said ?? '' };
    }
    this.cache.delete(path);
    this.cache.set(path, { at: now, value });
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string);
    return value;
  }
}
