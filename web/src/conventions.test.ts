import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));
const repo = join(src, '..', '..');

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

const pascal = /^[A-Z][A-Za-z0-9]*$/;
const camel = /^[a-z][A-Za-z0-9]*$/;

const exportsComponent = (source: string) => /^export (default )?(function|const) [A-Z]/m.test(source);

/**
 * What breaks the web's one file-name convention: folders are lower-case words (a page's folder is its
 * route without dashes); components live in `PascalCase.tsx` files, named after the (main) component, and
 * a component's own stylesheet carries its name; everything else (hooks, helpers, strings, shared
 * stylesheets) is `camelCase`; a test is named after what it tests, plus `.test`.
 */
function misnamed(file: string, read = () => readFileSync(file, 'utf8')): string | null {
  const name = basename(file);
  const folders = relative(src, dirname(file)).split('/').filter(Boolean);
  if (folders.some((folder) => !/^[a-z][a-z0-9]*$/.test(folder))) return 'folders are lower-case words';
  const [stem = '', ...rest] = name.split('.');
  const ext = rest.join('.');
  if (!pascal.test(stem) && !camel.test(stem)) return 'PascalCase or camelCase';
  if (pascal.test(stem)) {
    if (ext === 'css') {
      const component = readdirSync(dirname(file)).includes(`${stem}.tsx`);
      return component ? null : 'a PascalCase stylesheet is named after the component beside it';
    }
    if (ext === 'tsx') return exportsComponent(read()) ? null : 'a PascalCase .tsx holds components';
    if (ext === 'test.tsx') return null;
    return 'PascalCase is for components (.tsx) and their stylesheets';
  }
  if (ext === 'tsx' && exportsComponent(read())) return 'components live in PascalCase files';
  return null;
}

describe('the web file names', () => {
  it('follow one convention', () => {
    const wrong = filesUnder(src)
      .map((file) => ({ file: relative(src, file), why: misnamed(file) }))
      .filter(({ why }) => why !== null);
    expect(wrong).toEqual([]);
  });

  it('are checked: a component in a camelCase file, a stray PascalCase stylesheet', () => {
    expect(misnamed(join(src, 'app', 'routes.tsx'))).toBeNull();
    expect(misnamed(join(src, 'app', 'StaffRoute.tsx'))).toBeNull();
    expect(misnamed(join(src, 'layout', 'AppTopbar.tsx'))).toBeNull();
    expect(misnamed(join(src, 'components', 'orderForm.tsx'), () => 'export function OrderForm() {}')).toBe(
      'components live in PascalCase files',
    );
    expect(misnamed(join(src, 'components', 'Paging.tsx'), () => 'export function usePaging() {}')).toBe(
      'a PascalCase .tsx holds components',
    );
    expect(misnamed(join(src, 'pages', 'jadwal-poli', 'x.ts'))).toBe('folders are lower-case words');
    expect(misnamed(join(src, 'components', 'order_form.ts'))).toBe('PascalCase or camelCase');
    expect(misnamed(join(src, 'components', 'Orders.css'))).toBe(
      'a PascalCase stylesheet is named after the component beside it',
    );
  });
});

describe('the web layers, enforced by ESLint', () => {
  const eslint = new ESLint({ cwd: repo });
  async function problems(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: join(repo, filePath) });
    return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
  }

  it('refuse a page that imports another page', async () => {
    const found = await problems(
      'web/src/pages/jenazah/JenazahPage.tsx',
      "import LacakPage from '../ambulance/LacakPage';\n\nexport default LacakPage;\n",
    );
    expect(found).toEqual([expect.stringMatching(/^no-restricted-imports: .*another page/)]);
  });

  it('refuse an import pointing up, from the shared components into the shell', async () => {
    const found = await problems(
      'web/src/components/PageTitle.tsx',
      "import { screens } from '../app/screens';\n\nexport const count = screens.length;\n",
    );
    expect(found).toContainEqual(expect.stringMatching(/^import-x\/no-restricted-paths: .*Only the shell/));
  });

  it('refuse an import cycle', async () => {
    // TrackingPage imports FormField: FormField importing TrackingPage closes a loop.
    const found = await problems(
      'web/src/components/FormField.tsx',
      "import { TrackingPage } from './TrackingPage';\n\nexport const page = TrackingPage;\n",
    );
    expect(found).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });
});
