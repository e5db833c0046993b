import { expect, test } from '@playwright/test';
import { createClinic, namePattern, randomPrefix } from '../support/clinics.ts';
import { logIn } from '../support/staff.ts';

// Patients at the registration counter (agus, role registration): a walk-in patient registered with the
// NIK checked and a duplicate warned of on the second try, found again by record number, changed, and the
// change in the record's history. The patient is the test's own (a unique name and NIK).

// The second test books the patient the first one registered.
test.describe.configure({ mode: 'serial' });
let walkIn: { url: string; name: string; mrn: string } | null = null;

/** A mark that no other run of the test has used. */
const uniqueMark = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

test(
  'a counter clerk registers a walk-in patient, is warned of the duplicate, finds and changes the record',
  { tag: '@postgres' },
  async ({ page }) => {
    const name = `Hasnah Loket ${uniqueMark()}`;
    const birthDate = '1992-04-17';
    // Makassar (73 71 01), a woman born 17-04-92 (her day + 40), a serial of this run.
    const nik = `737101570492${1000 + Math.floor(Math.random() * 9000)}`;

    await logIn(page, 'agus', '/pasien');
    await page.getByRole('link', { name: 'Pasien Baru' }).click();
    await expect(page).toHaveURL('/pasien/baru');
    const form = page.getByRole('region', { name: 'Pendaftaran Pasien Baru' });
    await expect(form.getByText(/^No\. RM berikutnya: \d{6}/)).toBeVisible();

    await form.getByLabel('Nama Lengkap').fill(name);
    await form.getByLabel('Jenis Kelamin').selectOption('Laki-laki');
    await form.getByLabel('Tanggal Lahir').fill(birthDate);
    await form.getByLabel('NIK (KTP)').fill(nik);
    // The NIK says a woman: a warning under the field, which does not stop the save.
    const findings = form.getByRole('list', { name: 'Hasil pemeriksaan NIK' });
    await expect(findings).toContainText('Menurut NIK pasien perempuan');
    await form.getByLabel('Jenis Kelamin').selectOption('Perempuan');
    await expect(findings).toBeHidden();
    await form.getByLabel('Golongan Pasien').selectOption({ label: 'UM01 — UMUM' });
    await form.getByLabel('Alamat 1 (sesuai KTP)').fill('Jl. Gunung Bawakaraeng No. 45, Makassar');
    await form.getByLabel('No. HP', { exact: true }).fill('0812 4455 6677');
    // Asked of every new patient: the form says so before anything is sent.
    await form.getByRole('button', { name: 'Daftarkan Pasien' }).click();
    await expect(form.getByText('Nama ibu kandung wajib diisi.')).toBeVisible();
    await form.getByLabel('Nama Ibu Kandung').fill('Sitti Aminah');
    await form.getByLabel('Pekerjaan').fill('Pedagang');
    await form.getByLabel('Provinsi').fill('Sulawesi Selatan');
    await form.getByLabel('Kabupaten/Kota').fill('Kota Makassar');
    await form.getByLabel('Kecamatan').fill('Rappocini');
    await form.getByLabel('Kelurahan/Desa').fill('Gunung Sari');
    await form.getByLabel('RT', { exact: true }).fill('002');
    await form.getByLabel('RW', { exact: true }).fill('005');
    await form.getByRole('button', { name: 'Daftarkan Pasien' }).click();

    await expect(page).toHaveURL(/\/pasien\/\d+$/);
    const patientUrl = new URL(page.url()).pathname;
    const identity = page.getByRole('region', { name: `Identitas Pasien: ${name}` });
    await expect(identity).toContainText(`NIK/KTP${nik}`);
    await expect(identity).toContainText('Golongan PasienUM01 · UMUM');
    await expect(identity).toContainText('Nama Ibu KandungSitti Aminah');
    await expect(identity).toContainText('PekerjaanPedagang');
    await expect(identity).toContainText('KecamatanRappocini');
    await expect(identity).toContainText('Kelurahan/DesaGunung Sari');
    await expect(identity).toContainText('RT/RW002/005');
    const mrn =
      (await identity
        .locator('dt', { hasText: /^No\. RM$/ })
        .locator('+ dd')
        .textContent()) ?? '';
    expect(mrn).toMatch(/^\d{6,}$/);

    // The second try: the same person again, without the NIK, is taken for a possible duplicate.
    await page.goto('/pasien/baru');
    await form.getByLabel('Nama Lengkap').fill(name.toUpperCase());
    await form.getByLabel('Tanggal Lahir').fill(birthDate);
    await form.getByLabel('Nama Ibu Kandung').fill('Sitti Aminah');
    const duplicates = form.getByRole('region', { name: 'Mungkin sudah terdaftar' });
    await expect(duplicates).toContainText('Ada pasien dengan nama yang sama atau mirip');
    await expect(duplicates).toContainText(`No. RM ${mrn}`);
    await form.getByLabel('Jenis Kelamin').selectOption('Perempuan');
    await form.getByRole('button', { name: 'Daftarkan Pasien' }).click();
    await expect(
      form.getByText(/^Sudah ada pasien dengan nama yang sama atau mirip dan tanggal lahir yang sama/),
    ).toBeVisible();
    await duplicates.getByRole('link', { name }).click();
    await expect(page).toHaveURL(patientUrl);

    // Found again by record number, typed without the zeros in front.
    await page.goto('/pasien');
    const typed = mrn.replace(/^0+(?=\d)/, '');
    await page.getByLabel('Cari berdasarkan').selectOption('No. RM');
    await page.getByLabel('Kata kunci').fill(typed);
    await page.getByRole('button', { name: 'Cari', exact: true }).click();
    const results = page.getByRole('table', { name: `Hasil pencarian No. RM "${typed}"` });
    await expect(results.locator('tbody').getByRole('row')).toHaveCount(1);
    await results.getByRole('link', { name }).click();
    await expect(page).toHaveURL(patientUrl);

    // A change of the phone number, and the change in the record's history.
    await identity.getByRole('link', { name: 'Ubah Data' }).click();
    const edit = page.getByRole('region', { name: `Ubah Data Pasien: ${name}` });
    await expect(edit.getByLabel('No. HP', { exact: true })).toHaveValue('081244556677');
    await edit.getByLabel('No. HP', { exact: true }).fill('0813-5566-7788');
    await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await expect(page).toHaveURL(patientUrl);
    await expect(identity).toContainText('No. HP081355667788');

    const history = page.getByRole('table', { name: 'Riwayat Perubahan' });
    const changed = history.getByRole('row').filter({ hasText: 'Diubah' });
    await expect(changed).toHaveCount(1);
    await expect(changed).toContainText('Agus Salim Daeng Nai');
    await expect(changed).toContainText('No. HP: 081244556677 → 081355667788');
    await expect(history.getByRole('row').filter({ hasText: 'Didaftarkan' })).toHaveCount(1);
    walkIn = { url: patientUrl, name, mrn };
  },
);

