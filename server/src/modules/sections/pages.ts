// The pages a bundle declares (issue 17, "Publish checks it"): its `section-pages.json` is read
// beside the manifest and refused, with every reason listed, unless each key and path lies
// under the section's own prefix (so no path can shadow another section's), keys and paths are
// unique, permission codes are ones this server knows, both languages are present, and the
// seed's fixed facts (contracts/menu.ts, SEED_PAGES and SEED_SECTION_ORDER) are kept.
import {
  SEED_PAGES,
  SEED_SECTION_ORDER,
  sectionOfKey,
  type SectionName,
  type SectionPages,
} from '@console/shared/contracts/menu';
import { PERMISSIONS } from '@console/shared/contracts/permissions';
import { sectionPagesSchema } from '@console/shared/contracts/sections';

export interface PagesProblem {
  'zh-CN': string;
  'en-US': string;
}

const problem = (zh: string, en: string): PagesProblem => ({ 'zh-CN': zh, 'en-US': en });

/** The declaration, or the list of reasons it is refused. */
export function checkSectionPages(
  section: SectionName,
  raw: unknown,
): { pages: SectionPages; problems: [] } | { pages: null; problems: PagesProblem[] } {
  const parsed = sectionPagesSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      pages: null,
      problems: parsed.error.issues.map((issue) => {
        const where = issue.path.join('.');
        const what =
          issue.code === 'invalid_type' && issue.input === undefined ? 'missing' : issue.message;
        return problem(`${where}：${what}`, `${where}: ${what}`);
      }),
    };
  }
  const pages = parsed.data;
  const problems: PagesProblem[] = [];
  if (pages.section !== section) {
    problems.push(
      problem(
        `声明的是模块 ${pages.section} 的页面，不是 ${section}`,
        `declares the pages of ${pages.section}, not ${section}`,
      ),
    );
  }
  const keys = new Set<string>();
  const paths = new Set<string>();
  for (const page of pages.pages) {
    if (sectionOfKey(page.key) !== section || sectionOfKey(page.path) !== section) {
      problems.push(
        problem(
          `页面 ${page.key}（${page.path}）不在模块的前缀 /${section}/ 之下`,
          `page ${page.key} (${page.path}) is outside the section's prefix /${section}/`,
        ),
      );
    }
    if (keys.has(page.key))
      problems.push(problem(`页面键 ${page.key} 重复`, `page key ${page.key} is declared twice`));
    if (paths.has(page.path))
      problems.push(problem(`路径 ${page.path} 重复`, `path ${page.path} is declared twice`));
    keys.add(page.key);
    paths.add(page.path);
    if (!(PERMISSIONS as readonly string[]).includes(page.permission)) {
      problems.push(
        problem(
          `页面 ${page.key} 的权限码 ${page.permission} 服务器不认识`,
          `page ${page.key} names permission ${page.permission}, which the server does not know`,
        ),
      );
    }
  }
  // Seed facts: the seed's routes stay, at the same path, opened by the same code.
  for (const seed of SEED_PAGES.filter((p) => sectionOfKey(p.key) === section)) {
    const page = pages.pages.find((p) => p.key === seed.key);
    if (!page) {
      problems.push(
        problem(`缺少种子规定的页面 ${seed.key}`, `the seed's page ${seed.key} is missing`),
      );
    } else if (page.path !== seed.path || page.permission !== seed.permission) {
      problems.push(
        problem(
          `种子规定页面 ${seed.key} 为 ${seed.path}，权限 ${seed.permission}；此版本为 ${page.path}，权限 ${page.permission}`,
          `the seed's page ${seed.key} is ${seed.path} opened by ${seed.permission}; this version has ${page.path} opened by ${page.permission}`,
        ),
      );
    }
  }
  if (pages.order !== SEED_SECTION_ORDER[section]) {
    problems.push(
      problem(
        `菜单顺序值应为 ${SEED_SECTION_ORDER[section]}（种子 §2），此版本为 ${pages.order}`,
        `the menu order value must be ${SEED_SECTION_ORDER[section]} (seed §2), not ${pages.order}`,
      ),
    );
  }
  return problems.length === 0
    ? { pages: pages as SectionPages, problems: [] }
    : { pages: null, problems };
}
