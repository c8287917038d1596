/**
 * A host on 127.0.0.1 that no setting names, for tests that check nothing reaches it: it answers
 * every request (with CORS, so a request that got through would succeed) and records it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingHost {
  /** E.g. `http://127.0.0.1:41234`. */
  origin: string;
  /** `METHOD path` of every request, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startRecordingHost(): Promise<RecordingHost> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(200, {
      'access-control-allow-origin': '*',
      'content-type': 'application/json',
    });
    response.end('{"data":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
