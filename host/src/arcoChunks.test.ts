// The host's Arco chunks (rspack.config.base.ts, ARCO_CHUNKS): each is the closure of what some
// pages render. A closure that reaches too far loads the world with the login page.
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARCO_CHUNKS, arcoClosure } from '../../rspack.config.base';

const ARCO_ES = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@arco-design/web-react/package.json')),
  'es',
);
const reaches = (files: Set<string>, component: string) =>
  files.has(path.join(ARCO_ES, component, 'index.js'));

describe("Arco's chunks", () => {
  it('the login chunk holds its inputs and button with their styles, and no form, list or picker', () => {
    const [login] = ARCO_CHUNKS;
    const files = arcoClosure(login.components, login.files ?? []);
    for (const component of ['Input', 'Button', 'ConfigProvider', 'Alert', 'Radio'])
      expect(reaches(files, component), component).toBe(true);
    expect(files.has(path.join(ARCO_ES, 'Input', 'style', 'index.css'))).toBe(true);
    // Arco's Form brings its grid, tooltips, validator and lodash: not on the login page.
    for (const component of ['Form', 'Grid', 'Tooltip', 'Select', 'Table', 'DatePicker', 'Menu'])
      expect(reaches(files, component), component).toBe(false);
    // The Form's lodash (deep clone, merge): Arco's resize observer throttles with lodash too.
    for (const helper of ['cloneDeepWith.js', 'merge.js', 'isEqualWith.js'])
      expect([...files].some((f) => f.endsWith(`${path.sep}lodash${path.sep}${helper}`))).toBe(
        false,
      );
  });

  it("follows Arco's barrel only to the components named (Typography's Tooltip)", () => {
    const files = arcoClosure(['Typography'], []);
    expect(reaches(files, 'Tooltip')).toBe(true);
    expect(files.has(path.join(ARCO_ES, 'index.js'))).toBe(false);
    expect(reaches(files, 'Result')).toBe(false);
  });

  it('resolves a folder with its own package.json to its ES module (dom-helpers)', () => {
    const files = arcoClosure(['Form'], []);
    expect([...files].some((f) => /dom-helpers[\\/]esm[\\/]addClass\.js$/.test(f))).toBe(true);
  });
});
