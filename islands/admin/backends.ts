// Decap's backends the editor is used with: github on the live site, proxy under `site serve`
// (generator/admin/local-backend.ts), test-repo for Decap's own demo. Decap makes each through the init it was
// registered with, so a change made there holds for whichever the configuration names.

declare const CMS: { getBackend(name: string): { init: (...args: unknown[]) => unknown } | undefined };

/** Runs `change` on each backend Decap makes, before Decap uses it. */
export function changeBackends<B>(change: (backend: B) => void): void {
  for (const name of ['github', 'proxy', 'test-repo']) {
    const registered = CMS.getBackend(name);
    if (!registered) continue;
    const init = registered.init;
    registered.init = (...args: unknown[]) => {
      const backend = init(...args) as B;
      change(backend);
      return backend;
    };
  }
}
