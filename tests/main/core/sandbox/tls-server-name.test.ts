import net from 'node:net';
import tls from 'node:tls';
import { describe, expect, it } from 'vitest';
import { readServerName } from '../../../../src/main/core/sandbox/tls-server-name';

/** The first bytes a real TLS client (Node's) sends, with or without a server name. */
async function clientHello(servername?: string): Promise<Buffer> {
  const server = net.createServer();
  const first = new Promise<Buffer>((resolve) =>
    server.once('connection', (socket) => {
      let data = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        data = Buffer.concat([data, chunk]);
        if (readServerName(data).kind !== 'need-more') {
          resolve(data);
          socket.destroy();
        }
      });
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const client = tls.connect({ host: '127.0.0.1', port, ...(servername ? { servername } : {}) });
  client.on('error', () => undefined);
  try {
    return await first;
  } finally {
    client.destroy();
    server.close();
  }
}

describe('readServerName', () => {
  it('a real ClientHello - gives the server name, lower-cased', async () => {
    expect(readServerName(await clientHello('API.Example.com'))).toEqual({
      kind: 'name',
      name: 'api.example.com',
    });
  });

  it('a ClientHello without a name (an IP address) - no-name', async () => {
    expect(readServerName(await clientHello())).toEqual({ kind: 'no-name' });
  });

  it('a ClientHello cut short - asks for more, at every length', async () => {
    const hello = await clientHello('example.com');
    for (const n of [0, 1, 4, 5, 40, hello.length - 1])
      expect(readServerName(hello.subarray(0, n))).toEqual({ kind: 'need-more' });
  });

  it('not TLS, or a broken record - not-tls and malformed', () => {
    expect(readServerName(Buffer.from('GET / HTTP/1.1\r\n'))).toEqual({ kind: 'not-tls' });
    expect(readServerName(Buffer.from([0x16, 3, 1, 0xff, 0xff]))).toEqual({ kind: 'malformed' });
    expect(readServerName(Buffer.from([0x16, 3, 1, 0, 3, 1, 0, 0]))).toEqual({ kind: 'malformed' });
  });
});
