-- The hospital's SIMRS as the portal links to it: its legacy tables on MariaDB 10.5+ or MySQL 8.0+,
-- written from the legacy portal's specification (section 3) and every column the importer's table
-- mappings (server/src/db/legacy/tables) read. It is the tests' and the bench's "real SIMRS" and says
-- what the link expects to find; a hospital's own SIMRS may have more columns and tables.
--
-- As xHarbour's SQLRDD creates tables: every table carries `sr_recno` (a unique, ever-growing record
-- number) and `sr_deleted` (a record is deleted by marking it, never removed: '' or '0' live, '1', 'T'
-- or '*' deleted). No foreign keys: the legacy data has visits of patients
-- that are gone, and the SIMRS never checked. Dates are DATE and may hold '0000-00-00' for "none", as
-- the legacy wrote it; times are text ('13:20:06'), as Harbour has no time type.
--
-- Character set latin1 (MariaDB's latin1 is Windows-1252), collation latin1_swedish_ci: MySQL's default
-- when such systems were set up, and what the legacy exports show. Clients connect in utf8mb4 and the
-- server converts; a character outside Windows-1252 (a name written in another script, an emoji) cannot
-- be stored, so a write to the SIMRS with one is refused under strict mode rather than turned into '?'.
-- Comparisons ignore case and trailing spaces, so the unique keys refuse 'D004' beside 'd004 '.
--
-- Unique keys on each table's natural key where the legacy data is unique (the medical record number,
-- a registration number, a code), so that the SIMRS itself refuses a second record under one key.
--
-- Statements end with ';' at the end of a line; comments are whole lines (the loader splits on these).