test('the counter books the walk-in patient into today’s clinic session from the record', async ({
  page,
}) => {
  if (!walkIn) throw new Error('the walk-in patient of the first test is missing');
  const agus = await logIn(page, 'agus', walkIn.url);
  const prefix = randomPrefix('W');
  const clinic = await createClinic(page, agus, prefix);
  await page.reload();

  await page.getByRole('button', { name: 'Daftarkan ke Poli' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pendaftaran Rawat Jalan di Loket' });
  await expect(dialog).toContainText(`Pasien: ${walkIn.name} · No. RM ${walkIn.mrn}`);
  await dialog.getByRole('button', { name: clinic.name }).click();
  await dialog.locator('.reg-dates button:not([disabled])').first().click();
  await dialog.getByRole('button', { name: namePattern(clinic.doctor) }).click();
  await dialog.getByRole('radio', { name: 'Umum (bayar sendiri)' }).check();
  // The phone on record is offered.
  await expect(dialog.getByLabel('No. HP')).toHaveValue('081355667788');
  await dialog.getByRole('button', { name: 'Daftarkan' }).click();

  const booked = page.getByRole('dialog', { name: 'Pendaftaran berhasil' });
  await expect(booked.getByLabel('Nomor antrean')).toHaveText(`${prefix}-001`);
  await expect(booked).toContainText(walkIn.name);
  await expect(booked.getByRole('button', { name: 'Cetak' })).toBeVisible();
});
