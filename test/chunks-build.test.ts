/**
 * The chunk rules (vite.chunks.ts, decision 0029) on a real build: what each kind of route
 * loads before its first screen, by chunk name (a file's name without its hash).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { budgetKb, gzipJs, routesOfBuild, type Build, type Route } from '../bench/route-js.js';
import { theWebBuild } from './helpers/web-build.js';

const nameOf = (file: string) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.\w+$/, '');

describe('the chunks of the real build', () => {
  let built: Build;
  let routes: Route[];
  let toScreen: (route: Route) => Set<string>;
  const route = (address: string) => routes.find((item) => item.path === address)!;
  const names = (files: Set<string>) => [...files].filter((file) => /\.(?:js|css)$/.test(file)).map(nameOf).sort();

  beforeAll(async () => {
    built = theWebBuild();
    const table = await routesOfBuild(built);
    routes = table.routes;
    toScreen = (item) => table.filesOf(item).toScreen;
  });

  it('gives the public pages and sign-in the entry, their page and what the public pages share, no signed-in code', () => {
    const entry = names(toScreen(route('/')));
    expect(entry.filter((name) => !/^(?:app|vendor|rolldown-runtime)$/.test(name))).toEqual([]);
    for (const page of routes.filter((item) => budgetKb(item) === 150 && item.path !== '/')) {
      expect(names(toScreen(page)).filter((name) => !entry.includes(name)), page.path).toEqual([expect.stringMatching(/-page$/), 'public'].sort());
    }
  });

  it('brings the marketing pages, the 404 page and sign-in to their first screen within 150 KB of gzipped JavaScript (issue 25)', async () => {
    const pages = routes.filter((item) => budgetKb(item) === 150);
    expect(pages.map((item) => item.path).sort()).toEqual(['/', '/(not found)', '/about', '/contact', '/login', '/policy']);
    for (const page of pages) expect(await gzipJs(built, toScreen(page)), page.path).toBeLessThanOrEqual(150 * 1024);
  });

  it("gives the manager's dashboard the first screens' code, not the later screens' (libs, shared)", async () => {
    const dashboard = toScreen(route('/dashboard/manager'));
    expect(names(dashboard).filter((name) => /^(?:libs|shared)(?:-|$)/.test(name))).toEqual([]);
    expect(await gzipJs(built, dashboard)).toBeLessThanOrEqual(250 * 1024);
  });

  it('gives every signed-in route, the account forms included, at most 250 KB of gzipped JavaScript to its first screen (issue 25)', async () => {
    const signedIn = routes.filter((item) => budgetKb(item) === 250);
    expect(signedIn.length).toBeGreaterThan(30);
    const over: string[] = [];
    for (const item of signedIn) {
      const bytes = await gzipJs(built, toScreen(item));
      if (bytes > 250 * 1024) over.push(`${item.path} ${(bytes / 1024).toFixed(1)} KB`);
    }
    expect(over).toEqual([]);
  });

  it("gives the supervisor's screens no manager or admin page and at most 8 JS/CSS files beyond the entry", () => {
    const entry = toScreen(route('/'));
    const office = new Set(routes.filter((item) => item.area === 'manager' || item.area === 'admin').flatMap((item) => item.modules).filter((module) => !routes.some((other) => other.area === 'user' && other.modules.includes(module))).map((module) => path.basename(module).replace(/\.tsx?$/, '')));
    expect(office.has('manager-dashboard-page')).toBe(true);
    for (const screen of routes.filter((item) => item.area === 'user')) {
      const files = names(toScreen(screen));
      expect(files.filter((name) => office.has(name)), screen.path).toEqual([]);
      expect(files.filter((name) => ![...entry].map(nameOf).includes(name)).length, screen.path).toBeLessThanOrEqual(8);
    }
  });
});
