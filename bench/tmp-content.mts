const { resolveProject } = await import('../generator/project.ts');
const { loadContent } = await import('../generator/content/load.ts');
const { validateContent } = await import('../generator/content/validate.ts');
const { buildModel } = await import('../generator/content/model.ts');
const { routes } = await import('../generator/routes.ts');
const { crossCheck } = await import('../generator/content/cross-check.ts');
const project = resolveProject('/tmp/p4k');
for (let i = 0; i < 3; i++) {
  let t = performance.now(); const l = loadContent(project); const a = performance.now() - t;
  t = performance.now(); await validateContent(project, l.files); const b = performance.now() - t;
  t = performance.now(); const m = buildModel(l.files); const r = routes(m); const c = performance.now() - t;
  t = performance.now(); crossCheck(project, l.files, m, r.pages, r.redirects); const d = performance.now() - t;
  console.log(`load ${a.toFixed(0)} validate ${b.toFixed(0)} model+routes ${c.toFixed(0)} cross-check ${d.toFixed(0)}`);
}
