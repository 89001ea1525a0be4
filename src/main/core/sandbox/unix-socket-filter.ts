// A seccomp filter (classic BPF, handed to bwrap with --seccomp FD) for every bubblewrap run:
// an allow-list of the socket families a command may make.
//
// - Unix sockets: with full network the command shares the host's network namespace, and
//   abstract Unix sockets belong to the network namespace, not the file system: it could
//   connect to the person's X server (`@/tmp/.X11-unix/X0`: type into any window), a session
//   D-Bus or any other abstract socket, which no mount hides. Without network a pathname
//   socket on the read-only root (a database's, LXD's under /var) is still
//   reached by connect() through a read-only bind. seccomp cannot read the address a
//   connect() is given, so `socket(AF_UNIX, …)` itself fails with EPERM in every mode;
//   `socketpair(AF_UNIX, …)`, which only joins two ends the command made, still works.
// - Every other family is refused unless listed: AF_VSOCK reaches the hypervisor's host,
//   AF_NETLINK the kernel's interfaces, AF_PACKET/AF_BLUETOOTH/AF_ALG/… hardware and kernel
//   code no command needs, and a number the kernel adds later is refused too.
// - AF_INET/AF_INET6 are allowed only where the command has a network: full network, or a
//   host list (the bridge listens on 127.0.0.1 inside the namespace and the command reaches
//   the proxy there). With network off the namespace has only `lo`; Internet sockets are
//   refused as well, so "network off" fails closed at the first socket() call.
// io_uring_setup is refused (IORING_OP_SOCKET would make a socket past the filter), and so
// are all syscalls of another ABI (i386, x32), where the numbers differ. The host-list
// bridge hands its connections to the proxy over IPC (proxy-bridge.ts).
import { mkdtempSync, openSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const RET_K = 0x06;
const RET_ALLOW = 0x7fff0000;
const RET_EPERM = 0x00050000 | 1;
export const AF_UNIX = 1;
export const AF_INET = 2;
export const AF_INET6 = 10;
/** seccomp_data offsets: nr, arch, args[0] (low 32 bits on little-endian). */
const NR = 0;
const ARCH = 4;
const ARG0 = 16;

/** Which socket families a command may make with socket(): none, or the Internet ones. */
export type SocketFamilies = 'none' | 'internet';

export interface SocketFilterOptions {
  /** 'none' with network off; 'internet' with full network or a host list. Default 'none'. */
  readonly families?: SocketFamilies;
}

interface Abi {
  readonly audit: number;
  readonly socket: number;
  readonly socketpair: number;
  readonly ioUringSetup: number;
  /** x86-64: numbers at or above this are the x32 ABI. */
  readonly x32Bit?: number;
}

const ABIS: Partial<Record<NodeJS.Architecture, Abi>> = {
  x64: { audit: 0xc000003e, socket: 41, socketpair: 53, ioUringSetup: 425, x32Bit: 0x40000000 },
  arm64: { audit: 0xc00000b7, socket: 198, socketpair: 199, ioUringSetup: 425 },
};

type Insn = [code: number, jt: number | string, jf: number | string, k: number];

/** The families socket() may make under `families`. */
export function allowedSocketFamilies(families: SocketFamilies): readonly number[] {
  return families === 'internet' ? [AF_INET, AF_INET6] : [];
}

/** The filter program for `arch`, or null where no ABI table exists (the caller says so). */
export function unixSocketFilter(
  arch: NodeJS.Architecture = process.arch,
  options: SocketFilterOptions = {},
): Buffer | null {
  const abi = ABIS[arch];
  if (!abi) return null;
  const allowed = allowedSocketFamilies(options.families ?? 'none');
  const program: (Insn | string)[] = [
    [LD_W_ABS, 0, 0, ARCH],
    [JEQ_K, 0, 'deny', abi.audit],
    [LD_W_ABS, 0, 0, NR],
    ...(abi.x32Bit !== undefined ? [[JGE_K, 'deny', 0, abi.x32Bit] as Insn] : []),
    [JEQ_K, 'deny', 0, abi.ioUringSetup],
    [JEQ_K, 'socket', 0, abi.socket],
    [JEQ_K, 'socketpair', 'allow', abi.socketpair],
    'socket',
    [LD_W_ABS, 0, 0, ARG0],
    ...allowed.map((family): Insn => [JEQ_K, 'allow', 0, family]),
    // Any other family: both branches lead to deny (classic BPF's unconditional jump).
    [JEQ_K, 'deny', 'deny', 0],
    'socketpair',
    [LD_W_ABS, 0, 0, ARG0],
    [JEQ_K, 'allow', 'deny', AF_UNIX],
    'allow',
    [RET_K, 0, 0, RET_ALLOW],
    'deny',
    [RET_K, 0, 0, RET_EPERM],
  ];
  const labels = new Map<string, number>();
  const insns: Insn[] = [];
  for (const item of program) {
    if (typeof item === 'string') labels.set(item, insns.length);
    else insns.push(item);
  }
  const out = Buffer.alloc(insns.length * 8);
  insns.forEach(([code, jt, jf, k], i) => {
    const jump = (target: number | string): number =>
      typeof target === 'number' ? target : (labels.get(target) as number) - i - 1;
    out.writeUInt16LE(code, i * 8);
    out.writeUInt8(jump(jt), i * 8 + 2);
    out.writeUInt8(jump(jf), i * 8 + 3);
    out.writeUInt32LE(k, i * 8 + 4);
  });
  return out;
}

/** The program in a private file, opened for bwrap's --seccomp; null on other CPUs. */
export function openUnixSocketFilter(
  options: SocketFilterOptions = {},
): { dir: string; fd: number } | null {
  const program = unixSocketFilter(process.arch, options);
  if (!program) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sluice-seccomp-'));
  const file = path.join(dir, 'filter.bpf');
  writeFileSync(file, program, { mode: 0o600 });
  return { dir, fd: openSync(file, 'r') };
}
