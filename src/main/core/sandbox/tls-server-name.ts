// Reads the server name (SNI) a TLS client asks for from the first bytes it sends through a
// CONNECT tunnel: the filtering proxy refuses a tunnel whose TLS server name is not
// the host it allowed, so an allowed address cannot be used to reach another site behind it.
// Only the first TLS record is read (a ClientHello fits in one; at most 16 KB + 5 bytes).

export type ServerNameResult =
  | { readonly kind: 'need-more' }
  | { readonly kind: 'not-tls' }
  | { readonly kind: 'malformed' }
  | { readonly kind: 'no-name' }
  | { readonly kind: 'name'; readonly name: string };

const HANDSHAKE = 0x16;
const CLIENT_HELLO = 0x01;
const SERVER_NAME_EXTENSION = 0x0000;
const HOST_NAME = 0x00;
export const MAX_RECORD = 16_384 + 2048 + 5;

export function readServerName(data: Buffer): ServerNameResult {
  if (data.length === 0) return { kind: 'need-more' };
  if (data[0] !== HANDSHAKE) return { kind: 'not-tls' };
  if (data.length < 5) return { kind: 'need-more' };
  const length = data.readUInt16BE(3);
  if (length + 5 > MAX_RECORD) return { kind: 'malformed' };
  if (data.length < 5 + length) return { kind: 'need-more' };
  const hello = data.subarray(5, 5 + length);
  try {
    return parseClientHello(hello);
  } catch {
    return { kind: 'malformed' };
  }
}

function parseClientHello(hello: Buffer): ServerNameResult {
  const at = (offset: number): number => {
    if (offset >= hello.length) throw new RangeError('short');
    return hello[offset] ?? 0;
  };
  const u16 = (offset: number): number => (at(offset) << 8) | at(offset + 1);
  if (at(0) !== CLIENT_HELLO) return { kind: 'malformed' };
  let p = 4 + 2 + 32; // handshake header, client version, random
  p += 1 + at(p); // session id
  p += 2 + u16(p); // cipher suites
  p += 1 + at(p); // compression methods
  if (p >= hello.length) return { kind: 'no-name' }; // no extensions
  const end = Math.min(p + 2 + u16(p), hello.length);
  p += 2;
  while (p + 4 <= end) {
    const type = u16(p);
    const size = u16(p + 2);
    p += 4;
    if (type === SERVER_NAME_EXTENSION) {
      let q = p + 2; // server name list length
      const listEnd = Math.min(p + size, end);
      while (q + 3 <= listEnd) {
        const nameType = at(q);
        const nameLength = u16(q + 1);
        if (q + 3 + nameLength > listEnd) return { kind: 'malformed' };
        if (nameType === HOST_NAME)
          return {
            kind: 'name',
            name: hello.toString('latin1', q + 3, q + 3 + nameLength).toLowerCase(),
          };
        q += 3 + nameLength;
      }
      return { kind: 'malformed' };
    }
    p += size;
  }
  return { kind: 'no-name' };
}
