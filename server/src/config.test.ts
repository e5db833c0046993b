import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { addressMatcher } from './lib/addresses.js';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      simrsDatabaseUrl: undefined,
      workers: 1,
      timeZone: 'Asia/Jakarta',
      logLevel: 'info',
      trustProxy: false,
      notifications: { gatewayUrl: undefined, gatewayToken: undefined, timeoutMs: 10_000, maxAttempts: 8 },
      publicWriteLimit: 20,
      streams: { perAddress: 10, total: 1000 },
      registration: {
        writeLimit: 120,
        horizonDays: 30,
        publicUrl: 'http://127.0.0.1:3000',
        reminderHour: 16,
      },
      bpjs: { antrean: undefined, ppkCode: undefined, tokenMinutes: 60, trustedAddresses: [] },
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', SIMRS_DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      simrsDatabaseUrl: undefined,
    });
  });

  it("refuses the example file's placeholders, naming the variables", () => {
    expect(() =>
      loadConfig({
        METRICS_TOKEN: 'CHANGE-ME-openssl-rand-hex-32',
        DATABASE_URL: 'postgres://portal:CHANGE-ME@127.0.0.1:5432/portal',
      }),
    ).toThrow(
      'Konfigurasi tidak valid: METRICS_TOKEN, DATABASE_URL masih berisi nilai contoh (CHANGE-ME); isi nilai sebenarnya',
    );
  });

  it('refuses an empty DATABASE_URL rather than start an embedded database with the demo data', () => {
    expect(() => loadConfig({ DATABASE_URL: '' })).toThrow(
      'Konfigurasi tidak valid: DATABASE_URL kosong; isi alamat PostgreSQL, atau hapus barisnya untuk basis data tertanam',
    );
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      SIMRS_DATABASE_URL: 'mysql://portal:rahasia@10.0.0.5:3306/simrs',
      WORKERS: '3',
      DATA_DIR: '/var/lib/portal',
      TZ: 'Asia/Makassar',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      WHATSAPP_GATEWAY_URL: 'https://wa.example.id/api/send',
      WHATSAPP_GATEWAY_TOKEN: 'rahasia',
      WHATSAPP_TIMEOUT_MS: '5000',
      OUTBOX_MAX_ATTEMPTS: '5',
      PUBLIC_WRITE_LIMIT: '60',
      STREAMS_PER_ADDRESS: '40',
      STREAMS_TOTAL: '5000',
      REGISTRATION_WRITE_LIMIT: '300',
      REGISTRATION_HORIZON_DAYS: '14',
      PUBLIC_URL: 'https://rs.example.id/',
      BOOKING_REMINDER_HOUR: '18',
      PORTAL_COMMIT: 'C172880',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      simrsDatabaseUrl: 'mysql://portal:rahasia@10.0.0.5:3306/simrs',
      workers: 3,
      dataDir: '/var/lib/portal',
      timeZone: 'Asia/Makassar',
      logLevel: 'warn',
      trustProxy: true,
      notifications: {
        gatewayUrl: 'https://wa.example.id/api/send',
        gatewayToken: 'rahasia',
        timeoutMs: 5000,
        maxAttempts: 5,
      },
      publicWriteLimit: 60,
      streams: { perAddress: 40, total: 5000 },
      registration: {
        writeLimit: 300,
        horizonDays: 14,
        publicUrl: 'https://rs.example.id',
        reminderHour: 18,
      },
      commit: 'c172880',
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SIMRS_DATABASE_URL: 'postgres://simrs.example/simrs' }, 'SIMRS_DATABASE_URL'],
    [{ SIMRS_DATABASE_URL: 'mysql://root@simrs.example' }, 'SIMRS_DATABASE_URL'],
    [{ SIMRS_DATABASE_URL: 'simrs.example:3306/simrs' }, 'SIMRS_DATABASE_URL'],
    [{ TZ: 'Mars/Olympus' }, 'TZ'],
    [{ TZ: 'Asia/Singapore' }, 'TZ'],
    [{ WORKERS: '0' }, 'WORKERS'],
    [{ WORKERS: 'dua' }, 'WORKERS'],
    [{ WORKERS: '2' }, 'WORKERS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ STREAMS_PER_ADDRESS: '0' }, 'STREAMS_PER_ADDRESS'],
    [{ WHATSAPP_GATEWAY_URL: 'ftp://wa.example.id' }, 'WHATSAPP_GATEWAY_URL'],
    [{ WHATSAPP_GATEWAY_URL: 'wa.example.id' }, 'WHATSAPP_GATEWAY_URL'],
    [{ WHATSAPP_TIMEOUT_MS: '10' }, 'WHATSAPP_TIMEOUT_MS'],
    [{ OUTBOX_MAX_ATTEMPTS: '0' }, 'OUTBOX_MAX_ATTEMPTS'],
    [{ PUBLIC_WRITE_LIMIT: 'banyak' }, 'PUBLIC_WRITE_LIMIT'],
    [{ REGISTRATION_WRITE_LIMIT: '0' }, 'REGISTRATION_WRITE_LIMIT'],
    [{ REGISTRATION_HORIZON_DAYS: '-1' }, 'REGISTRATION_HORIZON_DAYS'],
    [{ PORTAL_COMMIT: 'main' }, 'PORTAL_COMMIT'],
  ])('stops on a bad value with one line naming it: %o', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).toContain(JSON.stringify(Object.values(env)[0]));
    expect(message).not.toContain('\n');
  });

  it('says what is wrong with the SIMRS URL without repeating its password', () => {
    expect(() => loadConfig({ SIMRS_DATABASE_URL: 'postgres://portal:rahasia@10.0.0.5/simrs' })).toThrow(
      'SIMRS_DATABASE_URL harus berupa URL mysql:// (MariaDB atau MySQL), bukan postgres:// (contoh: mysql://portal:sandi@10.0.0.5:3306/simrs) (nilai: "postgres://portal:***@10.0.0.5/simrs")',
    );
    expect(() => loadConfig({ SIMRS_DATABASE_URL: 'mysql://portal:rahasia@10.0.0.5:3306' })).toThrow(
      'SIMRS_DATABASE_URL harus menyebut satu basis data di ujungnya',
    );
  });

  it('runs one server process per core on PostgreSQL, and one on the embedded database', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/portal' }).workers).toBe(availableParallelism());
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      'WORKERS lebih dari 1 memerlukan DATABASE_URL (basis data tertanam hanya dapat dibuka oleh satu proses) (nilai: "2")',
    );
  });

  it('turns the BPJS adapter on with its four settings, and stops naming the missing ones', () => {
    const bpjs = {
      BPJS_ANTREAN_URL: 'https://antrean.bpjs.example/antreanrs/',
      BPJS_CONS_ID: '29876',
      BPJS_SECRET_KEY: 'sangat-rahasia-9Zx',
      BPJS_USER_KEY: 'kunci-pengguna',
      BPJS_PPK_CODE: '0701R001',
    };
    expect(loadConfig(bpjs).bpjs).toEqual({
      antrean: {
        baseUrl: 'https://antrean.bpjs.example/antreanrs',
        consId: '29876',
        secretKey: 'sangat-rahasia-9Zx',
        userKey: 'kunci-pengguna',
        timeoutMs: 15_000,
      },
      vclaimRecheckMs: 300_000,
      ppkCode: '0701R001',
      tokenMinutes: 60,
      trustedAddresses: [],
    });
    const { BPJS_USER_KEY: _userKey, BPJS_CONS_ID: _consId, ...partial } = bpjs;
    let message = '';
    try {
      loadConfig(partial);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^Konfigurasi tidak valid: BPJS_CONS_ID harus diisi bersama/);
    expect(message).toContain('BPJS_USER_KEY harus diisi bersama');
    expect(() => loadConfig({ ...bpjs, BPJS_TIMEOUT_MS: '5' })).toThrow(ConfigError);
  });

  it('turns VClaim on with its URL and own user key, signed with the Antrean RS cons id and secret', () => {
    const bpjs = {
      BPJS_ANTREAN_URL: 'https://antrean.bpjs.example/antreanrs',
      BPJS_CONS_ID: '29876',
      BPJS_SECRET_KEY: 'sangat-rahasia-9Zx',
      BPJS_USER_KEY: 'kunci-pengguna',
      BPJS_VCLAIM_URL: 'https://apijkn.bpjs.example/vclaim-rest/',
      BPJS_VCLAIM_USER_KEY: 'kunci-vclaim',
    };
    expect(loadConfig(bpjs).bpjs.vclaim).toEqual({
      baseUrl: 'https://apijkn.bpjs.example/vclaim-rest',
      consId: '29876',
      secretKey: 'sangat-rahasia-9Zx',
      userKey: 'kunci-vclaim',
      timeoutMs: 5_000,
    });
    const { BPJS_VCLAIM_USER_KEY: _key, ...withoutKey } = bpjs;
    expect(() => loadConfig(withoutKey)).toThrow(
      'BPJS_VCLAIM_URL memerlukan juga BPJS_VCLAIM_USER_KEY (VClaim memakai cons id dan secret key yang sama)',
    );
    expect(loadConfig({}).bpjs.vclaim).toBeUndefined();
  });

  it('never repeats a secret in its message', () => {
    let message = '';
    try {
      loadConfig({ BPJS_SECRET_KEY: 'sangat-rahasia-9Zx' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('BPJS_ANTREAN_URL harus diisi bersama BPJS_SECRET_KEY');
    expect(message).not.toContain('sangat-rahasia-9Zx');
  });

  it('takes a metrics token of 16 visible characters or more, and never repeats a bad one', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'token-prometheus-2026' }).metricsToken).toBe('token-prometheus-2026');
    for (const token of ['pendek-123', 'ada spasi di dalam token ini']) {
      expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(
        /^Konfigurasi tidak valid: METRICS_TOKEN harus .*\(nilai: \[rahasia\]\)$/,
      );
    }
  });

  it("takes BPJS's addresses for Mobile JKN as addresses and CIDR ranges, and names a bad entry", () => {
    const { trustedAddresses } = loadConfig({
      JKN_TRUSTED_ADDRESSES: ' 203.0.113.7, 198.51.100.0/24 ,2001:db8::/32,',
    }).bpjs;
    expect(trustedAddresses).toEqual(['203.0.113.7', '198.51.100.0/24', '2001:db8::/32']);
    const trusted = addressMatcher(trustedAddresses ?? []);
    expect(['203.0.113.7', '::ffff:198.51.100.200', '2001:db8::1'].map(trusted)).toEqual([true, true, true]);
    expect(['203.0.113.8', '198.51.101.1', '2001:db9::1', 'bukan-alamat'].map(trusted)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    for (const entry of ['203.0.113.300', '198.51.100.0/33', 'bpjs.go.id', '10.0.0.0/8/1']) {
      expect(() => loadConfig({ JKN_TRUSTED_ADDRESSES: `203.0.113.7,${entry}` })).toThrow(
        `JKN_TRUSTED_ADDRESSES "${entry}" bukan alamat IP atau rentang CIDR`,
      );
    }
  });
});
