// The form functions alone in a server process of their own, run by the same code `site serve` runs them with
// (generator/serve/functions.ts) and with its delivery timer, but without a site build: a test can start it,
// SIGKILL it mid-burst and start it again in seconds. Settings come from the environment, as in `site serve`.
// Prints `listening <url>` once it takes requests.
import http from 'node:http';
import { functionsHandler } from '../../generator/serve/functions.ts';
import { resolveProject } from '../../generator/project.ts';
import { repoRoot } from './project.ts';

const handler = functionsHandler(resolveProject(repoRoot), () => process.env, (message) => console.error(message));
const server = http.createServer((req, res) => {
  void handler.handle(req, res).then((handled) => {
    if (!handled) {
      res.writeHead(404);
      res.end();
    }
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`listening http://127.0.0.1:${port}`);
});
const every = Number(process.env.SITE_RETRY_INTERVAL_MS) || 60_000;
setInterval(() => void handler.run('deliver-enquiries').catch((error: Error) => console.error(`deliver-enquiries: ${error.message}`)), every);
