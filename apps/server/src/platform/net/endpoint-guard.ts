import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';

/**
 * The one way the server connects to an address an organisation typed in (AI provider base
 * URLs, S3 endpoints, Azure connection strings): without it, a member could make the server
 * probe its own network (issue 21, server-side request forgery).
 *
 * The check sits where sockets are opened, not before the request: every connection (every
 * redirect hop included) resolves its host once, refuses it when any address is internal, and
 * connects to exactly the addresses it checked, so a name that changes its answer between check
 * and connect (DNS rebinding) gains nothing. Host names that are IP literals skip DNS and are
 * checked as they are.
 */

/** Refused destinations fail with this code, like the network's own ECONNREFUSED. */
export const BLOCKED_CODE = 'EBLOCKEDENDPOINT';

export class BlockedEndpointError extends Error {
  readonly code = BLOCKED_CODE;
  constructor(readonly host: string) {
    super(`${host} is not a public address`);
    this.name = 'BlockedEndpointError';
  }
}

/**
 * Only global unicast addresses pass: loopback, private (10/8, 172.16/12, 192.168/16), CGNAT
 * 100.64/10, link-local (169.254/16 with the cloud metadata address, fe80::/10), unique local
 * fc00::/7, 0.0.0.0/8, multicast, reserved, NAT64 and 6to4 are all refused. ipaddr.process
 * unwraps IPv4-mapped IPv6 (::ffff:127.0.0.1) first.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export interface EndpointGuardOptions {
  /** ALLOW_PRIVATE_ENDPOINTS: self-hosted Ollama, MinIO, Azurite on the local network. */
  allowPrivate: boolean;
  /** Every address of a name; dns.lookup by default (tests map names of their own). */
  resolve?: (hostname: string) => Promise<dns.LookupAddress[]>;
  /** Which addresses are refused; by default all but public ones. */
  isBlocked?: (address: string) => boolean;
}

/** A guarded agent per protocol, for one SDK client. */
export interface NetAgents {
  http: http.Agent;
  https: https.Agent;
}

export interface EndpointGuard {
  /** fetch whose every connection is checked (the AI SDKs take it). */
  fetch: typeof fetch;
  /**
   * Fresh agents for an SDK client on node:http (AWS, Azure), with the same check on every
   * socket. One pair per client: SDKs destroy their agents when the client is destroyed.
   */
  agents(options?: http.AgentOptions): NetAgents;
  close(): Promise<void>;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

const systemResolve = (hostname: string) => dns.promises.lookup(hostname, { all: true });
const unbracket = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

export function createEndpointGuard(opts: EndpointGuardOptions): EndpointGuard {
  const resolve = opts.resolve ?? systemResolve;
  const blocked = opts.allowPrivate
    ? () => false
    : (opts.isBlocked ?? ((address: string) => !isPublicAddress(address)));

  /** Null when the literal may be connected to; names are checked in `lookup`. */
  function literalRefusal(host: string): BlockedEndpointError | null {
    const bare = unbracket(host);
    return net.isIP(bare) && blocked(bare) ? new BlockedEndpointError(bare) : null;
  }

  /** net's lookup option: resolves once, checks every address, hands over only those. */
  function lookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
    resolve(hostname).then(
      (addresses) => {
        const wanted = options.family
          ? addresses.filter((a) => a.family === options.family)
          : addresses;
        if (wanted.length === 0) {
          const err: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          err.code = 'ENOTFOUND';
          return callback(err, []);
        }
        // One internal address is enough to refuse: the caller cannot choose which one is used.
        if (addresses.some((a) => blocked(a.address))) {
          return callback(new BlockedEndpointError(hostname), []);
        }
        if (options.all) return callback(null, wanted);
        const [first] = wanted as [dns.LookupAddress];
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    );
  }

  const connector = buildConnector({ lookup, timeout: 10_000 });
  const dispatcher = new Agent({
    connect(options, callback) {
      const refusal = literalRefusal(options.hostname);
      if (refusal) return callback(refusal, null);
      connector(options, callback);
    },
  });

  // undici's own fetch with its own Agent (the global fetch's bundled undici may differ in
  // version). Redirects are followed by fetch; each hop opens its connection through `connect`
  // above, so each hop is checked. The cast: undici's types for Request/Response are its own.
  const guardedFetch = ((input: Parameters<typeof undiciFetch>[0], init?: RequestInit) =>
    undiciFetch(input, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    })) as unknown as typeof fetch;

  type ConnectCallback = (err: Error | null, stream: Duplex) => void;
  /** node:http agents: the literal check, then the agent's own connect with our lookup. */
  function guardedConnect(
    options: http.ClientRequestArgs,
    cb: ConnectCallback | undefined,
    base: (o: http.ClientRequestArgs, c?: ConnectCallback) => Duplex | null | undefined,
  ): Duplex | null | undefined {
    const refusal = literalRefusal(options.host ?? options.hostname ?? '');
    if (!refusal) return base({ ...options, lookup }, cb);
    // Node's agent then fails the request with this error, as for a refused connection.
    cb?.(refusal, undefined as unknown as Duplex);
    return undefined;
  }
  class GuardedHttpAgent extends http.Agent {
    override createConnection(options: http.ClientRequestArgs, cb?: ConnectCallback) {
      return guardedConnect(options, cb, (o, c) => super.createConnection(o, c));
    }
  }
  class GuardedHttpsAgent extends https.Agent {
    override createConnection(options: https.RequestOptions, cb?: ConnectCallback) {
      return guardedConnect(options, cb, (o, c) => super.createConnection(o, c));
    }
  }
  return {
    fetch: guardedFetch,
    agents: (options = {}) => ({
      http: new GuardedHttpAgent(options),
      https: new GuardedHttpsAgent(options),
    }),
    close: () => dispatcher.close(),
  };
}

/** Whether a failure means "no answer from that address" (refused, unknown, timed out, blocked). */
export function isUnreachable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const { code, name, cause } = e as { code?: unknown; name?: unknown; cause?: unknown };
    // Node's codes (ECONNREFUSED, ENOTFOUND, …, ours) and Azure's wrapper for them.
    if (typeof code === 'string' && (/^E[A-Z_]+$/.test(code) || code === 'REQUEST_SEND_ERROR')) {
      return true;
    }
    if (name === 'TimeoutError' || name === 'AbortError' || name === 'ConnectTimeoutError') {
      return true;
    }
    e = cause;
  }
  return false;
}
