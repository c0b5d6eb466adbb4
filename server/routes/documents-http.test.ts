/**
 * Uploads over a real keep-alive connection (item 5): app.inject has no connection to leave hanging, so
 * these speak HTTP/1.1 on a socket to the app listening on a port, as a reverse proxy reusing connections does.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../db/test-database.ts';
import { MAX_UPLOAD_BYTES } from '../services/images.ts';
import { login } from '../testing/borrower.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** The complete answers in `data` (Content-Length framed, as this server sends them). */
function answersIn(data: Buffer): Answer[] {
  const answers: Answer[] = [];
  let at = 0;
  for (;;) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end < 0) return answers;
    const [statusLine = '', ...lines] = data.subarray(at, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (data.length < end + 4 + length) return answers;
    answers.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: data.subarray(end + 4, end + 4 + length).toString('utf8'),
    });
    at = end + 4 + length;
  }
}

/**
 * Writes `chunks` on one connection and resolves once `count` answers have arrived, or with what arrived when the
 * server closed the connection first.
 */
function exchange(
  port: number,
  chunks: readonly Buffer[],
  count: number,
): Promise<{ answers: Answer[]; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ answers: answersIn(data), closed });
    };
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      if (answersIn(data).length >= count) finish(false);
    });
    socket.on('close', () => finish(true));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? finish(true) : reject(error),
    );
    for (const chunk of chunks) socket.write(chunk);
  });
}

const BOUNDARY = 'harden-boundary';

function uploadBody(kind: string, file: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="id.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

function uploadHead(
  headers: Record<string, string>,
  length: number,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
): Buffer {
  const lines = Object.entries({ ...headers, 'content-type': contentType, 'content-length': String(length) }).map(
    ([k, v]) => `${k}: ${v}\r\n`,
  );
  return Buffer.from(`POST /api/v1/documents HTTP/1.1\r\nhost: localhost\r\n${lines.join('')}\r\n`);
}

const HEALTH = Buffer.from('GET /api/v1/health HTTP/1.1\r\nhost: localhost\r\n\r\n');

describe.each(databaseTargets())('uploads on a keep-alive connection on %s', (kind) => {
  let api: TestApi;
  let port: number;
  let session: Record<string, string>;
  // Bigger than the socket buffers, so a server that stops reading leaves most of it unread.
  const photo = Buffer.alloc(3 * 1024 * 1024, 0xab);
  beforeAll(async () => {
    api = await testApi(kind);
    session = (await login(api)).headers;
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    port = (api.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers an upload refused before its file part, then the next request on the same connection', async () => {
    const body = uploadBody('passport', photo);
    const { answers, closed } = await exchange(port, [uploadHead(session, body.length), body, HEALTH], 2);
    expect(closed).toBe(false);
    expect(answers.map((a) => a.status)).toEqual([400, 200]);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ code: 'INVALID_INPUT' });
    expect(JSON.parse(answers[1]!.body)).toEqual({ status: 'ok' });
  });

  it('answers a refused upload before the client has sent all of it', async () => {
    const body = uploadBody('passport', photo);
    // Only the kind and the start of the file: the refusal must not wait for the rest.
    const { answers } = await exchange(port, [uploadHead(session, body.length), body.subarray(0, 64 * 1024)], 1);
    expect(answers.map((a) => a.status)).toEqual([400]);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('answers an upload without a session, then the next request on the same connection', async () => {
    const body = uploadBody('idFront', photo);
    const { answers } = await exchange(port, [uploadHead({}, body.length), body, HEALTH], 2);
    expect(answers.map((a) => a.status)).toEqual([401, 200]);
  });

  it('answers malformed multipart (no boundary, a body cut short) with 400 MULTIPART_INVALID, and keeps the connection usable', async () => {
    const noBoundary = uploadBody('idFront', photo);
    const cut = uploadBody('idFront', photo).subarray(0, 200_000);
    const noEnd = uploadBody('idFront', photo.subarray(0, 1000)).subarray(0, -8);
    const { answers } = await exchange(
      port,
      [
        uploadHead(session, noBoundary.length, 'multipart/form-data'),
        noBoundary,
        uploadHead(session, cut.length),
        cut,
        uploadHead(session, noEnd.length),
        noEnd,
        HEALTH,
      ],
      4,
    );
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 200]);
    expect(answers.slice(0, 3).map((a) => (JSON.parse(a.body) as { code: string }).code)).toEqual([
      'MULTIPART_INVALID',
      'MULTIPART_INVALID',
      'MULTIPART_INVALID',
    ]);
  });

  it('closes the connection after refusing an upload whose rest is over the body limit, instead of reading it all', async () => {
    const declared = 2 * MAX_UPLOAD_BYTES + 1;
    const start = uploadBody('passport', photo.subarray(0, 64 * 1024));
    const { answers, closed } = await exchange(port, [uploadHead(session, declared), start], 1);
    expect(answers.map((a) => a.status)).toEqual([400]);
    expect(answers[0]!.headers['connection']).toBe('close');
    expect(closed || answers.length === 1).toBe(true);
  });
});
