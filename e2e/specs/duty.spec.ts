import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { logIn } from '../support/staff.ts';

// Every test here changes who is on duty, or reads what the others changed: one at a time, in order.
test.describe.configure({ mode: 'serial' });

interface Officer {
  id: number;
  name: string;
  phone: string;
}

/** The demo logins of everyone eligible for a post; their passwords are `rahasia-<username>`. */
const usernames: Record<string, string> = {
  'Ns. Rahmawati Hamid, S.Kep.': 'rahmawati',
  'Sertu Muhammad Ridwan': 'ridwan',
  'Ns. Hendra Saputra, S.Kep.': 'hendra',
  'Serda Ilham Pratama': 'ilham',
  'Nurul Hikmah, S.Sos.': 'nurul',
  'Dewi Lestari Amir': 'dewi',
  'Fitriani Syam, A.Md.': 'fitriani',
  'Rini Handayani': 'rini',
};

function passwordOf(officer: Officer): string {
  const username = usernames[officer.name];
  if (!username) throw new Error(`no demo login for ${officer.name}`);
  return `rahasia-${username}`;
}

async function current(request: APIRequestContext, role: 'piket' | 'cs'): Promise<Officer> {
  const duty = (await (await request.get('/api/duty')).json()) as Record<string, Officer>;
  const officer = duty[role];
  if (!officer) throw new Error(`nobody holds ${role}`);
  return officer;
}

async function firstCandidate(request: APIRequestContext, role: 'piket' | 'cs'): Promise<Officer> {
  const [candidate] = (await (await request.get(`/api/duty/${role}/candidates`)).json()) as Officer[];
  if (!candidate) throw new Error(`no candidate for ${role}`);
  return candidate;
}

async function openCard(page: Page, title: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Pengaturan' }).click();
  const sidebar = page.getByRole('complementary', { name: 'Pengaturan' });
  // Once opened, the sidebar focuses its close button; a prompt opened before that would lose the focus.
  await expect(sidebar.getByRole('button', { name: 'Tutup pengaturan' })).toBeFocused();
  const card = sidebar.getByRole('region', { name: title });
  await expect(card).toBeVisible();
  return card;
}

// What the handovers below did, for the log test at the end.
const done: { piket?: { from: Officer; to: Officer }; cs?: { from: Officer; to: Officer } } = {};

test(
  'Petugas Piket: a wrong password keeps the prompt open, Batal cancels, the right one hands over',
  { tag: '@postgres' },
  async ({ page, browser, request }) => {
    const before = await current(request, 'piket');
    const chosen = await firstCandidate(request, 'piket');

    // Another portal, open at the same time, with the sidebar showing the card.
    const elsewhere = await browser.newContext();
    const otherPage = await elsewhere.newPage();
    const otherCard = await openCard(otherPage, 'Petugas Piket');
    await expect(otherCard).toContainText(before.name);

    const card = await openCard(page, 'Petugas Piket');
    await expect(card).toContainText(before.name);
    await expect(card.getByRole('link', { name: /^Telepon/ })).toHaveAttribute('href', `tel:${before.phone}`);

    await card.getByRole('button', { name: 'Ganti Petugas Piket' }).click();
    const candidates = card.getByRole('list', { name: /Pilih petugas/ });
    await expect(candidates.getByRole('button', { name: chosen.name })).toContainText(chosen.phone);
    await expect(candidates.getByRole('button', { name: before.name })).toHaveCount(0);

    await candidates.getByRole('button', { name: chosen.name }).click();
    const prompt = page.getByRole('dialog', { name: `Password : ${chosen.name}` });
    await expect(prompt.getByText(`Password : ${chosen.name}`, { exact: true })).toBeVisible();
    const password = prompt.getByLabel(`Password : ${chosen.name}`);
    await expect(password).toBeFocused();

    await password.fill('bukan-sandinya');
    await password.press('Enter');
    await expect(prompt.getByText('Password salah.')).toBeVisible();
    await expect(prompt).toBeVisible();
    await expect(password).toHaveValue('');
    await expect(password).toBeFocused();

    await prompt.getByRole('button', { name: 'Batal' }).click();
    await expect(prompt).toBeHidden();
    await expect(card).toContainText(before.name);
    expect((await current(request, 'piket')).id).toBe(before.id);

    await candidates.getByRole('button', { name: chosen.name }).click();
    await expect(prompt).toBeVisible();
    await password.fill(passwordOf(chosen));
    await prompt.getByRole('button', { name: 'Oke' }).click();

    await expect(prompt).toBeHidden();
    await expect(card).toContainText(chosen.name);
    await expect(card).not.toContainText(before.name);
    done.piket = { from: before, to: chosen };

    // The other portal polls: it shows the new officer within seconds, without a reload.
    await expect(otherCard).toContainText(chosen.name, { timeout: 10_000 });
    await elsewhere.close();
  },
);

test('Customer Service: the same handover from "Ganti Customer Service"', async ({ page, request }) => {
  const before = await current(request, 'cs');
  const chosen = await firstCandidate(request, 'cs');
  const card = await openCard(page, 'Customer Service');
  await expect(card).toContainText(before.name);

  await card.getByRole('button', { name: 'Ganti Customer Service', exact: true }).click();
  await card.getByRole('button', { name: chosen.name }).click();
  const prompt = page.getByRole('dialog', { name: `Password : ${chosen.name}` });
  const password = prompt.getByLabel(`Password : ${chosen.name}`);

  await password.fill('bukan-sandinya');
  await prompt.getByRole('button', { name: 'Oke' }).click();
  await expect(prompt.getByText('Password salah.')).toBeVisible();

  await prompt.getByRole('button', { name: 'Batal' }).click();
  await expect(prompt).toBeHidden();
  await expect(card).toContainText(before.name);

  // Escape closes only the prompt; the sidebar underneath stays open.
  await card.getByRole('button', { name: chosen.name }).click();
  await expect(prompt).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: chosen.name }).click();
  await password.fill(passwordOf(chosen));
  await password.press('Enter');
  await expect(prompt).toBeHidden();
  await expect(card).toContainText(chosen.name);
  done.cs = { from: before, to: chosen };
});

test('the handover log on /piket shows the handovers and the failed attempts just made', async ({ page }) => {
  const { piket, cs } = done;
  if (!piket || !cs) throw new Error('the handovers above did not happen');

  await logIn(page, 'andi', '/piket');

  const rows = page.getByRole('table').getByRole('row');
  const piketSuccess = rows.filter({ hasText: piket.to.name }).filter({ hasText: 'Berhasil' }).first();
  await expect(piketSuccess).toContainText('Petugas Piket');
  await expect(piketSuccess).toContainText(piket.from.name);
  await expect(
    rows.filter({ hasText: piket.to.name }).filter({ hasText: 'Password salah' }).first(),
  ).toBeVisible();

  const csSuccess = rows.filter({ hasText: cs.to.name }).filter({ hasText: 'Berhasil' }).first();
  await expect(csSuccess).toContainText('Customer Service');
  await expect(csSuccess).toContainText(cs.from.name);

  await page.getByRole('group', { name: 'Tugas' }).getByText('Customer Service').click();
  await expect(rows.filter({ hasText: 'Petugas Piket' })).toHaveCount(0);
  await expect(csSuccess).toBeVisible();
});