CREATE TABLE IF NOT EXISTS master_golpas (
  kode VARCHAR(20) NOT NULL,
  nama VARCHAR(100) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY master_golpas_kode (kode)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

CREATE TABLE IF NOT EXISTS master_satuan (
  kode VARCHAR(20) NOT NULL,
  nama VARCHAR(100) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY master_satuan_kode (kode)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

CREATE TABLE IF NOT EXISTS master_pangkat (
  kode VARCHAR(20) NOT NULL,
  nama VARCHAR(100) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY master_pangkat_kode (kode)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

CREATE TABLE IF NOT EXISTS master_perusahaan (
  kode VARCHAR(20) NOT NULL,
  nama VARCHAR(100) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY master_perusahaan_kode (kode)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

-- Rooms (wards): kelas as the legacy names it ('VIP', 'KELAS II'); kelamin '' for either sex, 'L' or 'P'.
CREATE TABLE IF NOT EXISTS master_ruangkd (
  kode VARCHAR(20) NOT NULL,
  nama VARCHAR(100) NULL,
  kelas VARCHAR(20) NULL,
  kapasitas INT NULL,
  kelamin VARCHAR(10) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY master_ruangkd_kode (kode)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

-- Clinics (polikd) and their BPJS codes.
CREATE TABLE IF NOT EXISTS mapping_poli_bpjs (
  polikd VARCHAR(20) NOT NULL,
  nmpoli VARCHAR(100) NULL,
  kd_poli_bpjs VARCHAR(20) NULL,
  nm_poli_bpjs VARCHAR(100) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY mapping_poli_bpjs_polikd (polikd)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

CREATE TABLE IF NOT EXISTS master_dokter (
  kode VARCHAR(20) NOT NULL,
  nama VARCHAR(100) NULL,
  polikd VARCHAR(20) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY master_dokter_kode (kode)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

-- A doctor's (master_dokter.kode) code and name at BPJS.
CREATE TABLE IF NOT EXISTS mapping_dokter_bpjs (
  kode VARCHAR(20) NOT NULL,
  kd_dokter_bpjs VARCHAR(20) NULL,
  nm_dokter_bpjs VARCHAR(100) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY mapping_dokter_bpjs_kode (kode)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

-- Weekly practice sessions for BPJS's online queue, by BPJS codes: hari 1 (Monday) to 7, jadwal
-- '08:00-12:00', libur set for a session given up.
CREATE TABLE IF NOT EXISTS antrol_dokter (
  kodepoli VARCHAR(20) NOT NULL,
  kodedokter VARCHAR(20) NOT NULL,
  hari TINYINT NOT NULL,
  jadwal VARCHAR(11) NOT NULL,
  kuotajkn INT NULL,
  kuotanonjkn INT NULL,
  libur CHAR(1) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY antrol_dokter_sesi (kodepoli, kodedokter, hari, jadwal)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

-- Tariff books: each book's items are in a table of their own, tarifx_<tabel> (tarifx_rj for 'RJ').
CREATE TABLE IF NOT EXISTS master_buku_tarifx (
  tabel VARCHAR(20) NOT NULL,
  nama VARCHAR(100) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY master_buku_tarifx_tabel (tabel)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

-- The books of the sample; a book added later gets a table of the same shape (CREATE TABLE … LIKE tarifx_rj).
CREATE TABLE IF NOT EXISTS tarifx_rj (
  kode VARCHAR(20) NOT NULL,
  ket VARCHAR(100) NULL,
  kelas VARCHAR(20) NULL,
  tarif DECIMAL(15, 2) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY tarifx_kode (kode)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

CREATE TABLE IF NOT EXISTS tarifx_ri LIKE tarifx_rj;

CREATE TABLE IF NOT EXISTS tarifx_rj2019 LIKE tarifx_rj;

-- On-duty officers (piket '1' on the post); tarifkt is the legacy plain-text password column.
CREATE TABLE IF NOT EXISTS bhpdet_dbs (
  nama VARCHAR(100) NULL,
  telp VARCHAR(24) NULL,
  tarifkt VARCHAR(50) NULL,
  piket CHAR(1) NOT NULL DEFAULT '0',
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

-- Customer-service officers (aktif 'Y' or '1' at the desk); kel is the legacy plain-text password column.
CREATE TABLE IF NOT EXISTS emr_soap_o (
  nama VARCHAR(100) NULL,
  telp VARCHAR(24) NULL,
  kel VARCHAR(50) NULL,
  aktif CHAR(1) NOT NULL DEFAULT '0',
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

-- Patients under their medical record number (kode). umur1-3: age in years, months and days when
-- registered; tgl: the registration date; golpas/satuan/perush/pangk: code (…kd) and name (…kt).
CREATE TABLE IF NOT EXISTS master_pasien (
  kode VARCHAR(20) NOT NULL,
  nama VARCHAR(100) NULL,
  kelamin VARCHAR(10) NULL,
  tglahir DATE NULL,
  umur1 SMALLINT NULL,
  umur2 SMALLINT NULL,
  umur3 SMALLINT NULL,
  ktp VARCHAR(30) NULL,
  alamat1 VARCHAR(300) NULL,
  alamat2 VARCHAR(300) NULL,
  alamat3 VARCHAR(300) NULL,
  alamat4 VARCHAR(300) NULL,
  golpaskd VARCHAR(20) NULL,
  golpaskt VARCHAR(100) NULL,
  satuankd VARCHAR(20) NULL,
  satuankt VARCHAR(100) NULL,
  perushkd VARCHAR(20) NULL,
  perushkt VARCHAR(100) NULL,
  pangkd VARCHAR(20) NULL,
  pangkt VARCHAR(100) NULL,
  hubkel VARCHAR(40) NULL,
  suami VARCHAR(100) NULL,
  istri VARCHAR(100) NULL,
  kawin VARCHAR(40) NULL,
  noaskes VARCHAR(40) NULL,
  an_asura VARCHAR(100) NULL,
  agama VARCHAR(40) NULL,
  suku VARCHAR(40) NULL,
  didik VARCHAR(40) NULL,
  tmplahir VARCHAR(100) NULL,
  tgl DATE NULL,
  nip VARCHAR(40) NULL,
  telp VARCHAR(24) NULL,
  keluarga VARCHAR(100) NULL,
  telpkel VARCHAR(24) NULL,
  ket TEXT NULL,
  lama VARCHAR(20) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY master_pasien_kode (kode),
  KEY master_pasien_nama (nama)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

-- Outpatient visits under their registration number (noreg) of patient norekmed (master_pasien.kode).
-- lunas 'BATAL' is a cancelled visit; icopkd2-4/icopkt2,4: procedures; icdkt1-3: diagnoses as text;
-- vaksin 0 none, above 0 vaccinated.
CREATE TABLE IF NOT EXISTS bil_rj_xbjalan (
  noreg VARCHAR(20) NOT NULL,
  norekmed VARCHAR(20) NOT NULL,
  tglmasuk DATE NULL,
  polikd VARCHAR(20) NULL,
  kddokter VARCHAR(20) NULL,
  tglkeluar DATE NULL,
  tgllapor DATE NULL,
  jam VARCHAR(8) NULL,
  icopkd2 VARCHAR(20) NULL,
  icopkd3 VARCHAR(20) NULL,
  icopkd4 VARCHAR(20) NULL,
  icopkt2 VARCHAR(200) NULL,
  icopkt4 VARCHAR(200) NULL,
  icdkt1 VARCHAR(200) NULL,
  icdkt2 VARCHAR(200) NULL,
  icdkt3 VARCHAR(200) NULL,
  lunas VARCHAR(10) NULL,
  kunci CHAR(1) NULL,
  userkd VARCHAR(20) NULL,
  userkt VARCHAR(100) NULL,
  ket TEXT NULL,
  vaksin INT NULL,
  surat VARCHAR(40) NULL,
  cetakby VARCHAR(100) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY bil_rj_xbjalan_noreg (noreg),
  KEY bil_rj_xbjalan_norekmed (norekmed),
  KEY bil_rj_xbjalan_tglmasuk (tglmasuk)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

-- Inpatient stays under their registration number (noreg); no discharge date ('' or '0000-00-00') while in.
CREATE TABLE IF NOT EXISTS bil_ri_xbinap (
  noreg VARCHAR(20) NOT NULL,
  norekmed VARCHAR(20) NOT NULL,
  tglmasuk DATE NULL,
  ruangkd VARCHAR(20) NULL,
  jam VARCHAR(8) NULL,
  tglkeluar DATE NULL,
  jamkeluar VARCHAR(8) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY bil_ri_xbinap_noreg (noreg),
  KEY bil_ri_xbinap_norekmed (norekmed)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

-- A visit's (bil_rj_xbjalan.noreg) billed lines: a tariff item (kode), jumlah × tarif = total.
CREATE TABLE IF NOT EXISTS bil_rj_ztjalan (
  noreg VARCHAR(20) NOT NULL,
  kode VARCHAR(20) NULL,
  nama VARCHAR(100) NULL,
  jumlah DECIMAL(10, 2) NULL,
  tarif DECIMAL(15, 2) NULL,
  total DECIMAL(15, 2) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  KEY bil_rj_ztjalan_noreg (noreg)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

-- A stay's (bil_ri_xbinap.noreg) billed lines.
CREATE TABLE IF NOT EXISTS bil_ri_ztinap (
  noreg VARCHAR(20) NOT NULL,
  kode VARCHAR(20) NULL,
  nama VARCHAR(100) NULL,
  jumlah DECIMAL(10, 2) NULL,
  tarif DECIMAL(15, 2) NULL,
  total DECIMAL(15, 2) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  KEY bil_ri_ztinap_noreg (noreg)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

-- The operating theatre's schedule: urut is the order within the day; batal 'Ya'/'Tidak'.
CREATE TABLE IF NOT EXISTS emr_template (
  tanggaloperasi DATE NULL,
  urut INT NULL,
  norm VARCHAR(20) NULL,
  tindakan VARCHAR(200) NULL,
  kamar VARCHAR(20) NULL,
  status_operasi VARCHAR(20) NULL,
  batal VARCHAR(5) NULL,
  jam VARCHAR(8) NULL,
  kddokter VARCHAR(20) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  KEY emr_template_tanggaloperasi (tanggaloperasi, urut)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;

-- Mobile JKN bookings (BPJS's online queue) under nobooking (kodebooking in BPJS's messages); norm is the
-- medical record number, estimasidilayani milliseconds since 1970, taskid BPJS's task (99 cancelled),
-- validasi the time of the check-in stamp (task 1 or 3).
CREATE TABLE IF NOT EXISTS ntrol_referensi_mobilejkn_bpjs (
  nobooking VARCHAR(30) NOT NULL,
  norm VARCHAR(20) NULL,
  nik VARCHAR(20) NULL,
  tanggalperiksa DATE NULL,
  kodepoli VARCHAR(20) NULL,
  kodedokter VARCHAR(20) NULL,
  jampraktek VARCHAR(11) NULL,
  nomorantrean VARCHAR(20) NULL,
  angkaantrean INT NULL,
  jeniskunjungan TINYINT NULL,
  nomorreferensi VARCHAR(40) NULL,
  nomorkartu VARCHAR(20) NULL,
  nohp VARCHAR(24) NULL,
  jenispasien VARCHAR(10) NULL,
  estimasidilayani BIGINT NULL,
  sisakuotajkn INT NULL,
  kuotajkn INT NULL,
  sisakuotanonjkn INT NULL,
  kuotanonjkn INT NULL,
  taskid INT NULL,
  validasi DATETIME NULL,
  status VARCHAR(30) NULL,
  sr_recno BIGINT NOT NULL AUTO_INCREMENT,
  sr_deleted CHAR(1) NOT NULL DEFAULT '',
  PRIMARY KEY (sr_recno),
  UNIQUE KEY ntrol_referensi_mobilejkn_bpjs_nobooking (nobooking),
  KEY ntrol_referensi_mobilejkn_bpjs_tanggalperiksa (tanggalperiksa, kodepoli)
) ENGINE = InnoDB DEFAULT CHARSET = latin1 COLLATE = latin1_swedish_ci;
